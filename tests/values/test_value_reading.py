"""How a number is read decides what it may support: red-team wrong passes (a range's second
unit, digits grouped by spaces, per mille, spelled shares, ratio statistics, alternatives), each
with the true claim of the same shape beside it."""

from __future__ import annotations

import pytest

from citeproof.values import assess_numbers
from values.helpers import window


def states(claim: str, source: str) -> list[str]:
    return [a.state for a in assess_numbers(claim, [window(source)])]


@pytest.mark.parametrize(
    "claim, source, expected",
    [
        # "units" are items sold or the enzyme unit: a plain count against them is for the judge
        ("The company sold 125,000 devices in 2023.", "Sales volume was 125,000 units in 2023.", ["plausible"]),
        ("2023年销量为十二万五千台。", "Sales volume was 125,000 units in 2023.", ["plausible"]),
        ("Sales volume was 125,000 units in 2023.", "The company sold 125,000 devices in 2023.", ["plausible"]),
        ("The company sold 120,000 devices in 2023.", "Sales volume was 125,000 units in 2023.", ["missing"]),
        ("Patients received 10 U of insulin.", "Patients received 10 units of insulin.", ["supported"]),
        ("Patients received 10 U of insulin.", "Patients received 10 vials of insulin.", ["missing"]),
        # a ratio statistic named earlier in its clause is no share
        ("The hazard ratio for progression was 75%.", "The hazard ratio for progression was 0.75.", ["missing"]),
        ("HR 0.75 for progression.", "The hazard ratio for progression was 0.75.", ["supported"]),
        ("75% of patients responded.", "A proportion of 0.75 of patients responded.", ["supported"]),
        # per mille and per ten thousand are units of the percent dimension
        ("Mortality was 12‰.", "Mortality was 12 deaths.", ["missing"]),
        ("Incidence was 35‱.", "Incidence was 35‰.", ["missing"]),
        ("Incidence was 3.5‱.", "发病率为千分之3.5。", ["missing"]),
        ("Incidence was 5‰.", "Incidence was 0.5%.", ["supported"]),
        ("Incidence was 0.5%.", "Incidence was 5‰.", ["supported"]),
        ("Incidence was 35‱.", "Incidence was 3.5‰.", ["supported"]),
        ("Incidence was 3.5‰.", "发病率为千分之3.5。", ["supported"]),
        ("Incidence was 0.35%.", "发病率为万分之三十五。", ["supported"]),
        ("Incidence was 5 per mille.", "Incidence was 0.005.", ["supported"]),
        ("Incidence was 5‰.", "1/200 patients.", ["supported"]),
        ("Incidence was 0.6%.", "Incidence was 5‰.", ["missing"]),
        # a share spelled as words counts nothing: its digits support no count
        ("In Arm A, 3 patients discontinued.", "Three quarters of patients in Arm A discontinued.", ["missing"]),
        ("In Arm A, 2 patients discontinued.", "Half of the patients in Arm A discontinued.", ["missing"]),
        ("In Arm A, 3 patients discontinued.", "Two thirds of the patients in Arm A discontinued.", ["missing"]),
        ("3 of 4 patients discontinued.", "Three quarters of patients discontinued.", ["plausible"]),
        ("1 of 3 patients responded.", "三分之一的患者有效。", ["plausible"]),
        ("75% of patients discontinued.", "Three quarters of patients discontinued.", ["supported"]),
        ("Three quarters of patients discontinued.", "75% of patients discontinued.", ["supported"]),
        ("Two thirds of patients discontinued.", "66.7% of patients discontinued.", ["supported"]),
        ("66.67% of patients discontinued.", "Two thirds of patients discontinued.", ["supported"]),
        ("3/4 of patients discontinued.", "Three quarters of patients discontinued.", ["supported"]),
        ("3 of 4 patients discontinued.", "3/4 patients discontinued.", ["supported"]),  # digits count
        ("3 patients discontinued.", "3/4 patients discontinued.", ["supported"]),
        # one member of a source's alternatives, claimed alone, is not what the source states
        ("ECOG status of 0.", "ECOG status of 0 or 1.", ["plausible"]),
        ("ECOG status of 1.", "ECOG status of 0, 1, or 2.", ["plausible"]),
        ("Grade 3 events in 10% of patients.", "Grade 3 or 4 events in 10% of patients.", ["plausible", "supported"]),
        ("ECOG status of 0 or 1.", "ECOG status of 0 or 1.", ["supported", "supported"]),
        ("ECOG status of 0, 1, or 2.", "ECOG status of 0, 1, or 2.", ["supported"] * 3),
        ("Scores of 4 were seen.", "Scores of 2, 4 and 8 were seen.", ["supported"]),  # "and" states each
        ("At least 18 years.", "Aged 18 years or older.", ["supported"]),  # "or older" is a bound
        # digits grouped by spaces: a part of the run is never supported by it
        ("A total of 500 patients were screened.", "A total of 1 500 patients were screened.", ["missing"]),
        ("Incidence was 35 per 100.", "Incidence was 35 per 100 000.", ["supported", "missing"]),
        ("We saw 12 cases.", "We saw 12\u00a0500 cases.", ["missing"]),
        ("We saw 500 cases.", "We saw 1\u202f500 cases.", ["missing"]),
        ("We saw 500 cases.", "We saw 1\u2009500 cases.", ["missing"]),
        ("Participants: 380.", "Participants 16 380", ["plausible"]),  # two cells, or 16,380: judged
        ("Participants: 16.", "Participants 16 380", ["plausible"]),
        ("Participants: 16,380.", "Participants 16 380", ["plausible"]),
        ("A total of 1,500 patients were screened.", "A total of 1 500 patients were screened.", ["supported"]),
        ("A total of 1 500 patients were screened.", "A total of 1,500 patients were screened.", ["supported"]),
        ("Incidence was 35 per 100,000.", "Incidence was 35 per 100 000.", ["supported", "supported"]),
        ("We saw 12,500 cases.", "We saw 12\u00a0500 cases.", ["supported"]),
        ("Platelets of 100,000/mm3 or more.", "Platelets of at least 100 000/mm3.", ["supported"]),
        ("Participants: 16, 38.1%.", "Participants 16 38.1%", ["supported", "supported"]),  # no run: cells
        ("Patients received 100 mg.", "Study agent XYZ001 100 mg every 3 weeks.", ["supported"]),  # a name's digits
        # a claim's run is the one number its author wrote, never its parts
        ("The company had 1 500 employees.", "The company had 1,500 employees.", ["supported"]),
        ("The company had 15 000 employees.", "The company had 1,500 employees.", ["missing"]),
        ("The company had 1 500 employees.", "The company had 500 employees.", ["missing"]),
        ("营业收入为35 000元。", "营业收入为35,000元。", ["supported"]),
        ("On day 1 500 mg was given.", "On day 1, 500 mg was given.", ["supported", "supported"]),  # a label's number
        # a grouped number with a decimal is one number where it certainly is one (rt16b: it split in two)
        ("Net revenue was €1 234.5 million.", "Net revenue was €1,234.5 million.", ["supported"]),
        ("Net revenue was €1\u202f234.5 million.", "Net revenue was €1,234.5 million.", ["supported"]),
        ("Net revenue was €1,234.5 million.", "Net revenue was €1\u202f234.5 million.", ["supported"]),
        ("Revenue was US$2,345.6 million.", "Revenue was US$ 2 345.6 million.", ["supported"]),
        ("Revenue was US$345.6 million.", "Revenue was US$ 2 345.6 million.", ["missing"]),
        ("Net revenue was €234.5 million.", "Net revenue was €1\u202f234.5 million.", ["missing"]),
        ("Participants: 380.5.", "Participants 16 380.5", ["plausible"]),  # plain space, no cue: two cells or one
        ("Sales were 1 234.5 tonnes.", "Sales were 1 234.5 tonnes.", ["plausible"]),  # one, or 1 and 234.5
        ("Sales were 2 045.7 million.", "Sales were 2 045.7 million.", ["supported"]),  # "045.7" is no number (rt17a)
        ("Sales were 45.7 million.", "Sales were 2 045.7 million.", ["missing"]),
    ],
)
def test_value_reading(claim, source, expected):
    assert states(claim, source) == expected
