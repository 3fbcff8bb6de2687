"""Readings a red team found failing true claims: spans of calendar years (2019—2023年, 2019-23),
listed day labels (第1、8天 / "days 1 and 8"), dates with a month name ("30 April 2009") and doses
whose denominator is written first or in words (每公斤体重10 mg, "10 mg for each kg"). Each true
claim must not fail and its false twin of the same shape must not pass."""

from __future__ import annotations

import pytest

from citeproof.values.extract import extract_atoms
from tests.values.helpers import ending


def _read(text: str) -> list[tuple[float, float | None, str]]:
    return [(a.number, a.high, a.unit) for a in extract_atoms(text)]


@pytest.mark.parametrize("text", ["2019—2023年", "2019-2023年", "2019~2023年", "2019-23 CAGR"])
def test_a_span_of_calendar_years_is_a_period_label(text):
    assert extract_atoms(text) == []


def test_a_duration_in_years_stays_a_value():
    assert _read("历时5-10年") == [(5.0, 10.0, "year")]


@pytest.mark.parametrize(
    "text",
    ["第1天和第8天", "第1、8天", "days 1 and 8", "day 1 and day 8"],
)
def test_listed_day_labels_read_alike(text):
    assert [(a.number, a.unit) for a in extract_atoms(text)] == [(1.0, "day"), (8.0, "day")]


def test_a_count_after_a_time_point_and_a_comma_is_no_day():
    assert _read("at week 12, 45 responded") == [(12.0, None, "week"), (45.0, None, "")]
    assert _read("days 1, 14, and 28") == [(1.0, None, "day"), (14.0, None, "day"), (28.0, None, "day")]


def test_a_lists_third_day_after_its_second_bare_comma_is_a_day():
    # red team rt31 w8/w9: "on days 1, 8, 15 of each 28-day cycle" read 15 bare, and the true
    # claim "on days 1, 8 and 15" failed on it
    assert _read("on days 1, 8, 15 of each 28-day cycle")[:3] == [(1.0, None, "day"), (8.0, None, "day"), (15.0, None, "day")]
    # one bare comma still ends it: the number after may count something
    assert _read("on day 1, 8 patients had fever") == [(1.0, None, "day"), (8.0, None, "")]


def test_a_count_after_a_duration_is_no_day():
    assert _read("for 14 days 3 patients") == [(14.0, None, "day"), (3.0, None, "")]


@pytest.mark.parametrize("text", ["Data cut-off was 30 April 2009", "on April 30, 2009", "30th Apr. 2009"])
def test_a_date_with_a_month_name_states_no_number(text):
    assert extract_atoms(text) == []


def test_a_number_after_a_month_without_a_year_is_read():
    assert [a.number for a in extract_atoms("In March 12 patients enrolled")] == [12.0]


@pytest.mark.parametrize(
    "text, unit",
    [
        ("每公斤体重10 mg", "mg/kg"),
        ("剂量为每公斤10毫克", "mg/kg"),
        ("按每千克体重3.6毫克", "mg/kg"),
        ("每平方米体表面积75 mg", "mg/m2"),
        ("75毫克/平方米", "mg/m2"),
        ("10 mg for each kg of body weight", "mg/kg"),
        ("患者每公斤体重给予10毫克药物", "mg/kg"),
        ("按每平方米体表面积静脉给予75 mg", "mg/m2"),
    ],
)
def test_a_denominator_in_words_is_read(text, unit):
    assert [a.unit for a in extract_atoms(text)] == [unit]


TRUE_PAIRS = [
    ("The market was 120亿元 in 2019 and 252亿元 in 2023.", "2019—2023年，市场规模由120亿元增长至252亿元。"),
    ("Gemcitabine 1000 mg/m2 on days 1 and 8 of a 21-day cycle.", "吉西他滨1000 mg/m2，于第1天和第8天给药。"),
    ("Gemcitabine 1000 mg/m2 on days 1 and 8 of a 21-day cycle.", "吉西他滨1000 mg/m2，于第1、8天给药。"),
    ("It was given on days 1, 14, and 28 during course 1.", "It was given on day 1, day 14 and day 28 of course 1."),
    ("Data cut-off was on 30th April 2009.", "Data cut-off was on 30 April 2009."),
    ("Data cut-off was on 30th April 2009.", "Data cut-off was on April 30, 2009."),
    ("The dose was 10 mg/kg every 2 weeks.", "剂量为每公斤体重10 mg，每2周一次。"),
    ("The dose was 75 mg/m2 on day 1.", "剂量为75毫克/平方米，第1天给药。"),
    ("The dose was 10 mg/kg every 2 weeks.", "The dose was 10 mg for each kg of body weight every 2 weeks."),
    ("每公斤体重给予10毫克，每3周一次。", "患者每公斤体重给予10毫克药物，每3周一次。"),
    ("The dose was 10 mg/kg every 3 weeks.", "患者每公斤体重给予10毫克药物，每3周一次。"),
]

FALSE_PAIRS = [
    ("Gemcitabine 1000 mg/m2 on days 1 and 8 of a 21-day cycle.", "吉西他滨1000 mg/m2，于第1天和第15天给药。"),
    ("Gemcitabine 1000 mg/m2 on days 1 and 8 of a 21-day cycle.", "吉西他滨1000 mg/m2，于第1、15天给药。"),
    ("It was given on days 1, 14, and 28 during course 1.", "It was given on day 1, day 15 and day 28 of course 1."),
    ("The dose was 10 mg/m2 every 2 weeks.", "剂量为每公斤10毫克，每2周一次。"),
    ("The dose was 10 mg every 2 weeks.", "剂量为每公斤10毫克，每2周一次。"),
    # a verb of giving between the denominator and the dose: the dose is still per kg
    ("患者给予10毫克药物，每3周一次。", "患者每公斤体重给予10毫克药物，每3周一次。"),
    ("患者静脉给予75 mg，第1天给药。", "按每平方米体表面积静脉给予75 mg，第1天给药。"),
]


def test_true_readings_do_not_fail(tmp_path):
    assert ending(tmp_path, TRUE_PAIRS, "fail") == []


def test_false_twins_fail(tmp_path):
    assert ending(tmp_path, FALSE_PAIRS, "pass", "undecided") == []
