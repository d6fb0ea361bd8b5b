"""Outputs: where messages go (console, review, speech, earcons), composed in a list."""
