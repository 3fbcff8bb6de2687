"""A footnote mark glued to a number ("14.2† months") stands between the value and its unit.

Red team round 5: "Median OS was 14.2 months" FAILED against "Median OS was 14.2† months", while
the same mark after the unit ("14.2 months†") was never in the way. Dropped, the unit is read; a
changed figure still fails.
"""

from __future__ import annotations

import pytest

from citeproof.values import assess_numbers
from citeproof.values.extract import prepare, prepare_lines
from tests.values.helpers import window


@pytest.mark.parametrize(
    ("claim", "source"),
    [
        ("Median OS was 14.2 months.", "Median OS was 14.2† months."),
        ("The ORR was 45.2%.", "The ORR was 45.2‡%."),
        ("中位总生存期为14.2个月。", "中位总生存期为14.2†个月。"),
        ("Median OS was 14.2 months.", "Median OS was 14.2§¶ months."),
        ("Median OS was 14.2 months.", "Median OS was 14.2* months."),
        ("The ORR was 45.2%.", "The ORR was 45.2*%."),
    ],
)
def test_a_mark_between_a_value_and_its_unit_is_not_read(claim, source):
    assert [a.state for a in assess_numbers(claim, [window(source)])] == ["supported"]


@pytest.mark.parametrize(
    ("claim", "source"),
    [
        ("Median OS was 15.2 months.", "Median OS was 14.2† months."),
        ("The ORR was 45.3%.", "The ORR was 45.2‡%."),
    ],
)
def test_a_changed_figure_beside_a_mark_still_fails(claim, source):
    assert [a.state for a in assess_numbers(claim, [window(source)])] == ["missing"]


@pytest.mark.parametrize("text", ["p<0.05*", "2*3 = 6", "Fever * 1/32 (3.13%)", "prothrombin time <1.5*ULN", "AST 2.5*ULN."])
def test_an_asterisk_that_is_no_mark_before_a_unit_stays(text):
    assert prepare(text) == text


def test_the_one_pass_line_reader_drops_the_mark_as_prepare_does():
    lines = ["Median OS was 14.2* months.", "The ORR was 45.2%."]
    assert prepare_lines(lines) == [prepare(t) for t in lines] == ["Median OS was 14.2 months.", "The ORR was 45.2%."]
