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
name: the "and" joining two names is no break before it. A hyphen or a slash joins two names
as well ("X-Y", "X/Y", the word glued by the slash maybe a name no list knows), a dose or
schedule word may stand before the second ("X and low-dose Y"), and names listed with commas are
one regimen once a partner word closes the list ("X, Y and Z", "X、Y和Z", Z maybe no name): a
claim naming some of its members but not all is not backed by its figure. A treatment named by
its kind after a name and a partner word is a member too ("X and platinum-based chemotherapy",
``therapies``), named by a claim writing its head word; a sequence ("X followed by Y") and an
optional partner ("X ± Y", "X with or without Y") join a regimen as well: a claim about X alone
is narrower than either.

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
    not_cues: re.Pattern[str]  # words holding a cue that state no form ("增加")


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
        not_cues=re.compile(alternation(doc["combined_zh_not"])),
    )


def _masked(low: str) -> str:
    """``low`` with the words that hold a cue but state no form blanked, offsets kept ("增加"
    holds '加' and joins no two names)."""
    return _forms().not_cues.sub(lambda m: "_" * len(m.group(0)), low)


def written_form(low: str) -> str | None:
    """``ALONE`` or ``COMBINED`` when lower-case text writes words of one form only, else None
    (the answer check reads a quote's clause and a claim's subject with it)."""
    low = _masked(low)
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
    return [(raw, value, frozenset(form for form, _ in cues)) for raw, value, cues, _ in _figure_cues(text)]


def _figure_cues(text: str) -> list[tuple[str, float, list[tuple[str, re.Match[str]]], str]]:
    """Each figure of ``text`` (as written, its value), the form words of its stretch (the form
    each states, its match in the sentence) and its sentence, lower-cased."""
    out = []
    for sentence in _SENTENCE_BREAK.split(text):
        low = sentence.lower()
        numbers = list(_NUMBER.finditer(low))
        if not numbers:
            continue
        read = _masked(low)
        owned: list[list[tuple[str, re.Match[str]]]] = [[] for _ in numbers]
        for pattern, form in _forms().cues:
            for m in pattern.finditer(read):
                for k in _owners(low, numbers, m.start()):
                    owned[k].append((form, m))
        out += [(n.group(0), float(n.group(0).replace(",", "")), cues, low) for n, cues in zip(numbers, owned)]
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


def combined_unnamed(claim_text: str, segment_text: str, claim_numbers: Iterable[float] = ()) -> str | None:
    """Why a claim figure is, in the segment, stated only for a regimen given in combination
    whose partner the claim neither names nor joins by a combined word of its own, or None.

    "25.5 months with X plus chemotherapy" backs "with X plus chemotherapy" and "with X and
    chemotherapy", not "with X": whatever the partner is (a drug no list knows, a regimen's
    letters, a class of treatment), a claim naming one side of the join must write a combined
    word or name the other side too (``unnamed_doc`` in ``claim_support.json``). A figure the
    segment also states with no combined word ("16.7 months with X alone") is left to the other
    checks."""
    wanted = set(claim_numbers)
    claim = claim_text.lower()
    if not wanted or _writes_combined(claim) or not _writes_combined(segment_text.lower()):
        return None  # the common case: no combined word in the segment, no figure walk
    figures = _figure_cues(segment_text)
    # names listed against figures in order ("25.5 and 16.7 months with X plus Y and X alone,
    # respectively"): each figure may be any of the sentence's regimens
    pooled = {low: [c for _, _, cues, same in figures if same == low for c in cues] for _, _, _, low in figures}
    for value in sorted(wanted):
        stated = [
            (raw, pooled[low] if _partners().respective.search(low) else cues, low)
            for raw, v, cues, low in figures if v == value
        ]
        whys = [_unnamed_join(claim, cues, low) for _, cues, low in stated]
        if whys and all(whys):
            return (
                f"the source gives {stated[0][0]} to a regimen given in combination ('{whys[0]}'); the claim "
                "writes no combined form and does not name both of its sides"
            )
    return None


def _writes_combined(low: str) -> bool:
    """Whether lower-case text writes a combined word anywhere (a cue-holding word such as 增加 not)."""
    read = _masked(low)
    return any(p.search(read) for p, form in _forms().cues if form == COMBINED)


