"""Speech and sound: eSpeak NG or the system voice, earcons, playback and recording.

Heavy parts (ctypes libraries, miniaudio, pyttsx3) load only when used, so
importing this package stays cheap.
"""
