"""Shortcuts in prepare() and the atom scanner answer exactly what their plain forms answer.

* ``extract._DATE`` opens with a digit and looks behind it; the plain form opens with the
  look-behind ``(?<![\\d.])\\d{1,4}``. Same spans on random date-like text.
* ``spelled_multiples._ANY_CUE`` is ``any(cue in low for cue in _CUES)`` as one search.
* ``digit_groups._cue_runs_with_commas`` tries the cue-and-run pattern only within reach of a
  run; it must rewrite exactly what the pattern's ``sub`` over the whole text rewrites.
* ``roman_grades.spelled_grades`` and ``spelled_grade_cue`` run the lone-grade pattern only on
  text holding a short form before a grade digit (``_single_hint``); the same answers as always
  running it.
* ``prepare`` lowers the text once for the three spelled-number rewrites; it must equal the
  rewrites chained on the text itself.
"""

from __future__ import annotations

import random
import re

import pytest

from citeproof.text.normalize import fold_emphasis, normalize_text
from citeproof.values import digit_groups, roman_grades, spelled_multiples
from citeproof.values.cjk_numerals import arabic_numerals
from citeproof.values.digit_groups import grouped_after_cue, separator_spaces
from citeproof.values.extract import _DATE, prepare
from citeproof.values.roman_grades import numeric_grades, paired_grades
from citeproof.values.spelled_hundreds import numeric_hundreds
from citeproof.values.spelled_multiples import numeric_multiples
from citeproof.values.spelled_shares import numeric_shares

PLAIN_DATE = re.compile(
    r"(?<![\d.])\d{1,4}(?:-\d{1,2}-\d{1,2}|/\d{1,2}/\d{2,4}|:\d{2}(?::\d{2})?|年\d{1,2}月(?:\d{1,2}日)?|月\d{1,2}日)(?![\d])"
)


def test_date_spans_match_the_plain_pattern() -> None:
    rng = random.Random(11)
    alphabet = list("0123456789.-/:年月日 a")
    for _ in range(20000):
        text = "".join(rng.choice(alphabet) for _ in range(rng.randint(1, 16)))
        assert [m.span() for m in _DATE.finditer(text)] == [m.span() for m in PLAIN_DATE.finditer(text)], text


@pytest.mark.parametrize("text", ["2020-01-02", "1.2020-01-02", "x12:30", "3.12:30", "2020年1月2日", "12/3/2021", "5:3"])
def test_date_examples(text: str) -> None:
    assert [m.span() for m in _DATE.finditer(text)] == [m.span() for m in PLAIN_DATE.finditer(text)]


def test_any_cue_is_any_substring() -> None:
    rng = random.Random(5)
    pieces = [*spelled_multiples._CUES, "q", ".", "d", "i", "b", "t", " ", "x", "翻", "减"]
    for _ in range(20000):
        low = "".join(rng.choice(pieces) for _ in range(rng.randint(0, 8)))
        expected = any(cue in low for cue in spelled_multiples._CUES)
        assert (spelled_multiples._ANY_CUE.search(low) is not None) == expected, low


def _chained(text: str, keep_newlines: bool) -> str:
    text = normalize_text(fold_emphasis(separator_spaces(text)), keep_newlines=keep_newlines)
    if not text.isascii():
        text = arabic_numerals(text)
    text = grouped_after_cue(text)
    # two next grades as a pair after the Roman numerals are digits ("II/III" → "2-3" → "2/3")
    return paired_grades(numeric_grades(numeric_multiples(numeric_shares(numeric_hundreds(text)))))


