"""Which part of a sentence a negation, a direction or a comparison applies to.

The segment check (:mod:`citeproof.values.segment_support`) reads polarity as one flag per
text: negated or not, and the set of directions named anywhere in it. A claim that keeps
every word of its source and moves the words *around* those cues has the same flags and
says the opposite: "Fatigue was reported in Arm A but was not reported in Arm B" against
"Fatigue was not reported in Arm A but was reported in Arm B"; "Smokers had higher rates
than non-smokers" against "Non-smokers had higher rates than smokers". Three tests, each on
the words and labels that occur exactly once in the claim and once in the segment (a word
written twice cannot be placed):

* **clause polarity** — both texts are cut into clauses (at , ; : and the ``breaks`` words:
  but, while, and, or, 而, 但 …). A clause's polarity is its own negation and directions; a
  clause with neither is affirmative when it has a verb of its own (``clause_verbs``: "was
  reported in Arm B"), and says nothing when it has none ("In Arm A", a list item), so that
  fronting a phrase ("In Arm A, fatigue was not reported") changes nothing. Each placed word
  must sit in a clause of the same negation, and of no opposite direction, in both texts.
* **pivot sides** — for each pivot written once in both texts (a comparison, contrast or
  causal link of ``pivots``: than, ", not", instead of, risk of, caused, 比, 高于 …), the
  placed words must not cross it in both directions at once: one word moving from its left
  to its right while another moves from its right to its left is two roles exchanged. A
  word moving one way only ("Compared with Arm B" fronted or put last) is a reordering. A
  bare negation or direction word is no pivot: "Arm B had longer PFS" and "PFS was longer
  in Arm B" exchange the words around "longer" and say the same. Relation words are pivots
  too (before, after, prior to, outperformed, exceeded, replaced by, excluded from, crossed
  over to …), and a pivot written "A … B" is its second word where the first stands before
  it: the 'to' of "shifted from open to laparoscopic surgery" (a bare 'to' joins no two
  sides), the 'over' of "favored A over B". The items placed are phrases' own words
  ("control group" / "experimental group": 'group', written twice, is not placed) and, here
  only, frequency words ("monthly dosing was superior to weekly dosing").

* **clause roles** — two clauses of the claim that each take placed words (cue words
  included: a state such as "increased" is what moves) from the same two clauses of the
  segment exchange roles: "Nausea was severe in Arm A and mild in Arm B" against "… mild in
  Arm A and severe in Arm B", "Drug X was given orally and drug Y intravenously"
  against the other way round. One claim clause drawing on two source clauses is a merge,
  not an exchange. Likewise a claim clause giving one source clause's subject what another
  source clause says of its own subject ("Survival was higher with drug X" from "Survival was
  similar, but toxicity was higher with drug X"), and a claim clause joining words from inside a parenthetical
  statement of the segment (one with its own verb) with words from outside it.
* **subject left behind** — a merge that drops what the second clause is about: a claim clause
  opening on one source clause's words and going on with another's, where that other clause
  opens on words the claim nowhere writes ("Rash caused 3 deaths" from "Rash was mild, but
  diarrhea caused 3 deaths"; "Germany grew 8%" from "Germany was flat, while France grew 8%").
  No verb list is needed: a clause's subject is what it writes before the words the claim takes.
  A merge keeping each clause's subject ("OS was 14 months with a PFS of 6 months") and a list
  item that is only a subject borrowing another item's verb ("Ecovacs held 28.6%, Dreame 14.9%")
  are not this.
* **parallel clauses** — two clauses of the segment written on one pattern, differing in two
  places or more ("甲组接受口服给药，乙组接受静脉给药", "Company X makes devices, while Company Y
  makes drugs"): a claim clause that fills one place with the first clause's word and another
  with the second's ("甲组接受静脉给药") gives one's subject the other's attribute. Read on
  words in order, with no verb or subject needed, so it holds for Chinese, which has no spaces
  and no auxiliary to find a subject by.

Any finding leaves the claim to the judge; neither can prove the claim false (a passive
"X was reduced by Y" for "Y reduced X" crosses a pivot both ways and says the same).
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from functools import lru_cache

from citeproof.values.extract import prepare
from citeproof.values.lexicon import lexicon
from citeproof.values.segment_support import content_sequence, cue_document, cues, entity_tokens, polarity
from citeproof.text.alignment import aligned
from citeproof.values.substitution import swapped_word

_CJK = re.compile(r"[\u3400-\u9fff]")
_LATIN_TOKEN = re.compile(r"(?<![A-Za-z0-9])[A-Za-z][A-Za-z0-9+-]*(?![A-Za-z0-9])")
_MARK_BREAK = r"[;；，：]|,(?!\d)|:(?!\d)"  # not the comma of "1,000" nor the colon of "12:30"
_MARK_BREAK_PAST_LABELS = r"[;；，]|,(?!\d)"  # the same, a label's colon kept ("Germany: sales flat")


@dataclass(frozen=True, slots=True)
class _Clause:
    text: str
    negated: bool | None  # None: the clause has no cue and no verb of its own — no polarity
    directions: frozenset[str]
    keys: tuple[str, ...]
    subject: tuple[str, ...]  # the keys before its first verb or cue
    headless: bool  # it opens on its verb or cue: its subject is the clause's before it


@dataclass(frozen=True, slots=True)
class _Words:
    """A ``clause_scope`` word list as one pattern: English whole words, Chinese substrings."""

    pattern: re.Pattern[str]

    @classmethod
    def of(cls, words: list[str]) -> _Words:
        ordered = sorted(set(words), key=len, reverse=True)
        parts = [_whole(w) if w.isascii() else re.escape(w) for w in ordered]
        return cls(re.compile("|".join(parts) if parts else "(?!)"))


def _whole(word: str) -> str:
    """``word`` not inside a longer word: bounded where it starts or ends with a letter (", not")."""
    head = r"(?<![a-z'])" if word[0].isalpha() else ""
    tail = r"(?![a-z'])" if word[-1].isalpha() else ""
    return head + re.escape(word) + tail


@dataclass(frozen=True, slots=True)
class _Lists:
    breaks: re.Pattern[str]
    breaks_past_labels: re.Pattern[str]  # the same without the colon: a label stays with its statement
    verbs: _Words
    pivots: _Words  # comparisons, contrasts and causal links
    paired: tuple[tuple[re.Pattern[str], re.Pattern[str], str], ...]  # "from … to": (opener, pivot, as written)
    frequencies: frozenset[str]  # "weekly", "monthly": no content term, yet what a comparison's sides may differ by
    cue_words: _Words  # negation and direction cues (not keys: they are what is compared)
    not_cues: _Words  # bound phrases and negation exceptions ("more than", 不良): no pivot in them
    relative_openers: frozenset[str]  # a clause opening on one is about the phrase before it


_PAIRED = "…"  # "from … to": the second word is a pivot where the first is written before it


@lru_cache(maxsize=1)
def _lists() -> _Lists:
    doc = cue_document()
    scope = doc["clause_scope"]
    directions = [w for words in doc["directions"].values() for w in words]
    breaks = _Words.of(scope["breaks"]).pattern.pattern
    single = [p for p in scope["pivots"] if _PAIRED not in p]
    paired = [p for p in scope["pivots"] if _PAIRED in p]
    return _Lists(
        breaks=re.compile(f"{_MARK_BREAK}|{breaks}"),
        breaks_past_labels=re.compile(f"{_MARK_BREAK_PAST_LABELS}|{breaks}"),
        verbs=_Words.of(scope["clause_verbs"]),
        pivots=_Words.of(single),
        paired=tuple((_Words.of([a.strip()]).pattern, _Words.of([b.strip()]).pattern, p)
                     for p in paired for a, b in [p.split(_PAIRED)]),
        frequencies=frozenset(w for w in lexicon().per_time_by_alias if w.isalpha() and w.isascii()),
        cue_words=_Words.of([*doc["negation"], *directions]),
        not_cues=_Words.of([*doc["bound_phrases"], *doc["negation_exceptions"]]),
        relative_openers=frozenset(scope["relative_openers"]),
    )


def scope_differs(claim_text: str, segment_text: str) -> str | None:
    """Why the claim puts a negation, a direction or a comparison over other words than the
    segment does, or None."""
    claim, segment = prepare(claim_text), prepare(segment_text)
    return (
        _clause_polarity_differs(claim, segment)
        or _pivot_sides_differ(claim, segment)
        or _roles_exchanged(claim, segment)
        or _subject_given_other_predicate(claim, segment)
        or _parallel_clauses_crossed(claim, segment)
        or _parenthetical_joined(claim, segment)
        or _subject_left_behind(claim, segment)
    )


def states_opposite(claim_text: str, segment_text: str) -> str | None:
    """The clause of the segment that states what the claim states, negated or turned the
    other way ("Drug X did not improve survival" against "Drug X improved survival"), or None.
    The claim must have one polarity (one clause that has any); the segment may not put a word
    of its own where the claim has another ("premenopausal" for "postmenopausal": it speaks of
    something else; negation and direction words aside); and every clause of the segment that
    holds one of the claim's words and has a polarity must be opposed to it: a segment that
    negates only a clause apart from them ("improved survival in women, but not in men")
    states no opposite."""
    claim, segment = prepare(claim_text), prepare(segment_text)
    ours = [c for c in _clauses(claim) if c.negated is not None]
    if len(ours) != 1:
        return None
    if swapped_word(_without_cues(claim), _without_cues(segment)) is not None:
        return None  # a word of its own where the claim has another: it speaks of something else
    words = set(_keys(claim))
    theirs = [c for c in _clauses(segment) if c.negated is not None and words.intersection(c.keys)]
    if not theirs or not all(_opposed(ours[0], c) for c in theirs):
        return None
    return theirs[0].text


def _without_cues(text: str) -> str:
    """``text`` with its negation and direction words blanked ("improved" and "did not improve"
    are what is compared, not words swapped)."""
    return _lists().cue_words.pattern.sub(" ", text.lower())


# --- clause polarity -------------------------------------------------------------------------


def _clause_polarity_differs(claim: str, segment: str) -> str | None:
    ours, theirs = _clauses(claim), _clauses(segment)
    if _placed_clauses(ours) < 2 and _placed_clauses(theirs) < 2:
        return None  # one polarity each: segment_support's per-text flags compare them already
    where_ours, where_theirs = _places(ours), _places(theirs)
    shared = _shared_subjects(ours) | _shared_subjects(theirs)
    for key, here in where_ours.items():
        there = where_theirs.get(key)
        if len(here) != 1 or there is None or len(there) != 1 or key in shared:
            continue
        a, b = ours[here[0]], theirs[there[0]]
        if a.negated is None or b.negated is None or not _opposed(a, b):
            continue
        return (
            f"the claim says '{_shown(key)}' in a clause that is {_polarity_words(a)} ('{a.text}'); "
            f"the source says it in one that is {_polarity_words(b)} ('{b.text}')"
        )
    return None


def _clauses(text: str, *, labels_apart: bool = True) -> list[_Clause]:
    """``text`` cut into clauses; ``labels_apart=False`` keeps a label with what follows its colon."""
    lists = _lists()
    breaks = lists.breaks if labels_apart else lists.breaks_past_labels
    low = text.lower()
    if len(low) != len(text):
        low = text  # a character whose lower case is longer: cut where the text itself says
    out = []
    start = 0
    for m in [*breaks.finditer(low), None]:
        end = m.start() if m is not None else len(text)
        piece = text[start:end].strip()
        if m is not None:
            start = m.end()
        if not piece:
            continue
        negated, directions = polarity(piece)
        head = _head(piece.lower())
        placed = bool(negated or directions) or head is not None
        subject = _keys(piece[:head]) if head else ()
        out.append(_Clause(piece, bool(negated) if placed else None, directions, _keys(piece), subject, head == 0))
    return out


def _head(low: str) -> int | None:
    """Where the clause's first verb or negation/direction cue starts, if it has one."""
    lists = _lists()
    starts = [m.start() for rx in (lists.verbs.pattern, lists.cue_words.pattern) if (m := rx.search(low))]
    return min(starts, default=None)


