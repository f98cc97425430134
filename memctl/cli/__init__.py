"""The command line: parsing and rendering only; the work is in the layers below.

`app` is the entry (it imports only the module of the command that runs), `commands/`
holds one module per command, `core` the Typer app, its global options and the mapping
of errors to exit codes, `output` the plumbing every command writes through (stdout,
stderr notes, the JSON document, colour, pager, spinner), `views` the texts two or more
commands print, `inputs` reading stdin and thread names. The only layer that imports
typer or rich; it may import every layer below.
"""
