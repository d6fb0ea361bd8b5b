"""Play: the turn loop on one computer and what it tells each player.

The session asks the seat due to play for a command, plays rolls into the engine,
turns the events into sentences (narration, teams) and saves after every turn
(autosave); speech controls keep each player's rate and volume.
"""
