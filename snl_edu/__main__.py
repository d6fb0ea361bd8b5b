"""`python -m snl_edu` runs the `snl` command."""

from snl_edu.entry import run

run()