def _shared_subjects(clauses: list[_Clause]) -> set[str]:
    """The keys of a subject that a later clause without one also speaks of ("ALT increased
    in Arm A and decreased in Arm B": 'ALT' belongs to both clauses, so to neither's polarity)."""
    shared: set[str] = set()
    for i, clause in enumerate(clauses):
        if not clause.headless:
            continue
        j = i - 1
        while j >= 0 and clauses[j].headless:
            j -= 1
        if j >= 0:
            shared.update(clauses[j].subject)
    return shared


def _placed_clauses(clauses: list[_Clause]) -> int:
    return sum(c.negated is not None for c in clauses)


def _places(clauses: list[_Clause]) -> dict[str, list[int]]:
    places: dict[str, list[int]] = {}
    for i, clause in enumerate(clauses):
        for key in clause.keys:
            places.setdefault(key, []).append(i)
    return places


def _opposed(a: _Clause, b: _Clause) -> bool:
    """One negated and the other not, or a direction of one opposed by the other (a direction
    only one names is not opposed: a restatement may leave it out)."""
    if a.negated != b.negated:
        return True
    opposite = cues().opposite
    return any(opposite[d] in y.directions and d not in y.directions for x, y in ((a, b), (b, a)) for d in x.directions)


def _polarity_words(c: _Clause) -> str:
    said = "negated" if c.negated else "not negated"
    return f"{said}, {'/'.join(sorted(c.directions))}" if c.directions else said


