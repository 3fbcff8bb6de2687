"""Which grade a figure is stated for, where a sentence names two grades.

"Grade 3 and grade 4 X occurred in 11% and 2% of patients, respectively" gives the 11% to grade
3 and the 2% to grade 4: "Grade 4 X occurred in 11%" holds every word and number of the line,
yet gives grade 3's figure to grade 4 (rt35 g2). A sentence listing grades against its figures
in order ("respectively", 分别) gives the k-th figure to the k-th grade; a claim naming one of the
grades with another grade's figure goes to the judge.

"3级/4级X发生率为22%" (or "3/4级", "3级或4级") gives the 22% to grades 3 and 4 together: a claim
of "4级" alone is at most plausible, as "grade 4" is against "grade 3/4" (the numbers read the
English pair as alternatives; the Chinese grade is a label the numbers do not read; rt35 g1).
So does "Grades 3 and 4 X occurred in 22%", which the numbers do not read as alternatives, and a
Chinese grade with its lower bound ("≥3级", "3级及以上", "3级以上": grade 3 and higher; rt36b g1).
Neither is ever failed here.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from functools import lru_cache

from citeproof.values.lexicon import alternation, data_json, lexicon
from citeproof.values.regimen_form import _NUMBER, _SENTENCE_BREAK
from citeproof.values.roman_grades import says_respectively


@lru_cache(maxsize=1)
def _patterns() -> tuple[re.Pattern[str], re.Pattern[str], re.Pattern[str], re.Pattern[str]]:
    """A listed pair of grades (English, Chinese), one grade a claim names (English, Chinese)."""
    grading = alternation(lexicon().roman_grades)
    # a range ("Grade 3-4", "grades 3–4") names the grades together, as a pair does
    joins = r"(?:\s?,\s?|\s(?:and|or|and/or)\s|\s?/\s?|\s?[-–]\s?)"
    listed = re.compile(
        rf"\b(?P<word>{grading})\s?(?P<a>[1-5])(?![\d.])(?P<join>{joins})(?:(?P=word)\s?)?(?P<b>[1-5])(?![\d.,%])", re.IGNORECASE)
    # a range of grades ("3-4级", "3～4级", "3至4级") is the pair together, as "3/4级" is
    listed_zh = re.compile(r"(?<![\d.])(?P<a>[1-5])\s?级?(?P<join>\s?[/或和及与、\-–—~～至到]\s?)(?P<b>[1-5])\s?级")
    one = re.compile(rf"\b(?:{grading})\s?(?P<g>[1-5])(?![\d.,%/])", re.IGNORECASE)
    one_zh = re.compile(r"(?<![\d./或和及与、])(?P<g>[1-5])\s?级")
    return listed, listed_zh, one, one_zh


@lru_cache(maxsize=1)
def _bounded_zh() -> re.Pattern[str]:
    """A Chinese grade with its lower bound written before or after it ("≥3级", "3级及以上"; the
    bounds of value_cues.json)."""
    cues = data_json("value_cues.json")
    before = [mark for mark, bound in cues["bounds_symbols"].items() if bound in (">=", ">")]
    after = [w for w in cues["bounds_after"][">="] if not w.isascii()]
    return re.compile(rf"(?:{alternation(before)})\s?(?P<g>[1-5])\s?级|(?<![\d.])(?P<h>[1-5])\s?级\s?(?:{alternation(after)})")


@lru_cache(maxsize=1)
def _bounded_en() -> re.Pattern[str]:
    """An English grade with its lower bound ("grade ≥3", "Grade 3+", "grade 3 or higher")."""
    cues = data_json("value_cues.json")
    before = [mark for mark, bound in cues["bounds_symbols"].items() if bound in (">=", ">")]
    after = [w for w in cues["bounds_after"][">="] if w.isascii()]
    grading = alternation(lexicon().roman_grades)
    return re.compile(rf"\b(?:{grading})\s?(?:(?:{alternation([*before, '>='])})\s?(?P<g>[1-5])|(?P<h>[1-5])\s?(?:\+|(?:{alternation(after)})\b))",
                      re.IGNORECASE)


def _bounded_grades(text: str) -> dict[str, str]:
    """grade → how ``text`` writes it with its lower bound."""
    return {m.group("g") or m.group("h"): m.group(0) for m in _bounded_zh().finditer(text)}


def _sentences(text: str) -> Iterator[str]:
    yield from (s for s in _SENTENCE_BREAK.split(text) if s.strip())


def _claim_grades(claim: str) -> set[str]:
    """The grades the claim names one at a time (a pair it writes itself names both)."""
    listed, listed_zh, one, one_zh = _patterns()
    if listed.search(claim) or listed_zh.search(claim):
        return set()
    return {m.group("g") for p in (one, one_zh) for m in p.finditer(claim)}


def _figures(sentence: str, masked: Iterable[tuple[int, int]]) -> list[float]:
    return [float(n.group(0).replace(",", "")) for n in _NUMBER.finditer(sentence)
            if not any(a <= n.start() < b for a, b in masked)]


def grade_crossed(claim_text: str, segment_text: str, claim_numbers: Iterable[float] = ()) -> str | None:
    """Why the claim gives a figure to another grade than the segment does (see the module doc),
    or None."""
    wanted = set(claim_numbers)
    if not wanted:
        return None
    grades = _claim_grades(claim_text)
    if len(grades) != 1:
        return None
    (grade,) = grades
    if grade not in _bounded_grades(claim_text):
        for sentence in _sentences(segment_text):
            written = _bounded_grades(sentence).get(grade)
            if written and wanted & set(_figures(sentence, [m.span() for m in _bounded_zh().finditer(sentence)])):
                return f"the source gives its figure to '{written}', grade {grade} and higher; the claim names grade {grade} alone"
    listed, listed_zh = _patterns()[:2]
    for sentence in _sentences(segment_text):
        for m in (*listed.finditer(sentence), *listed_zh.finditer(sentence)):
            pair = (m.group("a"), m.group("b"))
            if grade not in pair or pair[0] == pair[1]:
                continue
            written = sentence[m.start():m.end()].strip()
            after = _figures(sentence[m.end():], ())
            if not says_respectively(sentence.lower()):
                # the English numbers read "grade 3/4" or "grade 3 or 4" as alternatives, not "and"
                joined = "级" in m.group(0) or m.group("join").strip().lower() == "and"
                if joined and wanted & set(_figures(sentence, [m.span()])):
                    return f"the source gives its figure to '{written}', both grades together; the claim names grade {grade} alone"
                continue
            if len(after) < 2:
                continue
            mine, theirs = after[pair.index(grade)], after[1 - pair.index(grade)]
            if theirs in wanted and mine not in wanted:
                return (f"the source lists '{written}' against its figures in order; the claim gives grade {grade} "
                        f"{theirs:g}, the other grade's")
    return None


def context_grade(contexts: Iterable[str]) -> str | None:
    """The one grade the nearest context naming grades names ("## Grade 3 events", "3级不良事件：";
    ``contexts``: nearest first), or None: a pair or a bounded grade ("Grade 3/4", "≥3级") names
    grades together, which a line stating them together carries."""
    listed, listed_zh, one, one_zh = _patterns()
    for text in contexts:
        if any(p.search(text) for p in (listed, listed_zh, _bounded_zh(), _bounded_en())):
            return None
        grades = {m.group("g") for p in (one, one_zh) for m in p.finditer(text)}
        if grades:
            return grades.pop() if len(grades) == 1 else None
    return None


def names_grade(text: str) -> bool:
    """Whether ``text`` names a grade of its own: one, a pair, or one with its lower bound ("Grade
    ≥3 neutropenia" under "## Grade 3 events" is grade 3 and higher, whatever the heading says)."""
    return any(p.search(text) for p in (*_patterns(), _bounded_zh(), _bounded_en()))


def context_grade_crossed(grade: str, claim_text: str, segment_text: str, claim_numbers: Iterable[float] = ()) -> str | None:
    """Why a claim naming no grade, read in the grade its context names ("## Grade 3 events" over
    "Neutropenia occurred in 22%"), gives its figure to another grade than the segment does: a
    sentence holding the claim's figure names grades, none of them ``grade`` alone ("Grade 3/4
    neutropenia 22%", "Grade 4 … 22%", "≥3级"), or it crosses a pair as :func:`grade_crossed`
    reads one. A sentence naming no grade is read no further (rt36b ctxfix)."""
    wanted = set(claim_numbers)
    if not wanted or names_grade(claim_text):
        return None  # the claim's own grade is compared as written
    for sentence, together, alone in _graded_sentences(segment_text, wanted):
        if grade not in alone:
            written = sentence[together[0][0]:together[0][1]] if together else f"grade {sorted(alone)[0]}"
            return f"the report states it under grade {grade}; the source gives its figure to '{written.strip()}'"
    return grade_crossed(f"grade {grade} {claim_text}", segment_text, wanted)


def states_grade_alone(grade: str, segment_text: str, claim_numbers: Iterable[float]) -> bool:
    """Whether a sentence of the segment holding one of the claim's figures names ``grade`` alone
    ("3级中性粒细胞减少22%"): the grade a claim's context names is then written for it there."""
    return any(grade in alone for _, _, alone in _graded_sentences(segment_text, set(claim_numbers)))


def _graded_sentences(segment_text: str, wanted: set[float]) -> Iterator[tuple[str, list[tuple[int, int]], set[str]]]:
    """Each sentence of the segment holding one of ``wanted`` and naming grades, with the spans
    of the grades it names together (a pair, a bounded grade) and the grades it names alone."""
    listed, listed_zh, one, one_zh = _patterns()
    for sentence in _sentences(segment_text):
        if not wanted & set(_figures(sentence, [m.span() for p in (one, one_zh) for m in p.finditer(sentence)])):
            continue
        # a pair listed against its figures in order gives each grade its own ("respectively")
        pairs = () if says_respectively(sentence.lower()) else (listed, listed_zh)
        together = [m.span() for p in (*pairs, _bounded_zh(), _bounded_en()) for m in p.finditer(sentence)]
        alone = {m.group("g") for p in (one, one_zh) for m in p.finditer(sentence)
                 if not any(a <= m.start() < b for a, b in together)}
        alone |= {m.group(k) for p in (listed, listed_zh) if not pairs for m in p.finditer(sentence) for k in "ab"}
        if pairs and len(alone) > 1:
            alone = _grade_before_figure(sentence, wanted, together) or alone
        if together or alone:
            yield sentence, together, alone


# the top grade of the scales graded here (CTCAE): a bounded grade ("≥3") names it and those between
_TOP_GRADE = 5


def _named_together(sentence: str) -> list[frozenset[str]]:
    """The sets of grades ``sentence`` names together: a pair ("Grade 3/4", "Grades 3 and 4"), a
    range ("3-4级" names 3 to 4) or a grade with its lower bound ("≥3", "Grade 3+": up to the
    top grade). A pair listed against its figures in order ("respectively") names each alone."""
    listed, listed_zh = _patterns()[:2]
    named = [] if says_respectively(sentence.lower()) else [
        _listed_grades(m) for p in (listed, listed_zh) for m in p.finditer(sentence)]
    for m in (*_bounded_zh().finditer(sentence), *_bounded_en().finditer(sentence)):
        low = int(m.group("g") or m.group("h"))
        named.append(frozenset(str(g) for g in range(low, _TOP_GRADE + 1)))
    return named


def _listed_grades(m: re.Match[str]) -> frozenset[str]:
    a, b = int(m.group("a")), int(m.group("b"))
    if m.group("join").strip() in _RANGE_JOINS and a < b:
        return frozenset(str(g) for g in range(a, b + 1))
    return frozenset((str(a), str(b)))


_RANGE_JOINS = frozenset("-–—~～至到")


def context_grades_together(contexts: Iterable[str]) -> frozenset[str] | None:
    """The grades the nearest context naming grades names together ("## Grade 3/4 events",
    "Grade ≥3 events:", "3-4级不良事件"; ``contexts``: nearest first), or None: a context naming
    one grade is read by :func:`context_grade`, one naming several sets names none."""
    one, one_zh = _patterns()[2:]
    for text in contexts:
        named = set(_named_together(text))
        singles = {m.group("g") for p in (one, one_zh) for m in p.finditer(text)}
        if len(named) == 1 and singles <= next(iter(named)):
            return named.pop()
        if named or singles:
            return None  # several sets, or a grade beside the set ("Grade 3/4 and grade 5")
    return None


def context_grades_narrowed(grades: frozenset[str], claim_text: str, segment_text: str,
                            claim_numbers: Iterable[float] = ()) -> str | None:
    """Why a claim naming no grade, read in the grades its context names together ("## Grade 3/4
    events" over "Neutropenia occurred in 22%"), gives its figure to other grades than the segment
    does: a sentence holding the claim's figure names grades, never that same set together
    ("Grade 3 neutropenia 22%": grade 3 alone; "Grade ≥3": grade 5 too). A sentence naming no
    grade is read no further, as under one grade's context (ctx2)."""
    wanted = set(claim_numbers)
    if not wanted or any(p.search(claim_text) for p in (*_patterns(), _bounded_zh(), _bounded_en())):
        return None  # the claim's own grade is compared as written
    for sentence, together, alone in _graded_sentences(segment_text, wanted):
        if grades not in _named_together(sentence):
            written = sentence[together[0][0]:together[0][1]] if together else f"grade {sorted(alone)[0]}"
            return (f"the report states it under grades {'/'.join(sorted(grades))} together; the source gives "
                    f"its figure to '{written.strip()}'")
    return None
def _grade_before_figure(sentence: str, wanted: set[float], together: list[tuple[int, int]]) -> set[str]:
    """The grade written nearest before the first of ``wanted`` in a sentence giving grades their
    own figures without 'respectively' ("Grade 3 events occurred in 9% and grade 4 in 2%": the
    9% is grade 3's, though the sentence names grade 4 too); empty when none is written before it."""
    _, _, one, one_zh = _patterns()
    grades = sorted((m.span(), m.group("g")) for p in (one, one_zh) for m in p.finditer(sentence)
                    if not any(a <= m.start() < b for a, b in together))
    for n in _NUMBER.finditer(sentence):
        if any(a <= n.start() < b for (a, b), _ in grades) or float(n.group(0).replace(",", "")) not in wanted:
            continue
        before = [g for (a, _), g in grades if a < n.start()]
        return {before[-1]} if before else set()
    return set()
