"""The sibling blocks of an excerpt: the parts under headings of one shape, told apart by an
index ("Results 1:" / "Results 2:", "Adverse Events 1:" / "Adverse Events 2:", "## Arm A" /
"## Arm B", "Cohort 1" / "Cohort 2").

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
    if s.startswith(("**", "__")) and s.endswith(s[:2]) and len(s) > 4:
        s = s[2:-2].strip()  # a bold line is set as a heading
    md = markdown_heading(s)
    text = md[1] if md is not None else s
    if table_caption(text) is not None or page_marker(text) is not None:
        return None
    if md is None and not heading_like(s) and not _BARE.match(s) and not (
        _LABELLED.match(s) and len(s.split()) <= _LABELLED_MAX_WORDS
    ):
        return None
    m = _SHAPED.match(text)
    if m is None:
        return None
    name = " ".join(m.group("name").lower().split())
    return ("#" * md[0] + " " + name if md is not None else name), m.group("index")


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
    if _OWN_LABEL.match(lines[start].strip().strip("*_").strip()):
        return lines[start]  # "Arm A: Drug X …" holds its own label; the next line is the block's text
    if label < end and not heading_like(lines[label]) and count_tokens(lines[label]) <= LABEL_MAX_TOKENS:
        return f"{lines[start]} {lines[label]}"
    return lines[start]
