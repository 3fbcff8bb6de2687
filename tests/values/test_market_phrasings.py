"""True market claims in common phrasings that used to FAIL, each beside its false twin.

Found writing true claims by hand against market sources:
* "3000多家医院" (over 3,000 hospitals) read as a plain 3,000: the bound mark before a measure
  word (家, 个, 种 …) was only read before a count noun;
* "up from $470 million a year earlier" read "a year" as a rate ($470 million per year);
* "rose from 15% in 2022 to 18%" read "2022 to 18%" as a range from 2022 to 18%.
"""

from __future__ import annotations

import pytest

from citeproof.values.extract import extract_atoms
from tests.values.helpers import verify_pairs


def _read(text: str) -> list[str]:
    return [a.describe() for a in extract_atoms(text)]


def test_a_bound_mark_before_a_measure_word_bounds_the_count():
    assert _read("覆盖3000多家医院") == ["> 3,000"]
    assert _read("覆盖3000家医院") == ["3,000"]


def test_an_article_led_period_followed_by_earlier_or_ago_is_a_time_not_a_rate():
    assert _read("up from $470 million a year earlier") == ["USD 470,000,000"]
    assert _read("revenue of $470 million a year") == ["USD/year 470,000,000"]  # still a rate
    assert _read("200 mg a day after surgery") == ["200 mg/day"]


def test_a_year_before_to_opens_no_range_down_to_a_quantity():
    assert _read("rose from 15% in 2022 to 18%") == ["15%", "18%"]
    assert _read("2000 to 3000 mg") == ["2,000–3,000 mg"]  # a range runs upwards
    assert _read("2019-23年") == ["2,019–23 year"]  # unchanged: not this rule's


PAIRS_TRUE = [
    ("截至2023年底，该药在国内覆盖医院超过3000家。", "截至2023年底，该药在国内覆盖医院3000多家。"),
    ("Q3 2023 revenue: $512m (Q3 2022: $470m).", "Q3 2023 revenue was $512m, up from $470m a year earlier."),
    ("Market share in Europe was 18%, up from 15% in 2022.", "Market share in Europe rose from 15% in 2022 to 18%."),
]
PAIRS_FALSE = [
    ("截至2023年底，该药在国内覆盖医院3012家。", "截至2023年底，该药在国内覆盖医院4000多家。"),
    ("Q3 2023 revenue: $512m (Q3 2022: $470m).", "Q3 2023 revenue was $512m, up from $430m a year earlier."),
    ("Market share in Europe was 18%, up from 15% in 2022.", "Market share in Europe rose from 12% in 2022 to 18%."),
]


def test_the_true_phrasings_do_not_fail(tmp_path):
    assert [(c.text, c.reasons) for c in verify_pairs(tmp_path, PAIRS_TRUE) if c.status == "fail"] == []


def test_their_false_twins_still_fail(tmp_path):
    assert [c.status for c in verify_pairs(tmp_path, PAIRS_FALSE)] == ["fail", "fail", "fail"]
