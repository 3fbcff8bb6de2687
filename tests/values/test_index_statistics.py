"""A dimensionless index (AUC, kappa, ICC, Cohen's d, an elasticity, a coefficient, Gini) is no
share of anything: 0.85 there is not 85% (``value_cues.json`` index_stats). A claim that writes
the index as a percentage is at most plausible (the judge decides); the index as written, and a
true proportion (R², a bare 0.64), still support the claim."""

from __future__ import annotations

import pytest

from citeproof.values import assess_numbers, extract_atoms
from tests.values.helpers import window


def states(claim: str, source: str) -> list[str]:
    return [r.state for r in assess_numbers(claim, [window(source)])]


@pytest.mark.parametrize(
    ("source", "label"),
    [
        ("The classifier discriminated cases with an AUC of 0.85.", "AUC"),
        ("Scores improved (Cohen's d = 0.50).", "d"),
        ("Demand fell, with a price elasticity of 0.30.", "elasticity"),
        ("Each store raised sales (coefficient 0.35, SE 0.08).", "coefficient"),
        ("Agreement was substantial (kappa 0.80).", "kappa"),
        ("Test-retest reliability was good (ICC 0.75).", "ICC"),
        ("The Gini coefficient was 0.45 in 2022.", "Gini"),
        ("The area under the curve (95% CI) was 0.85.", "AUC"),
    ],
)
def test_an_index_named_before_its_number_is_that_statistic(source, label):
    first = next(a for a in extract_atoms(source) if a.dim == "")
    assert first.stat == label


@pytest.mark.parametrize(
    ("claim", "source"),
    [
        ("The classifier discriminated 85% of cases.", "The classifier discriminated cases with an AUC of 0.85."),
        ("A 10% price rise cut demand by 30%.", "A 10% price rise cut demand, with a price elasticity of 0.30."),
        ("The programme improved test scores by 50%.", "The programme improved test scores (Cohen's d = 0.50)."),
        ("Inter-rater agreement was 80%.", "Inter-rater agreement was substantial (kappa 0.80)."),
        ("Test-retest reliability was 75%.", "Test-retest reliability was good (ICC 0.75)."),
        ("Each store raised sales by 35%.", "Each store raised sales (coefficient 0.35, SE 0.08)."),
    ],
)
def test_a_percentage_read_off_an_index_is_not_supported(claim, source):
    assert states(claim, source)[-1] == "plausible"


@pytest.mark.parametrize(
    ("claim", "source"),
    [
        ("The model had an AUC of 0.85.", "The classifier discriminated cases with an AUC of 0.85."),
        ("Agreement was substantial (kappa 0.80).", "Agreement was substantial (kappa 0.80)."),
        ("The model explained 64% of the variance.", "The model explained the variance (R² 0.64)."),
        ("Response was 64%.", "Response was 0.64 across regions."),
    ],
)
def test_the_index_as_written_and_true_proportions_still_support(claim, source):
    assert states(claim, source) == ["supported"] * len(states(claim, source))


def test_a_percentage_off_by_a_point_from_the_index_is_missing():
    assert states("The classifier discriminated 84% of cases.", "It had an AUC of 0.85.")[-1] == "missing"


def test_an_index_above_one_is_not_read_as_a_share():
    # a coefficient of 1.5 is not 150%: no percentage reading at all
    assert states("Sales rose by 150%.", "Sales rose (coefficient 1.5).")[-1] == "missing"


def test_an_index_claimed_as_a_proportion_against_its_percentage_is_plausible():
    # rt17a: "The AUC was 0.85" against "The AUC was 85%" failed once the index stopped being a share
    assert states("The biomarker's AUC was 0.85.", "The AUC was 85% (95% CI 80-90%) for the biomarker.")[0] == "plausible"
    assert states("The biomarker's AUC was 0.80.", "The AUC was 85% for the biomarker.")[0] == "missing"
