"""Claim/source pairs through the whole pipeline: a denying claim on a source that denies only a
narrower thing (citeproof.values.denial_scope).

Red-team round rt27j: "No diarrhea was reported" passed Tier 1 on "Diarrhea occurred in 31% of
patients. No grade 4 diarrhea was reported." — a denial of an event the source says happened.
The same with a postmodifier dropped: "requiring hospitalization", "of grade 4 or higher",
"leading to discontinuation", "with symptoms", "below 54 mg/dL", "that was fatal", "leading to
death", and in Chinese "4级及以上". Each lie must not pass (the judge reads it); the honest
denial that keeps the restriction, or cites a source denying the whole, still passes.
"""

from __future__ import annotations

from values.helpers import verify_pairs

GRADE = "Diarrhea occurred in 31% of patients. No grade 4 diarrhea was reported."
HOSPITAL = "Diarrhea occurred in 31% of patients. No patient experienced diarrhea requiring hospitalization."
OF_GRADE = "Diarrhea occurred in 31% of patients. No patient experienced diarrhea of grade 4 or higher."
STOPPED = "Rash was reported in 10% of patients. No patient developed rash leading to discontinuation."
SYMPTOMS = "Edema occurred in 12.6% of participants. No participant had edema with symptoms."
BELOW = "Hypoglycaemia occurred in 8% of participants. No participant had hypoglycaemia below 54 mg/dL."
FATAL = "Pneumonitis occurred in 7% of patients. No patient developed pneumonitis that was fatal."
DEATH = "Colitis occurred in 4% of patients. No patients experienced colitis leading to death."
ZH_GRADE = "肺炎的发生率为7%。未发生4级及以上肺炎。"
WHOLE = "No diarrhea was reported."
BECAUSE = "No patient discontinued because of diarrhea."

NARROWER = [
    (GRADE, "No diarrhea was reported."),
    (HOSPITAL, "No patient experienced diarrhea."),
    (OF_GRADE, "No patient experienced diarrhea."),
    (STOPPED, "No patient developed rash."),
    (SYMPTOMS, "No participant had edema."),
    (BELOW, "No participant had hypoglycaemia."),
    (FATAL, "No patient developed pneumonitis."),
    (DEATH, "No patients experienced colitis."),
    (ZH_GRADE, "未发生肺炎。"),
    # a denial of something else that names the claim's event
    (BECAUSE, "No diarrhea was reported."),
]

WHOLE_OR_KEPT = [
    (GRADE, "No grade 4 diarrhea was reported."),
    (WHOLE, WHOLE),
    (BECAUSE, BECAUSE),
    (HOSPITAL, "No patient experienced diarrhea requiring hospitalization."),
    (FATAL, "No patient developed pneumonitis that was fatal."),
    (ZH_GRADE, "未发生4级及以上肺炎。"),
    # who was counted and the verb that reports the event narrow nothing
    ("No patient experienced diarrhea in the study.", "No patient experienced diarrhea."),
    ("患者未发生肺炎。", "未发生肺炎。"),
]


def test_a_denial_the_source_narrows_goes_to_the_judge(tmp_path):
    claims = verify_pairs(tmp_path, NARROWER)
    assert [(c.text, c.status) for c in claims if c.status != "undecided"] == []
    reasons = [" ".join(c.undecided_reasons) for c in claims]
    assert "'grade'" in reasons[0] and "narrower" in reasons[0]


def test_a_denial_the_source_makes_whole_passes(tmp_path):
    claims = verify_pairs(tmp_path, WHOLE_OR_KEPT)
    assert [(c.text, c.status, c.undecided_reasons) for c in claims if c.status != "pass"] == []