# --- pivot sides -----------------------------------------------------------------------------


def _pivot_sides_differ(claim: str, segment: str) -> str | None:
    ours, theirs = _pivot_text(claim), _pivot_text(segment)
    mine, other = _single_pivots(ours.lower()), _single_pivots(theirs.lower())
    shared = [p for p in mine if p in other]
    if not shared:
        return None
    placed = _placed_once(_pivot_keys(ours), _pivot_keys(theirs))
    if not placed:
        return None
    for pivot in shared:
        (a_left, a_right), (b_left, b_right) = _sides(ours, mine[pivot]), _sides(theirs, other[pivot])
        forward = next((k for k in placed if k in a_left and k in b_right), None)
        backward = next((k for k in placed if k in a_right and k in b_left), None)
        if forward is not None and backward is not None:
            return (
                f"the claim puts '{_shown(forward)}' before {_pivot_shown(pivot)} and '{_shown(backward)}' after it; "
                "the source has them the other way round"
            )
    return None


def _pivot_shown(pivot: str) -> str:
    if _PAIRED not in pivot:
        return f"'{pivot}'"
    return f"'{pivot.split(_PAIRED)[1].strip()}' (of '{pivot}')"


def _pivot_text(text: str) -> str:
    """``text`` with the phrases that hold a cue without being one ("more than 20", 不良)
    blanked, so their words are neither pivots nor keys; its case kept (names are read from
    it) and its length too (pivot spans are found in its lower-cased copy)."""
    low = text.lower()
    if len(low) != len(text):
        return text  # a character whose lower case is longer: spans would not line up
    chars = list(text)
    for m in _lists().not_cues.pattern.finditer(low):
        chars[m.start() : m.end()] = " " * (m.end() - m.start())
    return "".join(chars)


