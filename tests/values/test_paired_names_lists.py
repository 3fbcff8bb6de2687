"""A figure stated for a list of three or more like terms ("BRCA1, BRCA2 and PALB2",
"BRCA1、BRCA2、PALB2") is every member's: a claim naming some members only is narrower
(citeproof.values.paired_names; red team rt37: "PALB2突变患者…40%" passed on
"BRCA1、BRCA2、PALB2突变患者…40%", and "BRCA2突变患者…40%" on "BRCA1，BRCA2突变患者…40%")."""

from __future__ import annotations

import re

import pytest

from citeproof.values.paired_names import side_narrowed
from tests.values.helpers import verify_pairs

ZH = "BRCA1、BRCA2、PALB2突变患者的ORR为40%。"
EN = "In BRCA1, BRCA2 and PALB2 carriers, the response rate was 40%."
OXFORD = "In T1, T2, and T3 tumours, agent X achieved a response rate of 40%."
SLASHES = "In CYP2C9/CYP2C19/CYP3A4 poor metabolisers, exposure to agent X rose by 30%."
WIDE_COMMA = "BRCA1，BRCA2突变患者的ORR为40%。"


@pytest.mark.parametrize(
    ("segment", "claim", "value", "named", "left"),
    [
        (ZH, "PALB2突变患者的ORR为40%。", 40, "PALB2", "BRCA1, BRCA2"),
        (ZH, "BRCA1、BRCA2突变患者的ORR为40%。", 40, "BRCA1, BRCA2", "PALB2"),
        ("BRCA1、BRCA2和PALB2突变患者的ORR为40%。", "BRCA2突变患者的ORR为40%。", 40, "BRCA2", "BRCA1, PALB2"),
        (EN, "In PALB2 carriers, the response rate was 40%.", 40, "PALB2", "BRCA1, BRCA2"),
        (EN, "In BRCA1 or BRCA2 carriers, the response rate was 40%.", 40, "BRCA1, BRCA2", "PALB2"),
        ("In BRCA1, BRCA2 or PALB2-mutated disease, the response rate was 40%.",
         "In PALB2-mutated disease, the response rate was 40%.", 40, "PALB2", "BRCA1, BRCA2"),
        (OXFORD, "In T2 tumours, agent X achieved a response rate of 40%.", 40, "T2", "T1, T3"),
        (SLASHES, "In CYP3A4 poor metabolisers, exposure to agent X rose by 30%.", 30, "CYP3A4", "CYP2C9, CYP2C19"),
    ],
)
def test_a_claim_naming_some_members_of_a_list_is_narrowed(segment: str, claim: str, value: float, named: str, left: str) -> None:
    why = side_narrowed(claim, segment, [value])
    assert why is not None and why.endswith(f"the claim names {named} without {left}"), why


def test_a_pair_joined_by_the_full_width_comma_is_a_pair() -> None:
    why = side_narrowed("BRCA2突变患者的ORR为40%。", WIDE_COMMA, [40])
    assert why is not None and why.endswith("the claim names BRCA2 without BRCA1"), why


@pytest.mark.parametrize(
    ("segment", "claim"),
    [
        # the whole list, written as the source does or otherwise
        (ZH, ZH),
        (ZH, "BRCA1、BRCA2和PALB2突变患者的ORR为40%。"),
        (EN, EN),
        (EN, "In BRCA1/2 and PALB2 carriers, the response rate was 40%."),
        (EN, "In BRCA1, BRCA2, or PALB2 carriers, the response rate was 40%."),
        (WIDE_COMMA, "BRCA1和BRCA2突变患者的ORR为40%。"),
        # no member: the qualifier is dropped whole, which the restriction check reads
        (EN, "The response rate was 40%."),
        # an ordinary enumeration, each figure its own item's
        ("Rash occurred in 38%, diarrhoea in 29% and fatigue in 17% of patients.", "Rash occurred in 38% of patients."),
        ("38% rash, 29% diarrhoea, 17% fatigue.", "38% rash, 29% diarrhoea, 17% fatigue."),
        ("Rash, diarrhoea and fatigue occurred in 40% of patients.", "Rash occurred in 40% of patients."),
        ("Among the reactions, rash, diarrhoea and fatigue each occurred in 40% of patients.", "Rash occurred in 40% of patients."),
        # figures listed in turn with the members, with or without 'respectively'
        ("CD4, CD8 and CD19 counts fell by 40%, 30% and 20%, respectively.", "CD8 counts fell by 30%."),
        ("CD4, CD8 and CD19 counts fell by 40%, 30% and 20%.", "CD4 counts fell by 40%."),
        ("CD4、CD8和CD19计数分别下降40%、30%和20%。", "CD19计数下降20%。"),
        # a member with a figure of its own, not the list's (rt35's guard)
        ("BRCA1 variants were found in 14% of patients, BRCA2 in 9% and PALB2 in 3% (BRCA1, BRCA2 and PALB2 combined 26%).",
         "BRCA1 variants were found in 14% of patients."),
        ("In BRCA1 carriers the rate was 40%; in BRCA1, BRCA2 and PALB2 carriers combined it was 30%.",
         "In BRCA1 carriers the rate was 40%."),
        # terms of different shapes are no list of one kind: a study code before a list
        ("In study XY301, CYP2D6 and CYP3A4 poor metabolisers had 40% higher exposure.",
         "CYP2D6 and CYP3A4 poor metabolisers had 40% higher exposure."),
        # two like terms not differing by a number are no pair, and no list: one closes a leading phrase
        ("At week 12 in cohort A2, ABC12 levels rose by 40%.", "ABC12 levels rose by 40%."),
        ("In HER2, PD-L1 and EGFR-positive disease, the response rate was 40%.", "In HER2-positive disease, the response rate was 40%."),
        ("On days 1, 8 and 15, agent X was given at 40 mg.", "On days 1, 8 and 15, agent X was given at 40 mg."),
    ],
)
def test_no_list_narrowed(segment: str, claim: str) -> None:
    assert side_narrowed(claim, segment, [float(n) for n in re.findall(r"\d+(?:\.\d+)?", claim)]) is None


def test_narrowed_lists_go_to_the_judge_and_whole_lists_pass(tmp_path) -> None:
    claims = verify_pairs(tmp_path, [
        (ZH, "PALB2突变患者的ORR为40%。"),
        (EN, "In PALB2 carriers, the response rate was 40%."),
        (WIDE_COMMA, "BRCA2突变患者的ORR为40%。"),
        (ZH, ZH),
        (EN, EN),
        (WIDE_COMMA, WIDE_COMMA),
        ("Rash occurred in 38%, diarrhoea in 29% and fatigue in 17% of patients.", "Rash occurred in 38% of patients."),
        ("CD4, CD8 and CD19 counts fell by 40%, 30% and 20%, respectively.", "CD8 counts fell by 30%."),
    ])
    assert [c.status for c in claims] == ["undecided"] * 3 + ["pass"] * 5, [(c.text, c.status, c.undecided_reasons) for c in claims]
    assert "names PALB2 without BRCA1, BRCA2" in claims[0].undecided_reasons[-1]
