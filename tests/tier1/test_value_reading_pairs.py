"""Claim/source pairs through the whole pipeline for how a number is read: the unit on each end
of a range, digits grouped by spaces, per mille, spelled shares, ratio statistics and lists of
alternatives. Each false claim passed once (a red-team probe); each true claim beside it has the
same shape and must still pass.

Every claim cites its own line of one evidence file, so each pair is judged on its source alone.
"""

from __future__ import annotations

from values.helpers import verify_pairs

# (source line, false claim): must not pass
NOT_PASS = [
    # the unit on the second end of a range is part of the range
    ("The dose was escalated from 10 mg to 20 mg over the first cycle.",
     "The dose was escalated from 10 mg to 20 g over the first cycle."),
    ("Patient ages ranged from 35 years to 81 years.", "Patient ages ranged from 35 years to 81 months."),
    ("The infusion lasted 30-60 minutes.", "The infusion lasted 30 minutes-60 hours."),
    ("LDL cholesterol fell from 160 mg/dL to 100 mg/dL with the study drug.",
     "LDL cholesterol fell from 160 mg/dL to 100 mg/L with the study drug."),
    # a ratio statistic is no share
    ("The hazard ratio for progression was 0.75 (95% CI 0.60 to 0.94; p = 0.01).",
     "The hazard ratio for progression was 75% (95% CI 0.60 to 0.94; p = 0.01)."),
    # rt21a case18: a named ratio "of" a number is reported, and is still compared
    ("Study agent X reduced the risk of progression, with a hazard ratio of 0.56 (95% CI, 0.43 to 0.72).",
     "Study agent X reduced the risk of progression, with a hazard ratio of 0.65 (95% CI, 0.43 to 0.72)."),
    ("Smoking was associated with an odds ratio of 2.4 for recurrence.",
     "Smoking was associated with an odds ratio of 4.2 for recurrence."),
    # per mille is a unit, not a mark to drop
    ("Mortality was 12 deaths in the exposed group.", "Mortality was 12‰ in the exposed group."),
    ("Incidence was 35‰ in the exposed group.", "Incidence was 35‱ in the exposed group."),
    # a share spelled as words is no count
    ("Three quarters of patients in Arm A discontinued treatment.", "In Arm A, 3 patients discontinued treatment."),
    ("Half of the patients in Arm A discontinued treatment.", "In Arm A, 2 patients discontinued treatment."),
    # one of a list of alternatives is not the list
    ("Eligible patients were aged 18 years or older with an ECOG status of 0 or 1.",
     "Eligible patients were aged 18 years or older with an ECOG status of 0."),
    # a space between digit groups
    ("A total of 1 500 patients were screened in 2021.", "A total of 500 patients were screened in 2021."),
    ("Incidence was 35 per 100 000 in the exposed group.", "Incidence was 35 per 100 in the exposed group."),
    ("Incidence was 12 500 in the exposed group.", "Incidence was 12 in the exposed group."),
]

# (source line, true claim of the same shape): must pass
PASS = [
    ("The dose was escalated from 10 mg to 20 mg over the first cycle.",
     "The dose was escalated from 10 mg to 20 mg over the first cycle."),
    ("The dose was escalated from 500 mg to 1 g over the first cycle.",
     "The dose was escalated from 500 to 1000 mg over the first cycle."),
    ("The infusion lasted 30-60 minutes.", "The infusion lasted 30 minutes-60 minutes."),
    ("LDL cholesterol fell from 160 mg/dL to 100 mg/dL with the study drug.",
     "LDL cholesterol fell from 160 to 100 mg/dL with the study drug."),
    ("The hazard ratio for progression was 0.75 (95% CI 0.60 to 0.94; p = 0.01).",
     "The hazard ratio for progression was 0.75 (95% CI 0.60 to 0.94; p = 0.01)."),
    # rt21a case17/case18: "a hazard ratio of 0.56" restated was left to the judge as a derived number
    ("Study agent X reduced the risk of progression, with a hazard ratio of 0.56 (95% CI, 0.43 to 0.72).",
     "Study agent X reduced the risk of progression, with a hazard ratio of 0.56 (95% CI, 0.43 to 0.72)."),
    ("Smoking was associated with an odds ratio of 2.4 for recurrence.",
     "Smoking was associated with an odds ratio of 2.4 for recurrence."),
    ("The Cox model estimated a hazard ratio of 0.72 for overall survival.",
     "The Cox model estimated a hazard ratio of 0.72 for overall survival."),
    ("The incidence rate ratio of 1.3 held across sites.", "The incidence rate ratio of 1.3 held across sites."),
    ("Incidence was 5‰ in the exposed group.", "Incidence was 0.5% in the exposed group."),
    ("Incidence was 0.5% in the exposed group.", "Incidence was 5‰ in the exposed group."),
    ("Three quarters of patients in Arm A discontinued treatment.", "In Arm A, 75% of patients discontinued treatment."),
    ("In Arm A, 75% of patients discontinued treatment.", "Three quarters of patients in Arm A discontinued treatment."),
    ("Eligible patients were aged 18 years or older with an ECOG status of 0 or 1.",
     "Eligible patients were aged 18 years or older with an ECOG status of 0 or 1."),
    ("A total of 1 500 patients were screened in 2021.", "A total of 1,500 patients were screened in 2021."),
    ("Incidence was 35 per 100 000 in the exposed group.", "Incidence was 35 per 100,000 in the exposed group."),
]


def _statuses(tmp_path, pairs):
    return [(c.status, c.text) for c in verify_pairs(tmp_path, pairs)]


def test_no_false_claim_passes(tmp_path):
    assert [text for status, text in _statuses(tmp_path, NOT_PASS) if status == "pass"] == []


def test_every_true_claim_of_the_same_shape_passes(tmp_path):
    assert [(status, text) for status, text in _statuses(tmp_path, PASS) if status != "pass"] == []
