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

A figure whose stretch names a combination, two names joined by a partner word ("11.5 months
with X and Y", "X联合Y组为11.5个月"), is that combination's: a claim naming one of the two but
not the other ("Median PFS with X was 11.5 months") is not backed by it, though it writes no form
word at all (``partner_dropped``). The pair belongs to the figure whose stretch holds its first
name: the "and" joining two names is no break before it.

A claim figure whose own stretch states one form passes only when the segment states that
figure in a stretch of that form alone, once the segment writes a form word at all: one written
with the other form, with both, or with none while the segment gives a form to other figures,
may be another regimen's. Such a claim goes to the judge; it is never failed here.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache

from citeproof.values.lexicon import alternation, bounded_words
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


@lru_cache(maxsize=1)
def _forms() -> _Forms:
    doc = cue_document()["regimen_forms"]
    breaks = [*cue_document()["clause_breaks"]["en"], *cue_document()["clause_breaks"]["zh"]]

    def cue(latin: list[str], chinese: list[str]) -> re.Pattern[str]:
        return re.compile(bounded_words([*latin, *chinese]))

    # a sign joins two names only, glued to both or spaced from both ("X+Y", "X + Y"): "CD8+ cells",
    # "grade 3+" and "+5%" join none
    signs = alternation(doc["signs"])
    sign = re.compile(rf"(?<=[^\W\d_])(?:{signs})(?=[^\W\d_])|(?<=[^\W\d_)]) (?:{signs}) (?=[^\W\d_(])")
    return _Forms(
        cues=(
            (cue(doc["alone"], doc["alone_zh"]), ALONE),
            (cue(doc["combined"], doc["combined_zh"]), COMBINED),
            (sign, COMBINED),
        ),
        breaks=re.compile(bounded_words(breaks)),
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


@dataclass(frozen=True, slots=True)
class _Partners:
    joins: re.Pattern[str]  # the whole gap between two names of one regimen
    names: re.Pattern[str]  # a coded name, or a name noun with its capital or code
    respective: re.Pattern[str]


@lru_cache(maxsize=1)
def _partners() -> _Partners:
    doc = cue_document()["regimen_forms"]
    # ASCII bounds: a name is glued to the Chinese around it ("ABC-123联合XYZ-456组")
    code = r"[A-Z]{2,}-?\d{3,}(?![A-Za-z0-9_-])"
    nouns = rf"(?i:(?<![a-z])(?:{alternation(doc['name_nouns'])}))\s+(?:{code}|[A-Z](?![A-Za-z0-9_-]))"
    nouns_zh = rf"(?:{alternation(doc['name_nouns_zh'])})\s?(?:{code}|[A-Z](?![A-Za-z0-9-]))"
    return _Partners(
        joins=re.compile(rf"\s*(?:(?:{alternation(doc['partner_joins'])})|{alternation(doc['partner_joins_zh'])})\s*", re.IGNORECASE),
        # a name noun first, so "agent ABC-123" is one name; a code alone is not an NCT number
        names=re.compile(rf"{nouns}|{nouns_zh}|(?<![A-Za-z0-9_-])(?!NCT\d){code}"),
        respective=re.compile(alternation(doc["respective"]), re.IGNORECASE),
    )


def _sentence_spans(text: str) -> list[tuple[int, int]]:
    bounds = [0, *(x for m in _SENTENCE_BREAK.finditer(text) for x in (m.start(), m.end())), len(text)]
    return list(zip(bounds[::2], bounds[1::2]))


def _carried(name: str, claim: str) -> bool:
    """Whether the claim writes a coded or noun-led name: its code or capital, as a word."""
    token = name.split()[-1] if " " in name.strip() else re.sub(r"^[^A-Z]+", "", name)
    return re.search(rf"(?<![A-Za-z0-9_-]){re.escape(token)}(?![A-Za-z0-9_-])", claim) is not None


def _combinations(text: str, names: list[tuple[int, int, bool]]) -> list[tuple[int, int, list[tuple[int, int, bool]]]]:
    """Runs of two or more names joined by partner words: (start, end, their names)."""
    runs: list[tuple[int, int, list[tuple[int, int, bool]]]] = []
    current: list[tuple[int, int, bool]] = []
    for name in names:
        if current and _partners().joins.fullmatch(text, current[-1][1], name[0]):
            current.append(name)
            continue
        if len(current) > 1:
            runs.append((current[0][0], current[-1][1], current))
        current = [name]
    if len(current) > 1:
        runs.append((current[0][0], current[-1][1], current))
    return runs


def partner_dropped(
    claim_text: str, segment_text: str, claim_numbers: Iterable[float] = (),
    drugs: Callable[[], Sequence[tuple[int, int, bool]]] = tuple,
) -> str | None:
    """Why a claim figure is, in the segment, a combination's whose partner the claim does not
    name (see the module doc), or None. ``drugs``: the segment's drug mentions as (start, end,
    whether the claim names that drug under any of its names), read only when needed."""
    wanted = set(claim_numbers)
    if not wanted:
        return None
    found: Sequence[tuple[int, int, bool]] | None = None
    for start, end in _sentence_spans(segment_text):
        sentence = segment_text[start:end]
        if _partners().respective.search(sentence) or not _partners().joins.search(sentence):
            continue
        if found is None:
            found = drugs()
        names = [(a - start, b - start, carried) for a, b, carried in found if start <= a and b <= end]
        taken = [(a, b) for a, b, _ in names]
        for m in _partners().names.finditer(sentence):
            if all(m.end() <= a or m.start() >= b for a, b in taken):
                names.append((m.start(), m.end(), _carried(m.group(0), claim_text)))
        names.sort()
        runs = _combinations(sentence, names)
        if not runs:
            continue
        # a name holds no figure ("ABC-123"); a pair is its first name's figure's, whatever its
        # "and" cuts after that
        lowered = sentence.lower()
        low = list(lowered if len(lowered) == len(sentence) else sentence)  # offsets must hold
        for a, b, _ in names:
            low[a:b] = "_" * (b - a)
        masked = "".join(low)
        numbers = list(_NUMBER.finditer(masked))
        if not numbers:
            continue
        for a, b, members in runs:
            named = [sentence[x:y] for x, y, carried in members if carried]
            missing = [sentence[x:y] for x, y, carried in members if not carried]
            if not named or not missing:
                continue
            for k in _owners(masked, numbers, a):
                raw = numbers[k].group(0)
                if float(raw.replace(",", "")) in wanted:
                    return (
                        f"the source gives {raw} to {sentence[a:b].strip()} given together; the claim names "
                        f"{', '.join(named)} without {', '.join(missing)}"
                    )
    return None
