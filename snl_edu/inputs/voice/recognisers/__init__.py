"""The speech recognisers behind one Backend protocol, and which one serves a language."""