def _single_pivots(low: str) -> dict[str, tuple[int, int]]:
    """Pivot → its span, for the pivots written exactly once (a repeated one has no one side)."""
    spans: dict[str, tuple[int, int]] = {}
    seen: Counter[str] = Counter()
    lists = _lists()
    for m in lists.pivots.pattern.finditer(low):
        seen[m.group(0)] += 1
        spans[m.group(0)] = m.span()
    for opener, pivot, written in lists.paired:
        # "shifted from A to B": the 'to' after 'from' splits the two ends; a 'to' alone
        # ("increased to 40%", "randomised to") joins no two interchangeable sides
        if (first := opener.search(low)) is not None:
            for m in pivot.finditer(low, first.end()):
                seen[written] += 1
                spans[written] = m.span()
    return {p: span for p, span in spans.items() if seen[p] == 1}


def _sides(text: str, span: tuple[int, int]) -> tuple[set[str], set[str]]:
    return set(_pivot_keys(text[: span[0]])), set(_pivot_keys(text[span[1] :]))


def _pivot_keys(text: str) -> tuple[str, ...]:
    """The keys, and the frequency words a comparison's two sides may be told apart by
    ("monthly dosing was superior to weekly dosing"): no content term elsewhere, as a
    frequency is checked as a value, but here what stands on each side."""
    found = tuple(w for w in _LATIN_TOKEN.findall(text.lower()) if w in _lists().frequencies)
    return (*_keys(text), *found)


def _placed_once(ours: tuple[str, ...], theirs: tuple[str, ...]) -> list[str]:
    """The keys written exactly once in each text, in the claim's order."""
    a, b = Counter(ours), Counter(theirs)
    return [k for k in ours if a[k] == 1 and b[k] == 1]


# --- clause roles ----------------------------------------------------------------------------


def _roles_exchanged(claim: str, segment: str) -> str | None:
    """Two clauses of the claim that each take words from the same two clauses of the segment:
    "Nausea was severe in Arm A and mild in Arm B" against "… mild in Arm A and severe in Arm
    B" keeps every word, every polarity and the clause order, and moves 'severe' and 'mild'
    from one clause to the other. A claim clause drawing on two source clauses alone is a
    merge ("14.2 months, with a PFS of 6.1 months"); only a crossing — claim clause 1 has
    words of source clauses 1 and 2, and so does claim clause 2 — exchanges roles. Words are
    the keys and the cue words (a state such as 'increased' is what moves), each written once
    in both texts and not a subject shared by a headless clause."""
    ours, theirs = _clauses(claim), _clauses(segment)
    if len(ours) < 2 or len(theirs) < 2:
        return None
    mine, other = [_role_words(c) for c in ours], [_role_words(c) for c in theirs]
    shared = _shared_subjects(ours) | _shared_subjects(theirs)
    placed = set(_placed_once(_flat(mine), _flat(other))) - shared
    where = {w: j for j, words in enumerate(other) for w in words if w in placed}
    meets: dict[int, dict[int, str]] = {}  # claim clause → source clause → a word they share
    for i, words in enumerate(mine):
        for w in words:
            if w in placed:
                meets.setdefault(i, {}).setdefault(where[w], w)
    for i, a in meets.items():
        for k, b in meets.items():
            if k <= i:
                continue
            both = [j for j in a if j in b]
            if len(both) >= 2:
                j, m = both[0], both[1]
                return (
                    f"the claim's clauses '{ours[i].text}' and '{ours[k].text}' exchange words between the "
                    f"source's '{theirs[j].text}' and '{theirs[m].text}' ('{_shown(a[m])}' is with "
                    f"'{_shown(a[j])}' in the claim, not in the source)"
                )
    return None


def _subject_given_other_predicate(claim: str, segment: str) -> str | None:
    """A claim clause that takes the subject of one source clause and what another source
    clause says of its own subject: "Survival was higher with drug X" from "Survival was similar
    in both arms, but toxicity was higher with drug X". Merging two clauses keeps both subjects
    ("OS was 14 months with a PFS of 6 months") and is not this."""
    theirs = [c for c in _clauses(segment) if c.subject and not c.headless and c.negated is not None]
    if len(theirs) < 2:
        return None
    ours = _clauses(claim)
    mine = [_role_words(c) for c in ours]
    written = Counter(_flat([_role_words(c) for c in _clauses(segment)]))
    placed = set(_placed_once(_flat(mine), tuple(written.elements())))
    once = {w for w, n in written.items() if n == 1}  # a subject the claim leaves out is not placed
    sides = [(set(c.subject) & once, (set(_role_words(c)) - set(c.subject)) & once) for c in theirs]
    for clause, words in zip(ours, mine):
        said = set(words) & placed
        for j, (subject_j, predicate_j) in enumerate(sides):
            if not said & subject_j or said & predicate_j:
                continue
            for k, (subject_k, predicate_k) in enumerate(sides):
                taken = said & predicate_k
                if k != j and subject_k and not said & subject_k and taken:
                    return (
                        f"the claim says '{_shown(min(taken))}' of '{_shown(min(said & subject_j))}' ('{clause.text}'); "
                        f"the source says it of another subject ('{theirs[k].text}'), and of "
                        f"'{_shown(min(said & subject_j))}' something else ('{theirs[j].text}')"
                    )
    return None


