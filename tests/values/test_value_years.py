"""A year-shaped number a claim states as a figure is not carried by the same digits written as
a date (citeproof.values.value_years; s28 bare finding 2: "The incidence was 2023" passed on
"In 2023, incidence was 10.4" and on the JSON key of {"incidence": {"2023": "10.4"}})."""

from __future__ import annotations

import pytest

from citeproof.values.value_years import value_slot_years, written_as_value, year_as_date_only
from values.helpers import verify_against


@pytest.mark.parametrize(
    ("claim", "years"),
    [
        ("the incidence was 2023", {"2023"}),
        ("the incidence was 2023.", {"2023"}),
        ("incidence reached 2023 cases", {"2023"}),
        ("the incidence: 2023", {"2023"}),
        ("发病率为2023", {"2023"}),
        # a year as a date, or a slot whose words name a time
        ("in 2023, the incidence was 10.4", set()),
        ("the trial started in 2019", set()),
        ("the start date was 2019", set()),
        ("the study year was 2019", set()),
        ("by the end of 2023 it closed", set()),
        ("as of 2023, the incidence was 10.4", set()),
        # a figure that is no year
        ("the incidence was 2023.5", set()),
        ("the rate was 2023%", set()),
    ],
)
def test_the_years_a_claim_states_as_figures(claim, years):
    assert value_slot_years(claim) == frozenset(years)


@pytest.mark.parametrize(
    ("segment", "as_value"),
    [
        ("in 2023, incidence was 10.4.", False),
        ("incidence › 2023: 10.4", False),
        ("since 2023 the rate rose", False),
        ("march 2023: 10.4", False),
        ("2023年发病率为10.4。", False),
        ("2023-05-01: 10.4", False),
        ("from 2019 until 2023 it rose", False),
        ("start date: 2023", True),
        ("2023 participants were enrolled in 2019.", True),
        ("enrollment: 2023 (actual)", True),
        ("in 2019, 2023 patients were enrolled.", True),
        ("cases reached 2023 - a record.", True),
    ],
)
def test_a_year_written_as_a_date_label_is_no_value(segment, as_value):
    assert written_as_value("2023", segment) is as_value


def test_a_figure_year_needs_a_value_in_the_segment():
    assert year_as_date_only(frozenset({"2023"}), "in 2023, incidence was 10.4.") == "2023"
    assert year_as_date_only(frozenset({"2023"}), "in 2023, 2023 cases were seen.") is None
    assert year_as_date_only(frozenset(), "in 2023, incidence was 10.4.") is None


def _statuses(tmp_path, name, source, claims):
    report = "# R\n\n" + "\n\n".join(claims) + "\n"
    return [c.status for c in verify_against(tmp_path, source, report, name=name).claims if c.anchors]


def test_a_year_key_or_date_backs_no_figure(tmp_path):
    json_source = '{"incidence": {"2023": "10.4"}}'
    assert _statuses(tmp_path / "j", "s.json", json_source, [
        "The incidence was 2023 [evidence:s.json#incidence].",
        "The incidence was 10.4 in 2023 [evidence:s.json#incidence].",
    ]) == ["undecided", "pass"]
    text = "# S\n\nIn 2023, incidence was 10.4.\n"
    assert _statuses(tmp_path / "t", "s.md", text, [
        "The incidence was 2023 [evidence:s.md#L3].",
        "The incidence: 2023 [evidence:s.md#L3].",
        "In 2023, the incidence was 10.4 [evidence:s.md#L3].",
    ]) == ["undecided", "undecided", "pass"]
    zh = "# S\n\n2023年发病率为10.4。\n"
    assert _statuses(tmp_path / "z", "s.md", zh, ["发病率为2023[evidence:s.md#L3]。", "2023年发病率为10.4[evidence:s.md#L3]。"]) == ["undecided", "pass"]


def test_a_year_stated_as_a_date_or_a_count_still_passes(tmp_path):
    assert _statuses(tmp_path / "d", "s.md", "# S\n\nStart date: 2019\n", ["The start date was 2019 [evidence:s.md#L3]."]) == ["pass"]
    assert _statuses(tmp_path / "s", "s.md", "# S\n\nThe trial started in 2019.\n", ["The trial started in 2019 [evidence:s.md#L3]."]) == ["pass"]
    assert _statuses(tmp_path / "c", "s.md", "# S\n\nEnrollment was 2023 participants.\n", ["Enrollment was 2023 participants [evidence:s.md#L3]."]) == ["pass"]
