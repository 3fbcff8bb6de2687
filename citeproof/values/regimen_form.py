"""Which form of a regimen a figure is stated for: one drug given alone, or in combination.

"Median PFS was 11.5 months with X and Y and 6.9 months with X alone" holds every word and
number of "Median PFS with X alone was 11.5 months": what tells its two figures apart is the
word saying the regimen was given alone ('alone', 'monotherapy', '单药') or combined ('plus',
'in combination with', 'X + Y', '联合'; ``regimen_forms`` in ``claim_support.json``), and which
figure it is written with.

Each figure owns the form words of its stretch of the sentence: what lies before it back to the
previous figure, and after it up to the next. Between two figures, the first clause break
(a mark such as ',' or a word of ``clause_breaks``: 'and', 'versus', '，') ends the earlier
figure's stretch and opens the later one's ("11.5 months with X plus Y versus 6.9 months with X
alone", "X联合Y组为11.5个月，X单药组为6.9个月"), as does a bracket closing after the earlier figure
("11.5个月（X联合Y）和6.9个月（X单药）"); with no break between them, the words are both figures'.

A claim figure whose own stretch states one form passes only when the segment states that
figure in a stretch of that form alone, once the segment writes a form word at all: one written
with the other form, with both, or with none while the segment gives a form to other figures,
may be another regimen's. Such a claim goes to the judge; it is never failed here.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache

from citeproof.values.segment_support import cue_document

ALONE = "alone"
COMBINED = "in combination"

_SENTENCE_BREAK = re.compile(r"[;!?；。！？]|(?<!\d)\.(?!\d)")
_NUMBER = re.compile(r"(?<![0-9A-Za-z.])\d+(?:,\d{3}(?!\d))*(?:\.\d+)?")
_MARK = re.compile(r"[，；：、]|,(?!\d)|:(?!\d)")
_CLOSE = re.compile(r"[)）]")


@dataclass(frozen=True, slots=True)
class _Forms:
    cues: tuple[tuple[re.Pattern[str], str], ...]  # each form's words, with the form they state
    breaks: re.Pattern[str]


def _alternation(words: Iterable[str]) -> str:
    return "|".join(map(re.escape, sorted(words, key=len, reverse=True)))


@lru_cache(maxsize=1)
def _forms() -> _Forms:
    doc = cue_document()["regimen_forms"]
    breaks = [*cue_document()["clause_breaks"]["en"], *cue_document()["clause_breaks"]["zh"]]

    def cue(latin: list[str], chinese: list[str]) -> re.Pattern[str]:
        return re.compile(rf"(?<![a-z])(?:{_alternation(latin)})(?![a-z])|{_alternation(chinese)}")

    # a sign joins two names only, glued to both or spaced from both ("X+Y", "X + Y"): "CD8+ cells",
    # "grade 3+" and "+5%" join none
    signs = _alternation(doc["signs"])
    sign = re.compile(rf"(?<=[^\W\d_])(?:{signs})(?=[^\W\d_])|(?<=[^\W\d_)]) (?:{signs}) (?=[^\W\d_(])")
    return _Forms(
        cues=(
            (cue(doc["alone"], doc["alone_zh"]), ALONE),
            (cue(doc["combined"], doc["combined_zh"]), COMBINED),
            (sign, COMBINED),
        ),
        breaks=re.compile(
            rf"(?<![a-z])(?:{_alternation(w for w in breaks if w.isascii())})(?![a-z])"
            rf"|{_alternation(w for w in breaks if not w.isascii())}"
        ),
    )


def written_form(low: str) -> str | None:
    """``ALONE`` or ``COMBINED`` when lower-case text writes words of one form only, else None
    (the answer check reads a quote's clause and a claim's subject with it)."""
    forms = {form for pattern, form in _forms().cues if pattern.search(low)}
    return forms.pop() if len(forms) == 1 else None


def _first_break(low: str, start: int, end: int) -> int | None:
    """Where the first clause break between two figures stands, or None. A bracket closing
    after a figure ends the words it holds for it ("11.5个月（X联合Y）和6.9个月（X单药）")."""
    hits = [m.start() for p in (_MARK, _forms().breaks) if (m := p.search(low, start, end))]
    if m := _CLOSE.search(low, start, end):
        hits.append(m.end())
    return min(hits) if hits else None


def figure_forms(text: str) -> list[tuple[str, float, frozenset[str]]]:
    """Each figure of ``text`` (as written, its value) with the forms its stretch states."""
    out = []
    for sentence in _SENTENCE_BREAK.split(text):
        low = sentence.lower()
        numbers = list(_NUMBER.finditer(low))
        if not numbers:
            continue
        owned: list[set[str]] = [set() for _ in numbers]
        for pattern, form in _forms().cues:
            for m in pattern.finditer(low):
                for k in _owners(low, numbers, m.start()):
                    owned[k].add(form)
        out += [(n.group(0), float(n.group(0).replace(",", "")), frozenset(f)) for n, f in zip(numbers, owned)]
    return out


def _owners(low: str, numbers: list[re.Match[str]], at: int) -> tuple[int, ...]:
    """The figures whose stretch holds the word at ``at``."""
    later = next((k for k, n in enumerate(numbers) if n.start() > at), len(numbers))
    if later == 0:
        return (0,)  # before the first figure
    if later == len(numbers):
        return (later - 1,)  # after the last
    cut = _first_break(low, numbers[later - 1].end(), numbers[later].start())
    if cut is None:
        return (later - 1, later)  # nothing tells the two figures' words apart
    return (later - 1,) if at < cut else (later,)


def regimen_differs(claim_text: str, segment_text: str, claim_numbers: Iterable[float] = ()) -> str | None:
    """Why the segment does not state a claim figure for the regimen form the claim states it
    for (see the module doc), or None. ``claim_numbers``: the values of the claim's atoms, so a
    number that is no figure of the claim ("grade 3") is not read."""
    wanted = set(claim_numbers)
    # the claim first: most claims state no form, and then the segment need not be read
    claimed = [(raw, value, forms) for raw, value, forms in figure_forms(claim_text) if value in wanted and len(forms) == 1]
    if not claimed:
        return None
    theirs = figure_forms(segment_text)
    if not any(forms for _, _, forms in theirs):
        return None  # the segment tells no form apart: nothing here to misread
    for raw, value, forms in claimed:
        stated = [f for _, v, f in theirs if v == value]
        if not stated or forms in stated:
            continue
        (form,) = forms
        written = sorted({f for fs in stated for f in fs})
        where = f"the source states it for a regimen given {' and '.join(written)}" if written else "the source gives the forms to other figures"
        return f"the claim gives {raw} to a regimen given {form}; {where}"
    return None
