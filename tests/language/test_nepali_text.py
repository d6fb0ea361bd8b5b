"""What a Nepali classroom reads and hears, checked line by line.

Whole Nepali games at every verbosity (with lessons, history and review keys), `snl rules`,
`snl words`, `snl history`, `snl lesson`, the check-up, every `--help` page, the teacher's
reports, voice set-up and every error a user can cause are rendered through the real command
line, and a whole table (tests/language/table_renders.py: host, seats, a team, the watcher,
the browser pages and what the host sends them, every refusal); each line is checked for
what a Nepali teacher would not sign off (tests/language/style_checks.py, which reads the
rules from locales/ne/STYLE.md):

- a postposition split from a Devanagari word ("आशा को पालो" for "आशाको पालो");
- a Latin letter outside something the user types (a command, option, key or value);
- a polite -नुहोस् form in a line for children (child-facing lines use तिमी forms);
- a number word other than the textbook table's (तिन for तीन, दश for दस);
- a word the glossary of locales/ne/STYLE.md rules out (सुरक्षित for saving, को लागि, ...);
- अङ्क (a digit) where a number is meant, and an anusvara where the पञ्चम वर्ण is written;
- a word written with a final halanta (मोक्षपटम्) joined to a postposition without the ZWNJ;
- an address or port to type shown in Devanagari digits (it is typed in Latin digits);
- a number with ".0" or an exponent, and « » or straight quotes around Nepali words;
- the तँ order of a vowel stem (दे for देऊ), and a present or future तिमी verb, which says
  a gender (पुग्छौ/पुग्छ्यौ);
- a switch on the browser page labelled as an order, not with the -ने form;
- an eyelash ra written with a zero-width joiner reaching eSpeak NG.

Sources lines of `snl history` are checked like every other line: a Nepali reader is told
where a fact comes from in Nepali.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner

from snl_edu.cli import main
from snl_edu.cli.localized import HELP_OPTION_HELP, command_tree
from snl_edu.language.localizer import Localizer
from snl_edu.language.postpositions import Template
from snl_edu.table import page_wire
from tests.language.style_checks import (
    CHILD,
    PROBLEMS,
    TEACHER,
    banned_terms,
    problems,
    switch_label_problems,
)

ZWJ = "\u200d"


def _play(*args: str) -> list[str]:
    return ["play", "--lang", "ne", "--no-speech", "--no-sound", *args]


# (audience, arguments, input). Names: आशा joins, Bikash spaces, गर्‍यौ carries a ZWJ ra.
GAMES = [
    (CHILD, _play("--demo", "--seed", str(seed), "--verbosity", verbosity, "--board", board), None)
    for seed, (verbosity, board) in enumerate(
        [(v, b) for v in ("brief", "normal", "full") for b in ("saanp-bharyang", "classic",
                                                               "moksha-patam")])
] + [
    (CHILD, _play("--players", "आशा,Bikash", "--computer", "1", "--seed", str(seed),
                  "--lessons", "every", "--level", str(level), "--verbosity", verbosity,
                  "--board", board, "--history", "on"),
     "\nh\nw\na\nr\n,\n.\nxyz\n5\nपाँच\nskip\n" + "\n" * 40 + "q\nn\n" + "3\n\n" * 30 + "q\ny\n")
    for seed, (level, verbosity, board) in enumerate([
        (1, "full", "moksha-patam"), (2, "normal", "saanp-bharyang"), (3, "brief", "classic"),
        (4, "full", "moksha-patam"), (2, "full", "classic")])
] + [
    (CHILD, _play("--players", "आशा", "--seed", "9", "--six-to-start", "--finish", "bounce",
                  "--verbosity", "full", "--count"), "\n" * 400),
    (CHILD, _play("--players", "आशा,Bikash", "--seed", "5", "--finish", "overshoot",
                  "--play-to-end", "--no-three-sixes", "--verbosity", "full"), "\n" * 600),
]
REPORTS = [
    (CHILD, ["rules", "--lang", "ne", *options], None) for options in (
        [], ["--finish", "overshoot", "--six-to-start", "--play-to-end"],
        ["--finish", "bounce", "--no-six-again"], ["--no-three-sixes", "--board", "moksha-patam"])
] + [
    (CHILD, ["words", "--lang", "ne"], None),
    (CHILD, ["history", "--lang", "ne"], None),
    (CHILD, ["history", "--lang", "ne", "--meanings"], None),
    (CHILD, ["lesson", "--lang", "ne", "--learner", "आशा", "--level", "1", "--seed", "1"],
     "3\n१२\nपाँच\n\nskip\n4\n"),
    (CHILD, ["lesson", "--lang", "ne", "--learner", "आशा", "--level", "3", "--seed", "2"],
     "3\n\n\n\n\n\n"),
    (TEACHER, ["games", "--all", "--lang", "ne"], None),
    (TEACHER, ["stats", "--lang", "ne", "--players", "3"], None),
    (TEACHER, ["stats", "classic", "--lang", "ne", "--finish", "bounce"], None),
    (TEACHER, ["progress", "--lang", "ne"], None),
    (TEACHER, ["progress", "आशा", "--lang", "ne"], None),
    (TEACHER, ["boards", "--lang", "ne"], None),
    (TEACHER, ["board", "show", "moksha-patam", "--lang", "ne"], None),
    (CHILD, ["checkup", "सीता", "--lang", "ne", "--no-speech"], "50\n" * 8 + "\n" + "3\n" * 40),
    (TEACHER, ["voice", "examples", "आशा", "--lang", "ne"], None),
    (TEACHER, ["voice", "check", "--lang", "ne"], None),
]
ERRORS = [(TEACHER, [*args, "--lang", "ne"], None) for args in (
    ["play", "--computer", "99"], ["play", "--bogus"], ["play", "--finish", "sideways"],
    ["play", "--players", "आशा,आशा"], ["play", "--players", "आशा", "--demo"],
    ["play", "--board", "nowhere"], ["play", "--resume", "77"], ["play", "--resume", "abc"],
    ["play", "--seed", "abc"], ["play", "--rate"], ["lesson"], ["lesson", "--learner", "आशा",
                                                                 "--level", "9"],
    ["history", "--card", "99"], ["progress", "कोही"], ["stats", "nowhere"], ["nothing"],
    ["board", "check", "/nonexistent/board.toml"], ["voice", "download", "xx"],
    ["play", "--players", "आशा+विकास"], ["play", "--team", "आशा"], ["board", "check", "/"],
    ["table", "host", "--code", "ABC"], ["table", "host", "--code", "ABCD-EFGB"],
    ["table", "host", "--team", "आशा"], ["table", "join", "nowhere", "ABCD-EFGH", "--name", "आशा"],
    ["table", "join", "127.0.0.1:1", "ABCD-EFGH", "--name", "आशा"],
    ["table", "watch", "127.0.0.1:1", "ABCD-EFGH"], ["voice", "teach", "आशा", "badword"],
    ["voice", "teach", "आशा", "roll", "--audio-in", "/nonexistent.wav"],
    ["voice", "listen", "--audio-in", "/nonexistent.wav"], ["checkup"],
    ["lesson", "--players", "आशा,विकास", "--learner", "आशा"],
)] + [(TEACHER, ["--lang", "fr", "rules"], None)]  # SNL_LANG=ne asked for Nepali
# Played in English before the Nepali renderings, so `snl games` in Nepali lists a game whose
# computer players an English game named ("Computer 1").
ENGLISH_GAME = ["play", "--lang", "en", "--demo", "--seed", "3", "--no-speech", "--no-sound"]


def _help_pages() -> list[tuple[str, list[str], None]]:
    return [(TEACHER, [*path, "--help", "--lang", "ne"], None) for path, _ in command_tree(main)]


CHILD_MSGIDS: set[str] = set()  # every message looked up while rendering for children


@pytest.fixture(scope="module")
def rendered(tmp_path_factory: pytest.TempPathFactory) -> Iterator[list[tuple[str, str, str]]]:
    """(audience, command, line) for every line of every rendering, in one data folder,
    so `snl games` and `snl progress` report the games and lessons played here."""
    data = tmp_path_factory.mktemp("nepali-data")
    board_file = tmp_path_factory.mktemp("boards") / "bad.toml"
    board_file.write_text('name = "x"\nwidth = 5\nheight = 5\n'
                          'ladders = [{from = 9, to = 3}]\n')  # a ladder that goes down
    not_toml = board_file.with_name("broken.toml")
    not_toml.write_text('name = "x"\nwidth = [\n')
    runner = CliRunner()
    env = {"SNL_DATA_DIR": str(data), "SNL_AUDIO": "off", "LANG": "ne_NP.UTF-8",
           "SNL_LANG": "ne"}
    assert runner.invoke(main, ENGLISH_GAME, env=env).exit_code == 0
    lines: list[tuple[str, str, str]] = []
    renders = [*GAMES, *REPORTS, *ERRORS, *_help_pages(),
               (TEACHER, ["board", "check", str(board_file), "--lang", "ne"], None),
               (TEACHER, ["board", "check", str(not_toml), "--lang", "ne"], None),
               (TEACHER, ["play", "--lang", "xx"], None)]  # in a Nepali locale
    audience = TEACHER
    original_gettext, original_ngettext = Localizer.gettext, Localizer.ngettext

    def gettext(self: Localizer, message: str) -> Template:
        if audience == CHILD:
            CHILD_MSGIDS.add(message)
        return original_gettext(self, message)

    def ngettext(self: Localizer, singular: str, plural: str, n: int) -> Template:
        if audience == CHILD:
            CHILD_MSGIDS.add(singular)
        return original_ngettext(self, singular, plural, n)

    patch = pytest.MonkeyPatch()
    patch.setattr(Localizer, "gettext", gettext)
    patch.setattr(Localizer, "ngettext", ngettext)
    for audience, args, given in renders:
        # A wide terminal, so help lines are not wrapped inside an option's name.
        result = runner.invoke(main, args, input=given, env=env, prog_name="snl",
                               terminal_width=400, max_content_width=400)
        assert not isinstance(result.exception, (AttributeError, KeyError, ValueError,
                                                 TypeError, IndexError)), (args, result.output)
        command = " ".join(args)
        lines += [(audience, command, line) for line in result.stdout.splitlines()]
        lines += [(TEACHER, command, line) for line in result.stderr.splitlines()]
    patch.undo()
    yield lines


def test_a_nepali_classroom_reads_nothing_a_teacher_would_correct(
        rendered: list[tuple[str, str, str]]) -> None:
    assert len(rendered) > 3000
    counts = dict.fromkeys(PROBLEMS, 0)
    examples: dict[str, list[str]] = {}
    for problem, command, line in problems(rendered):
        counts[problem] += 1
        examples.setdefault(problem, []).append(f"{command}: {line}")
    assert counts == dict.fromkeys(counts, 0), {k: v[:5] for k, v in examples.items()}


def test_every_message_children_hear_says_so_to_the_translator(
        rendered: list[tuple[str, str, str]]) -> None:
    """A child-facing message carries the translator comment that keeps it in तिमी forms."""
    from babel.messages.pofile import read_po

    po = Path(__file__).resolve().parents[2] / "locales" / "ne" / "LC_MESSAGES" / "snl_edu.po"
    with po.open("rb") as file:
        catalog = read_po(file, locale="ne")
    marked = {(m.id[0] if isinstance(m.id, tuple) else m.id) for m in catalog
              if m.id and any(c.startswith("child-facing") for c in m.user_comments)}
    known = {(m.id[0] if isinstance(m.id, tuple) else m.id) for m in catalog if m.id}
    assert len(CHILD_MSGIDS & known) > 100
    unmarked = sorted((CHILD_MSGIDS & known) - marked - {HELP_OPTION_HELP})  # help: not said
    assert unmarked == [], "\n".join(unmarked)


# Each check's control: a line with the mistake it is for, as the reviews found them.
MISTAKES = [
    (CHILD, "आशा को पालो।", "split postposition"),
    (TEACHER, "b ले आफ्नो साँचो बिना फर्कन चाहने बालबालिका", "split postposition"),
    (CHILD, "Asha's turn.", "Latin outside a command"),
    (CHILD, "   स्रोत: Wikipedia, “साँप र भऱ्याङ”", "Latin outside a command"),
    (CHILD, "पासा फाल्नुहोस्।", "-नुहोस् in a child-facing line"),
    (CHILD, "कृपया पासा फाल।", "-नुहोस् in a child-facing line"),
    (CHILD, "गनौँ: एक, दुई, तिन।", "number word not in the table"),
    (CHILD, "दश दश गरेर गन।", "number word not in the table"),
    (CHILD, "गनौँ: शुन्य, एक, दुई।", "number word not in the table"),
    (TEACHER, "प्रयोग: snl [OPTIONS] COMMAND [ARGS]...", "English placeholder"),
    (CHILD, "केही संग्रहालयमा छन्।", "anusvara for a पञ्चम वर्ण"),
    (CHILD, "संख्या", "anusvara for a पञ्चम वर्ण"),
    (CHILD, "पासाका अङ्क", "अङ्क for a number"),
    (CHILD, "मोक्षपटम्को इतिहास: मोक्षपटम्", "halanta joined without ZWNJ"),
    (TEACHER, "  --bind ठेगाना  सुन्ने ठेगाना।  [नदिए: ०.०.०.०]",
     "address or port in Devanagari digits"),
    (TEACHER, "  --turn-clock सेकेन्ड  … [नदिए: ३०.०; कम्तीमा ०]", "a number with .0 or an exponent"),
    (TEACHER, "१e-१२ भन्दा सानो", "a number with .0 or an exponent"),
    (TEACHER, "आशाको आदेश «पासा फाल» ३ उदाहरणले सिकाइयो।", "quote marks the guide refuses"),
    (CHILD, 'अर्थात् "मोक्षतर्फको भऱ्याङ"।', "quote marks the guide refuses"),
    (CHILD, "उत्तर दे", "तँ order of a vowel stem"),
    (CHILD, "घर जा, अनि खाना खा।", "तँ order of a vowel stem"),
    (CHILD, "अझै ५ गन: कुन सङ्ख्यामा पुग्छौ?", "present or future तिमी verb that says a gender"),
    (CHILD, "तिमी यी पनि भन्न सक्छ्यौ।", "present or future तिमी verb that says a gender"),
    (CHILD, "त्यसको सट्टा टाइप गर्नेछौ।", "present or future तिमी verb that says a gender"),
    (CHILD, "तिमी त्यहाँ पुग्दैनौ।", "present or future तिमी verb that says a gender"),
] + [(TEACHER, line, "term the glossary rules out") for line in (
    "यो खेल सुरक्षित गरिएन।", "(पूर्वनिर्धारित: ५)", "आशाको लागि।", "बोली पहिचान मोडेल", "अघि गन्ने",
    "अङ्क चिन्ने", "खेल बचत भयो", "१ नम्बर स्थान: आशा", "पहिले ४ बाट ४ कोठा अघि गन।",
    "कल्पना गर, एउटा गोटी कोठा ९ मा छ।", "सहायताका लागि h थिच।", "सबभन्दा छोटो खेल",
    "झूटको साँप", "'--seed' का लागि दिइएको मान मिलेन: 'x'")]


def test_the_checks_catch_what_they_look_for() -> None:
    """Each check fails on the mistake it is for, so a zero count means something."""
    for audience, line, problem in MISTAKES:
        assert problem in [found for found, _, _ in problems([(audience, "x", line)])], line
    assert {problem for _, _, problem in MISTAKES} == set(PROBLEMS)
    assert {term for _, line, problem in MISTAKES for term in banned_terms()
            if problem == "term the glossary rules out" and term in line} >= {
        "बचत", "नम्बर स्थान", "अघि गन", "कल्पना गर", "सहायता", "सबभन्दा", "झूट", "मान मिलेन"}
    good = [(CHILD, "x", line) for line in (
        "आशाको पालो।", "Bikash को पासामा ४ आयो।", "w: को कहाँ छ।", "पासा फाल्न Enter थिच।",
        "खेल फेरि खेल्न यो टाइप गर: snl play --resume 3", "गनौँ: एक, दुई, तीन।",
        "प्रयोग: snl progress [विकल्पहरू] [नाम]", "SNL_DATA_DIR, A4, --out फाइल.wav",
        "यसमा २ अङ्क छन्।", "यसको अन्तिम अङ्क ० हो।", "यो सङ्ख्या अङ्कमा टाइप गर: बाह्र।", "सङ्ख्या लेख्ने अङ्क: latn",
        "अङ्क पढ्ने", "संसार र संस्करण", "छक्का! फेरि आशाको पालो।", "मोक्षपटम्\u200cको इतिहास: मोक्षपटम्",
        "  --bind ठेगाना  सुन्ने ठेगाना।  [नदिए: 0.0.0.0]", "[नदिए: १४०; ८० देखि ४५० सम्म]",
        "उत्तर देऊ", "पासा फाल्न “पासा फाल” भन।", "साँचोबिना फर्कन", "तिमी कोठा ९ मा पुग्यौ।",
        "तिम्रो गोटी कोठा ४ मा छ।", "कुन कोठामा पुगिन्छ?", "हामी गनौँ, अनि पुग्छौँ।", "पहिलो स्थान: आशा",
        "सुरक्षित कोठा", "०.५ सेकेन्ड", "कम्तीमा ०.१", "शून्य", "जोडिने कोडमा ८ वटा अक्षर वा अङ्क")]
    assert list(problems(good)) == []


def test_a_switch_on_the_page_is_named_with_the_ne_form() -> None:
    """The page's switches (its checkboxes) in Nepali, and the control: the old labels."""
    labels = page_wire.seat_labels(Localizer.create("ne"))
    assert switch_label_problems(labels) == []
    old = {**labels, "speech": "यो पानामा पढेर सुनाऊ", "sounds": "खेलका आवाज बजाऊ"}
    assert switch_label_problems(old) == ["sounds: खेलका आवाज बजाऊ", "speech: यो पानामा पढेर सुनाऊ"]