def _subject_left_behind(claim: str, segment: str) -> str | None:
    """A claim clause that opens on words of one source clause and goes on with words of
    another, leaving out what that other clause opens on — its own subject: "Rash caused 3
    deaths" from "Rash was mild, but diarrhea caused 3 deaths"; "Germany grew 8%" from "Germany
    was flat, while France grew 8%". The clause taken second is about 'diarrhea' or 'France',
    which the claim drops for a subject the source says something else of. A clause opening on
    a relative word ("which reduced body weight") is about the last phrase of the clause before
    it ("the diet program"); a claim clause without words of its own before its predicate ("…
    and led to discontinuation") is about what the claim's clause before it opened on. A label
    stays with its statement ("Germany: sales flat"). Not this: merging two clauses and keeping
    what each is about ("OS was 14 months with a PFS of 6 months" leaves nothing behind), and a
    list item that says nothing but its subject and borrows the verb of another ("Dreame 14.9%"
    after "Ecovacs held a 28.6% share"; "nausea" in "Nausea and vomiting were not reported").
    Unlike :func:`_subject_given_other_predicate` no verb need be known: a clause's subject is
    whatever it writes before the words the claim takes from it."""
    theirs = _clauses(segment, labels_apart=False)
    if len(theirs) < 2:
        return None
    ours = _clauses(claim, labels_apart=False)
    mine = [_role_words(c) for c in ours]
    placed = set(_placed_once(_flat(mine), _flat([_role_words(c) for c in theirs])))
    if not placed:
        return None
    where = {w: j for j, c in enumerate(theirs) for w in _role_words(c) if w in placed}
    said = set(_flat(mine))
    opened_on: int | None = None  # the source clause the claim's clause before opened on
    opened_with = ""  # and the claim's words it opened with
    for clause in ours:
        words = _ordered_words(clause.text)
        order = [where[w] for _, w in words if w in placed]
        if not order:
            continue
        start = next(i for i, (_, w) in enumerate(words) if w in placed)
        carried = opened_on is not None and not any(w in clause.keys for _, w in words[:start])
        # "… and led to discontinuation": the claim's subject carries over from its clause before
        first = opened_on if carried and opened_on is not None else order[0]
        if not carried:
            # only a clause that states something of its subject (a verb or cue of its own) hands it
            # on: "stage I" after "condition beta of the skin" is another list item, not its predicate
            opened_on = first if clause.negated is not None else None
            opened_with = _through_word(clause.text, words[start])
        if not carried and not set(theirs[first].keys) - said:
            continue  # a list item that says nothing but its subject: it borrows the other's verb
        for k in dict.fromkeys(order):
            if k == first or _VALUE_OPENING.match(theirs[k].text):
                # a clause opening on a value ("… 14.2 months in Arm A and 10.1 months in Arm B among the
                # treated patients") is an item of the clause before: it borrows that clause's verb, and
                # the words after it ("among the treated patients") are said of both
                continue
            taken = {w for _, w in words if w in placed and where[w] == k}
            ours_ends, theirs_reach = _claim_subject_end(words, placed, where, first, k)
            subject, lead = _subject_of(theirs, k, taken, theirs_reach)
            if any(w not in said for w in lead):
                ours_said = opened_with if carried else clause.text[:ours_ends].strip(" ,，、") or clause.text
                return (
                    f"the claim says of '{ours_said}' ('{clause.text}') "
                    f"what the source says of '{subject}' ('{theirs[k].text}'), and of the other something else "
                    f"('{theirs[first].text}')"
                )
    return None


def _through_word(text: str, word: tuple[int, str]) -> str:
    """``text`` up to the end of ``word`` (its offset and key; a key may be a stem of it)."""
    at, key = word
    m = re.compile(r"[A-Za-z0-9'+-]+").match(text, at)
    end = m.end() if m is not None else at + len(key.removeprefix(_NAME))
    return text[:end].strip(" ,，、")


_VALUE_OPENING = re.compile(r"\s*[<>≤≥~≈]?\s*\d")


def _claim_subject_end(words: list[tuple[int, str]], placed: set[str], where: dict[str, int], j: int, k: int) -> tuple[int, int]:
    """Where the claim clause's subject ends — before its first word from source clause ``k``,
    yet not inside a word from clause ``j`` before it — and by how many characters the two overlap
    (a Chinese bigram straddling them: '国因' of '德国因…' is also in '法国因…'; the source's
    subject reaches that far past its own cut)."""
    at = next((i for i, w in words if w in placed and where[w] == k), 0)
    own = max((i + len(w) for i, w in words if w in placed and where[w] == j and i < at), default=0)
    return max(at, own), max(own - at, 0)


