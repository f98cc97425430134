"""The ground floor: what every other layer stands on.

The workspace (its folders, locks and discovery), state.json's typed owner, durable
writes, memctl.yaml, the error classes, redaction, token estimates, thread logs and who
said what in them, the harness text agents write into them (`harness`), MEMORY.md
(`memory`), the hook log, prompts and wording, and what a compaction's summary must
keep (`retention`), the global options on a command line (`argv`). Modules here
import only each other and the standard library (plus yaml, dateutil and filelock): no
model, no stage, no CLI framework.
"""
