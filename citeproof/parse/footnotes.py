"""Markdown footnotes as a reader follows them: a reference cites what its note cites.

``…was 45%[^1].`` with ``[^1]: [nct:NCT00000001#L3]`` (or ``[^1]: Source: https://…``) cites
that record: the reader follows the mark to the note and finds the citation there. A note
that holds only citations (and a "Source:"-style label) is read into each of its references and
drawn no further; a note that says more stays a paragraph of its own, its ``[^1]:`` mark
removed (its sentence is a claim like any other). Rewritten before Markdown reads the report,
which would otherwise take ``[^1]: …`` for a link definition and draw ``[^1]`` as "^1".
Every line keeps its number.
"""

from __future__ import annotations

import re

_LABEL = r"\[\^(?P<label>[^\[\]\s]{1,40})\]"
_DEFINITION = re.compile(rf"^{_LABEL}:[ \t]?(?P<body>.*)$")
_REFERENCE = re.compile(rf"{_LABEL}(?!:)")
# any footnote mark, a reference or a note's own "[^1]:": not what a sentence states ("Arm I[^1]")
MARK = re.compile(rf"{_LABEL}:?")
_CITATION = re.compile(r"\[[A-Za-z][\w-]*:[^\[\]\n]+\]|https?://[^\s<>()\]]+")
# what a note may hold besides its citations and still be only a citation ("Source: …", "见")
_LABEL_ONLY = re.compile(r"^[\s,;.:()\[\]–—-]*(?:(?:sources?|see|ref(?:erence)?s?|from|cited|via|见|来源|出处)\b[\s:：,.]*)?[\s,;.:()–—-]*$",
                         re.IGNORECASE)


def read_footnotes(text: str) -> str:
    """``text`` with each reference to a citations-only note replaced by those citations."""
    if "[^" not in text:
        return text
    lines = text.split("\n")
    cites: dict[str, str] = {}
    for i, line in enumerate(lines):
        m = _DEFINITION.match(line)
        if m is None:
            continue
        body = m.group("body")
        found = _CITATION.findall(body)
        if found and _LABEL_ONLY.match(_CITATION.sub(" ", body)):
            cites[m.group("label")] = " ".join(found)
            lines[i] = ""  # a note of citations only: drawn at the foot, read at each reference
        else:
            lines[i] = body  # a note that says something: its own paragraph, without the mark
    out = "\n".join(lines)
    if not cites:
        return out
    return _REFERENCE.sub(lambda r: _cited_at(r, out, cites), out)


def _cited_at(ref: re.Match[str], text: str, cites: dict[str, str]) -> str:
    """What a reference stands for: its note's citations, less a bare one (``[nct:X]``) whose
    record the sentence already cites at a place (``[nct:X#Results]``): a bibliography-style
    note adds no locator-less citation to a line that has the located one."""
    found = cites.get(ref.group("label"))
    if found is None:
        return ref.group(0)
    start, end = text.rfind("\n", 0, ref.start()) + 1, text.find("\n", ref.end())
    line = text[start : end if end != -1 else len(text)]
    kept = [c for c in _CITATION.findall(found)
            if not (c.startswith("[") and "#" not in c and c.rstrip("]") + "#" in line)]
    return f" {' '.join(kept)}" if kept else ""
