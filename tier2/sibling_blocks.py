"""The sibling blocks of an excerpt: the parts under headings of one shape, told apart by an
index ("Results 1:" / "Results 2:", "Adverse Events 1:" / "Adverse Events 2:", "## Arm A" /
"## Arm B", "Cohort 1" / "Cohort 2", "A组" / "B组", "队列1" / "队列2", "## 2022" / "## 2023").

A line under "Results 2:" states the second group's figure, whatever the line itself says
("Unit of Measure: months 15.0"): what it is about is the block's title — its heading and the
label line under it ("Arm/Group Title: Arm II …"). The answer check (``tier2.answer_check``)
reads these blocks to hold a supported quote from one of them to the claim about it.

Headings are the lines the excerpt builder reads as headings (``excerpt.builder.heading_like``),
and a bare "<name> <index>" line ("Arm A"); a table caption or a page marker is no group. A
block runs from its heading to the next heading of its shape, and stops early at a heading
seen above the first of them (the next outcome's "Outcome Measurement:") or, for a Markdown
heading, at one of its level or higher.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from citeproof.sources.headings import markdown_heading, page_marker, table_caption
from excerpt.builder import LABEL_MAX_TOKENS, heading_like
from excerpt.tokens import count_tokens

# The index a sibling heading ends its name with: a number, a capital letter, a Roman numeral.
_INDEX = r"(?:\d{1,2}|[A-Z]|[IVX]{1,4})"
_SHAPED = re.compile(rf"^(?P<name>[A-Za-z][A-Za-z /&-]{{0,38}}?)\s+(?P<index>{_INDEX})(?=$|[\s:：.,(（-])")
_BARE = re.compile(rf"^[A-Za-z][A-Za-z-]*(?:\s+[A-Za-z][A-Za-z-]*){{0,2}}\s+{_INDEX}\s*[:：]?$")
# "Arm A: Drug X plus chemotherapy", "Cohort 2 (n=40)", "Group 1 — 10 mg": a short line that
# opens with a name and its index, then a colon, a dash or a bracket, is a group's heading too
_LABELLED = re.compile(rf"^[A-Za-z][A-Za-z-]*(?:\s+[A-Za-z][A-Za-z-]*){{0,2}}\s+{_INDEX}\s*[:：—–(（-]")
_LABELLED_MAX_WORDS = 10
_OWN_LABEL = re.compile(rf"{_LABELLED.pattern}\s*\w")  # the label follows on the heading's line

# A Chinese group and its index, either way round ("A组", "第二组", "队列1", "组B"), and a year
# ("2023年", "FY2023"): a report's sections by group or by year are siblings as "Arm A"/"Arm B"
# are (rt23b: a lying judge's quote from "B组" or "## 2022" passed for a claim about A组 or 2023).
_CN_NUMERALS = {c: str(n) for n, c in enumerate("一二三四五六七八九十", start=1)}
_CN_INDEX = r"[A-Za-z]|\d{1,2}|[一二三四五六七八九十]"
_CN_GROUP = re.compile(
    rf"(?:第\s*)?(?<![A-Za-z0-9])(?P<a>{_CN_INDEX})\s*(?P<an>组|队列)|(?P<bn>队列|组)\s*(?P<b>{_CN_INDEX})(?![A-Za-z0-9])"
)
_YEAR = re.compile(r"(?<!\d)(?:FY\s?)?(?P<year>(?:19|20)\d{2})(?!\d)")
_YEAR_HEADING = re.compile(rf"^{_YEAR.pattern}(?:\s*年度?)?\s*[:：]?$", re.IGNORECASE)
_CN_HEADING = re.compile(rf"^(?:{_CN_GROUP.pattern})(?=$|[\s:：(（，,、—–-]|[\u4e00-\u9fff])")
_CN_HEADING_MAX_CHARS = 30  # a longer line under no heading mark is a sentence about the group


def group_names(text: str) -> set[str]:
    """The indexed Chinese groups and the years ``text`` names, as block names ("组 a",
    "队列 2", "year 2023"): what ties a claim or a quote to such a block."""
    names = {_cn_name(m) for m in _CN_GROUP.finditer(text)}
    return names | {f"year {m.group('year')}" for m in _YEAR.finditer(text)}


def _cn_name(m: re.Match[str]) -> str:
    word, index = (m.group("an"), m.group("a")) if m.group("an") else (m.group("bn"), m.group("b"))
    return f"{word} {_CN_NUMERALS.get(index, index).lower()}"


@dataclass(frozen=True, slots=True)
class Block:
    shape: str  # what its heading shares with its siblings: the name before the index ("results")
    name: str  # its heading's name and index ("results 2")
    start: int  # its heading's line
    end: int  # one past its last line
    title: str  # its heading and the label line under it


def heading_shape(line: str) -> tuple[str, str] | None:
    """(shape, index) of a heading that names one of several groups ("Results 2:" → ("results",
    "2"); "## Arm B: Drug X" → ("## arm", "B")), else None."""
    s = line.strip()
    bold = s.startswith(("**", "__")) and s.endswith(s[:2]) and len(s) > 4
    if bold:
        s = s[2:-2].strip()  # a bold line is set as a heading
    md = markdown_heading(s)
    text = md[1] if md is not None else s
    if table_caption(text) is not None or page_marker(text) is not None:
        return None
    other = _cn_or_year_shape(text, heading=md is not None or bold or heading_like(s))
    if other is not None:
        return ("#" * md[0] + " " + other[0] if md is not None else other[0]), other[1]
    if md is None and not heading_like(s) and not _BARE.match(s) and not (
        _LABELLED.match(s) and len(s.split()) <= _LABELLED_MAX_WORDS
    ):
        return None
    m = _SHAPED.match(text)
    if m is None:
        return None
    name = " ".join(m.group("name").lower().split())
    return ("#" * md[0] + " " + name if md is not None else name), m.group("index")


def _cn_or_year_shape(text: str, *, heading: bool) -> tuple[str, str] | None:
    """(shape, index) of a Chinese group heading ("B组：安慰剂联合化疗", "队列2") or a year
    heading ("2023年", "FY2023:"); a group line too long to be a heading, unmarked, or one
    ending a sentence, is text about the group."""
    year = _YEAR_HEADING.match(text)
    if year is not None:
        return "year", year.group("year")
    m = _CN_HEADING.match(text)
    if m is None:
        return None
    if not heading and (len(text) > _CN_HEADING_MAX_CHARS or text.endswith(("。", "；", ".", ";"))):
        return None
    shape, index = _cn_name(m).split(" ")
    return shape, index


def sibling_blocks(lines: Sequence[str]) -> list[Block]:
    """The blocks of ``lines`` (an excerpt's non-empty lines) under headings of one shape, for
    each shape at least two of whose headings differ in their index."""
    shapes: dict[str, list[tuple[int, str]]] = {}
    for k, line in enumerate(lines):
        found = heading_shape(line)
        if found is not None:
            shapes.setdefault(found[0], []).append((k, found[1]))
    blocks: list[Block] = []
    for shape, heads in shapes.items():
        if len({index for _, index in heads}) < 2:
            continue
        above = {_key(lines[j]) for j in range(heads[0][0]) if heading_like(lines[j])}
        starts = [k for k, _ in heads]
        # a heading of another sibling shape ends the block too: an "INTERVENTION 2:" block stops
        # at "Results 1:" (rt23b C16: it ran over both results and refused arm I's true figure)
        others = {k for other, hs in shapes.items() if other != shape and len({i for _, i in hs}) > 1 for k, _ in hs}
        for n, start in enumerate(starts):
            stop = starts[n + 1] if n + 1 < len(starts) else len(lines)
            end = start + 1
            while end < stop and end not in others and not _closes(lines[end], above, lines[start]):
                end += 1
            name = f"{shape.split()[-1]} {heads[n][1].lower()}"
            blocks.append(Block(shape, name, start, end, _title(lines, start, end)))
    return blocks


def _key(line: str) -> str:
    return " ".join(line.lower().split())


def _closes(line: str, above: set[str], heading: str) -> bool:
    """Does ``line`` end a block opened by ``heading``: a heading seen above the blocks (the
    next part of the record), or a Markdown heading of the heading's level or higher?"""
    if heading_like(line) and _key(line) in above:
        return True
    md, own = markdown_heading(line), markdown_heading(heading)
    return md is not None and own is not None and md[0] <= own[0]


def _title(lines: Sequence[str], start: int, end: int) -> str:
    """A block's heading and its label line (the line after it: an arm's title), as the
    excerpt builder keeps them together."""
    label = start + 1
    heading = lines[start].strip().strip("*_").strip()
    if _OWN_LABEL.match(heading):
        return lines[start]  # "Arm A: Drug X …" holds its own label; the next line is the block's text
    md = markdown_heading(heading)
    if _cn_or_year_shape(md[1] if md else heading, heading=True) is not None:
        return lines[start]  # "A组（X）", "## 2023": what follows is the group's text, not its label
    if label < end and not heading_like(lines[label]) and count_tokens(lines[label]) <= LABEL_MAX_TOKENS:
        return f"{lines[start]} {lines[label]}"
    return lines[start]
