"""A denying claim on a source clause that denies only a narrower thing
(citeproof.values.denial_scope).

Red-team round rt27j: "No diarrhea was reported" passed Tier 1 on "Diarrhea occurred in 31% of
patients. No grade 4 diarrhea was reported." Sources here are hand-written.
"""

from __future__ import annotations

import pytest

from citeproof.values.denial_scope import narrowed_denial
from citeproof.values.restriction import restriction_differs

GRADE = "Diarrhea occurred in 31% of patients. No grade 4 diarrhea was reported."


@pytest.mark.parametrize(
    ("claim", "source", "named"),
    [
        ("No diarrhea was reported.", GRADE, "'grade', '4'"),
        ("No patient experienced diarrhea.", "No patient experienced diarrhea requiring hospitalization.", "'hospitalization'"),
        ("No patient experienced diarrhea.", "No patient experienced diarrhea of grade 4 or higher.", "'grade'"),
        ("No patient developed rash.", "No patient developed rash leading to discontinuation.", "'discontinuation'"),
        ("No participant had edema.", "No participant had edema with symptoms.", "'symptom'"),
        ("No participant had hypoglycaemia.", "No participant had hypoglycaemia below 54 mg/dL.", "'54'"),
        ("No patient developed pneumonitis.", "No patient developed pneumonitis that was fatal.", "'fatal'"),
        ("No patients experienced colitis.", "No patients experienced colitis leading to death.", "'death'"),
        ("未发生肺炎。", "未发生4级及以上肺炎。", "'以上'"),
        ("No diarrhea was reported.", "No patient discontinued because of diarrhea.", "'discontinued'"),
        # the restriction stands before the negation ("X was not …")
        ("Diarrhea was not reported.", "Grade 4 diarrhea was not reported.", "'grade'"),
        # a contrast ends the denying clause: what follows it does not make the denial whole
        ("No diarrhea was reported.", "No grade 4 diarrhea was reported, but nausea was common.", "'grade'"),
        # only the word joined to the claim's is denied beside it: a longer conjunct still narrows
        ("No nausea was reported.", "No nausea and severe vomiting was reported.", "'vomiting'"),
        ("No diarrhea was reported.", "No grade 3 or 4 diarrhea was reported.", "'grade', '3', '4'"),
    ],
)
def test_a_denial_the_source_narrows_is_named(claim, source, named):
    why = narrowed_denial(claim, source)
    assert why is not None and named in why
    assert restriction_differs(claim, source) is not None


@pytest.mark.parametrize(
    ("claim", "source"),
    [
        ("No grade 4 diarrhea was reported.", GRADE),
        ("No diarrhea was reported.", "No diarrhea was reported."),
        ("No patient discontinued because of diarrhea.", "No patient discontinued because of diarrhea."),
        ("No patient experienced diarrhea.", "No patients experienced any diarrhea."),
        ("未发生肺炎。", "患者未发生肺炎。"),
        ("未报告肺炎。", "未观察到肺炎。"),
        ("未发生4级及以上肺炎。", "未发生4级及以上肺炎。"),
        # another form of the restricting word keeps it
        ("No patient experienced diarrhea that required hospitalization.", "No patient experienced diarrhea requiring hospitalization."),
        # a zero denies, it does not narrow
        ("No diarrhea was reported.", "No diarrhea was reported (0%)."),
        # one clause that denies the whole is enough, whatever another narrows
        ("No diarrhea was reported.", "No diarrhea was reported; no grade 4 diarrhea required hospitalization."),
        # who was counted and the verb that reports the event narrow nothing
        ("No diarrhea was observed.", "No patients reported any diarrhea."),
        # another noun denied beside the claim's
        ("Nausea was not reported.", "Nausea and vomiting were not reported."),
        ("No nausea was reported.", "No vomiting or nausea was reported."),
        # a contrast ends the clause before the denial
        ("No diarrhea was reported.", "Nausea was common but no diarrhea was reported."),
        # a claim that denies nothing, and a denial of something the claim does not name
        ("Diarrhea occurred in 31% of patients.", GRADE),
        ("No nausea was reported.", "No grade 4 diarrhea was reported."),
    ],
)
def test_a_denial_the_source_makes_whole_is_not_narrowed(claim, source):
    assert narrowed_denial(claim, source) is None