@lru_cache(maxsize=1)
def _side_words() -> tuple[frozenset[str], frozenset[str], frozenset[str]]:
    """``side_skip``, ``side_stops`` and ``combined_nouns`` of ``regimen_forms``, read once."""
    doc = cue_document()["regimen_forms"]
    return frozenset(doc["side_skip"]), frozenset(doc["side_stops"]), frozenset(doc["combined_nouns"])


def _unnamed_join(claim: str, cues: list[tuple[str, re.Match[str]]], low: str) -> str | None:
    """The first combined word of a figure's stretch one of whose sides the lower-case claim
    names and the other not (with its sides, as written), or None. A claim naming neither side
    gives the figure to no regimen ("The median was 25.5 months"), and is left to the other
    checks; a noun ("the combination arm") joins no two names the claim could both write, so a
    claim naming a side of it at all is held."""
    skip, stops, nouns = _side_words()
    for form, m in cues:
        if form != COMBINED:
            continue
        before, after = _beside(low, m.start(), m.end(), skip, stops)
        named = [_names(claim, side) for side in (before, after) if side]
        if m.group(0).strip() in nouns and any(named):
            return " ".join(w for w in (before, m.group(0).strip(), after) if w)
        if any(named) and not all(named):
            return " ".join(w for w in (before, m.group(0).strip(), after) if w) if low.isascii() else low[m.start() - 2 : m.end() + 2]
    return None


_SIDE = re.compile(r"[a-z0-9][a-z0-9-]*|[\u4e00-\u9fff]+")


def _beside(low: str, start: int, end: int, skip: frozenset[str], stops: frozenset[str]) -> tuple[str | None, str | None]:
    """The nearest name before ``low[start:end]`` and after it: a word not in ``skip``, or
    the two Han characters touching the join ("药物甲加化疗组": 物甲, 化疗). A function word
    of ``stops`` or a number there is no name ("45% with the combination"): None."""
    before = next((w.group(0) for w in reversed(list(_SIDE.finditer(low, 0, start))) if w.group(0) not in skip), None)
    after = next((w.group(0) for w in _SIDE.finditer(low, end) if w.group(0) not in skip), None)

    def name(word: str | None, han: slice) -> str | None:
        if word is None or word in stops or not re.search(r"[^\W\d_]", word):
            return None
        # a Han run holds the name and what follows it ("化疗组中位"): the two characters at the join
        return word if word.isascii() else word[han]

    return name(before, slice(-2, None)), name(after, slice(None, 2))


def _names(claim: str, side: str) -> bool:
    """Whether the lower-case claim writes ``side``: a Latin word whole, Han characters anywhere."""
    if side.isascii():
        return re.search(rf"(?<![a-z0-9]){re.escape(side)}(?![a-z0-9])", claim) is not None
    return side in claim


@dataclass(frozen=True, slots=True)
class _Partners:
    joins: re.Pattern[str]  # the whole gap between two names of one regimen
    names: re.Pattern[str]  # a coded name, or a name noun with its capital or code
    respective: re.Pattern[str]
    listed: re.Pattern[str]  # the whole gap between two names of a list ("X, Y")
    list_end: re.Pattern[str]  # the gap closing a list ("X, Y, and Z"), or what follows its last name
    glued: tuple[re.Pattern[str], re.Pattern[str]]  # a word glued by '/' before a name, after it
    not_glued: frozenset[str]
    therapy: re.Pattern[str]  # a partner word and a treatment named by its kind, after a name


