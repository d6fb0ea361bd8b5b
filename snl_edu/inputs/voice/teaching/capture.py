"""A recogniser that recognises nothing: it keeps each utterance's audio, as the listener
cut it (the endpointer's speech, 0.1 s before and 0.15 s after), for taught examples."""

from __future__ import annotations

from collections.abc import Callable

from snl_edu.inputs.voice.audio.sources import AudioSource
from snl_edu.inputs.voice.phrasebook.grammar import Grammar
from snl_edu.inputs.voice.phrasebook.phrases import PhraseBook
from snl_edu.inputs.voice.recognisers.recognition import Transcript
from snl_edu.inputs.voice.voice_listener import VoiceListener, never


class CaptureBackend:
    """A recognition.Backend whose recognisers hand each utterance to ``utterances``."""

    name = "capture"
    where = ""

    def __init__(self) -> None:
        self.utterances: list[bytes] = []

    def has_word(self, word: str) -> bool:
        return True

    def recogniser(self, grammar: Grammar) -> CaptureRecogniser:
        return CaptureRecogniser(self.utterances)


class CaptureRecogniser:
    def __init__(self, utterances: list[bytes]) -> None:
        self._utterances = utterances
        self._audio = bytearray()

    def accept(self, block: bytes) -> Transcript | None:
        self._audio += block
        return None

    def finish(self) -> Transcript:
        audio, self._audio = bytes(self._audio), bytearray()
        if audio:
            self._utterances.append(audio)
        # Said, never a command: the listener tells on_heard, and acts on nothing.
        return Transcript("…" if audio else "", "")

    def reset(self) -> None:
        self._audio = bytearray()


def utterances_in(source: AudioSource, book: PhraseBook, limit: int | None = None,
                  is_speaking: Callable[[], bool] = never) -> list[bytes]:
    """The utterances the game's listener cuts from a source (at most ``limit``)."""
    capture = CaptureBackend()
    listener = VoiceListener(capture, book, source, is_speaking=is_speaking)

    def enough(_: object) -> None:
        if limit is not None and len(capture.utterances) >= limit:
            listener.stop()

    listener.on_heard = enough
    listener.run()
    return capture.utterances[:limit]
