"""Claim/source pairs through the whole pipeline: a list of days or arms with a member left out,
one source number backing two statements of the claim, one end of a span of years claimed as
the period. Each false claim holds only numbers the carrying line holds, and passed; each true
twin (the whole list, the span, the number bound as the source binds it) must still pass.
"""

from __future__ import annotations


from values.helpers import verify_pairs

DAYS = "Patients received 4 units of packed red cells on days 1, 8 and 15."
DAYS_ZH = "患者于第1、8、15天接受4单位红细胞输注。"
ARMS = "The response rate was 40% in Arms A, B and C."
SCHEDULE = ("Patients also receive the study drug intramuscularly on days 1, 14, and 28 during course 1 and then on "
            "day 28 of the subsequent courses.")
SPAN = "Enrollment ran from 2015 to 2018 in 12 centres."
SPAN_ZH = "本研究于2019—2023年间共纳入十二万五千名受试者。"

NOT_PASS = [
    (DAYS, "Patients received 4 units of packed red cells on days 1 and 15."),
    (DAYS_ZH, "患者于第1、8天接受4单位红细胞输注。"),
    (ARMS, "The response rate was 40% in Arms A and C."),
    (SCHEDULE, "Patients also receive the study drug intramuscularly on days 1, 14, and 28 during course 1 and then "
               "on day 14 of the subsequent courses."),
    (SPAN, "Enrollment ran in 2018 in 12 centres."),
    (SPAN_ZH, "本研究于2023年间共纳入十二万五千名受试者。"),
]

PASS = [
    (DAYS, "Patients received 4 units of packed red cells on days 1, 8 and 15."),
    (DAYS, "Patients received 4 units of packed red cells on day 1, day 8 and day 15."),
    (DAYS_ZH, "患者于第1、8和15天接受4单位红细胞输注。"),
    (ARMS, "The response rate was 40% in Arms A, B, and C."),
    (SCHEDULE, SCHEDULE),
    (SPAN, "Enrollment ran from 2015 to 2018 in 12 centres."),
    (SPAN, "Enrollment ran 2015–2018 in 12 centres."),
    (SPAN_ZH, "本研究于2019—2023年间共纳入十二万五千名受试者。"),
]


def test_a_claim_that_drops_a_member_or_reuses_a_number_is_not_passed(tmp_path):
    claims = verify_pairs(tmp_path, NOT_PASS)
    assert [(c.status, c.text) for c in claims if c.status != "undecided"] == []


def test_the_true_twins_pass(tmp_path):
    claims = verify_pairs(tmp_path, PASS)
    assert [(c.status, c.text) for c in claims if c.status != "pass"] == []