def _subject_of(clauses: list[_Clause], k: int, taken: set[str], reach: int = 0) -> tuple[str, list[str]]:
    """What clause ``k`` writes before the first word of ``taken``, and its keys — or, when it
    opens on a relative word with none, the last phrase of the clause before it and its keys."""
    text = clauses[k].text
    words = _ordered_words(text)
    cut = next((i for i, (_, w) in enumerate(words) if w in taken), len(words))
    keys = set(clauses[k].keys)
    lead = [(at, w) for at, w in words[:cut] if w in keys]
    if not lead and k > 0 and _opens_on_relative(text):
        text = clauses[k - 1].text
        start = _last_phrase_start(text)
        lead = [(at, w) for at, w in _ordered_words(text) if at >= start and w in clauses[k - 1].keys]
        end = len(text)
    else:
        end = words[cut][0] + reach if cut < len(words) else len(text)
    if not lead:
        return "", []
    return text[lead[0][0] : end].strip(" ,，、:："), [w for _, w in lead]


def _opens_on_relative(text: str) -> bool:
    m = re.match(r"\s*([A-Za-z]+)", text)
    return m is not None and m.group(1).lower() in _lists().relative_openers


def _last_phrase_start(text: str) -> int:
    """Where the words after the clause's last stop-word begin ("received the | diet program")."""
    stop = cues().stop_en
    ends = [m.end() for m in re.finditer(r"[A-Za-z]+", text) if m.group(0).lower() in stop]
    return max(ends, default=0)


def _ordered_words(text: str) -> list[tuple[int, str]]:
    """The clause's role words (:func:`_role_words`) with where each starts, in text order."""
    low = text.lower()
    if len(low) != len(text):
        low = text
    out: list[tuple[int, str]] = []
    cue_rx = _lists().cue_words.pattern
    for m in cue_rx.finditer(low):
        out.append((m.start(), m.group(0)))
    blanked = cue_rx.sub(lambda m: " " * len(m.group(0)), low)
    for m in _TOKEN_RX.finditer(blanked):
        token = m.group(0)
        if token[0] < "\u3400":
            out.extend((m.start(), w) for w in content_sequence(token))
        else:
            out.extend(_cjk_terms(token, m.start()))
    for name in sorted(_keys_names(text)):
        at = low.find(name) if name.islower() else text.find(name)  # a label beside Chinese keeps its case
        out.append((max(at, 0), _NAME + name))
    out.sort(key=lambda p: p[0])
    return out


def _cjk_terms(run: str, start: int) -> list[tuple[int, str]]:
    """A Chinese run's content terms (its bigrams, or a lone character) with their offsets."""
    terms = set(content_sequence(run))
    if len(run) == 1:
        return [(start, run)] if run in terms else []
    return [(start + i, run[i : i + 2]) for i in range(len(run) - 1) if run[i : i + 2] in terms]


_TOKEN_RX = re.compile(r"[a-z][a-z'-]*[a-z]|[a-z]|[\u3400-\u9fff]+")  # the tokens content_sequence reads


def _keys_names(text: str) -> set[str]:
    return {k.removeprefix(_NAME) for k in _keys(text) if k.startswith(_NAME)}


# a parallel pair must share this many words in order: one shared word ("治疗") is chance
_PARALLEL_MIN_SHARED = 2
_PARALLEL_MAX_CLAUSES = 12  # pairs of clauses are compared: a sentence, not a page


@dataclass(frozen=True, slots=True)
class _Token:
    key: str
    start: int
    end: int


@dataclass(frozen=True, slots=True)
class _Slot:
    """One place where two parallel clauses differ, as each side writes it: Chinese as the
    place's characters with the shared character on either side ("受口服给", "于一线": one
    character of its own is a place too, and a bigram across its edge is no word of it),
    other text as the words of its own found nowhere in the other clause."""

    first: frozenset[str]
    second: frozenset[str]
    first_shown: str
    second_shown: str


def _parallel_clauses_crossed(claim: str, segment: str) -> str | None:
    """A claim clause that takes the word of one place from one of two parallel clauses of the
    segment and the word of another place from the other: "甲组接受静脉给药" from "甲组接受口服给药，
    乙组接受静脉给药", "甲公司在华东排名第三" from "甲公司在华东排名第一，在华南排名第三". A claim
    clause that keeps one source clause's words throughout, or names both words of a place ("甲组和乙组
    分别接受口服和静脉给药"), crosses nothing; nor does a word the other clause leaves unsaid (the
    subject "甲公司" of "甲公司在华东排名第一，在华南排名第三" is a place of the first clause only)."""
    theirs = _clauses(segment)
    if len(theirs) < 2 or len(theirs) > _PARALLEL_MAX_CLAUSES:
        return None
    ours = [(c.text, _folded(c.text)) for c in _clauses(claim)]
    mine = [frozenset(_WORDS_OF + t.key for t in _ordered_tokens(text)) for text, _ in ours]
    sequences = [_ordered_tokens(c.text) for c in theirs]
    for j in range(len(theirs)):
        for k in range(j + 1, len(theirs)):
            slots = _slots(sequences[j], _folded(theirs[j].text), sequences[k], _folded(theirs[k].text))
            if len(slots) < 2:
                continue
            for (text, low), words in zip(ours, mine):
                if crossed := _crossing(words, low, slots):
                    x, y = crossed  # x written as clause j alone writes it, y as clause k alone
                    return (
                        f"the claim says '{x.first_shown}' with '{y.second_shown}' ('{text}'); the source says "
                        f"'{x.first_shown}' with '{y.first_shown}' ('{theirs[j].text}') and '{y.second_shown}' "
                        f"with '{x.second_shown}' ('{theirs[k].text}')"
                    )
    return None


