"""The README is a short door, and every relative link of the docs leads somewhere."""

from __future__ import annotations

import re
import unicodedata
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
MAX_README_LINES = 200

# [text](target) outside code: the target up to a space (a title may follow) or ")".
LINK = re.compile(r"\[[^\]]*\]\(([^)\s]+)[^)]*\)")
FENCE = re.compile(r"^```.*?^```", re.DOTALL | re.MULTILINE)
INLINE_CODE = re.compile(r"`[^`\n]*`")
HEADING = re.compile(r"^#{1,6}\s+(.+?)\s*#*\s*$", re.MULTILINE)


def documents() -> list[Path]:
    return [README, ROOT / "CONTRIBUTING.md", *sorted((ROOT / "docs").glob("*.md"))]


def prose(text: str) -> str:
    return INLINE_CODE.sub("", FENCE.sub("", text))


def anchors(text: str) -> set[str]:
    """The anchors GitHub gives a file's headings: lower case, punctuation dropped (letters,
    marks such as a Devanagari vowel sign, digits, "-" and "_" stay), spaces as hyphens,
    a repeated heading numbered -1, -2, ..."""
    seen: dict[str, int] = {}
    for heading in HEADING.findall(FENCE.sub("", text)):
        plain = INLINE_CODE.sub(lambda code: code.group()[1:-1], heading)
        slug = "".join(kept for kept in plain.replace("*", "").lower()
                       if kept in "-_ " or unicodedata.category(kept)[0] in "LMN")
        slug = slug.replace(" ", "-")
        count = seen.get(slug, 0)
        seen[slug] = count + 1
        if count:
            seen[f"{slug}-{count}"] = 1
    return set(seen)


def broken_links(document: Path) -> list[str]:
    """Each relative link of the document whose file, or whose #anchor in it, is missing."""
    broken = []
    for target in LINK.findall(prose(document.read_text(encoding="utf-8"))):
        if re.match(r"[a-z][a-z0-9+.-]*:", target):  # http:, mailto: and the like
            continue
        path_part, _, anchor = target.partition("#")
        linked = (document.parent / path_part).resolve() if path_part else document
        if not linked.exists():
            broken.append(f"{target} (no such file)")
        elif anchor and linked.suffix == ".md" and \
                anchor not in anchors(linked.read_text(encoding="utf-8")):
            broken.append(f"{target} (no such heading)")
    return broken


def test_every_relative_link_of_the_docs_resolves() -> None:
    assert (ROOT / "CONTRIBUTING.md").is_file()
    assert len(documents()) > 2, "the manual lives in docs/"
    broken = {doc.relative_to(ROOT).as_posix(): links for doc in documents()
              if (links := broken_links(doc))}
    assert broken == {}


def test_a_broken_link_or_anchor_is_found(tmp_path: Path) -> None:
    (tmp_path / "other.md").write_text("# Other page\n\n## Printing a board\n", encoding="utf-8")
    page = tmp_path / "page.md"
    page.write_text("# Page\n\n[ok](other.md) [ok](other.md#printing-a-board) [ok](#page)\n"
                    "[web](https://example.org/x) `[code](missing.md)`\n"
                    "[gone](missing.md) [bad anchor](other.md#printing) [self](#nowhere)\n"
                    "```sh\n[in a code block](missing.md)\n```\n", encoding="utf-8")
    assert broken_links(page) == ["missing.md (no such file)",
                                  "other.md#printing (no such heading)",
                                  "#nowhere (no such heading)"]


def test_anchors_are_named_as_github_names_them() -> None:
    text = "# snl_edu — साँप र भऱ्याङ\n## Is a child's number sense moving? The check-up\n" \
           "## Keys\n## Keys\n## `--lang` and **digits**\n"
    assert anchors(text) == {"snl_edu--साँप-र-भऱ्याङ", "keys", "keys-1", "--lang-and-digits",
                             "is-a-childs-number-sense-moving-the-check-up"}


def test_the_readme_is_short() -> None:
    lines = README.read_text(encoding="utf-8").splitlines()
    assert len(lines) <= MAX_README_LINES, "move the detail to docs/ or CONTRIBUTING.md"
