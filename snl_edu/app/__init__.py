"""The application layer: a frozen options object in, a running game out.

Front ends (the Click commands, tests, the classroom table) describe what they
want in ``PlayOptions`` and call ``play``; this layer builds the game, opens
every resource (store, sound, keyboard, microphone) and closes each one it opened.
"""