def _crossing(words: frozenset[str], low: str, slots: list[_Slot]) -> tuple[_Slot, _Slot] | None:
    """Two places (x, y) where the claim clause writes x only as the first clause does and y only
    as the second does; None when it writes each place it
    writes as one clause does, or as both do ("甲组和乙组分别…"). A place written both ways proves
    nothing: a subject the second clause leaves unsaid shares its place with the first clause's
    own word ("Nausea was mild in Arm A and severe in Arm B": 'nausea' and 'mild' are one place)."""
    first = [_writes(words, low, slot.first) for slot in slots]
    second = [_writes(words, low, slot.second) for slot in slots]
    only_first = [f and not s for f, s in zip(first, second)]
    only_second = [s and not f for f, s in zip(first, second)]
    if any(only_first) and any(only_second):
        return slots[only_first.index(True)], slots[only_second.index(True)]
    return None


def _folded(text: str) -> str:
    low = text.lower()
    return low if len(low) == len(text) else text


def _writes(words: frozenset[str], low: str, place: frozenset[str]) -> bool:
    return any(p in words if p.startswith(_WORDS_OF) else p in low for p in place)


_WORDS_OF = "\x01"  # marks a place read as words, not characters
_FUNCTION = "\x02"  # marks a stop-word: it aligns two clauses, it is no place's word


def _slots(a: list[_Token], a_low: str, b: list[_Token], b_low: str) -> list[_Slot]:
    """The places where two clauses written on one pattern differ, each side writing something
    of its own there; none when they share fewer than ``_PARALLEL_MIN_SHARED`` words in order."""
    keys_a, keys_b = [t.key for t in a], [t.key for t in b]
    pairs = aligned(keys_a, keys_b)
    if len(pairs) < _PARALLEL_MIN_SHARED:
        return []
    in_a, in_b = set(keys_a), set(keys_b)
    out: list[_Slot] = []
    i = j = 0
    for ai, bj in [*pairs, (len(a), len(b))]:
        first = _place(a, i, ai, a_low, in_b, b_low)
        second = _place(b, j, bj, b_low, in_a, a_low)
        if first and second and first[0] != second[0]:
            out.append(_Slot(first[0], second[0], first[1], second[1]))
        i, j = ai + 1, bj + 1
    return out


def _place(tokens: list[_Token], i: int, end: int, low: str, other_keys: set[str], other_low: str) -> tuple[frozenset[str], str] | None:
    """How a clause writes the place between its shared words ``i - 1`` and ``end`` (and how to
    show it), or None when it writes nothing there that the other clause does not write too."""
    start = tokens[i - 1].end if i > 0 else 0
    stop = tokens[end].start if end < len(tokens) else len(low)
    if start >= stop:
        return None
    inner = low[start:stop].strip(_EDGE)
    if not inner:
        return None
    if _CJK.search(inner):
        at = low.index(inner, start)
        left = at - 1 if at > 0 and _CJK.match(low, at - 1) else at
        right = at + len(inner) + 1 if at + len(inner) < len(low) and _CJK.match(low, at + len(inner)) else at + len(inner)
        written = low[left:right]
        inside = {_WORDS_OF + t.key for t in tokens[i:end]
                  if start <= t.start and t.end <= stop and t.key not in other_keys and t.key not in other_low}
        if written in other_low and not inside:
            return None
        return frozenset(inside | ({written} if written not in other_low else set())), inner if len(inner) >= 2 else written
    own = [t for t in tokens[i:end] if t.key not in other_keys and not t.key.startswith(_FUNCTION)]
    if not own:
        return None
    return frozenset(_WORDS_OF + t.key for t in own), low[own[0].start:max(t.end for t in own)]


_EDGE = " \t。．.!?！？、,，;；:："


_ORDERED = re.compile(r"[\u3400-\u9fff]+|[A-Za-z][A-Za-z0-9+-]*|\d+(?:[.,]\d+)*")


