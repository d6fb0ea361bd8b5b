"""Run one number check-up for a learner: open the store, ask, save, report."""

from __future__ import annotations

import contextlib
import zlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import TYPE_CHECKING

from snl_edu.app.options import SoundOptions
from snl_edu.app.storage import open_store_telling
from snl_edu.error_text import system_words
from snl_edu.language.localizer import Localizer
from snl_edu.outputs.console import ConsoleOutput
from snl_edu.outputs.plain_text import plain_lines
from snl_edu.safe_text import clean_name
from snl_edu.store import StoreError
from snl_edu.vocabulary import Message

if TYPE_CHECKING:
    import numpy as np

    from snl_edu.app.play import Terminal
    from snl_edu.checkup.asking import CheckupIO
    from snl_edu.checkup.items import Item as CheckupItem
    from snl_edu.store.checkups import CheckupAnswer, CheckupRecord, CheckupStore


@dataclass(frozen=True)
class CheckupOptions:
    name: str
    sound: SoundOptions = field(default_factory=lambda: SoundOptions(sound=False))
    seed: int | None = None  # None: from the learner's name, the same every time
    data_dir: str | None = None
    anyway: bool = False  # a teacher's choice: check up again before enough play


def run_checkup(options: CheckupOptions, loc: Localizer, terminal: Terminal) -> bool:
    """True when the check-up was finished and saved."""
    from snl_edu.app.opening import open_outputs, open_sound
    from snl_edu.checkup.asking import CheckupIO
    from snl_edu.checkup.items import draw_items
    from snl_edu.inputs.keyboard import KeyboardInput
    from snl_edu.store.checkups import CheckupStore

    _ = loc.gettext
    learner = clean_name(options.name)  # the one name rule, before it is shown or saved
    keys = KeyboardInput(terminal.stdin)
    with contextlib.ExitStack() as stack:
        stack.enter_context(keys)  # single keys on a terminal, restored on every way out
        # The check-up's own keys decide: a key never cuts a question short.
        audio = open_sound(options.sound, loc, terminal.notify, stack)
        outputs = open_outputs(ConsoleOutput(terminal.stdout), audio)
        by_ear = options.sound.screen_reader or bool(audio.outputs)
        play_tone = _tone_player(stack) if by_ear else None
        screen = terminal.stdout

        def say(text: str) -> None:
            outputs.show_all([Message(text)])

        def draw(text: str) -> None:  # the number line, redrawn in place
            screen.write("\r\x1b[K" + text)
            screen.flush()

        store = stack.enter_context(open_store_telling(options.data_dir, loc, terminal.notify))
        kept = CheckupStore(store)
        due = _due(learner, kept, options.anyway, loc, terminal)
        if due is None:
            return False
        form, stopped = due
        seed = options.seed if options.seed is not None \
            else zlib.crc32(learner.casefold().encode())
        redraws = not plain_lines(screen, options.sound.screen_reader)
        io = CheckupIO(say, keys, by_ear, draw if redraws else None, outputs.echo,
                       play_tone)
        _introduce(say, loc, learner, keys.interactive, io.line_unmeasured, stopped)
        items = draw_items(form, seed)
        if stopped is not None:  # only the tasks it left out
            asked = {answer.task for answer in stopped.answers}
            items = [item for item in items if item.task.value not in asked]

        def keep(answers: Sequence[CheckupAnswer]) -> None:
            if stopped is not None:
                kept.complete(learner, answers)
            else:
                kept.save(learner, form, loc.language, by_ear, answers)

        if not _ask_and_keep(items, io, loc, seed, form, keep, say):
            return False
        say(_("Thank you, {name}! That was the whole check-up.").format(name=learner))
        _tell_progress(learner, kept, loc, terminal)
        return True


def _introduce(say: Callable[[str], None], loc: Localizer, learner: str, interactive: bool,
               line_unmeasured: bool, stopped: CheckupRecord | None) -> None:
    """What the check-up is, how to skip, and what this one leaves out."""
    _ = loc.gettext
    if line_unmeasured:
        say(_("The number line cannot be heard here (no sound) nor seen, so it is not "
              "measured this time: typing where a number goes would only copy the "
              "number.").format())
    say((_("A number check-up for {name}: four short number games, about five minutes. "
           "It is fine not to know; press Escape to skip a question.") if interactive
         else _("A number check-up for {name}: four short number games, about five "
                "minutes. It is fine not to know; an empty line skips a question."))
        .format(name=learner))
    if stopped is not None:
        say(_("The check-up on {date} stopped before the end: this one asks only what it "
              "left out, and completes it.").format(
            date=loc.number(stopped.at.date().isoformat())))


