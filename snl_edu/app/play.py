"""Build a game from ``PlayOptions`` and run it; every resource opened here is closed here."""

from __future__ import annotations

import contextlib
import random
import sys
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, TextIO

from snl_edu.app.errors import OptionError
from snl_edu.app.opening import open_outputs, open_sound
from snl_edu.app.options import PlayOptions, VoiceOptions
from snl_edu.app.saving import (
    Prepared,
    resume,
    resume_hint,
    resumed_messages,
    save_after_interrupt,
    start_new,
    with_kept_settings,
)
from snl_edu.checkup.report import checkup_reminders
from snl_edu.engine import Game, Seat, SeatError
from snl_edu.inputs.commands import CommandSource, Ear
from snl_edu.inputs.seat_inputs import SeatInputs
from snl_edu.language.localizer import Localizer, localizer_for
from snl_edu.outputs.console import ConsoleOutput, Outputs
from snl_edu.play import teams
from snl_edu.play.narration import PLAYER, Narrator, Verbosity, computer_name
from snl_edu.play.session import Ending, Session, SessionSettings
from snl_edu.safe_text import clean_name, name_key
from snl_edu.vocabulary import N_, Message

if TYPE_CHECKING:
    from snl_edu.inputs.voice.teaching.taught import TaughtAudio
    from snl_edu.lessons.teacher import Teacher
    from snl_edu.play.speech_controls import SpeechPrefs
    from snl_edu.store import Store

DEFAULT_DEMO_COMPUTERS = 2
INTERACTIVE_PACE = 0.8


@dataclass
class Terminal:
    """Where the game reads keys and writes lines; the process's own streams by default."""

    stdin: TextIO = field(default_factory=lambda: sys.stdin)
    stdout: TextIO = field(default_factory=lambda: sys.stdout)
    stderr: TextIO = field(default_factory=lambda: sys.stderr)

    def notify(self, text: str) -> None:
        """A notice beside the game (a missing sound card, a store set aside): standard error."""
        self.stderr.write(text + "\n")
        self.stderr.flush()


def build_seats(options: PlayOptions, loc: Localizer) -> list[Seat]:
    """The players, then the teams, then the computer players, in the order they play."""
    computers = options.computers
    if options.demo:
        if options.players and options.players != ("",) or options.teams:  # "": not a name
            raise OptionError(N_("A demo game has computer players only: leave out --players "
                                 "and --team."))
        names: list[str] = []
        computers = DEFAULT_DEMO_COMPUTERS if computers is None else computers
    elif options.players is None and not options.teams:
        names = [loc.gettext(PLAYER).format(number=loc.number(1))]
        computers = 1 if computers is None else computers
    else:
        # Untrusted text: control characters made visible, at most MAX_NAME characters.
        names = [clean_name(name) for name in options.players or ()]
        if any(teams.SEPARATOR in name for name in names):
            raise OptionError(N_("A player's name cannot hold \"+\": for children who share a "
                                 "token, give --team \"Asha+Bikash\"."), option="--players")
        try:
            names += [teams.team_seat_name(team) for team in options.teams]
        except teams.TeamError as error:  # a bad --team value, as Click's own are told
            raise OptionError(error.message, option="--team", **error.details) from None
        computers = computers or 0
    seats = [Seat(name) for name in names]
    _one_place_each(seats)
    seats += [Seat(computer_name(loc, number), computer=True)
              for number in range(1, computers + 1)]
    return seats


def _one_place_each(seats: list[Seat]) -> None:
    """Each child in one seat, told apart by the one rule for the same child (name_key):
    the engine tells seats apart by case only, and "Asha" and "ＡＳＨＡ" are one record."""
    seen: dict[str, Seat] = {}
    for seat in seats:
        for child in teams.members(seat) or (seat.name,):
            key = name_key(child)
            if key in seen and not (teams.members(seat) or teams.members(seen[key])):
                raise SeatError("duplicate", child, name=child)
            if key in seen:
                raise OptionError(N_("{name} is in two places: each child plays in one seat or "
                                     "one team."), name=child)
            seen[key] = seat


def check_learner(learner: str | None, seats: Sequence[Seat]) -> None:
    """``--learner`` names the one child who plays, before anything is saved or heard."""
    if learner is None:
        return
    if not learner.strip():
        raise OptionError(N_("A learner's name cannot be empty."), option="--learner")
    if teams.SEPARATOR in learner:
        raise OptionError(teams.ONE_CHILD, option="--learner")
    if len(teams.children(seats)) != 1:
        raise OptionError(N_("--learner names the one human player; with several players "
                             "each one's progress is kept under their own name."))


def prepare(options: PlayOptions, loc: Localizer, terminal: Terminal) -> Prepared:
    """A new game, or the saved one asked for; its store is open until ``Prepared.close``."""
    if options.resume is not None:
        prepared = resume(options, loc, terminal.notify)
        try:
            check_learner(options.learner, prepared.game.seats)
        except OptionError:
            prepared.close()
            raise
        return prepared
    from snl_edu.boards import load_board

    if options.straight and "board" in options.given:
        raise OptionError(N_("--straight-board is a board of its own: leave out --board."),
                          option="--straight-board")
    game = Game(load_board(options.board_name, options.rules.finish), options.rules,
                build_seats(options, loc))
    check_learner(options.learner, game.seats)  # a refused game is not saved
    return start_new(game, options, loc, terminal.notify)


