"""Stages and grades written in Roman numerals, written as digits before atoms are read.

Trial records write "stage IV", "grade III", "stages II-III", "NYHA class II"; a report says
"stage 4", "grade 3", "stage 2 or 3". Read on both sides (claim and source), the two forms
meet, and "stage 3" citing "stage IV" is a number the window does not hold.

Only a Roman numeral right after a grading word (``stage``, ``grade``, ``class``: the
``roman_grades`` list of ``value_cues.json``), and the ones listed with it ("II-III", "II or
III", "II/III" — written "2-3", since "2/3" reads as a fraction), and only capitals I to V (a
lower-case "i" or "v" is a word or a letter). A substage letter stays glued ("IIIA" → "3A", an
identifier, as "3A" is in a claim). Whether the digit is then a value or a label follows from
the grading word: "class" is a label word (``label_before``), so "class II" and "class 2" are
both labels.

A grade pair after a short form of the grading word ("G3/4", "Gr 3/4": ``grade_abbreviations``)
is written after the word itself ("grade 3/4"), so that it is read as grades 3 or 4 — as "grade
3/4" is (``citeproof.values.extract``) — and not as the fraction 0.75 of a name glued to a digit.
So is a lone grade ("G3" → "grade 3", "≥G3", "G≥3", "G3+" → "grade ≥3") where the short form
stands alone and, plain, before the word it grades ("G3 neutropenia"), so that "grade 3" finds
its digit; a name holding the letters ("HG3", "G3BP", "G3P", "5G3", a diagram's node "G1 --> E")
or a phase of the cell cycle ("G1 phase") is left as written.
"""

from __future__ import annotations

import re
from functools import lru_cache

from citeproof.values.lexicon import data_json, lexicon

_ROMAN = {"I": "1", "II": "2", "III": "3", "IV": "4", "V": "5"}
_NUMERAL = r"(?:III|II|IV|V|I)(?![a-z\d])(?:[A-C](?![A-Za-z\d]))?"


@lru_cache(maxsize=1)
def _pattern() -> tuple[re.Pattern[str], re.Pattern[str], tuple[str, ...]]:
    words = lexicon().roman_grades
    grading = "|".join(re.escape(w) for w in words)
    run = re.compile(
        r"\b(?i:" + grading + r")\s?" + _NUMERAL + r"(?:\s?(?:-|–|/|,|or|and|to)\s?" + _NUMERAL + r")*"
    )
    return run, re.compile(_NUMERAL), words


def roman_cue(low: str) -> bool:
    """Can lower-cased ``low`` hold a graded Roman numeral (one of the grading words)?"""
    return any(w in low for w in _pattern()[2])


def numeric_grades(text: str, low: str | None = None) -> str:
    """``text`` with the Roman numerals of stages and grades written as digits."""
    if not roman_cue(text.lower() if low is None else low):
        return text
    run, numeral = _pattern()[:2]

    def digits(m: re.Match[str]) -> str:
        grading_end = re.match(r"[^\W\d_]+\s?", m.group(0)).end()  # type: ignore[union-attr]
        head, tail = m.group(0)[:grading_end], m.group(0)[grading_end:]
        tail = numeral.sub(lambda n: _ROMAN[n.group(0).rstrip("ABC")] + n.group(0)[len(n.group(0).rstrip("ABC")):], tail)
        return head + tail.replace("/", "-")  # "II/III" is "2-3": "2/3" would read as a fraction

    return run.sub(digits, text)


@lru_cache(maxsize=1)
def _consecutive() -> re.Pattern[str]:
    grading = "|".join(re.escape(w) for w in lexicon().roman_grades)
    return re.compile(r"\b(?P<head>(?i:" + grading + r")\s?)(?P<low>[1-5])\s?[-–]\s?(?P<high>[1-5])(?![\d.,%])")


