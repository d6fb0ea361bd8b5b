"""The classroom table: one game hosted on the school network, children at their own computers.

The host's table owns the game (it rolls and applies the rules); each client sends
requests for its own seat and narrates the events in its own language and mode.
"""