def _due(learner: str, kept: CheckupStore, anyway: bool, loc: Localizer,
         terminal: Terminal) -> tuple[int, CheckupRecord | None] | None:
    """The form this check-up takes and the one stopped early it completes (or None);
    None when too little play has passed since the last one (and the teacher did not say
    --anyway), after saying so."""
    from snl_edu.checkup.results import CHECKUP_AFTER_MINUTES, finished, minutes_since_last

    earlier = kept.checkups(learner)
    played = minutes_since_last(learner, earlier, kept.play(), datetime.now(UTC))
    # A check-up stopped early is finished next time, before the play that would make
    # the rest of it an "after" (then a new check-up is due, as after a whole one).
    stopped = (earlier[-1] if earlier and not finished(earlier[-1])
               and (played or 0) < CHECKUP_AFTER_MINUTES else None)
    if (stopped is None and played is not None and played < CHECKUP_AFTER_MINUTES
            and not anyway):
        # Before and after measure the play between them: with none, they measure
        # only the child's day.
        terminal.stdout.write(loc.gettext(
            "{name} has played {played} of the {minutes} minutes a check-up needs since "
            "the last one, on {date}: play more first, so the check-up can show what the "
            "play changed. To check up now anyway, add --anyway.").format(
            name=learner, played=loc.number(round(played)),
            minutes=loc.number(CHECKUP_AFTER_MINUTES),
            date=loc.number(earlier[-1].at.date().isoformat())) + "\n")
        return None
    return (stopped.form if stopped else len(earlier)), stopped


def _ask_and_keep(items: list[CheckupItem], io: CheckupIO, loc: Localizer, seed: int,
                  form: int, keep: Callable[[Sequence[CheckupAnswer]], None],
                  say: Callable[[str], None]) -> bool:
    """Ask every item and keep the answers; True when the whole check-up was kept. A
    check-up stopped early keeps the tasks it finished; a full disk keeps nothing."""
    from snl_edu.checkup.asking import CheckupStopped, marker_starts
    from snl_edu.checkup.asking import run_checkup as ask_all
    from snl_edu.checkup.items import Task
    from snl_edu.checkup.report import task_name

    _ = loc.gettext
    try:
        answers = ask_all(items, io, loc, rng=marker_starts(seed, form))
    except CheckupStopped as stop:
        if not stop.finished:
            say(_("The check-up stopped before the end, so nothing was saved.").format())
            return False
        keep(stop.finished)
        done = list(dict.fromkeys(answer.task for answer in stop.finished))
        say(loc.ngettext(
            "The check-up stopped before the end. The task finished is saved: {tasks}.",
            "The check-up stopped before the end. The tasks finished are saved: {tasks}.",
            len(done)).format(tasks=loc.join(task_name(Task(t), loc) for t in done)))
        return False
    try:
        keep(answers)
    except StoreError as error:  # a full disk: one transaction, so nothing half saved
        say(_("The check-up could not be saved: {reason}. Nothing of this check-up was "
              "kept; earlier ones are as they were.").format(
            reason=system_words(error.cause, error.detail, loc)))
        return False
    return True


def _tell_progress(learner: str, kept: CheckupStore, loc: Localizer,
                   terminal: Terminal) -> None:
    """What the check-ups so far, the play between them and the lessons show."""
    from snl_edu.checkup.report import progress_lines
    from snl_edu.checkup.results import progress
    from snl_edu.store.progress import ProgressStore

    lessons = ProgressStore(kept.store)
    found = progress(learner, kept.checkups(learner), kept.play(),
                     lessons.answers(learner) if lessons.exists(learner) else [],
                     datetime.now(UTC))
    if found is not None:
        for line in progress_lines(found, loc):
            terminal.stdout.write(line + "\n")


def _tone_player(stack: contextlib.ExitStack) -> Callable[[np.ndarray], None] | None:
    """The number line's tone, through its own stereo stream (speech is mono); None
    without a sound card (the speech notice has said so) or with SNL_AUDIO=off."""
    from snl_edu.app.opening import audio_off
    from snl_edu.checkup import tone
    from snl_edu.sound.device import DeviceSink
    from snl_edu.sound.pcm import Pcm
    from snl_edu.sound.unavailable import AudioUnavailable

    if audio_off():
        return None
    try:
        sink = DeviceSink(tone.RATE, channels=2)
    except AudioUnavailable:
        return None
    stack.callback(sink.close)

    def play(samples: np.ndarray) -> None:
        sound = sink.start(Pcm(samples.tobytes(), tone.RATE))
        sound.done.wait(len(samples) / tone.RATE + 1.0)  # heard before the next question

    return play
