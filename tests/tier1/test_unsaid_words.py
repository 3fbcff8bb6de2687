"""A near-copy of a long source sentence that adds a word or two is not carried by it.

Red team rt21b case25 / rt21a case13: the content-word overlap share (80%) let a 30-word
restatement add a fact in its last few words — "…, and the drug was well tolerated", "… in
patients with brain metastases", "a *confirmed* objective response rate", "*febrile*
neutropenia", "两组安全性相当" — and pass at Tier 1. Each added word must be in the carrying
segment; reporting words, hedges and the meaning words other checks compare are exempt. The
twins (the same sentence without the addition, or with an exempt word) still pass.
"""

from __future__ import annotations

import pytest

from values.helpers import verify_against

_EN = (
    "Study agent X was compared with two older agents in previously untreated advanced disease; the objective "
    "response rate was 80% versus 76%, and the median duration of response was 17.2 months."
)
_EN_TWO_ARMS = (
    "In this phase 3 trial of patients who had not received previous systemic treatment, the combination resulted in "
    "an objective response rate of 27.3% compared with 11.9% for the comparator, and the median duration of response "
    "was 18.1 months."
)
_ZH = "在这项国际多中心三期临床研究中，联合治疗组中位总生存期为17.2个月，化疗组为10.6个月，差异具有统计学意义。"
_SHARE = "In the primary efficacy population, grade 3 or higher neutropenia occurred in 21.4% of patients."
_ODDS = ("In the primary efficacy population of the randomised phase 3 study, grade 3 or 4 neutropenia occurred in "
         "21.4% of adults treated with study agent X.")
_HR = "In the randomised phase 3 population, study agent X lowered the risk of progression (HR 0.62; 95% CI 0.50 to 0.77)."
_ORR = "In the randomised phase 3 population, the objective response rate was 38% with study agent X."
_DOSE = "Dose adjustment is required in adults with moderate hepatic impairment (Child-Pugh B)."
_SALES = "Full-year 2024 net revenue for the oncology business unit was $8.3 billion, up 14% from 2023."

ADDED = [  # (source line, claim, the word named)
    (_EN, _EN[:-1] + ", and the drug was well tolerated.", "'drug'"),
    (_EN, _EN[:-1] + " in patients with brain metastases.", "'brain'"),
    (_EN, _EN[:-1] + " in the comparator arm.", "'comparator'"),
    (_EN_TWO_ARMS, _EN_TWO_ARMS.replace("an objective", "a confirmed objective"), "'confirmed'"),
    # every word is the source's, one of them written twice: the second attaches to another figure
    (_EN_TWO_ARMS, _EN_TWO_ARMS[:-1] + " with the comparator.", "'comparator'"),
    (_ZH, _ZH.replace("差异具有统计学意义", "差异具有统计学意义，两组安全性相当"), "'两'"),
    # a hedge that denies is no weaker claim (rt22a c1/c4)
    (_DOSE, _DOSE.replace("is required", "is unlikely to be required"), "'unlikely'"),
    # an abbreviation counts only as the segment writes it: "or" is a word, "OR" the odds ratio
    (_ODDS, _ODDS.replace("grade 3 or 4 neutropenia occurred in", "the odds of grade 3 or 4 neutropenia were"), "'odds'"),
    (_SHARE, "Febrile neutropenia of grade 3 or higher occurred in 21.4% of patients in the primary efficacy population.",
     "'febrile'"),
]
RESTATED = [  # (source line, claim): the same fact, in the source's words or with an exempt word
    (_EN, _EN),
    (_EN_TWO_ARMS, _EN_TWO_ARMS.replace("In this phase 3 trial", "As reported, in this phase 3 trial")),
    (_ZH, "此外，" + _ZH),
    (_ZH, "研究显示，" + _ZH),
    # rt22b u00-u02: a connective adverb states no fact
    (_ZH, _ZH.replace("化疗组为", "化疗组则为")),
    (_ZH, _ZH.replace("化疗组为", "化疗组即为")),
    (_SHARE, _SHARE),
    # rt22a c11/c3: an abbreviation written out (or the reverse), a plural, a hyphen, a verb
    (_HR, _HR.replace("(HR 0.62;", "(hazard ratio 0.62;")),
    (_ORR, _ORR.replace("the objective response rate was", "objective response rates were")),
    (_SALES, _SALES.replace("was $8.3", "reached $8.3")),
    (_SALES, _SALES.replace("was $8.3", "totaled $8.3")),
]


def _claim(source: str, claim: str, tmp_path):
    cited = claim[:-1] + " [evidence:s.md#L3]." if claim.endswith(".") else claim[:-1] + "[evidence:s.md#L3]。"
    out = verify_against(tmp_path, f"# S\n\n{source}\n", f"# R\n\n{cited}\n")
    assert len(out.claims) == 1, [c.text for c in out.claims]
    return out.claims[0]


@pytest.mark.parametrize("source, claim, word", ADDED)
def test_a_word_the_carrying_segment_lacks_leaves_the_claim_to_the_judge(tmp_path, source, claim, word):
    got = _claim(source, claim, tmp_path)
    assert got.status == "undecided", (got.status, got.undecided_reasons)
    assert word in got.undecided_reasons[0], got.undecided_reasons


@pytest.mark.parametrize("source, claim", RESTATED)
def test_the_restatement_without_an_added_word_passes(tmp_path, source, claim):
    got = _claim(source, claim, tmp_path)
    assert got.status == "pass", (got.status, got.undecided_reasons, got.fail_reasons if hasattr(got, "fail_reasons") else None)