def paired_grades(text: str) -> str:
    """``text`` with a range of two grades next to each other ("grade 3-4", "stage 2–3", "G3-4"
    once spelled) written as the pair it is ("grade 3/4", read as "grade 3 or 4"): the range
    holds no grade between them. A wider range ("grade 2-4") stays a range: the pair would drop
    its middle. A pair writing its grading word twice ("grade 3/grade 4") is written once. A
    grade and a plus ("grade 3+") is "grade ≥3", as "G3+" is (``spelled_grades``): read bare, the
    claim's "grade 3" found its digit (rt36b g1)."""
    if not roman_cue(text.lower()):
        return text
    if "+" in text:
        text = _plus().sub(r"\g<head>≥\g<grade>", text)

    def pair(m: re.Match[str]) -> str:
        if int(m.group("high")) != int(m.group("low")) + 1:
            return m.group(0)
        return m.group("head") + m.group("low") + "/" + m.group("high")

    def once(m: re.Match[str]) -> str:
        return m.group(0) if _respective(text, m) else m.expand(r"\g<first>\g<join>\g<high>")

    return _consecutive().sub(pair, _repeated().sub(once, text))


@lru_cache(maxsize=1)
def _plus() -> re.Pattern[str]:
    grading = "|".join(re.escape(w) for w in lexicon().roman_grades)
    # not before a digit: "grade 3 + 4" adds
    return re.compile(r"\b(?P<head>(?i:" + grading + r")\s?)(?P<grade>[1-5])\s?\+(?!\s?\d)")


_SENTENCE_END = re.compile(r"[;!?；。！？\n]|(?<!\d)\.(?!\d)")


def _respective(text: str, m: re.Match[str]) -> bool:
    """Does the sentence holding ``m`` pair its grades with figures in order ("Grade 3 or grade
    4 X occurred in 22% and 9% of patients, respectively", 3级和4级…分别为…; rt35 g1)? Then each
    grade owns its own figure: written once, the pair would be read as alternatives and the
    respectively list would lose its items."""
    start = max((e.end() for e in _SENTENCE_END.finditer(text, 0, m.start())), default=0)
    end = next((e.start() for e in _SENTENCE_END.finditer(text, m.end())), len(text))
    return says_respectively(text[start:end].lower())


def says_respectively(low: str) -> bool:
    """Whether lower-cased ``low`` writes a respectively cue ("respectively", 分别)."""
    return any(cue in low for cue in data_json("claim_support.json")["structure_cues"]["respectively"])


@lru_cache(maxsize=1)
def _repeated() -> re.Pattern[str]:
    """Two grades joined by a slash or "or", the grading word written again before the second
    ("grade 3/grade 4", "stage 3 or stage 4"; rt33 c5): the pair "grade 3/4", "grade 3 or 4"
    writes, so a claim of one grade alone is at most plausible against it, as against those."""
    grading = "|".join(re.escape(w) for w in lexicon().roman_grades)
    return re.compile(
        r"\b(?P<first>(?P<word>" + grading + r")\s?[1-5])(?P<join>\s?/\s?|\sor\s)(?P=word)\s?(?P<high>[1-5])(?![\d.,%])",
        re.IGNORECASE)


def _pair_short_forms() -> str:
    words = data_json("value_cues.json")["grade_abbreviations"]["words"]
    return "|".join(re.escape(w) for w in sorted(words, key=len, reverse=True))


@lru_cache(maxsize=1)
def _abbreviated_pair() -> re.Pattern[str]:
    # only before a slash pair of grade digits; a lone grade is read by ``_abbreviated_single``
    # "G3-4" too: a range of grades, which ``numeric_grades`` reads as the pair where it is one
    return re.compile(r"(?<![A-Za-z\d.])(?:" + _pair_short_forms() + r")\s?(?=[1-5]\s?[/\-–]\s?[1-5](?![\d.,]))")


@lru_cache(maxsize=1)
def _pair_hint() -> re.Pattern[str]:
    """What every ``_abbreviated_pair`` match holds with its look-ahead: a short form, then the
    pair ("G3/4"), without the lookarounds. It opens with the short forms' letters, so the
    engine skips ahead to them; the full pattern, which opens with a look-behind tried at every
    position, runs only on text holding one (a window's "Arm/Group" or "20-30" holds none)."""
    return re.compile(r"(?:" + _pair_short_forms() + r")\s?[1-5]\s?[/\-–]\s?[1-5]")


