"""Sound: the sound system, PCM and resampling, shared by microphone and speakers; the
device sink the speakers play through, and why sound cannot be made or played."""
