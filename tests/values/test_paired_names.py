"""A figure stated for a pair of terms differing by a number ("BRCA1/BRCA2", "BRCA1/2",
"CYP2C9 or CYP2C19") is both's: a claim naming one side only is narrower than its source
(citeproof.values.paired_names; red team rt33 c5: "In BRCA1 carriers, X achieved 60%" passed on
"In BRCA1/BRCA2 carriers, X achieved 60%")."""

from __future__ import annotations

import re

import pytest

from citeproof.values.paired_names import side_narrowed
from tests.values.helpers import verify_pairs

SLASH = "In BRCA1/BRCA2 carriers, agent X achieved an objective response rate of 60%."
SHORT = "In BRCA1/2 carriers, agent X achieved an objective response rate of 60%."
OR = "In CYP2C9 or CYP2C19 poor metabolisers, exposure to agent X rose by 30%."
LINES = "In 1L/2L patients, agent X achieved an objective response rate of 35%."
HYPHENED = "IL-6/IL-8 levels fell by 40% with agent X."
WORDS = "In type 1/type 2 disease, agent X lowered the marker by 1.2%."
WORDS_SHORT = "In type 1/2 disease, agent X lowered the marker by 1.2%."
ZH = "BRCA1/2突变携带者接受药物X治疗的缓解率为60%。"


@pytest.mark.parametrize(
    ("segment", "claim", "value", "named", "other"),
    [
        (SLASH, "In BRCA1 carriers, agent X achieved an objective response rate of 60%.", 60, "BRCA1", "BRCA2"),
        (SLASH, "In BRCA2 carriers, agent X achieved an objective response rate of 60%.", 60, "BRCA2", "BRCA1"),
        (SLASH, "In BRCA1-mutated disease, agent X achieved an objective response rate of 60%.", 60, "BRCA1", "BRCA2"),
        (SHORT, "In BRCA1 carriers, agent X achieved an objective response rate of 60%.", 60, "BRCA1", "BRCA2"),
        (SHORT, "In BRCA2 carriers, agent X achieved an objective response rate of 60%.", 60, "BRCA2", "BRCA1"),
        (OR, "In CYP2C19 poor metabolisers, exposure to agent X rose by 30%.", 30, "CYP2C19", "CYP2C9"),
        (OR, "In CYP2C9 poor metabolisers, exposure to agent X rose by 30%.", 30, "CYP2C9", "CYP2C19"),
        (LINES, "In 2L patients, agent X achieved an objective response rate of 35%.", 35, "2L", "1L"),
        (HYPHENED, "IL-6 levels fell by 40% with agent X.", 40, "IL-6", "IL-8"),
        (WORDS, "In type 1 disease, agent X lowered the marker by 1.2%.", 1.2, "type 1", "type 2"),
        (WORDS_SHORT, "In type 2 disease, agent X lowered the marker by 1.2%.", 1.2, "type 2", "type 1"),
        (ZH, "BRCA1突变携带者接受药物X治疗的缓解率为60%。", 60, "BRCA1", "BRCA2"),
        ("BRCA1或BRCA2突变携带者的缓解率为60%。", "BRCA2突变携带者的缓解率为60%。", 60, "BRCA2", "BRCA1"),
        ("BRCA1 and BRCA2 carriers had a response rate of 60%.", "BRCA1 carriers had a response rate of 60%.", 60, "BRCA1", "BRCA2"),
        # rt36b p1: the Chinese enumeration comma joins a pair as 和 does
        ("BRCA1、BRCA2突变患者的ORR为40%。", "BRCA2突变患者的ORR为40%。", 40, "BRCA2", "BRCA1"),
    ],
)
def test_a_claim_naming_one_side_of_a_pair_is_narrowed(segment: str, claim: str, value: float, named: str, other: str) -> None:
    why = side_narrowed(claim, segment, [value])
    assert why is not None and why.endswith(f"the claim names {named} without {other}"), why