@lru_cache(maxsize=1)
def _partners() -> _Partners:
    doc = cue_document()["regimen_forms"]
    # ASCII bounds: a name is glued to the Chinese around it ("ABC-123联合XYZ-456组")
    code = r"[A-Z]{2,}-?\d{3,}(?![A-Za-z0-9_-])"
    # a dose or schedule word before the second name keeps the pair ("X and low-dose Y")
    modifiers = rf"(?:(?:{alternation(doc['partner_modifiers'])})(?![A-Za-z0-9-])\s*)*"
    marks = alternation(doc["partner_list_marks"])
    ends = rf"(?:(?:{marks})\s*)?(?:{alternation(doc['partner_list_ends'])})\s*{modifiers}"
    word = r"[A-Za-z][A-Za-z0-9-]*[A-Za-z0-9]|[\u4e00-\u9fff]+"
    nouns = rf"(?i:(?<![a-z])(?:{alternation(doc['name_nouns'])}))\s+(?:{code}|[A-Z](?![A-Za-z0-9_-]))"
    nouns_zh = rf"(?:{alternation(doc['name_nouns_zh'])})\s?(?:{code}|[A-Z](?![A-Za-z0-9-]))"
    joins = rf"\s*(?:(?:{alternation(doc['partner_joins'])})|{alternation(doc['partner_joins_zh'])})\s*{modifiers}"
    kinds = rf"(?:(?:{alternation(doc['therapy_modifiers'])})(?![A-Za-z0-9-])\s*)*(?P<head>{alternation(doc['therapies'])})"
    # a hyphen or a word after the kind makes it another thing ("chemotherapy-naive", "chemotherapy arms")
    kind_ends = rf"(?![A-Za-z0-9-])(?!\s+(?:{alternation(doc['therapy_not_after'])})(?![A-Za-z]))"
    return _Partners(
        joins=re.compile(joins, re.IGNORECASE),
        # a name noun first, so "agent ABC-123" is one name; a code alone is not an NCT number
        names=re.compile(rf"{nouns}|{nouns_zh}|(?<![A-Za-z0-9_-])(?!NCT\d){code}"),
        respective=re.compile(alternation(doc["respective"]), re.IGNORECASE),
        listed=re.compile(rf"\s*(?:{marks})\s*{modifiers}", re.IGNORECASE),
        list_end=re.compile(rf"\s*{ends}", re.IGNORECASE),
        glued=(re.compile(rf"(?:{word})/$"), re.compile(rf"/(?:{word})")),
        not_glued=frozenset(doc["slash_not_names"]),
        therapy=re.compile(rf"{joins}(?P<kind>{kinds}){kind_ends}", re.IGNORECASE),
    )


def _sentence_spans(text: str) -> list[tuple[int, int]]:
    bounds = [0, *(x for m in _SENTENCE_BREAK.finditer(text) for x in (m.start(), m.end())), len(text)]
    return list(zip(bounds[::2], bounds[1::2]))


def _carried(name: str, claim: str) -> bool:
    """Whether the claim writes a coded or noun-led name: its code or capital, as a word."""
    token = name.split()[-1] if " " in name.strip() else re.sub(r"^[^A-Z]+", "", name)
    return re.search(rf"(?<![A-Za-z0-9_-]){re.escape(token)}(?![A-Za-z0-9_-])", claim) is not None


_PREFIX = re.compile(r"(?<![A-Za-z0-9-])[A-Za-z]{2,}-$")


def _prefixed(text: str, names: list[tuple[int, int, bool]]) -> list[tuple[int, int, bool]]:
    """The run's names with a word glued before them by a hyphen that is no name itself: a
    mention may leave out its form's prefix ("nab-X" found as "X"), and the partner word then
    stands before the prefix ("Y and nab-X")."""
    out = []
    for a, b, carried in names:
        m = _PREFIX.search(text, 0, a)
        if m is not None and not any(x < a and m.start() < y for x, y, _ in names):
            a = m.start()
        out.append((a, b, carried))
    return out


def _glued(text: str, names: list[tuple[int, int, bool]], claim: str) -> list[tuple[int, int, bool]]:
    """Words glued by '/' to a name that are no name the run knows ("X/Y" where only Y is
    detected): the pair is still two names, and the claim may write the unknown one alone. A
    hyphen is no such glue: a single name holds one ("nab-X")."""
    before, after = _partners().glued
    taken = [(a, b) for a, b, _ in names]
    out = []
    for a, b, _ in names:
        spans = []
        if m := before.search(text, 0, a):
            spans.append((m.start(), m.end() - 1, -1))
        if m := after.match(text, b):
            spans.append((m.start() + 1, m.end(), 1))
        for x, y, side in spans:
            if not text[x:y].isascii():
                # a Han run holds more than the name ("使用甲/乙"): the two characters at the slash
                x, y = (y - 2, y) if side < 0 else (x, x + 2)
            word = text[x:y].lower()
            if len(word) < 2 or word in _partners().not_glued or any(x < q and p < y for p, q in taken):
                continue
            taken.append((x, y))
            out.append((x, y, _names(claim.lower(), word)))
    return out


