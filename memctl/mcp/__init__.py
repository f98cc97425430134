"""`memctl mcp`: the memory tools served over the Model Context Protocol on stdio.

The tools themselves live in `memctl.turn.tools`; this package only speaks the
protocol. Imports the layers below it, never the CLI.
"""