@pytest.mark.parametrize(
    ("segment", "claim"),
    [
        # both sides, written whole, shortened or joined otherwise
        (SLASH, "In BRCA1/BRCA2 carriers, agent X achieved an objective response rate of 60%."),
        (SLASH, "In BRCA1/2 carriers, agent X achieved an objective response rate of 60%."),
        (SLASH, "In BRCA1 or BRCA2 carriers, agent X achieved an objective response rate of 60%."),
        (SLASH, "In BRCA1 or 2 carriers, agent X achieved an objective response rate of 60%."),
        (SLASH, "In BRCA1- or BRCA2-mutated disease, agent X achieved an objective response rate of 60%."),
        (SHORT, "In BRCA1 and BRCA2 carriers, agent X achieved an objective response rate of 60%."),
        (OR, "In CYP2C9/19 poor metabolisers, exposure to agent X rose by 30%."),
        (WORDS, "In type 1 or type 2 disease, agent X lowered the marker by 1.2%."),
        (WORDS_SHORT, "In type 1–2 disease, agent X lowered the marker by 1.2%."),
        # neither: the qualifier is dropped whole, which the restriction check reads
        (SLASH, "Agent X achieved an objective response rate of 60%."),
        # one name written with a slash ("HER2/neu"), a ratio, units, a date, schedules without a pair
        ("In HER2/neu-positive disease, agent X achieved a response rate of 50%.", "In HER2-positive disease, agent X achieved a response rate of 50%."),
        ("In PD-L1/TC3-positive tumours, agent X achieved a response rate of 26%.", "In PD-L1-positive tumours, agent X achieved a response rate of 26%."),
        ("The CD4/CD8 ratio was 1.5 with agent X.", "The CD4/CD8 ratio was 1.5 with agent X."),
        ("Agent X was given at 2 mg/kg; clearance was 60 mL/min.", "Agent X was given at 2 mg/kg; clearance was 60 mL/min."),
        ("On 3/4/2021, 45% of patients given agent X had responded.", "On 3/4/2021, 45% of patients given agent X had responded."),
        ("Agent X (200 mg Q3W/400 mg Q6W) achieved a response rate of 44%.", "Agent X achieved a response rate of 44%."),
        ("In 3/4 patients, agent X was stopped by week 12.", "In 3 patients, agent X was stopped by week 12."),
        # grades: the numbers read them as alternatives (tests/values/test_grade_slash)
        ("Grade 3/grade 4 rash occurred in 20% of patients.", "Grade 3 rash occurred in 20% of patients."),
        # names paired with figures in order state no pair
        ("BRCA1 and BRCA2 carriers had response rates of 60% and 40%, respectively.", "BRCA1 carriers had a response rate of 60%."),
    ],
)
def test_no_pair_narrowed(segment: str, claim: str) -> None:
    # every number of the claim as a figure: the pair's stretch must not be what lets it pass
    assert side_narrowed(claim, segment, [float(n) for n in re.findall(r"\d+(?:\.\d+)?", claim)]) is None


def test_a_claim_without_a_figure_is_not_read() -> None:
    assert side_narrowed("In BRCA1 carriers, agent X worked.", SLASH, []) is None


def test_narrowed_pairs_go_to_the_judge_and_whole_pairs_pass(tmp_path) -> None:
    claims = verify_pairs(tmp_path, [
        (SLASH, "In BRCA1 carriers, agent X achieved an objective response rate of 60%."),
        (SHORT, "In BRCA2 carriers, agent X achieved an objective response rate of 60%."),
        (ZH, "BRCA1突变携带者接受药物X治疗的缓解率为60%。"),
        (SLASH, "In BRCA1/BRCA2 carriers, agent X achieved an objective response rate of 60%."),
        (SLASH, "In BRCA1/2 carriers, agent X achieved an objective response rate of 60%."),
        (SLASH, "In BRCA1 or BRCA2 carriers, agent X achieved an objective response rate of 60%."),
        (ZH, "BRCA1/2突变携带者接受药物X治疗的缓解率为60%。"),
        ("The CD4/CD8 ratio was 1.5 after treatment with agent X.", "The CD4/CD8 ratio was 1.5 after treatment with agent X."),
        ("Agent X (200 mg Q3W/400 mg Q6W) achieved an objective response rate of 44%.",
         "Agent X achieved an objective response rate of 44%."),
    ])
    assert [c.status for c in claims] == ["undecided"] * 3 + ["pass"] * 6
    assert "names BRCA1 without BRCA2" in claims[0].undecided_reasons[-1]


