"""Markdown footnotes as a reader follows them: a reference cites what its note cites.

``…was 45%[^1].`` with ``[^1]: [nct:NCT00000001#L3]`` (or ``[^1]: Source: https://…``,
``[^1]: <https://…>``, ``[^1]: [Registry](https://…)``, ``[^1]: Registry record, https://…``)
cites that record: the reader follows the mark to the note and finds the citation there. A
note that holds only citations (and a "Source:"-style label, or a short name of the source
before its URL) is read into each of its references and
drawn no further; a note that says more stays a paragraph of its own, its ``[^1]:`` mark
removed (its sentence is a claim like any other), and its citations are read into each of its
references too: "…improved survival.[^2]" with "[^2]: Median survival was 11.2 months
[evidence:…]" cites what the reader finds at the note, no anchorless claim. Rewritten before Markdown reads the report,
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
# how Markdown writes a URL in a note: an autolink "<https://…>" or a link "[title](https://…)";
# read as the URL itself
_WRAPPED_URL = re.compile(r"<(https?://[^\s<>]+)>|\[[^\[\]\n]*\]\((https?://[^\s()]+)\)")
# what a note may hold besides its citations and still be only a citation ("Source: …", "见")
_LABEL_ONLY = re.compile(r"^[\s,;.:()\[\]–—-]*(?:(?:sources?|see|ref(?:erence)?s?|from|cited|via|见|来源|出处)\b[\s:：,.]*)?[\s,;.:()–—-]*$",
                         re.IGNORECASE)
# ... or the name of its source around the citation: a few words whose only figures are a year,
# an identifier or a place in the source ("ClinicalTrials.gov record NCT00075764,", "Example Corp
# 2023 Annual Report", "Smith 2023", "See …, table 2") ...
_NAME_FIGURES = re.compile(
    r"(?<![\d.])(?:19|20)\d{2}[-/.]\d{1,2}[-/.]\d{1,2}(?!\d)|(?<![\d.])(?:19|20)\d{2}(?![\d.%])|\b[A-Za-z]+[-_]?\d[\w-]*\b"
    r"|\b(?:tables?|fig(?:ure)?s?\.?|p{1,2}\.?|pages?|sections?|chapters?|appendix|supplement(?:ary)?)\s*[\dA-Z][\d.\-–,]*",
    re.IGNORECASE,
)
# ... or a bibliographic entry: authors "et al.", a journal's "2016;375:1823-33", a DOI
_BIBLIOGRAPHIC = re.compile(r"\bet al\b|(?:19|20)\d{2}\s*;\s*\d+\s*(?:\(\s*\d+\s*\))?\s*:\s*\w?\d+|\bdoi\b", re.IGNORECASE)


def is_citation_label(text: str) -> bool:
    """Whether ``text`` (a sentence with its citations removed) only labels them: "Source:",
    "See", "来源：" — so the sentence is its citations, for the sentence before it."""
    return _LABEL_ONLY.match(text) is not None


def _names_its_source(rest: str) -> bool:
    if _BIBLIOGRAPHIC.search(rest):
        return True
    bare = _NAME_FIGURES.sub(" ", rest)
    return not any(c.isdigit() for c in bare) and len(rest.split()) <= 12


def note_citations(body: str) -> list[str]:
    """Every citation a note holds, whatever else it says."""
    # a wrapped URL is read whole, parentheses and all ("…/PIIS1470-2045(20)30001-1/fulltext")
    wrapped = [m.group(1) or m.group(2) for m in _WRAPPED_URL.finditer(body)]
    return wrapped + _CITATION.findall(_WRAPPED_URL.sub(" ", body))


def citations_only(body: str) -> list[str]:
    """The citations of a note that holds nothing else a reader would check, or []: besides its
    citations only a label ("Source:"), the name of its source, or a bibliographic entry."""
    found = note_citations(body)
    if not found:
        return []
    rest = _CITATION.sub(" ", _WRAPPED_URL.sub(" ", body))
    if _LABEL_ONLY.match(rest) or _names_its_source(rest):
        return found
    return []


def read_footnotes(text: str) -> str:
    """``text`` with each reference to a note replaced by the note's citations (a reference to a
    note without any stays as written)."""
    if "[^" not in text:
        return text
    lines = text.split("\n")
    cites: dict[str, str] = {}
    marked: set[str] = set()  # notes that say more: their mark stays beside the citations it reads in
    for i, line in enumerate(lines):
        m = _DEFINITION.match(line)
        if m is None:
            continue
        body = m.group("body")
        found = citations_only(body)
        if found:
            cites[m.group("label")] = " ".join(found)
            lines[i] = ""  # a note of citations only: drawn at the foot, read at each reference
        else:
            lines[i] = body  # a note that says something: its own paragraph, without the mark
            if found := note_citations(body):
                # ... and what it cites is what a reader who follows a reference to it finds
                cites[m.group("label")] = " ".join(found)
                marked.add(m.group("label"))
    out = "\n".join(lines)
    if not cites:
        return out
    return _REFERENCE.sub(lambda r: _cited_at(r, out, cites, marked), out)


def _cited_at(ref: re.Match[str], text: str, cites: dict[str, str], marked: set[str]) -> str:
    """What a reference stands for: its note's citations, less a bare one (``[nct:X]``) whose
    record the sentence already cites at a place (``[nct:X#Results]``): a bibliography-style
    note adds no locator-less citation to a line that has the located one. A note that says
    more keeps its mark too (a note, not just a source, is what the mark points to)."""
    found = cites.get(ref.group("label"))
    if found is None:
        return ref.group(0)
    start, end = text.rfind("\n", 0, ref.start()) + 1, text.find("\n", ref.end())
    line = text[start : end if end != -1 else len(text)]
    # nor one the line already writes: a note that says more may cite the sentence's own source
    kept = [c for c in _CITATION.findall(found)
            if not (c.startswith("[") and "#" not in c and c.rstrip("]") + "#" in line) and c not in line]
    mark = ref.group(0) if ref.group("label") in marked else ""
    return mark + (f" {' '.join(kept)}" if kept else "")
