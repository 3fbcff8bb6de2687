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
