"""A unit written once at the end of a list of numbers ("at 12 and 24 months") (red team round 7).

The bad case this guards (a wrong FAIL): "Overall survival at 12 and 24 months was 78% and 62%,
respectively" cited for the true "At 12 months, overall survival was 78%" failed: the source's
12 is bare, so '12 months' was missing from the window. The bare number is now also read in the
unit that ends its list — as a reading only (the bare number may count something else), so the
claim is judged, never failed and never passed on that reading alone.
"""

from __future__ import annotations

import pytest

from citeproof.values import assess_numbers
from tests.values.helpers import cited_report, verify_against, window


def states(claim: str, source: str) -> list[str]:
    return [r.state for r in assess_numbers(claim, [window(source)])]


@pytest.mark.parametrize(
    ("claim", "source"),
    [
        ("At 12 months, overall survival was 78%.", "Overall survival at 12 and 24 months was 78% and 62%, respectively."),
        ("Patients received 10 mg.", "Doses of 10, 20 and 40 mg were tested."),
        ("Patients received 20 mg.", "Doses of 10, 20 and 40 mg were tested."),
        ("Patients received 10 mg.", "Doses of 10 or 20 mg were tested."),
    ],
)
def test_a_bare_number_listed_before_a_unit_is_read_in_it(claim, source):
    assert states(claim, source)[0] == "plausible"


@pytest.mark.parametrize(
    ("claim", "source"),
    [
        # another number is still missing
        ("At 18 months, overall survival was 78%.", "Overall survival at 12 and 24 months was 78% and 62%, respectively."),
        # no list: a bare number with no unit after it takes none ("12 patients at 24 months")
        ("At 12 months, 5 patients relapsed.", "12 patients were followed for 24 months."),
    ],
)
def test_a_number_not_listed_before_the_unit_is_not(claim, source):
    assert states(claim, source)[0] == "missing"


def test_the_true_claim_is_judged_not_failed(tmp_path):
    source = "# S\n\nOverall survival at 12 and 24 months was 78% and 62%, respectively.\n"
    out = verify_against(tmp_path, source, cited_report("At 12 months, overall survival was 78%.", "At 36 months, overall survival was 78%."))
    assert [c.status for c in out.claims] == ["undecided", "fail"]


# A unit written once after two numbers set against each other ("11.2 vs 7.4 months") (red team
# round 22, rt22a c12/c11): the first number is in that unit, firmly — a comparison sets like
# against like — so the true "11.2 months" is supported, not failed as missing.
_PFS = "Median progression-free survival was 11.2 vs 7.4 months with drug X versus placebo (HR 0.42)."


@pytest.mark.parametrize(
    ("claim", "source"),
    [
        ("Median progression-free survival was 11.2 months.", _PFS),
        ("Median PFS was 11.2 months.", "Median PFS was 11.2 versus 7.4 months."),
        ("The response rate was 41.5%.", "The response rate was 41.5 vs. 22.0% (p<0.001)."),
        ("The mean dose was 12.5 mg.", "The mean dose was 12.5 VS 10.0 mg."),
        ("中位无进展生存期为11.2个月。", "中位无进展生存期为11.2对比7.4个月。"),
        ("中位无进展生存期为11.2个月。", "中位无进展生存期为11.2 对比 7.4 个月。"),
    ],
)
def test_a_bare_number_compared_before_a_unit_is_firmly_in_it(claim, source):
    assert states(claim, source)[0] == "supported"


@pytest.mark.parametrize(
    ("claim", "source"),
    [
        # the shared unit is the source's: another unit is not stated
        ("Median progression-free survival was 11.2 mg.", _PFS),
        ("Median progression-free survival was 7.4 weeks.", _PFS),
        ("Median progression-free survival was 11.2 weeks.", _PFS),
        # the first number has a unit of its own: it keeps it
        ("The rate was 11.2 months.", "The rate was 11.2% vs 7.4 months."),
        # a statistic named on one side only: unlike things, no shared unit
        ("The value was 0.42 months.", "The HR 0.42 vs 7.4 months reported."),
        # words other than the comparison between them: no pair
        ("Median PFS was 11.2 months.", "Median PFS was 11.2 in the first cohort versus 7.4 months."),
    ],
)
def test_a_compared_number_takes_no_other_unit(claim, source):
    assert states(claim, source)[0] == "missing"


@pytest.mark.parametrize(
    ("claim", "source"),
    [
        ("The rate was 11.2%.", "The rate was 11.2% vs 7.4 months."),
        ("The hazard ratio was 0.42.", "The HR was 0.42 vs 0.50."),
        ("The hazard ratio was 0.50.", "The HR was 0.42 vs 0.50."),
    ],
)
def test_numbers_compared_without_a_bare_one_before_a_unit_are_unchanged(claim, source):
    assert states(claim, source)[0] == "supported"


def test_the_true_comparison_claims_are_not_failed(tmp_path):
    source = f"# S\n\n{_PFS}\n"
    out = verify_against(tmp_path, source, cited_report(
        "Median progression-free survival was 11.2 months vs 7.4 months with drug X versus placebo (HR 0.42).",
        "Median progression-free survival was 11.2 months with drug X versus 7.4 months with placebo (HR 0.42).",
        "Median progression-free survival was 11.2 weeks vs 7.4 months with drug X versus placebo (HR 0.42).",
    ))
    first, second, wrong = (c.status for c in out.claims)
    # the second pairs each number with its arm: what the segment checks say of that is theirs
    assert (first, wrong) == ("pass", "fail") and second in ("pass", "undecided")