def _kinds(text: str, names: list[tuple[int, int, bool]], claim: str) -> list[tuple[int, int, bool]]:
    """Treatments named by their kind joined to a name ("X and platinum-based chemotherapy",
    "X联合含铂化疗"): no name the run knows, yet the regimen's other member; the claim names it
    when it writes the kind's head word ("X and chemotherapy")."""
    found = (_partners().therapy.match(text, b) for _, b, _ in names)
    return [(*m.span("kind"), _names(claim.lower(), m.group("head").lower())) for m in found if m is not None]


def _tail(text: str, end: int, claim: str) -> tuple[int, int, bool] | None:
    """The last member of a list whose names end on a comma ("X, Y and chemotherapy": the run
    knows X and Y only): the word after the partner word closing it, or None (a number, a
    function word, no closing word: "X, Y or Z" lists no regimen)."""
    m = _partners().list_end.match(text, end)
    if m is None:
        return None
    skip, stops, _ = _side_words()
    word = next((w for w in _SIDE.finditer(text.lower(), m.end()) if w.group(0) not in skip), None)
    if word is None or word.group(0) in stops or not re.search(r"[^\W\d_]", word.group(0)):
        return None
    x, y = word.span()
    if not word.group(0).isascii():
        y = x + 2  # the Han run holds the name and what follows it ("化疗组"): its first two characters
    return (x, y, _names(claim.lower(), text[x:y].lower()))


def _combinations(
    text: str, names: list[tuple[int, int, bool]], claim: str = "",
) -> list[tuple[int, int, list[tuple[int, int, bool]]]]:
    """Runs of two or more names joined by partner words: (start, end, their names). Names
    listed with commas are one run once a partner word closes the list, its last member maybe a
    word no name ("X, Y and chemotherapy"); an open list ("X, Y or Z") is none, though two of it
    joined by a partner word still are."""
    runs: list[tuple[int, int, list[tuple[int, int, bool]]]] = []
    current: list[tuple[int, int, bool]] = []
    gaps: list[bool] = []  # for each gap of the run: is it a list's comma
    for name in names:
        if current:
            gap = (current[-1][1], name[0])
            if _partners().joins.fullmatch(text, *gap) or (any(gaps) and _partners().list_end.fullmatch(text, *gap)):
                current.append(name)
                gaps.append(False)
                continue
            if _partners().listed.fullmatch(text, *gap):
                current.append(name)
                gaps.append(True)
                continue
        runs += _closed(text, current, gaps, claim)
        current, gaps = [name], []
    return runs + _closed(text, current, gaps, claim)


def _closed(
    text: str, members: list[tuple[int, int, bool]], gaps: list[bool], claim: str,
) -> list[tuple[int, int, list[tuple[int, int, bool]]]]:
    """The regimens of one run of names (see ``_combinations``)."""
    if gaps and gaps[-1] and (last := _tail(text, members[-1][1], claim)) is not None:
        members = [*members, last]
        gaps = [*gaps, False]
    if gaps and gaps[-1]:
        # an open list: only its names joined by partner words are regimens
        pieces, piece = [], [members[0]]
        for name, listed in zip(members[1:], gaps):
            if listed:
                pieces.append(piece)
                piece = []
            piece.append(name)
        return [run for p in [*pieces, piece] for run in _closed(text, p, [False] * (len(p) - 1), claim)]
    if len(members) < 2:
        return []
    return [(members[0][0], members[-1][1], members)]


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
        names = _prefixed(sentence, [(a - start, b - start, carried) for a, b, carried in found if start <= a and b <= end])
        taken = [(a, b) for a, b, _ in names]
        for m in _partners().names.finditer(sentence):
            if all(m.end() <= a or m.start() >= b for a, b in taken):
                names.append((m.start(), m.end(), _carried(m.group(0), claim_text)))
        names = sorted(names + _glued(sentence, names, claim_text))
        names = sorted(names + _kinds(sentence, names, claim_text))
        runs = _combinations(sentence, names, claim_text)
        if not runs:
            continue
        # a name holds no figure ("ABC-123"); a pair is its first name's figure's, whatever its
        # "and" cuts after that
        lowered = sentence.lower()
        low = list(lowered if len(lowered) == len(sentence) else sentence)  # offsets must hold
        for a, b, _ in [*names, *(m for _, _, members in runs for m in members)]:
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
