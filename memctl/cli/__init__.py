"""The command-line interface: parsing and rendering only; the work is in the stages."""
