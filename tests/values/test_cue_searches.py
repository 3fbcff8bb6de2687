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
