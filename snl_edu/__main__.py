"""`python -m snl_edu` runs the `snl` command."""

from snl_edu.cli import main

main()
