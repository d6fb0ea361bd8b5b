"""The CLI tests' neutral-environment runner, for the render command."""

from tests.cli.conftest import runner  # noqa: F401
