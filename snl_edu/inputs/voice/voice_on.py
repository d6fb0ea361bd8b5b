"""Turning voice on for a game: load everything, or explain what is missing and carry on."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from pathlib import Path

from snl_edu.inputs.commands import Action, CommandSource
from snl_edu.inputs.voice.audio.microphone import MicrophoneSource
from snl_edu.inputs.voice.audio.sources import AudioSource, WavFileSource
from snl_edu.inputs.voice.inputs import CombinedInput
from snl_edu.inputs.voice.messages import describe_voice_error
from snl_edu.inputs.voice.phrasebook.phrases import load_phrase_book
from snl_edu.inputs.voice.problems import VoiceError, VoiceProblem
from snl_edu.inputs.voice.recognisers.backends import Recogniser, backend_for
from snl_edu.inputs.voice.recognisers.recognition import Backend
from snl_edu.inputs.voice.teaching.taught import TaughtAudio, TaughtBackend
from snl_edu.inputs.voice.voice_listener import VoiceListener, never
from snl_edu.language.localizer import Localizer


def open_listener(loc: Localizer, voice_model: str | Path | None = None,
                  audio_in: str | Path | None = None,
                  is_speaking: Callable[[], bool] = never, realtime: bool = True,
                  numbers: bool = False, recogniser: str | None = None,
                  taught: Mapping[str, TaughtAudio] | None = None) -> VoiceListener:
    """A listener for the game's language, hearing the children's taught commands first
    (``taught``: each child's examples); raises VoiceError saying what is missing."""
    book = load_phrase_book(loc.language)
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
    source: AudioSource = (WavFileSource(audio_in, realtime=realtime) if audio_in is not None
                           else MicrophoneSource())
    try:
        return VoiceListener(model, book, source, is_speaking=is_speaking, numbers=numbers)
    except BaseException:
        source.close()
        raise


def voice_input(loc: Localizer, keyboard: CommandSource, say: Callable[[list[str]], None],
                voice_model: str | Path | None = None, audio_in: str | Path | None = None,
                is_speaking: Callable[[], bool] = never, numbers: bool = False,
                recogniser: str | None = None,
                taught: Mapping[str, TaughtAudio] | None = None) -> CommandSource:
    """Keyboard plus voice; on any voice problem, one message and the keyboard alone."""
    _ = loc.gettext
    try:
        listener = open_listener(loc, voice_model, audio_in, is_speaking, numbers=numbers,
                                 recogniser=recogniser, taught=taught)
    except VoiceError as error:
        say([describe_voice_error(error, loc), _("The game goes on by keyboard.")])
        return keyboard

    def lost(error: BaseException) -> None:
        # Never the library's own words ("'NoneType' object is not iterable")
        known = error if isinstance(error, VoiceError) else \
            VoiceError(VoiceProblem.RECOGNISER_FAILED, listener.model.name)
        detail = describe_voice_error(known, loc)
        say([_("Voice input stopped: {detail}").format(detail=detail),
             _("The game goes on by keyboard.")])

    if listener.grammar.missing_words:
        say([_("These command words are not in the speech model and cannot be heard: "
               "{words}.").format(words=" ".join(listener.grammar.missing_words))])
    say([listening(loc, listener)])
    return CombinedInput(keyboard, listener, on_voice_error=lost, is_speaking=is_speaking)


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
