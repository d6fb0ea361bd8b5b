"""eSpeak NG in-process through ctypes: text in, 16-bit PCM out.

The library and its voice data (Nepali included) come from the ``espeakng-loader``
wheel, so no system package is needed. eSpeak keeps global state and may be
initialised only once per process, so one module-level engine serves every
caller behind a lock. Synthesis is far faster than real time (hundreds of
times), so a whole sentence is rendered before playback starts: the player
then owns timing and interruption, and no audio I/O ever runs inside a C callback.
"""

from __future__ import annotations

import contextlib
import ctypes
import signal
import threading
from collections.abc import Iterator
from dataclasses import dataclass

from snl_edu.language import registry as languages
from snl_edu.language.speakable import speakable
from snl_edu.outputs.aloud.speech_settings import DEFAULT_RATE, DEFAULT_VOLUME, MAX_RATE, MIN_RATE
from snl_edu.sound.pcm import Pcm
from snl_edu.sound.unavailable import AudioUnavailable, Missing

# speak_lib.h constants (API revision 12).
_AUDIO_OUTPUT_SYNCHRONOUS = 2
_INITIALIZE_DONT_EXIT = 0x8000  # return an error instead of exiting the process
_POS_CHARACTER = 1
_CHARS_UTF8 = 1
_ENDPAUSE = 0x1000  # a short pause after the text, so sentences do not run together
_RATE, _VOLUME, _PITCH = 1, 2, 3
_EE_OK = 0
_BUFFER_MS = 60  # how much audio each callback receives

_CALLBACK = ctypes.CFUNCTYPE(ctypes.c_int, ctypes.POINTER(ctypes.c_short), ctypes.c_int,
                             ctypes.c_void_p)



@dataclass(frozen=True)
class Voice:
    language: str = "en"
    rate: int = DEFAULT_RATE  # words per minute
    volume: int = DEFAULT_VOLUME  # percent, 0 to 100
    pitch: int = 50  # eSpeak's 0 to 100 scale