@pytest.mark.parametrize(
    "text",
    [
        "One hundred and twenty patients, half of them twice daily",
        "Two hundred patients; a third of them doubled the dose b.i.d.",
        "Half of the patients received q3w dosing",
        "One hundred half of twice",  # every rewrite fires on text an earlier one changed
        "一半患者每日两次",
        "Nothing spelled here: 45 patients",
        "TWO HUNDRED and Half of THE Patients BID",
        "Stage II or III, twice daily",
        "stages II/III; Grade IV",
        "A total of 1 500 patients, 35 per 100 000, 1\u202f500 events, Participants 16 380",
    ],
)
@pytest.mark.parametrize("keep_newlines", [False, True])
def test_prepare_equals_the_chained_rewrites(text: str, keep_newlines: bool) -> None:
    assert prepare(text, keep_newlines=keep_newlines) == _chained(text, keep_newlines)


def test_prepare_lines_is_prepare_of_each_line() -> None:
    # one pass over the join only when that is the same thing: ASCII lines without a
    # spelled-number cue; any other batch falls back to one prepare per text
    from citeproof.values.extract import prepare_lines

    rng = random.Random(17)
    pieces = [
        "Complete Response: ", "106", " 65.4%", "**200 mg**", "/day", "# ", "## Results", "_x_", "*y*", "`code`",
        "  ", "\t", "twice", "hundred", "one hundred", "half of", "a third of", "q3w", "b.i.d.", "QD", "tripled",
        "3 of 20", "一半", "三周", "10²", "ﬁve", "\u00a0", "-", "x", "patients", "over 45", "\x0b", "\x1c",
        "stage ", "Grade ", "II", "IV", "/III", " or ",
        "1", " 500", "total of ", "per ", "\u202f",
    ]
    for _ in range(3000):
        texts = ["".join(rng.choice(pieces) for _ in range(rng.randint(0, 6))) for _ in range(rng.randint(0, 6))]
        assert prepare_lines(texts) == [prepare(t) for t in texts], texts


@pytest.mark.parametrize(
    "texts",
    [
        ["Complete Response: 106 65.4%", "Partial Response: 91 56.2%"],
        ["Newly diagnosed stage IV disease", "Neutropenia grade III"],  # a Roman grade: each on its own
        ["a **b", "c** d"],  # emphasis never pairs across texts
        ["`a", "b`"],
        ["two", "hundred patients"],  # a cue the join has: each text on its own
        ["A total of 1 500", "screened"],  # digits grouped by a space: each text on its own
        ["line\nbreak", "x"],  # a text with a line break: each on its own
        ["carriage\rreturn"],
        [],
        [""],
    ],
)
def test_prepare_lines_examples(texts: list[str]) -> None:
    from citeproof.values.extract import prepare_lines

    assert prepare_lines(texts) == [prepare(t) for t in texts]


def _cue_runs_plain(text: str) -> str:
    return digit_groups._after_cue().sub(
        lambda m: m.group(0)[: m.start("run") - m.start()] + digit_groups._with_commas(m, "run"), text
    )


def test_cue_runs_near_a_run_equal_the_whole_text_sub() -> None:
    rng = random.Random(23)
    cues = digit_groups.data_json("value_cues.json")["grouped_digits_after"]["cues"]
    longest = max(cues, key=len)
    pieces = [*cues, longest.upper(), "x", "a", " ", "  ", "\n", "1", "12", "123", " 000", " 500", " 1234", ".5",
              ",", "-", "1 500", "12 345 678"]
    changed = 0
    for _ in range(20000):
        text = "".join(rng.choice(pieces) for _ in range(rng.randint(1, 14)))
        expected = _cue_runs_plain(text)
        changed += expected != text
        assert digit_groups._cue_runs_with_commas(text) == expected, text
    assert changed > 1000  # the sample holds many runs after a cue, not only texts left alone


@pytest.mark.parametrize(
    "text",
    [
        "A total of 1 500 patients, 35 per 100 000, and approximately 2 045 000 events",
        "approximately 12 345 678 and about 1 500",  # the longest cue right before a run
        "per 1 500 per 2 500 per 3 500",  # one match after another
        "xper 1 500; n = 12 000; n=3 000; <1 000; ≥ 2 000",  # a cue glued after a letter is none
        "Participants 16 380",  # no cue: left as written
    ],
)
def test_cue_runs_examples(text: str) -> None:
    assert digit_groups._cue_runs_with_commas(text) == _cue_runs_plain(text)


