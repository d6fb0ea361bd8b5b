"""Lessons between turns: number questions from the live game, history cards, meanings.

The modules here are pure (no input or output) except ``answers`` (asks through
the session's inputs and outputs) and ``teacher`` (decides when to teach).
"""
