"""Audio in: the microphone, WAV files, where speech ends, and the signal measures the ear uses."""
