"""A content word the claim adds directly before one of the source line's words.

Content-word overlap lets one added word in five through: "total annual *recurring* revenue"
for "total annual revenue" passed (red team wp_insert_arr), and it changes what is measured.
A verb a restatement adds before a number or a stop-word still passes.
"""

from __future__ import annotations

import pytest

from citeproof.values.agreement import added_modifier, dropped_modifier
from values.helpers import verify_pairs

_REVENUE = "The company reported total annual revenue of $1.2 billion for fiscal 2023, driven by cloud demand."
_NEUTROPENIA = "Grade 3 neutropenia occurred in 16 patients receiving the study drug during the first cycle."
_RELAPSE = "Relapse 12 months or more after completing prior adjuvant taxane therapy."
_INFUSION = "The study agent (30 min intravenous infusion) at a dose of 1000 mg/m2 on Day 1 and Day 8."

ADDED = [  # (source, claim, added word, the word it stands before)
    (_REVENUE, _REVENUE.replace("annual revenue", "annual recurring revenue"), "recurring", "revenue"),
    (_NEUTROPENIA, _NEUTROPENIA.replace("3 neutropenia", "3 febrile neutropenia"), "febrile", "neutropenia"),
]
RESTATED = [  # (source, claim): the same fact, with a verb or nothing added
    (_REVENUE, _REVENUE),
    (_NEUTROPENIA, _NEUTROPENIA),
    (_RELAPSE, "Relapse occurred 12 months or more after completing prior adjuvant taxane therapy."),
    (_INFUSION, "The study agent was given as a 30 min intravenous infusion at a dose of 1000 mg/m2 on Day 1 and Day 8."),
]


@pytest.mark.parametrize("source, claim, word, head", ADDED)
def test_an_added_modifier_is_named(source, claim, word, head):
    assert added_modifier(claim.lower(), source.lower()) == (word, head)


@pytest.mark.parametrize("source, claim", RESTATED)
def test_a_restatement_adds_no_modifier(source, claim):
    assert added_modifier(claim.lower(), source.lower()) is None


def test_an_added_modifier_leaves_the_claim_to_the_judge_and_its_twin_passes(tmp_path):
    claims = verify_pairs(tmp_path, [(s, c) for s, c, _, _ in ADDED] + RESTATED)
    statuses = [c.status for c in claims]
    assert statuses == ["undecided"] * len(ADDED) + ["pass"] * len(RESTATED), [
        (c.text, c.status, c.undecided_reasons) for c in claims
    ]
    assert "'recurring' stands before 'revenue'" in claims[0].undecided_reasons[0]


@pytest.mark.parametrize(
    ("claim", "segment", "dropped"),
    [
        # red team round 4: a modifier of the measured thing dropped widens it
        ("Neutropenia occurred in 20% of patients receiving docetaxel.",
         "Febrile neutropenia occurred in 20% of patients receiving docetaxel.", ("febrile", "neutropenia")),
        ("Revenue was $4.5 billion in 2023.", "North American revenue was $4.5 billion in 2023.", ("american", "revenue")),
        ("Revenue growth was 5% in 2023.", "Organic revenue growth was 5% in 2023.", ("organic", "revenue")),
        ("Breast cancer recurred in 12% of patients.", "Early breast cancer recurred in 12% of patients.", ("early", "breast")),
        ("Revenue was $4.5 billion.", "Quarterly revenue was $4.5 billion.", ("quarterly", "revenue")),
    ],
)
def test_a_dropped_modifier_is_named(claim, segment, dropped):
    # the reading production makes: a word dropped from before the claim's opening word
    assert dropped_modifier(segment.lower(), claim.lower()) == dropped


@pytest.mark.parametrize(
    ("claim", "segment", "dropped"),
    [
        # red team round 4: past the claim's first word a dropped word widens what is measured too
        ("The rate of death was 3%.", "The rate of cardiovascular death was 3%.", ("cardiovascular", "death")),
        ("The relapse rate was 0.2 in the treated group.", "The annualized relapse rate was 0.2 in the treated group.",
         ("annualized", "relapse")),
        ("Treatment occurred in 30% of patients at one year.", "Treatment failure occurred in 30% of patients at one year.",
         ("failure", "occurred")),
        ("Sales rose 30% in 2023.", "Sales of the 10 mg tablet rose 30% in 2023.", ("tablet", "rose")),
        ("The analysis showed a response rate of 40%.", "The interim analysis showed a response rate of 40%.",
         ("interim", "analysis")),
        # a weakening adverb is let through, and the check reads on past it
        ("The drug improved the relapse rate.", "The drug significantly improved the annualized relapse rate.",
         ("annualized", "relapse")),
    ],
)
def test_a_modifier_dropped_further_in_is_named(claim, segment, dropped):
    assert dropped_modifier(segment.lower(), claim.lower()) == dropped


