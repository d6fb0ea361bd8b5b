"""Voice commands: offline speech recognition.

The ear in layers (pyproject's import contract keeps them): ``audio`` (the microphone,
WAV files, where speech ends), ``phrasebook`` (a language's commands and finding them
in what was heard), ``recognisers`` (pocketsphinx, Whisper, vosk behind one Backend),
``voice_listener`` (audio -> recogniser -> commands), ``teaching`` (commands taught by a
child's examples), then ``inputs``, ``messages`` and ``voice_on`` that turn voice on for a
game. ``problems`` says why voice cannot run.

Heavy imports (vosk, miniaudio) happen only inside the functions that need
them, so `snl --help` and keyboard games start fast.
"""
