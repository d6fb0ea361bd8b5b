"""`snl voice teach` and `snl voice examples` at work: a child's own way of saying a
command, from spoken prompts or recordings, kept in the store."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from snl_edu.app.errors import Refusal
from snl_edu.app.storage import open_store_telling
from snl_edu.app.voice_check import phrase_book
from snl_edu.inputs.commands import ROWS, Action
from snl_edu.language.localizer import Localizer

if TYPE_CHECKING:
    from snl_edu.inputs.voice.phrasebook.phrases import PhraseBook

Line = Callable[[str], None]


def teach(loc: Localizer, name: str, command: str, audio_in: tuple[Path, ...],
          data_dir: str | None, line: Line, notify: Line) -> None:
    """Take the examples (recorded, or said after prompts), refuse a far one, keep them."""
    from snl_edu.inputs.voice.teaching.examples import EXAMPLES
    from snl_edu.store.voice_examples import VoiceExamples

    book = phrase_book(loc, None)
    audios = _recorded_examples(loc, book, audio_in) if audio_in else \
        _record_examples(loc, book, command, line)
    if len(audios) < EXAMPLES:  # the microphone closed before every prompt was answered
        raise Refusal(loc.gettext("No speech was heard, so nothing was taught."))
    _refuse_far_examples(loc, audios, audio_in)
    with open_store_telling(data_dir, loc, notify) as store:
        replaced = VoiceExamples(store).teach(name, loc.language, command, audios)
    line(loc.ngettext("{name} taught {command} with {count} example.",
                      "{name} taught {command} with {count} examples.", len(audios))
         .format(name=name, command=loc.gettext(ROWS[Action(command)].label),
                 count=loc.number(len(audios))))
    if replaced:
        line(loc.ngettext("They replaced the {count} example kept before.",
                          "They replaced the {count} examples kept before.", replaced)
             .format(count=loc.number(replaced)))


def _recorded_examples(loc: Localizer, book: PhraseBook, paths: tuple[Path, ...]
                       ) -> list[bytes]:
    """One example from each recording: a recording with no speech, or with several
    utterances (a whole game's commands), is refused, naming the file."""
    from snl_edu.inputs.voice.audio.sources import WavFileSource
    from snl_edu.inputs.voice.teaching.capture import utterances_in

    audios = []
    for path in paths:
        heard = utterances_in(WavFileSource(path), book)
        if not heard:
            raise Refusal(loc.gettext(
                "No speech was heard in {file}, so nothing was taught.").format(file=path))
        if len(heard) > 1:
            raise Refusal(loc.ngettext(
                "{file}: {count} utterance was heard; a recording is one example, said once.",
                "{file}: {count} utterances were heard; a recording is one example, said once.",
                len(heard)).format(file=path, count=loc.number(len(heard))))
        audios += heard
    return audios


def _refuse_far_examples(loc: Localizer, audios: list[bytes], paths: tuple[Path, ...]) -> None:
    """One line, and nothing taught, when an example sounds like none of the others (a
    child coughing in it): it would match what the child never meant as the command."""
    from snl_edu.inputs.voice.teaching.examples import far_examples, features_for
    from snl_edu.inputs.voice.teaching.taught import feature_kind, feature_model

    whisper = feature_model(None)
    kind = feature_kind(whisper)
    far = far_examples([features_for(kind, whisper, audio) for audio in audios], kind)
    if not far:
        return
    if paths:
        raise Refusal(loc.ngettext(
            "{files} does not sound like the other examples, so nothing was taught: "
            "record it again.",
            "{files} do not sound like the other examples, so nothing was taught: "
            "record them again.", len(far)).format(
            files=loc.join([str(paths[i]) for i in far])))
    raise Refusal(loc.ngettext(
        "Example {turns} did not sound like the others, so nothing was taught: teach the "
        "command again.",
        "Examples {turns} did not sound like the others, so nothing was taught: teach the "
        "command again.", len(far)).format(turns=loc.join([loc.number(i + 1) for i in far])))


def _record_examples(loc: Localizer, book: PhraseBook, command: str, line: Line
                     ) -> list[bytes]:
    """EXAMPLES utterances from the microphone, each after a spoken prompt; the microphone
    is muted while the prompt is spoken."""
    from snl_edu.inputs.voice.audio.microphone import MicrophoneSource
    from snl_edu.inputs.voice.teaching.capture import utterances_in
    from snl_edu.inputs.voice.teaching.examples import EXAMPLES

    audios: list[bytes] = []
    phrases = book.phrases_for(Action(command))
    for turn in range(1, EXAMPLES + 1):
        # TRANSLATORS: child-facing: तिमी forms (फाल, थिच, गन), never -नुहोस्; see locales/ne/STYLE.md
        prompt = loc.gettext("Say {phrase} now ({turn} of {count}).").format(
            phrase=phrases[0] if phrases else command, turn=loc.number(turn),
            count=loc.number(EXAMPLES))
        line(prompt)
        _speak(loc, prompt)  # before the microphone opens: it cannot hear the prompt
        source = MicrophoneSource()
        try:
            audios += utterances_in(source, book, limit=1)
        finally:
            source.close()
    return audios


def _speak(loc: Localizer, text: str) -> None:
    """Say a prompt aloud and wait for it to end; without sound it is only shown."""
    from snl_edu.app.opening import audio_off
    from snl_edu.outputs.aloud.espeak import EspeakSynthesiser, Voice
    from snl_edu.outputs.aloud.player import Player
    from snl_edu.sound.device import DeviceSink
    from snl_edu.sound.unavailable import AudioUnavailable

    if audio_off():
        return
    try:
        synthesiser = EspeakSynthesiser(Voice(loc.language))
        player = Player(DeviceSink(synthesiser.sample_rate))
        try:
            player.play(synthesiser.synthesise(text))
        finally:
            player.close()
    except (AudioUnavailable, OSError):
        pass  # no sound: the prompt on screen is enough


def taught_examples(loc: Localizer, name: str, data_dir: str | None, notify: Line
                    ) -> list[str]:
    """The voice commands a child taught, per language, and how many examples each."""
    from snl_edu.store.voice_examples import VoiceExamples

    with open_store_telling(data_dir, loc, notify) as store:
        counts = VoiceExamples(store).counts(name)
    if not counts:
        return [loc.gettext("{name} has taught no voice commands.").format(name=name)]
    return [loc.ngettext("{language}: {command}, {count} example",
                         "{language}: {command}, {count} examples", count).format(
                language=loc.language_name(language),
                command=loc.gettext(ROWS[Action(command)].label), count=loc.number(count))
            for (language, command), count in sorted(counts.items())]
