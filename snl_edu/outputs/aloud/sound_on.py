"""Build the sound outputs a game asked for, degrading to text with one notice.

Missing pieces (miniaudio, a sound system or output device, eSpeak NG, the system
voice) are reported once through ``notify`` and never stop the game.
"""

from __future__ import annotations

import platform
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from snl_edu.language.localizer import Localizer
from snl_edu.outputs.aloud import activity
from snl_edu.outputs.aloud.espeak import EspeakSynthesiser, Voice
from snl_edu.outputs.aloud.notice import describe_missing
from snl_edu.outputs.aloud.player import Player, StopCheck, never
from snl_edu.outputs.aloud.speech_settings import DEFAULT_RATE, DEFAULT_VOLUME
from snl_edu.sound.device import AudioSink, DeviceSink
from snl_edu.sound.unavailable import AudioUnavailable


@dataclass(frozen=True)
class AudioOptions:
    speech: bool = True
    sound: bool = True
    tts: str = "espeak"
    rate: int = DEFAULT_RATE
    volume: int = DEFAULT_VOLUME  # speech, percent
    sound_volume: int = DEFAULT_VOLUME  # earcons, percent (both start at the same loudness)
    record: Path | None = None


@dataclass
class AudioOutputs:
    """The outputs to add after the console, and what to close when the game ends."""

    outputs: list[Any] = field(default_factory=list)
    notices: list[str] = field(default_factory=list)
    _closers: list[Callable[[], None]] = field(default_factory=list)

    @property
    def speaks(self) -> bool:
        """Whether the game's own voice will be heard (questions must then work by ear)."""
        from snl_edu.outputs.aloud.sound_outputs import SpeechOutput

        return any(isinstance(output, SpeechOutput) for output in self.outputs)

    def close(self) -> None:
        for closer in reversed(self._closers):
            closer()
        self._closers.clear()


def _speaker(options: AudioOptions, voice: Voice, player: Player,
             notify: Callable[[AudioUnavailable], None]) -> Any:
    from snl_edu.outputs.aloud.sound_outputs import PcmSpeaker

    if options.tts == "system":
        try:
            if platform.system() == "Darwin":
                from snl_edu.outputs.aloud.system_voice import DirectSystemSpeaker

                return DirectSystemSpeaker(voice, player.speaking)
            from snl_edu.outputs.aloud.system_voice import SystemSynthesiser

            return PcmSpeaker(SystemSynthesiser(voice), player)
        except AudioUnavailable as error:
            notify(error)  # says the built-in voice speaks instead
    return PcmSpeaker(EspeakSynthesiser(voice), player)


def stereo_device() -> AudioSink:
    """The game's output: stereo, so each square's pitch is heard where it lies along its
    row (miniaudio mixes it down for a one-speaker device)."""
    return DeviceSink(channels=2)


def build_audio(options: AudioOptions, loc: Localizer, notify: Callable[[str], None],
                skip: StopCheck = never,
                sink_factory: Callable[[], AudioSink] = stereo_device,
                speaking: threading.Event | None = None) -> AudioOutputs:
    from snl_edu.outputs.aloud.sound_outputs import EarconOutput, RecordingOutput, SpeechOutput

    result = AudioOutputs()

    def report(error: AudioUnavailable) -> None:
        text = describe_missing(error, loc, still_on=tuple(
            flag for flag, on in (("--no-speech", options.speech), ("--no-sound", options.sound))
            if on))
        result.notices.append(text)
        notify(text)

    voice = Voice(loc.language, options.rate, options.volume)
    if options.speech or options.sound:
        try:
            sink = sink_factory()
        except AudioUnavailable as error:
            report(error)
        else:
            player = Player(sink, speaking if speaking is not None else activity.speaking)
            result._closers.append(player.close)
            if options.sound:
                result.outputs.append(EarconOutput(player, options.sound_volume, skip))
            if options.speech:
                try:
                    speaker = _speaker(options, voice, player, report)
                except AudioUnavailable as error:
                    report(error)
                else:
                    result.outputs.append(SpeechOutput(speaker, skip))
                    closer = getattr(getattr(speaker, "synthesiser", None), "close", None)
                    if closer is not None:
                        result._closers.append(closer)  # the system voice's worker process
    if options.record is not None:
        def stopped(error: OSError) -> None:
            notify(loc.gettext("The recording to {path} stopped: {reason}. The game goes on.")
                   .format(path=str(options.record), reason=error.strerror or str(error)))

        recorder = RecordingOutput(options.record, EspeakSynthesiser(voice), sound=True,
                                   sound_volume=options.sound_volume, on_failure=stopped)
        result.outputs.append(recorder)
        result._closers.append(recorder.close)
    return result