def open_voice(voice: VoiceOptions, loc: Localizer, keyboard: CommandSource, outputs: Outputs,
               numbers: bool, taught: Mapping[str, TaughtAudio] | None = None
               ) -> CommandSource:
    """The keyboard, plus voice when asked for; voice problems are one message, not an exit.
    ``taught``: each child's taught commands, heard first in that child's turns."""
    if not voice.wanted:
        return keyboard
    from snl_edu.inputs.voice.voice_on import VoiceSettings, voice_input
    from snl_edu.outputs.aloud import activity

    def say(lines: list[str]) -> None:
        outputs.show_all([Message(line) for line in lines])

    return voice_input(loc, keyboard, say, VoiceSettings(
        voice.model, voice.audio_in, numbers, voice.recogniser, taught),
        is_speaking=activity.speaking.is_set)


def taught_for_game(voice: VoiceOptions, prepared: Prepared, children: Sequence[str],
                    language: str) -> dict[str, TaughtAudio]:
    """The children's taught voice commands in the game's language, when voice is on."""
    if not voice.wanted or prepared.autosave is None:
        return {}
    from snl_edu.app.taught_voice import taught_audio

    return taught_audio(prepared.autosave.games.store, children, language)


def listen_in_turns(room: CommandSource, inputs: SeatInputs, game: Game,
                    rotation: teams.Rotation) -> None:
    """Each child's taught commands are heard first in that child's turns (and questions),
    also once the model has loaded."""
    # A game without voice never imported the voice stack (a tenth of its start-up CPU):
    # its room cannot be a CombinedInput, and looking that up must not import it either.
    voice_inputs = sys.modules.get("snl_edu.inputs.voice.inputs")
    if voice_inputs is None or not isinstance(room, voice_inputs.CombinedInput):
        return
    inputs.on_seat = lambda seat: room.listen_to(
        rotation.roller(game, seat) or game.seats[seat].name)


def build_teacher(options: PlayOptions, game: Game, loc: Localizer, session: Session,
                  store: Store | None, by_ear: bool = False,
                  ear: Ear | None = None) -> Teacher | None:
    from snl_edu.lessons.teacher import (
        Frequency,
        Recorder,
        Teacher,
        choose_frequency,
        history_wanted,
    )
    from snl_edu.store.progress import ProgressStore

    frequency = choose_frequency(options.lessons, session.inputs.interactive)
    history = history_wanted(options.history, frequency)
    humans = [index for index, seat in enumerate(game.seats) if not seat.computer]
    learner = options.learner
    if frequency is Frequency.OFF and not history:
        return None
    from snl_edu.error_text import answer_not_saved

    recorder = (Recorder(ProgressStore(store), "game", options.level, loc.language,
                         lambda error: session.outputs.show_all([Message(
                             answer_not_saved(error, loc))]))
                if store is not None else None)
    # Its own random stream: the same --seed plays the same game with or without lessons.
    rng = random.Random(None if options.seed is None else f"lessons-{options.seed}")
    # No timeout: --auto-roll rolls for a player who waits, it never skips a question.
    rotation = teams.Rotation(game.seats)
    teacher = Teacher(loc, session.listener, session.channel(humans[0] if humans else 0),
                      frequency, options.level, rng, history, by_ear, recorder,
                      {humans[0]: clean_name(learner)} if learner else {},
                      listen=session.channel, ear=ear,
                      child=lambda game, seat: rotation.roller(game, seat)
                      or game.seats[seat].name)
    teacher.decide_levels([*teacher.learners.values(), *teams.children(game.seats)])
    return teacher


def speech_prefs(options: PlayOptions) -> SpeechPrefs:
    from snl_edu.play.speech_controls import SpeechPrefs
    from snl_edu.store.database import data_dir

    return SpeechPrefs(data_dir(options.data_dir))


def play(options: PlayOptions, terminal: Terminal | None = None) -> Ending:
    """Play a whole game (or until it is quit, its input ends or Ctrl-C); the game is saved."""
    terminal = terminal or Terminal()
    loc = localizer_for(options.lang, options.digits)
    with contextlib.ExitStack() as stack:
        prepared = prepare(options, loc, terminal)
        stack.callback(prepared.close)
        if prepared.resumed:
            options = with_kept_settings(options, prepared)
            loc = localizer_for(options.lang, options.digits)  # the saved game's own language and digits
        return _run(options, prepared, loc, terminal, stack)
    raise AssertionError("unreachable")  # pragma: no cover  (mypy: ExitStack may swallow)


