"""One module per command (`memctl NAME` is `commands/NAME.py`): parse the options, call
one stage with the models the command resolved, render its result.

A command module imports `memctl.cli.core`, `memctl.cli.output` / `memctl.cli.views`
and the layers below, never another command module nor the entry (`memctl.cli.app`).
"""