def _ordered_tokens(text: str) -> list[_Token]:
    """The clause's words in the order written, each with its span: content terms (Chinese
    bigrams, stemmed English words), names ("Arm A", HER2, the A of A组) and numbers — a number
    or a name is as much a clause's own word as a noun is."""
    low = text.lower()
    if len(low) != len(text):
        low = text
    out: list[_Token] = []
    names = entity_tokens(text)
    for m in _ORDERED.finditer(low):
        word, at = m.group(0), m.start()
        if word[0].isdigit():
            out.append(_Token("#" + word.replace(",", ""), at, m.end()))
        elif _CJK.match(word):
            out.extend(_cjk_tokens(word, at))
        else:
            terms = content_sequence(word)
            # a stop-word holds two clauses' pattern together ("Arm A received …, Arm B received …")
            # but is no place's word of its own
            keys = terms or [_FUNCTION + word]
            out.extend(_Token(t, at, m.end()) for t in keys)
            if _next_to_cjk(text, at, m.end()):
                out.append(_Token(_NAME + word, at, m.end()))
    for name in names:
        out.extend(_Token(_NAME + name, n.start(), n.end()) for n in re.finditer(re.escape(name), low))
    return sorted(out, key=lambda t: (t.start, t.end))


def _cjk_tokens(run: str, at: int) -> list[_Token]:
    """The run's bigrams ``content_sequence`` keeps, each where it is written, and its particles
    (在, 的, 为: the Chinese stop-words of one character) as words that hold two clauses' pattern
    together: "该产品在华北销量第二，在西南销量第五" share '在' after the subject the second leaves unsaid."""
    out = [_Token(_FUNCTION + ch, at + i, at + i + 1) for i, ch in enumerate(run) if ch in _particles()]
    if len(run) == 1:
        return out or ([_Token(run, at, at + 1)] if content_sequence(run) else [])
    out += [_Token(run[i:i + 2], at + i, at + i + 2) for i in range(len(run) - 1) if content_sequence(run[i:i + 2])]
    return sorted(out, key=lambda t: (t.start, t.end))


@lru_cache(maxsize=1)
def _particles() -> frozenset[str]:
    return frozenset(w for w in cue_document()["stopwords_zh"] if len(w) == 1)


_PARENTHETICAL = re.compile(r"[(（]([^()（）]*)[)）]")


def _parenthetical_joined(claim: str, segment: str) -> str | None:
    """A claim clause joining words from inside a parenthetical statement of the segment with
    words from outside it: "Patients with condition X, including X1, are excluded (patients
    with condition Y are eligible)" says nothing of X1 being eligible. Only a parenthetical with a verb or cue
    of its own is a statement ("(95% CI 12-16)", "(Arm A)" qualify the words before them)."""
    statements = [m for m in _PARENTHETICAL.finditer(segment) if _head(m.group(1).lower()) is not None]
    if not statements:
        return None
    pieces = [c for part in re.split(r"[()（）]", claim) for c in _clauses(part)]
    mine = [_role_words(c) for c in pieces]
    # The segment read once, cut at its statements: the words of each statement and of the text
    # between them. A word placed once in the segment is outside a statement iff not inside it.
    cuts = [0, *(i for m in statements for i in (m.start(), m.end())), len(segment)]
    between = [segment[a:b] for a, b in zip(cuts[::2], cuts[1::2])]
    inner = [_text_words(m.group(1)) for m in statements]
    placed = set(_placed_once(_flat(mine), _flat([*map(_text_words, between), *inner])))
    for m, inside_words in zip(statements, inner):
        inside = set(inside_words)
        for clause, words in zip(pieces, mine):
            a = next((w for w in words if w in placed and w in inside), None)
            b = next((w for w in words if w in placed and w not in inside), None)
            if a is not None and b is not None:
                return (
                    f"the claim says '{_shown(b)}' and '{_shown(a)}' in one clause ('{clause.text}'); the source says "
                    f"'{_shown(a)}' in its parenthetical ('{m.group(1).strip()}') and '{_shown(b)}' outside it"
                )
    return None


def _text_words(text: str) -> tuple[str, ...]:
    return _flat([_role_words(c) for c in _clauses(text)])


def _role_words(clause: _Clause) -> tuple[str, ...]:
    cues_found = tuple(m.group(0) for m in _lists().cue_words.pattern.finditer(clause.text.lower()))
    return (*clause.keys, *cues_found)


def _flat(groups: list[tuple[str, ...]]) -> tuple[str, ...]:
    return tuple(w for words in groups for w in words)


# --- keys ------------------------------------------------------------------------------------


def _keys(text: str) -> tuple[str, ...]:
    """What a word test places: the content terms (negation and direction cues left out —
    they are what is compared) and the names and labels ("Arm A", HER2, the A of 小组A),
    names marked so that a name never counts as the word it is spelled with. A label next to
    Chinese keeps its case: it is shown as written ('A', not 'a')."""
    blanked = _lists().cue_words.pattern.sub(" ", text.lower())
    names = entity_tokens(text) | {
        m.group(0) for m in _LATIN_TOKEN.finditer(text) if _next_to_cjk(text, m.start(), m.end())
    }
    return (*content_sequence(blanked), *(_NAME + n for n in sorted(names)))


_NAME = "\x00"


def _next_to_cjk(text: str, start: int, end: int) -> bool:
    return (start > 0 and _CJK.match(text, start - 1) is not None) or (end < len(text) and _CJK.match(text, end) is not None)


def _shown(key: str) -> str:
    return key.removeprefix(_NAME)
