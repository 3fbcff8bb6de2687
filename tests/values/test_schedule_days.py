"""Schedule shorthand for the days of a cycle (values.spelled_multiples).

Red team round 5: "Gemcitabine was given on days 1 and 8 of a 21-day cycle" FAILED against
"Gemcitabine d1, d8 q21d": "d1" glued its digit to a letter and read as an identifier. A run
of day shorthand is now read as the days it lists when it names day 1 or a cadence follows
it; the twin with another day (15 for 8) still fails, and "vitamin D3" names no day.
"""

from __future__ import annotations

import pytest

from citeproof.values.spelled_multiples import numeric_multiples
from tests.values.helpers import verify_pairs


@pytest.mark.parametrize(
    ("text", "read"),
    [
        ("Gemcitabine d1, d8 q21d.", "Gemcitabine days 1 and 8 every 21 days."),
        ("D1/D8 every 21 days", "days 1 and 8 every 21 days"),
        ("d1,8,15 q28d", "days 1, 8 and 15 every 28 days"),
        ("Gem D1+D8", "Gem days 1 and 8"),
        ("days 1,8 q3w", "days 1 and 8 every 3 weeks"),
        ("cisplatin d1 q21d", "cisplatin day 1 every 21 days"),
        # no day 1 and no cadence: a name, not a schedule
        ("vitamin D3 daily", "vitamin D3 daily"),
        ("D2/D3 receptors", "D2/D3 receptors"),
        ("the D1 receptor", "the D1 receptor"),
    ],
)
def test_day_shorthand_is_read_as_the_days_it_lists(text, read):
    assert numeric_multiples(text) == read


TRUE = [
    ("Gemcitabine d1, d8 q21d.", "Gemcitabine was given on days 1 and 8 of a 21-day cycle."),
    ("Gemcitabine D1/D8 every 21 days.", "Gemcitabine was given on days 1 and 8 of a 21-day cycle."),
    ("Gemcitabine days 1,8 q3w.", "Gemcitabine was given on days 1 and 8 of a 21-day cycle."),
    ("Gemcitabine d1,8,15 q28d.", "Gemcitabine was given on days 1, 8 and 15 every 28 days."),
    ("Gemcitabine 1000 mg/m2 d1, d8 q21d.", "Gemcitabine 1000 mg/m2 d1, d8 q21d."),
    ("Vitamin D3 1000 IU daily was given.", "Vitamin D3 1000 IU daily was given."),
]

FALSE = [
    ("Gemcitabine d1, d8 q21d.", "Gemcitabine was given on days 1 and 15 of a 21-day cycle."),
    ("Gemcitabine D1/D8 every 21 days.", "Gemcitabine was given on days 1 and 15 of a 21-day cycle."),
    ("Gemcitabine d1,8,15 q28d.", "Gemcitabine was given on days 1, 8 and 22 every 28 days."),
    ("Gemcitabine 1000 mg/m2 d1, d8 q21d.", "Gemcitabine 1000 mg/m2 on days 1 and 15 every 21 days."),
]


def test_a_true_schedule_does_not_fail(tmp_path):
    assert [(c.text, c.status) for c in verify_pairs(tmp_path, TRUE) if c.status == "fail"] == []


def test_a_schedule_with_another_day_fails(tmp_path):
    assert [(c.text, c.status) for c in verify_pairs(tmp_path, FALSE) if c.status != "fail"] == []