class _Engine:
    """The one eSpeak NG instance in this process."""

    def __init__(self) -> None:
        try:
            import espeakng_loader
        except ImportError as error:
            raise AudioUnavailable(Missing.ESPEAK, str(error)) from error
        try:
            lib = ctypes.CDLL(espeakng_loader.get_library_path())
            data_path = espeakng_loader.get_data_path()
        except (OSError, RuntimeError) as error:
            raise AudioUnavailable(Missing.ESPEAK, str(error)) from error
        lib.espeak_Initialize.argtypes = [ctypes.c_int, ctypes.c_int, ctypes.c_char_p,
                                          ctypes.c_int]
        lib.espeak_Initialize.restype = ctypes.c_int
        lib.espeak_SetSynthCallback.argtypes = [_CALLBACK]
        lib.espeak_SetSynthCallback.restype = None
        lib.espeak_Synth.argtypes = [ctypes.c_char_p, ctypes.c_size_t, ctypes.c_uint,
                                     ctypes.c_int, ctypes.c_uint, ctypes.c_uint,
                                     ctypes.c_void_p, ctypes.c_void_p]
        lib.espeak_Synth.restype = ctypes.c_int
        lib.espeak_SetVoiceByName.argtypes = [ctypes.c_char_p]
        lib.espeak_SetVoiceByName.restype = ctypes.c_int
        lib.espeak_SetParameter.argtypes = [ctypes.c_int, ctypes.c_int, ctypes.c_int]
        lib.espeak_SetParameter.restype = ctypes.c_int
        lib.espeak_GetCurrentVoice.argtypes = []
        lib.espeak_GetCurrentVoice.restype = ctypes.POINTER(_VoiceSpec)
        rate = lib.espeak_Initialize(_AUDIO_OUTPUT_SYNCHRONOUS, _BUFFER_MS,
                                     data_path.encode(), _INITIALIZE_DONT_EXIT)
        if rate <= 0:
            raise AudioUnavailable(Missing.ESPEAK, f"espeak_Initialize returned {rate}")
        self.lib = lib
        self.sample_rate = rate
        self.lock = threading.Lock()
        self._chunks: list[bytes] = []
        self._callback = _CALLBACK(self._on_audio)  # kept referenced: C holds the pointer
        lib.espeak_SetSynthCallback(self._callback)
        self._voice: Voice | None = None

    def _on_audio(self, wav: ctypes._Pointer[ctypes.c_short], count: int,
                  _events: int | None) -> int:
        if count > 0 and wav:
            self._chunks.append(ctypes.string_at(wav, count * 2))
        return 0  # 0: go on synthesising

    def _apply(self, voice: Voice) -> None:
        if voice == self._voice:
            return
        registered = languages.get(voice.language)
        name = registered.speech_voice if registered is not None else voice.language
        if self.lib.espeak_SetVoiceByName(name.encode()) != _EE_OK:
            raise AudioUnavailable(Missing.VOICE, name)
        # Rate and volume are reset by a voice change, so set them after it.
        self.lib.espeak_SetParameter(_RATE, max(MIN_RATE, min(MAX_RATE, voice.rate)), 0)
        self.lib.espeak_SetParameter(_VOLUME, max(0, min(100, voice.volume)), 0)
        self.lib.espeak_SetParameter(_PITCH, max(0, min(100, voice.pitch)), 0)
        self._voice = voice

    def synthesise(self, text: str, voice: Voice) -> Pcm:
        encoded = speakable(text).encode("utf-8")
        with self.lock, _ctrl_c_after_synthesis():
            self._apply(voice)
            self._chunks = []
            status = self.lib.espeak_Synth(encoded, len(encoded) + 1, 0, _POS_CHARACTER, 0,
                                           _CHARS_UTF8 | _ENDPAUSE, None, None)
            chunks, self._chunks = self._chunks, []
        if status != _EE_OK:
            raise AudioUnavailable(Missing.ESPEAK, f"espeak_Synth returned {status}")
        return Pcm(b"".join(chunks), self.sample_rate)

    def current_voice(self) -> str:
        """The language eSpeak NG says its current voice speaks (e.g. "ne")."""
        with self.lock:
            spec = self.lib.espeak_GetCurrentVoice()
            if not spec or not spec.contents.languages:
                return ""
            # languages is a priority byte followed by the language name.
            return bytes(spec.contents.languages[1:]).decode("ascii", "replace")


@contextlib.contextmanager
def _ctrl_c_after_synthesis() -> Iterator[None]:
    """Ctrl-C during synthesis is raised when synthesis returns (a few milliseconds).

    Raised inside eSpeak NG's audio callback, ctypes would print it and drop it, and the
    game would talk on. Only the main thread with Python's own handler can defer it.
    """
    if (threading.current_thread() is not threading.main_thread()
            or signal.getsignal(signal.SIGINT) is not signal.default_int_handler):
        yield
        return
    pressed: list[int] = []
    signal.signal(signal.SIGINT, lambda number, frame: pressed.append(number))
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, signal.default_int_handler)
    if pressed:
        raise KeyboardInterrupt


class _VoiceSpec(ctypes.Structure):
    """espeak_VOICE: only the leading fields are read."""

    _fields_ = [("name", ctypes.c_char_p), ("languages", ctypes.c_char_p),
                ("identifier", ctypes.c_char_p)]


_engine: _Engine | None = None
_engine_lock = threading.Lock()


def engine() -> _Engine:
    """The process's eSpeak NG, started on first use (raises ``AudioUnavailable``)."""
    global _engine
    with _engine_lock:
        if _engine is None:
            _engine = _Engine()
        return _engine


class EspeakSynthesiser:
    """Speaks with eSpeak NG's voice for the language."""

    name = "espeak"

    def __init__(self, voice: Voice | None = None) -> None:
        self.voice = voice or Voice()
        self._engine = engine()

    @property
    def sample_rate(self) -> int:
        rate: int = self._engine.sample_rate
        return rate

    def synthesise(self, text: str) -> Pcm:
        return self._engine.synthesise(text, self.voice)

    def current_voice(self) -> str:
        return self._engine.current_voice()
