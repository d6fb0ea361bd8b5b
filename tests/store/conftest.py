from tests.cli.conftest import runner  # noqa: F401