@lru_cache(maxsize=1)
def _abbreviated_single() -> re.Pattern[str]:
    cues = data_json("value_cues.json")["grade_abbreviations"]
    short = _single_short_forms()
    not_before = "|".join(re.escape(w) for w in cues["single_not_before"])
    # standing alone: "HG3", "5G3", "G3P", "G3BP", "G3/40", "G3-4" are names or what the pair reads
    return re.compile(
        r"(?<![A-Za-z\d.\-])(?P<before>≥\s?)?(?:" + short + r")(?P<after>≥\s?)?(?P<grade>[1-5])(?P<plus>\+)?"
        r"(?![A-Za-z\d_/+\-–]|[.,]\d)(?!\s(?:" + not_before + r")\b)")


@lru_cache(maxsize=1)
def _single_short_forms() -> str:
    """The short forms a lone grade follows, as an alternation, longest first."""
    words = data_json("value_cues.json")["grade_abbreviations"]["words"]
    # a lone letter glued to its digit ("G3"): spaced, "G 3" may be an arm or a group named G
    return "|".join(re.escape(w) + (r"\s?" if len(w) > 1 else "") for w in sorted(words, key=len, reverse=True))


@lru_cache(maxsize=1)
def _single_hint() -> re.Pattern[str]:
    """What every ``_abbreviated_single`` match holds: a short form, maybe "≥", then a grade digit
    ("Gr 3", "G≥3"), without the lookarounds. It opens with the short forms' letters, so the
    engine skips ahead to them; the full pattern, which opens with a lookbehind tried at every
    position, runs only on text holding one."""
    return re.compile(r"(?:" + _single_short_forms() + r")(?:≥\s?)?[1-5]")


# a word right after a lone "G3": what is graded ("G3 neutropenia", "G3 and G4 rash")
_GRADED_WORD = re.compile(r"\s?[^\W\d_]")
# a table row's cell separator (its claim text joins the cells by " | ")
_CELL_BEFORE = re.compile(r"\|\s$")
_CELL_AFTER = re.compile(r"\s\|")


def _whole_cell(m: re.Match[str]) -> bool:
    """Does the lone grade fill a table row's cell ("Neutropenia | G3 | 14%")? The row's other
    cells name what is graded; a separator on one side and the row's edge on the other will do."""
    text = m.string
    before = m.start() == 0 or _CELL_BEFORE.search(text, max(0, m.start() - 2), m.start()) is not None
    after = m.end() == len(text) or _CELL_AFTER.match(text, m.end()) is not None
    return before and after and " | " in text


def _single_grade(m: re.Match[str]) -> str:
    at_least = m.group("before") or m.group("after") or m.group("plus")
    if not at_least and _GRADED_WORD.match(m.string, m.end()) is None and not _whole_cell(m):
        return m.group(0)  # no word graded: a name ("subgraph G1 [Arm I]", "G1 --> E", "(G3)")
    return "grade " + ("≥" if at_least else "") + m.group("grade")


def spelled_grades(text: str) -> str:
    """``text`` with a short grading word before a grade or a grade pair written in full ("G3/4" →
    "grade 3/4", "G3" → "grade 3", "≥G3" and "G3+" → "grade ≥3")."""
    if "/" in text or "-" in text or "–" in text:
        text = _abbreviated_pair().sub("grade ", text)
    if _single_hint().search(text) is None:
        return text
    return _abbreviated_single().sub(_single_grade, text)


def spelled_grade_cue(text: str) -> bool:
    """Does ``text`` hold a grade or a grade pair after a short grading word (``spelled_grades``)?"""
    return (("/" in text or "-" in text or "–" in text) and _pair_hint().search(text) is not None
            and _abbreviated_pair().search(text) is not None) \
        or (_single_hint().search(text) is not None and _abbreviated_single().search(text) is not None)
