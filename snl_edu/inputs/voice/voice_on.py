"""Turning voice on for a game: the microphone at once, the speech model in the background
(loading.py), or what is missing explained, and the game carries on."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path

from snl_edu.inputs.commands import Action, CommandSource
from snl_edu.inputs.voice.audio.captured import CapturedAudio
from snl_edu.inputs.voice.audio.microphone import MicrophoneSource
from snl_edu.inputs.voice.audio.sources import AudioSource, WavFileSource
from snl_edu.inputs.voice.inputs import CombinedInput
from snl_edu.inputs.voice.loading import Loading
from snl_edu.inputs.voice.messages import describe_voice_error
from snl_edu.inputs.voice.phrasebook.phrases import PhraseBook, load_phrase_book
from snl_edu.inputs.voice.problems import VoiceError, VoiceProblem
from snl_edu.inputs.voice.recognisers.backends import Recogniser, backend_for
from snl_edu.inputs.voice.recognisers.recognition import Backend
from snl_edu.inputs.voice.teaching.taught import TaughtAudio, TaughtBackend
from snl_edu.inputs.voice.voice_listener import VoiceListener, never
from snl_edu.language.localizer import Localizer


def load_backend(loc: Localizer, book: PhraseBook, voice_model: str | Path | None,
                 recogniser: str | None, taught: Mapping[str, TaughtAudio] | None
                 ) -> Backend:
    """The speech model for the game's language (the slow part: Whisper's is one to two
    seconds of CPU), under the children's taught commands."""
    model: Backend | None
    try:
        model = backend_for(loc.language, book.model, voice_model,
                            recogniser=None if recogniser is None else Recogniser(recogniser))
    except VoiceError:
        if not taught:
            raise
        model = None  # the taught commands are heard without a model
    if taught:
        model = TaughtBackend(book, taught, model)
    assert model is not None  # backend_for raised, unless there are taught commands
    return model


def open_source(audio_in: str | Path | None) -> AudioSource:
    """The microphone, or a WAV file played at the pace of speech."""
    return (WavFileSource(audio_in, realtime=True) if audio_in is not None
            else MicrophoneSource())


def opened_source(loc: Localizer, book: PhraseBook, settings: VoiceSettings) -> AudioSource:
    """The microphone or --audio-in file; when it cannot be opened, a missing model is
    told first (downloading one is the first thing to fix)."""
    try:
        return open_source(settings.audio_in)
    except VoiceError:
        load_backend(loc, book, settings.voice_model, settings.recogniser, settings.taught)
        raise


@dataclass(frozen=True)
class VoiceSettings:
    """What the game asked of voice (play's --voice options)."""

    voice_model: str | Path | None = None
    audio_in: str | Path | None = None
    numbers: bool = False
    recogniser: str | None = None
    taught: Mapping[str, TaughtAudio] | None = None


def voice_input(loc: Localizer, keyboard: CommandSource, say: Callable[[list[str]], None],
                settings: VoiceSettings, is_speaking: Callable[[], bool] = never
                ) -> CommandSource:
    """Keyboard plus voice, its model loading in the background while the game starts;
    on any voice problem, one message and the keyboard alone."""
    _ = loc.gettext
    try:
        book = load_phrase_book(loc.language)
        # Heard from now on, so what is said while the model loads is heard once it is ready
        captured = CapturedAudio(opened_source(loc, book, settings), is_speaking)
    except VoiceError as error:
        say([describe_voice_error(error, loc), _("The game goes on by keyboard.")])
        return keyboard

    def listener() -> VoiceListener:
        model = load_backend(loc, book, settings.voice_model, settings.recogniser, settings.taught)
        return VoiceListener(model, book, captured, is_speaking=captured.spoken,
                             numbers=settings.numbers)

    def lost(error: BaseException) -> None:
        # Never the library's own words ("'NoneType' object is not iterable")
        say([_("Voice input stopped: {detail}").format(detail=described(error)),
             _("The game goes on by keyboard.")])

    def loaded(loading: Loading) -> None:
        if loading.listener is None:
            error = loading.error
            say([describe_voice_error(error, loc) if isinstance(error, VoiceError) else
                 _("The speech recogniser {name} could not be loaded.").format(
                     name=settings.recogniser or "whisper"),
                 _("The game goes on by keyboard.")])
            return
        if loading.listener.grammar.missing_words:
            say([_("These command words are not in the speech model and cannot be heard: "
                   "{words}.").format(words=" ".join(loading.listener.grammar.missing_words))])
        say([listening(loc, loading.listener)])

    def described(error: BaseException) -> str:
        name = room.listener.model.name if room.listener is not None else ""
        return describe_voice_error(error if isinstance(error, VoiceError) else
                                    VoiceError(VoiceProblem.RECOGNISER_FAILED, name), loc)

    room = CombinedInput(keyboard, None, on_voice_error=lost, is_speaking=is_speaking,
                         loading=Loading(listener, captured), on_loaded=loaded)
    return room


def listening(loc: Localizer, listener: VoiceListener) -> str:
    """The first line of a voice game: what to say to roll and for help, where it is heard."""
    _ = loc.gettext
    roll, help_ = listener.phrase_for(Action.ROLL), listener.phrase_for(Action.HELP)
    if roll and help_:
        return _("Listening. Say {roll} to roll the pasa, or {help} for help.").format(
            roll=roll, help=help_)
    if roll:
        return _("Listening. Say {roll} to roll the pasa.").format(roll=roll)
    if help_:
        return _("Listening. Say {help} for help.").format(help=help_)
    return _("Listening.")
