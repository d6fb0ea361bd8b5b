"""The Nepali catalog is complete, checked, and in step with the code."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.frontend import CommandLineInterface
from babel.messages.pofile import read_po

from snl_edu.cli.click_words import ENGLISH_FILLERS
from snl_edu.language.postpositions import Template

ROOT = Path(__file__).resolve().parents[2]
POT = ROOT / "locales" / "snl_edu.pot"
NE_PO = ROOT / "locales" / "ne" / "LC_MESSAGES" / "snl_edu.po"
# The extraction command of CONTRIBUTING.md's "Translating" section.
EXTRACT = ["pybabel", "-q", "extract", "-F", "pyproject.toml", "-k", "N_", "-c", "TRANSLATORS:",
           "--no-location", "--sort-output", "--project", "snl_edu",
           "--copyright-holder", "snl_edu developers"]
# A field name, optionally with a postposition the code attaches: {name} or {name:को}.
PLACEHOLDER = re.compile(r"\{(\w*)(?:![rsa])?(?::[^{}]*)?\}")


# The update command of CONTRIBUTING.md's "Translating" section, whose layout the .po keeps: one
# layout means translators' merges touch only the entries they changed.
UPDATE = ["pybabel", "-q", "update", "-w", "100", "--ignore-obsolete", "--no-fuzzy-matching",
          "-D", "snl_edu"]


def catalog():  # type: ignore[no-untyped-def]
    with NE_PO.open("rb") as po:
        return read_po(po, locale="ne")


def messages():  # type: ignore[no-untyped-def]
    return [m for m in catalog() if m.id]


def test_committed_pot_matches_a_fresh_extraction(tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    fresh = tmp_path / "fresh.pot"
    CommandLineInterface().run([*EXTRACT, "-o", str(fresh), "."])
    with fresh.open("rb") as f, POT.open("rb") as g:
        fresh_ids = {m.id for m in read_po(f) if m.id}
        committed_ids = {m.id for m in read_po(g) if m.id}
    assert fresh_ids - committed_ids == set(), "strings added without extraction"
    assert committed_ids - fresh_ids == set(), "the .pot holds strings the code no longer has"


def test_the_catalog_keeps_the_layout_the_update_command_writes(tmp_path: Path) -> None:
    copy = tmp_path / "ne" / "LC_MESSAGES" / "snl_edu.po"
    copy.parent.mkdir(parents=True)
    copy.write_bytes(NE_PO.read_bytes())
    CommandLineInterface().run([*UPDATE, "-i", str(POT), "-d", str(tmp_path)])
    # The header's dates may differ; every other line is as CONTRIBUTING.md's command writes it.
    def body(path: Path) -> list[str]:
        return [line for line in path.read_text().splitlines() if "-Date:" not in line]
    assert body(copy) == body(NE_PO), (
        "run the pybabel update of CONTRIBUTING.md (-w 100 --ignore-obsolete) after editing"
        " the catalog")


def test_nepali_covers_the_template_exactly() -> None:
    with POT.open("rb") as g:
        template = {m.id for m in read_po(g) if m.id}
    assert {m.id for m in messages()} == template


def test_no_untranslated_or_fuzzy_entries() -> None:
    for message in messages():
        assert not message.fuzzy, message.id
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        assert all(s.strip() for s in strings), f"untranslated: {message.id!r}"


def test_babel_checks_pass() -> None:
    problems = [(m.id, [str(e) for e in errors]) for m, errors in catalog().check()]
    assert problems == []


def test_nepali_plural_forms() -> None:
    cat = catalog()
    assert cat.num_plurals == 2 and cat.plural_expr == "(n != 1)"


def test_placeholders_match_exactly() -> None:
    for message in messages():
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        for index, text in enumerate(strings):
            found = set(PLACEHOLDER.findall(text))
            # Each form names the fields of its English form (or of the plural); Click fills
            # some fields with English words of its own, which Nepali may leave out.
            allowed = [set(PLACEHOLDER.findall(ids[min(index, len(ids) - 1)])),
                       set(PLACEHOLDER.findall(ids[-1]))]
            allowed += [fields - set(ENGLISH_FILLERS) for fields in allowed]
            assert found in allowed, (message.id, text)
            Template(text).format(**{name: "x" for name in found})  # well-formed braces


def test_translations_are_devanagari() -> None:
    """Every entry with English words is translated into Devanagari text."""
    for message in messages():
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        if not re.search("[A-Za-z]", PLACEHOLDER.sub("", ids[0])):
            continue  # only placeholders and punctuation, such as "{number}. {fact}"
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        for text in strings:
            assert re.search("[\u0900-\u097f]", text), (message.id, text)


def test_no_translation_says_a_sentence_twice() -> None:
    """A sentence pasted twice into one form (a merge's slip) reads as a stammer."""
    doubled = []
    for message in messages():
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        for text in strings:
            sentences = [s.strip() for s in re.split(r"(?<=[।?!])", text) if len(s.strip()) > 20]
            if len(sentences) != len(set(sentences)):
                doubled.append(text)
    assert doubled == []


# Postpositions Nepali writes joined to their noun; after a placeholder they go into it
# ({name:को}), so the code joins or spaces them by what the value ends in.
POSTPOSITIONS = ("को", "का", "की", "ले", "लाई", "मा", "बाट", "देखि", "सम्म", "सम्मको", "सम्मका",
                 "भन्दा", "मध्ये", "सँग", "भित्र", "अनुसार", "पछि", "मै", "नै")
SPLIT_AFTER_PLACEHOLDER = re.compile(
    r"\{\w+\}\s?(?:" + "|".join(POSTPOSITIONS) + r")(?![\u0900-\u097f])")


def test_postpositions_go_into_their_placeholder() -> None:
    split = [text for message in messages()
             for text in (message.string if isinstance(message.string, tuple)
                          else (message.string,))
             if SPLIT_AFTER_PLACEHOLDER.search(text)]
    assert split == []


def test_eyelash_ra_is_written_with_rra() -> None:
    """र्‍ (RA, halanta, ZWJ) renders and is read inconsistently; ऱ्य is the dictionary form."""
    bad = [m.id for m in messages() for text in (m.string if isinstance(m.string, tuple)
                                                   else (m.string,))
           if "\u0930\u094d\u200d" in text or "भर्याङ" in text or re.search(r"(?<![\u0900-\u097f])दश(?![\u0900-\u097f])", text)]
    assert bad == []


def _plural_for_names(msgid: object, msgstr: object) -> bool:
    """An entry about ``{names}`` (which may be one child) with no plural form whose Nepali
    ends in a plural verb (STYLE.md §4, "One name may be one child")."""
    from tests.language.style_checks import plural_verbs

    ending = "(?:" + "|".join(map(re.escape, plural_verbs())) + ")[।?!]?$"
    return (isinstance(msgid, str) and "{names}" in msgid and isinstance(msgstr, str)
            and re.search(ending, msgstr.strip()) is not None)


def test_a_list_of_names_that_may_be_one_child_takes_no_plural_verb() -> None:
    assert [m.id for m in messages() if _plural_for_names(m.id, m.string)] == []
    # The control: the review's "आशा … जोडिन सक्छन्" for one child.
    assert _plural_for_names("{names} may join again with their name.",
                             "{names} अब आफ्नो नामले फेरि जोडिन सक्छन्।")