def test_no_eyelash_ra_with_a_joiner_reaches_espeak(tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """A whole game recorded through eSpeak NG, with a player whose name carries र्‍:
    every sentence eSpeak NG is handed has the RRA form."""
    from snl_edu.outputs.aloud import espeak

    heard: list[str] = []

    def spy(text: bytes, *args: object) -> int:
        heard.append(text.decode("utf-8"))
        return 0  # EE_OK: the sentence is checked, not sounded

    monkeypatch.setattr(espeak.engine().lib, "espeak_Synth", spy)
    for verbosity in ("brief", "normal", "full"):
        result = CliRunner().invoke(main, [
            "play", "--lang", "ne", "--players", "गर्" + ZWJ + "यौ", "--computer", "1",
            "--seed", "4", "--verbosity", verbosity, "--no-sound",
            "--record", str(tmp_path / f"{verbosity}.wav")], input="\n" * 300,
            env={"SNL_DATA_DIR": str(tmp_path)})
        assert result.exit_code == 0, result.output
        assert "गर्" + ZWJ + "यौ" in result.stdout  # the name itself is shown as typed
    assert len(heard) > 100
    assert [t for t in heard if "र्" + ZWJ in t or "भर्याङ" in t] == []
    assert any("गऱ्यौ" in t for t in heard)
