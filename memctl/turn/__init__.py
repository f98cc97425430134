"""One agent turn: the context a request carries (`context`), the turn itself with
tools and overflow recovery (`call`), and the memory tools a model may call (`tools`).

Imports the stages (`memctl.pipeline`), `memctl.retrieval`, `memctl.models` and
`memctl.core`; nothing here knows the CLI or an agent's formats.
"""
