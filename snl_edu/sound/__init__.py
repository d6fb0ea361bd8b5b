"""Sound: the sound system, PCM and resampling, shared by microphone and speakers."""
