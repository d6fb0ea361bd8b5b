"""The speech settings a player chooses (speed, loudness, which synthesiser), apart from
the synthesisers themselves: every game command declares them, and only a game that
speaks loads eSpeak NG (ctypes) and the sound device."""

DEFAULT_RATE = 140  # words per minute; eSpeak's own default of 175 is fast for children
MIN_RATE, MAX_RATE = 80, 450
DEFAULT_VOLUME = 100  # percent
TTS_CHOICES = ("espeak", "system")
