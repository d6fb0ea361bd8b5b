"""Inputs: every source of a player's commands (keyboard, voice, dice, one per seat).

Inputs only make ``Command``s; they never reach the session, narration or outputs.
"""