def _grades_plain(text: str) -> str:
    if "/" in text or "-" in text or "–" in text:
        text = roman_grades._abbreviated_pair().sub("grade ", text)
    return roman_grades._abbreviated_single().sub(roman_grades._single_grade, text)


def _grade_cue_plain(text: str) -> bool:
    return (("/" in text or "-" in text or "–" in text) and roman_grades._abbreviated_pair().search(text) is not None) \
        or roman_grades._abbreviated_single().search(text) is not None


def test_spelled_grades_with_the_hint_equal_the_plain_rewrite() -> None:
    rng = random.Random(31)
    words = roman_grades.data_json("value_cues.json")["grade_abbreviations"]["words"]
    pieces = [*words, *(f"{w}3 " for w in words), "G3", "g", "≥", " ", "\t", "3", "4", "6", "/", "+", "-", "H",
              " neutropenia", " phase", ".", ","]
    changed = 0
    for _ in range(20000):
        text = "".join(rng.choice(pieces) for _ in range(rng.randint(0, 7)))
        expected = _grades_plain(text)
        changed += expected != text
        assert roman_grades.spelled_grades(text) == expected, text
        assert roman_grades.spelled_grade_cue(text) == _grade_cue_plain(text), text
    assert changed > 500


@pytest.mark.parametrize("text", ["G3 neutropenia", "Gr 3 rash", "≥G3 events", "G≥3 events", "G3+ rash", "HG3", "G1 phase",
                                  "G3/4 neutropenia", "Arm/Group Title: Arm A", "Grade 3", "Gr. 3 / 4 rash", "G3-4 rash",
                                  "xG3/4", "G3/45", "20-30 G3"])
def test_spelled_grades_examples(text: str) -> None:
    assert roman_grades.spelled_grades(text) == _grades_plain(text)
    assert roman_grades.spelled_grade_cue(text) == _grade_cue_plain(text)


def test_prepare_ascii_shortcut_is_the_whole_chain(monkeypatch: pytest.MonkeyPatch) -> None:
    # an ASCII text no rewrite has a cue in is only folded: the same text the whole chain gives,
    # line breaks kept or not (the chain itself is what prepare runs with the shortcut refused)
    from citeproof.values import extract

    rng = random.Random(29)
    pieces = [
        "Complete Response: ", "106", " 65.4%", "**200 mg**", "/day", "# ", "_x_", "*y*", "`code`", "  ", "\t", "\n",
        "\n\n", "\r", "twice", "hundred", "half of", "a third of", "q3w", "b.i.d.", "tripled", "3 of 20", "stage ",
        "Grade ", "II", "/III", "G3", "1", " 500", "total of ", "0,72", "12'345", "14.2* months", "patients", "x",
    ]
    texts = ["".join(rng.choice(pieces) for _ in range(rng.randint(0, 8))) for _ in range(3000)]
    fast = {(t, k): prepare(t, keep_newlines=k) for t in texts for k in (False, True)}
    monkeypatch.setattr(extract, "_rewrites_nothing", lambda folded: False)
    assert sum(extract.prepare(t) != t for t in texts) > 300  # the sample holds texts the chain rewrites
    for (t, k), out in fast.items():
        assert out == extract.prepare(t, keep_newlines=k), (t, k)


@pytest.mark.parametrize("text", ["Complete Response: 106 65.4%\nPartial Response: 91 56.2%", "HR 0,72", "14.2* months",
                                  "one hundred patients", "stage II", "G3 rash", "A total of 1 500", "**12** mg"])
@pytest.mark.parametrize("keep_newlines", [False, True])
def test_prepare_ascii_examples(text: str, keep_newlines: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    from citeproof.values import extract

    fast = prepare(text, keep_newlines=keep_newlines)
    monkeypatch.setattr(extract, "_rewrites_nothing", lambda folded: False)
    assert fast == extract.prepare(text, keep_newlines=keep_newlines)
