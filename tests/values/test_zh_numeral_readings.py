"""Chinese numerals a red team found misread: a numeral past 万 (十二万五千 is 125,000, never
12万), 三成五 (35%), 一万二千亿, and 一 as the article "a" (每21天为一个周期). Each true claim must
not fail and its false twin of the same shape must not pass."""

from __future__ import annotations

import pytest

from citeproof.values.cjk_numerals import arabic_numerals
from citeproof.values.extract import extract_atoms, prepare
from tests.values.helpers import ending


def _read(text: str) -> list[tuple[float, float | None, str]]:
    return [(a.number, a.high, a.unit) for a in extract_atoms(text)]


@pytest.mark.parametrize(
    "text, expected",
    [
        ("十二万五千台", "12.5万台"),
        ("一万二千五百", "1.25万"),
        ("一万五", "1.5万"),  # the spoken elision: 一万五 is 15,000, never 10,005
        ("一万零五", "1.0005万"),
        ("三亿五", "3.5亿"),
        ("一万二千亿", "12000亿"),
        ("三亿五千万", "35000万"),
        ("以防万一", "以防万一"),
        ("数十万五千", "数十万五千"),
    ],
)
def test_a_numeral_past_its_wan_is_read_whole(text, expected):
    assert arabic_numerals(text) == expected


def test_a_numeral_scaled_past_wan_yi_is_its_value():
    assert _read("一万二千亿元") == [(1.2e12, None, "CNY")]


def test_a_range_from_a_numeral_past_wan_keeps_its_scale():
    assert _read("十二万五千至十五万台") == [(125_000.0, 150_000.0, "")]


@pytest.mark.parametrize("text, share", [("三成五的受访者", "35%"), ("七成半", "75%"), ("三成", "30%")])
def test_tenths_with_a_digit_after_cheng(text, share):
    assert prepare(text).startswith(share)


@pytest.mark.parametrize("text", ["每21天为一个周期", "共一个疗程", "一项研究显示"])
def test_yi_before_a_measure_word_is_the_article(text):
    assert _read(text) == [(21.0, None, "day")] * ("21" in text)


@pytest.mark.parametrize("text, count", [("仅一个疗程", 1.0), ("只一项研究", 1.0), ("两个周期", 2.0)])
def test_yi_after_only_is_a_count(text, count):
    assert [a.number for a in extract_atoms(text)] == [count]


TRUE_PAIRS = [
    ("Sales volume was 125,000 vehicles in 2023.", "2023年销量为十二万五千台。"),
    ("35% of respondents preferred brand A.", "三成五的受访者偏好品牌A。"),
    ("Each cycle lasted 21 days.", "每21天为一个周期。"),
]

FALSE_PAIRS = [
    ("Sales volume was 120,000 vehicles in 2023.", "2023年销量为十二万五千台。"),
    ("30% of respondents preferred brand A.", "三成五的受访者偏好品牌A。"),
    ("Each cycle lasted 21 days.", "每28天为一个周期。"),
]


def test_true_readings_do_not_fail(tmp_path):
    assert ending(tmp_path, TRUE_PAIRS, "fail") == []


def test_false_twins_fail(tmp_path):
    assert ending(tmp_path, FALSE_PAIRS, "pass", "undecided") == []
