"""What is said and played aloud: speech (eSpeak NG or the system voice), earcons, their
loudness, the player that takes turns at the sound card, and recording.

Heavy parts (ctypes libraries, miniaudio, pyttsx3) load only when used, so
importing this package stays cheap.
"""