# rt35 p1, p2: the pair qualifies the figures of its own stretch only, not every figure of its line
OWN = "Germline BRCA1 variants were found in 14% of patients and BRCA2 variants in 9% of patients (BRCA1/BRCA2 combined 23%)."
BASE = "Of the 412 participants with type 1 or type 2 disease, 318 had type 2 disease."
LATER = "In the first-line (1L) setting, median PFS was 16.8 months; 1L/2L pooled median OS was 29.1 months."
ZH_TABLE = "在540例患者中，BRCA1突变61例（11.3%），BRCA2突变44例（8.1%），BRCA1/2合计105例（19.4%）。"


@pytest.mark.parametrize(
    ("segment", "claim", "values"),
    [
        (OWN, "Germline BRCA1 variants were found in 14% of patients.", [14]),
        (BASE, "Of the 412 participants with the disease, 318 had type 2 disease.", [412, 318]),
        (LATER, "In the first-line (1L) setting, the median PFS was 16.8 months.", [16.8]),
        (ZH_TABLE, "在540例患者中，BRCA1突变61例（11.3%）。", [540, 61, 11.3]),
    ],
)
def test_a_side_with_a_figure_of_its_own_is_not_narrowed(segment: str, claim: str, values: list[float]) -> None:
    assert side_narrowed(claim, segment, values) is None


@pytest.mark.parametrize(
    ("segment", "claim", "values", "named"),
    [
        # the pair owns the figure: its count and the share no break parts from it
        (ZH_TABLE, "BRCA1突变携带者占19.4%。", [19.4], "BRCA1"),
        (ZH_TABLE, "BRCA2突变合计105例。", [105], "BRCA2"),
        (OWN, "BRCA1 variants made up 23% of patients.", [23], "BRCA1"),
        # the claim names a side in the stretch of the pair's figure, not only elsewhere
        (BASE, "Of the 412 participants with type 2 disease, 318 had type 2 disease.", [412, 318], "type 2"),
        # the side's own number is no figure of the claim: 'type 2' still qualifies the 1.2
        ("In type 1 or type 2 disease, agent X lowered the marker by 1.2%.", "In type 2 disease, agent X lowered the marker by 1.2%.", [2, 1.2], "type 2"),
        ("BRCA1/BRCA2 突变携带者占19.4%。", "BRCA2 突变携带者占 19.4%。", [19.4], "BRCA2"),
    ],
)
def test_a_side_given_the_pairs_figure_is_narrowed(segment: str, claim: str, values: list[float], named: str) -> None:
    why = side_narrowed(claim, segment, values)
    assert why is not None and f"the claim names {named} without" in why, why


def test_sides_with_figures_of_their_own_pass_and_the_pairs_figure_does_not(tmp_path) -> None:
    claims = verify_pairs(tmp_path, [
        (OWN, "Germline BRCA1 variants were found in 14% of patients."),
        (BASE, "Of the 412 participants with the disease, 318 had type 2 disease."),
        (LATER, "In the first-line (1L) setting, the median PFS was 16.8 months."),
        (ZH_TABLE, "在540例患者中，BRCA1突变61例（11.3%）。"),
        ("BRCA1/BRCA2 突变携带者占19.4%。", "BRCA1突变携带者占19.4%。"),
    ])
    assert [c.status for c in claims] == ["pass"] * 4 + ["undecided"]


def test_a_pair_joined_by_the_enumeration_comma_goes_to_the_judge_and_the_whole_pair_passes(tmp_path) -> None:
    # rt36b p1: "BRCA2突变患者的ORR为40%" passed on "BRCA1、BRCA2突变患者的ORR为40%"
    claims = verify_pairs(tmp_path, [
        ("BRCA1、BRCA2突变患者的ORR为40%。", "BRCA2突变患者的ORR为40%。"),
        ("BRCA1、BRCA2突变患者的ORR为40%。", "BRCA1、BRCA2突变患者的ORR为40%。"),
    ])
    assert [c.status for c in claims] == ["undecided", "pass"]