@pytest.mark.parametrize(
    ("claim", "segment"),
    [
        ("Revenue was $4.5 billion in 2023.", "Overall, revenue was $4.5 billion in 2023."),  # a sentence adverb
        ("Revenue was $4.5 billion in 2023.", "Revenue was $4.5 billion in 2023."),
        ("Febrile neutropenia occurred in 20% of patients.", "Febrile neutropenia occurred in 20% of patients."),
        # the true twins of the ones above keep the word
        ("The annualized relapse rate was 0.2.", "The annualized relapse rate was 0.2."),
        ("Treatment failure occurred in 30% of patients.", "Treatment failure occurred in 30% of patients."),
        ("The drug improved the annualized relapse rate.", "The drug significantly improved the annualized relapse rate."),
        # a word the source sets in brackets between the two is an aside
        ("The study agent infusion dose was 35 mg/m2 on Day 1.",
         "Study agent (30-120 min intravenous infusion) dose of 35 mg/m2 on Day 1."),
    ],
)
def test_a_kept_modifier_or_a_sentence_adverb_is_no_dropped_modifier(claim, segment):
    assert dropped_modifier(segment.lower(), claim.lower()) is None


def test_through_the_pipeline_a_dropped_modifier_leaves_the_claim_to_the_judge_and_its_twin_passes(tmp_path):
    source = "North American revenue was $4.5 billion in 2023."
    quarterly = "Quarterly revenue was $4.5 billion in 2023."
    weaker = "The drug significantly improved overall survival in older women."
    out = verify_pairs(tmp_path, [
        (source, "Revenue was $4.5 billion in 2023."), (source, "North American revenue was $4.5 billion in 2023."),
        (quarterly, "Revenue was $4.5 billion in 2023."),  # an adjective in -ly is no weakening adverb
        (weaker, "The drug improved overall survival in older women."),  # a weakening adverb dropped
    ])
    assert [c.status for c in out] == ["undecided", "pass", "undecided", "pass"]


# A share's or a count's people narrowed by a modifier: "40% of evaluable patients" is a share of
# fewer people than "40% of patients" (red team round 6, p033's shape). The words for study members
# at large are stop-words to content overlap, so a modifier before one went unread.
PEOPLE_NARROWED = [  # (source, claim, dropped word)
    ("The response rate was 40% of evaluable patients.", "The response rate was 40% of patients.", "evaluable"),
    ("Evaluable patients had a response rate of 40%.", "Patients had a response rate of 40%.", "evaluable"),
    ("Grade 3 rash occurred in 12% of treated participants.", "Grade 3 rash occurred in 12% of participants.", "treated"),
]
PEOPLE_KEPT = [  # (source, claim)
    ("The response rate was 40% of evaluable patients.", "The response rate was 40% of evaluable patients."),
    ("Grade 3 rash occurred in 12% of treated participants.", "Grade 3 rash occurred in 12% of treated participants."),
    # another word for study members at large is the same people
    ("The response rate was 40% of patients.", "The response rate was 40% of participants."),
]


@pytest.mark.parametrize("source, claim, word", PEOPLE_NARROWED)
def test_a_modifier_of_the_people_a_figure_counts_dropped_is_named(source, claim, word):
    assert dropped_modifier(source.lower(), claim.lower())[0] == word


def test_a_modifier_of_the_people_added_is_named():
    assert added_modifier("the response rate was 40% of evaluable patients.", "the response rate was 40% of patients.") \
        == ("evaluable", "patients")


@pytest.mark.parametrize("source, claim", PEOPLE_KEPT)
def test_the_same_people_kept_are_no_modifier(source, claim):
    assert dropped_modifier(source.lower(), claim.lower()) is None
    assert added_modifier(claim.lower(), source.lower()) is None


def test_through_the_pipeline_the_narrowed_people_are_undecided_and_the_kept_ones_pass(tmp_path):
    claims = verify_pairs(tmp_path, [(s, c) for s, c, _ in PEOPLE_NARROWED] + PEOPLE_KEPT)
    assert [c.status for c in claims] == ["undecided"] * len(PEOPLE_NARROWED) + ["pass"] * len(PEOPLE_KEPT)
