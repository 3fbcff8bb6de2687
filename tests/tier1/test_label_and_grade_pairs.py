"""Claim/source pairs through the whole pipeline: labels, grades, ages, "none" before a bound,
denied drugs. Each pair was a probe against this session's rules; a wrong PASS on the left
list publishes a false claim, a FAIL on the right list withholds a true one.

Every claim cites its own line of one evidence file, so each pair is judged on its source alone.
"""

from __future__ import annotations

import pytest

from values.helpers import verify_pairs

NOT_PASS = [
    # a value stated for listed labels must hold for each
    ("Cohort 1 received 25 mg daily and cohort 2 received 50 mg daily.", "Cohorts 1 and 2 received 25 mg daily."),
    ("Arm 1: 40% responded. Arm 2: 30% responded.", "Arms 1 and 2: 40% responded."),
    ("Group A received 200 mg twice daily; group B received placebo.", "Groups A and B received 200 mg twice daily."),
    ("Arms 1 and 2 enrolled 40 patients each.", "Arms 1 and 3 enrolled 40 patients each."),
    ("In cohorts 1 and 2, 12 patients responded.", "In cohorts 1 and 2, 13 patients responded."),
    ("队列1接受25 mg治疗，队列2接受50 mg治疗。", "队列1和2接受25 mg治疗。"),
    ("1组接受25 mg治疗，2组接受50 mg治疗。", "1、2组接受25 mg治疗。"),
    # stages, grades and substages
    ("Patients with stage IV disease were excluded.", "Patients with stage 3 disease were excluded."),
    ("Grade III neutropenia occurred in 5 patients.", "Grade 4 neutropenia occurred in 5 patients."),
    ("Stage III disease was required.", "Stage 3A disease was required."),
    ("Patients with stage IIIB disease were enrolled.", "Patients with stage IIIA disease were enrolled."),
    # ages
    ("Patients aged 45 were enrolled in the study.", "Patients aged 54 were enrolled in the study."),
    ("Age greater than or equal to 18 years.", "Patients must be aged 21 or older."),
    # "none" before a bound, and a count of none
    ("Neutropenia affected 35% of patients.", "None of the adverse events affected more than 30% of patients."),
    ("3 patients died during the study.", "None of the patients died during the study."),
    # drugs the sources never name
    ("Patients received sampletinib 200 mg daily.", "Patients received exampleparib without dose reduction."),
    ("Patients received sampletinib 200 mg daily.", "No patients discontinued exampleparib."),
    # a count's base and what it counts exchanged around the same two numbers
    ("Of the 120 enrolled patients, 100 were evaluable for response.", "Of the 120 evaluable patients, 100 were enrolled."),
    ("Of the 120 enrolled patients, 100 were evaluable for response.", "100 of the 120 evaluable patients were enrolled."),
]

# a count stated with the count of its base, in either order
COUNTED_IN_BASE = [
    ("Of the 120 enrolled patients, 100 were evaluable for response.",
     "100 of the 120 enrolled patients were evaluable for response."),
    ("Of the 120 enrolled patients, 100 were evaluable for response.", "Of the 120 patients enrolled, 100 were evaluable."),
]

NOT_FAIL = [
    ("In cohorts 1 and 2, 12 patients responded.", "In cohorts 1 and 2, 12 patients responded."),
    ("Arms 1, 2 and 3 enrolled 40 patients each.", "Arms 1, 2 and 3 enrolled 40 patients each."),
    ("INTERVENTION 1: study agent 25 mg daily. INTERVENTION 2: study agent 25 mg daily.",
     "Cohort 1 and 2 receive the study agent 25 mg daily."),
    ("Patients with stage IV disease were excluded.", "Patients with stage 4 disease were excluded."),
    ("Grade III neutropenia occurred in 5 patients.", "Grade 3 neutropenia occurred in 5 patients."),
    ("Patients with stages II/III disease were enrolled.", "Patients with stage 2 or 3 disease were enrolled."),
    ("Age: 45 years.", "Patients aged 45 were enrolled."),
    ("Neutropenia affected 25% of patients, the most common event.",
     "None of the adverse events affected more than 30% of patients."),
    ("Patients received sampletinib 200 mg daily.", "Patients did not receive exampleparib."),
    ("1、2组均接受25 mg治疗。", "1、2组均接受25 mg治疗。"),
    *COUNTED_IN_BASE,
]


def _statuses(tmp_path, pairs):
    return [(c.status, c.text) for c in verify_pairs(tmp_path, pairs)]


@pytest.mark.parametrize("pairs, wrong", [(NOT_PASS, "pass"), (NOT_FAIL, "fail")], ids=["false-claims", "true-claims"])
def test_no_pair_ends_the_wrong_way(tmp_path, pairs, wrong):
    wrongly = [text for status, text in _statuses(tmp_path, pairs) if status == wrong]
    assert wrongly == []


def test_a_count_stated_with_its_base_passes_in_either_order(tmp_path):
    # "100 of the 120 enrolled" is "Of the 120 enrolled, 100": the order of the two numbers says nothing
    assert [status for status, _ in _statuses(tmp_path, COUNTED_IN_BASE)] == ["pass", "pass"]