def _run(options: PlayOptions, prepared: Prepared, loc: Localizer, terminal: Terminal,
         stack: contextlib.ExitStack) -> Ending:
    from snl_edu.inputs.keyboard import KeyboardInput
    from snl_edu.lessons.teacher import lessons_wanted
    from snl_edu.play.speech_controls import SpeechControls

    game = prepared.game
    console = ConsoleOutput(terminal.stdout)
    # Single-key mode for the whole game, restored on any way out (the stack closes it
    # last), so keys typed while the game talks are kept.
    keyboard = stack.enter_context(KeyboardInput(terminal.stdin))
    inputs = SeatInputs(keyboard)
    pace = options.pace
    if pace is None:
        pace = INTERACTIVE_PACE if console.stream.isatty() else 0.0
    rotation = teams.Rotation(game.seats)
    narrator = Narrator(loc, game.board, game.seats, Verbosity(options.verbosity), options.count,
                        lambda seat: rotation.due(game, seat))
    prefs, players = speech_prefs(options), teams.children(game.seats)
    options = _with_remembered_speech(options, prefs.for_players(players))
    # Sound after the console line: earcon, then the spoken sentence; a key press skips.
    audio = open_sound(options.sound, loc, terminal.notify, stack, inputs.key_pressed)
    outputs = open_outputs(console, audio)
    stack.callback(inputs.close)  # closed before the sound, which may still be speaking
    outputs.show_all(resumed_messages(prepared, narrator, loc))
    # Voice after sound: the microphone is muted while the game's own audio plays.
    inputs.room = open_voice(options.voice, loc, keyboard, outputs,
                             numbers=lessons_wanted(options.lessons, keyboard.interactive),
                             taught=taught_for_game(options.voice, prepared, players,
                                                    loc.language))
    listen_in_turns(inputs.room, inputs, game, rotation)
    session = Session(game, narrator, outputs, inputs, prepared.dice,
                      SessionSettings(pace=pace, auto_roll=options.auto_roll),
                      after_turn=prepared.autosave)
    # A game heard (speech, or a screen reader reading each line) gets questions that
    # work unseen.
    by_ear = options.sound.screen_reader or audio.speaks
    # What the voice hears, said in help, yes-or-no and questions (none: by keyboard only).
    ear = inputs.room if isinstance(inputs.room, Ear) else None
    session.listener.ear = ear
    session.listener.adjust = SpeechControls(
        audio.outputs, options.sound.rate, options.sound.volume, loc,
        lambda rate, volume: prefs.remember(players, rate, volume))
    teacher = _teacher_for(options, prepared, loc, session, narrator, by_ear, ear)
    try:
        if teacher is not None and prepared.open_question is not None:
            teacher.ask_again(game, prepared.open_question)  # the one open when it stopped
        ending = session.run()
        reminders = checkup_reminders(
            prepared.autosave.games.store if prepared.autosave else None,
            teams.children(game.seats), loc)
    except KeyboardInterrupt:
        audio.close()  # silent at once: stopping is not a sentence to wait for
        _stopped_by_ctrl_c(prepared, console, loc)
        return Ending.INTERRUPTED
    finally:
        prepared.close()
    _tell_the_end(outputs, ending, resume_hint(prepared, loc), reminders, loc)
    return ending


def _stopped_by_ctrl_c(prepared: Prepared, console: ConsoleOutput, loc: Localizer) -> None:
    """The game saved as it stands, and how to continue it, on the console only."""
    save_after_interrupt(prepared)
    hint = resume_hint(prepared, loc)
    for line in [loc.gettext("Game stopped."), *([hint] if hint else [])]:
        console.show(Message(line))
    console.flush()


def _with_remembered_speech(options: PlayOptions,
                            remembered: tuple[int, int] | None) -> PlayOptions:
    """This player's own speed and loudness from last time, unless given now."""
    if remembered is None or {"rate", "volume"} & options.given.keys():
        return options
    rate, volume = remembered
    return replace(options, sound=replace(options.sound, rate=rate, volume=volume))


def _teacher_for(options: PlayOptions, prepared: Prepared, loc: Localizer, session: Session,
                 narrator: Narrator, by_ear: bool, ear: Ear | None) -> Teacher | None:
    """The lessons between turns, joined to the session: counting on, the child's own
    go, and the open question kept with the saved game."""
    game = prepared.game
    teacher = build_teacher(
        options, game, loc, session,
        prepared.autosave.games.store if prepared.autosave else None, by_ear,
        ear=ear)
    session.between_turns = teacher
    if teacher is not None:
        narrator.counting_on = lambda seat: teacher.counts_on(game, seat)
        session.listener.goes = teacher
        if prepared.autosave is not None:
            teacher.on_open = prepared.autosave.keep_question
    return teacher


def _tell_the_end(outputs: Outputs, ending: Ending, hint: str | None,
                  reminders: Sequence[str], loc: Localizer) -> None:
    """Why the game stopped, how to go on, check-ups due, and goodbye."""
    if ending is Ending.INPUT_ENDED:
        outputs.show_all([Message(loc.gettext("The input has ended, so the game stops here."))])
    if hint:
        outputs.show_all([Message(hint)])
    outputs.show_all([Message(reminder) for reminder in reminders])
    if ending is Ending.QUIT:
        outputs.show_all([Message(loc.gettext("Goodbye!"))])
