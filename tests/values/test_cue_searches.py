"""Cue tests written as one search answer what their substring loops answer."""

from __future__ import annotations

import random

from citeproof.values.segment_support import _cues, inverting_header


def test_inverting_header_is_any_substring() -> None:
    headers = _cues().inverting_headers
    rng = random.Random(2)
    pieces = [*headers, "Exclusion", "CRITERIA", ":", " ", "x", "禁", "Inclusion Criteria:", "do", "not"]
    for _ in range(20000):
        line = "".join(rng.choice(pieces) for _ in range(rng.randint(0, 4)))
        assert inverting_header(line) == any(h in line.lower() for h in headers), line


def test_cue_patterns_opening_with_their_character_find_what_the_look_behind_first_forms_found() -> None:
    # the look-behind is checked after the opening character instead of before it, so the engine
    # can skip to that character; whether a text holds a match must not change
    import re

    from citeproof.values.locale_numbers import _MAY_BE_CERTAIN
    from citeproof.values.spelled_multiples import _DAY_CUE

    first_written = {
        _MAY_BE_CERTAIN: re.compile(r"\d['’]\d{3}|(?<![\d.,])0,\d{2}|\d\.\d{3}[.,]\d|\d·\d"),
        _DAY_CUE: re.compile(r"(?<![\w.])d(?:\d|ays\s\d{1,2},\d)"),
    }
    rng = random.Random(11)
    pieces = ["0", "1", "12", "345", ",", ".", "'", "’", " ", "\n", "d", "D", "ays", "x", "_", "0,72", "1.234,5",
              "12'345", "days 1,8", "d1", ".d2", "a0,12", "1.234.567", "·", "44·8", "x·1"]
    for _ in range(40000):
        text = "".join(rng.choice(pieces) for _ in range(rng.randint(0, 6)))
        for pattern, before in first_written.items():
            assert (pattern.search(text) is None) == (before.search(text) is None), (pattern.pattern, text)
