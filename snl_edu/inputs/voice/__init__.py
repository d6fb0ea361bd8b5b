"""Voice commands: offline speech recognition with vosk.

Heavy imports (vosk, miniaudio) happen only inside the functions that need
them, so `snl --help` and keyboard games start fast.
"""
