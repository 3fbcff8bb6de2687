"""CP105 reads what the report says around a claim, and every place it cites.

The claim sentence can match its source word for word while the report takes it back in the
next sentence, lists it under a lead-in that denies its items, or cites beside the carrying
section another that states the opposite. Each false case here passed before; each has a
true twin of the same shape that must still pass. None of them may fail: the judge reads them.
"""

from __future__ import annotations

import json

import pytest

from citeproof.pipeline import VerifyOptions, run as run_pipeline

# what the claims say, of two subgroups ("pre-" for "post-" is a word swapped, not the opposite)
_OS = "median overall survival in {who} women with metastatic disease during maintenance therapy"
_POST, _PRE = _OS.format(who="postmenopausal"), _OS.format(who="premenopausal")
_RECORD = {
    "Clinical Trial ID": "NCT09100000",
    "Interim Results": [f"  Study agent A improved {_POST}."],
    "Results": [
        f"  Study agent A did not improve {_POST}.", "  Serious adverse events were observed in the study agent B cohort.",
    ],
    "Final Results": [f"  Study agent A did not improve {_POST} at ten years."],
    "Subgroups": [f"  Study agent A did not improve {_PRE}."],
    "Mixed": [f"  Study agent A improved {_POST}, but not in premenopausal women."],
    "Erratum": [f"  Study agent A improved {_POST}.", f"  Correction: study agent A did not improve {_POST}."],
    "Two Subgroups": [f"  Study agent A improved {_POST}.", f"  Study agent A did not improve {_PRE}."],
    "结果": ["  B组观察到严重不良事件。"],
}
_SAE = "Serious adverse events were observed in the study agent B cohort [nct:NCT09100000#Results]"


def _claims(tmp_path, report: str):
    folder = tmp_path / "sources" / "clinical_trials"
    folder.mkdir(parents=True)
    (folder / "NCT09100000.json").write_text(json.dumps(_RECORD, ensure_ascii=False), encoding="utf-8")
    out = run_pipeline(report, "markdown", tmp_path / "sources", VerifyOptions(mode="report"))
    return [(c.status, " ".join(c.undecided_reasons or [])) for c in out.claims if c.anchors]


# --- a sentence that takes the claim back ------------------------------------------------------


@pytest.mark.parametrize("denial", [
    "This is not true.", "That claim is false.", "This claim is incorrect.", "None of this happened.",
    "This is simply not true; the cohort had none.",
])
def test_a_claim_the_next_sentence_takes_back_does_not_pass(tmp_path, denial):
    [(status, why)] = _claims(tmp_path, f"# R\n\n{_SAE}. {denial}\n")
    assert status == "undecided"
    assert "the report takes it back" in why and denial in why


@pytest.mark.parametrize("report", [
    "# R\n\nB组观察到严重不良事件[nct:NCT09100000#结果]。这不是真的。\n",
    "# R\n\nB组观察到严重不良事件[nct:NCT09100000#结果]。以上说法不实。\n",
])
def test_a_chinese_claim_taken_back_does_not_pass(tmp_path, report):
    [(status, why)] = _claims(tmp_path, report)
    assert status == "undecided" and "the report takes it back" in why


def test_a_denial_in_a_paragraph_of_its_own_takes_back_the_paragraph_before(tmp_path):
    [(status, why)] = _claims(tmp_path, f"# R\n\n{_SAE}.\n\nThis is not true.\n")
    assert status == "undecided" and "This is not true." in why


@pytest.mark.parametrize("follow", [
    "",
    # a sentence that says something of its own after the denial words is no denial of the claim
    " This was not the case in the study agent C cohort.",
    " This is not true of the study agent C cohort, where none were seen.",
    " It is not true that the study was stopped early.",
])
def test_the_same_claim_without_a_denial_passes(tmp_path, follow):
    claims = _claims(tmp_path, f"# R\n\n{_SAE}.{follow}\n")
    assert claims[0][0] == "pass", claims


def test_a_denial_under_another_heading_takes_nothing_back(tmp_path):
    claims = _claims(tmp_path, f"# R\n\n{_SAE}.\n\n## Next\n\nThis is not true.\n")
    assert claims[0][0] == "pass"


# --- a lead-in that denies its list -----------------------------------------------------------


@pytest.mark.parametrize("lead_in", [
    "The following did not happen:", "The following were not observed:", "None of the following occurred:",
    "The following claims are false:", "Myths:", "未发生以下情况：",
])
def test_an_item_under_a_denying_lead_in_does_not_pass(tmp_path, lead_in):
    [(status, why)] = _claims(tmp_path, f"# R\n\n{lead_in}\n\n- {_SAE}\n")
    assert status == "undecided"
    assert f"'{lead_in}'" in why and "denies its items" in why


@pytest.mark.parametrize("lead_in", [
    "The following were observed:", "In the safety analysis, the following were seen:",
])
def test_an_item_under_an_ordinary_lead_in_passes(tmp_path, lead_in):
    [(status, _)] = _claims(tmp_path, f"# R\n\n{lead_in}\n\n- {_SAE}\n")
    assert status == "pass"


# --- a cited place stating the opposite -----------------------------------------------

_IMPROVED = f"Study agent A improved {_POST}"
_NOT_IMPROVED = f"Study agent A did not improve {_POST}"


@pytest.mark.parametrize("anchors", [
    "nct:NCT09100000#Interim Results; nct:NCT09100000#Results",
    "nct:NCT09100000#Results; nct:NCT09100000#Interim Results",  # the opposite cited first
    "nct:NCT09100000#Interim Results][nct:NCT09100000#Results",
])
def test_a_claim_a_cited_place_states_the_opposite_of_does_not_pass(tmp_path, anchors):
    [(status, why)] = _claims(tmp_path, f"# R\n\n{_IMPROVED} [{anchors}].\n")
    assert status == "undecided"
    assert "a cited place states its opposite" in why and "did not improve" in why
    assert "#Results]" in why


def test_a_claim_citing_an_erratum_that_says_both_does_not_pass(tmp_path):
    # one cited section that says both; its name alone already holds its lines back
    [(status, why)] = _claims(tmp_path, f"# R\n\n{_IMPROVED} [nct:NCT09100000#Erratum].\n")
    assert status == "undecided" and "'Erratum'" in why


@pytest.mark.parametrize("claim, anchors", [
    # both places carry it
    (_NOT_IMPROVED, "nct:NCT09100000#Results; nct:NCT09100000#Final Results"),
    # the other place negates it of another subgroup ("premenopausal" for "postmenopausal")
    (_IMPROVED, "nct:NCT09100000#Interim Results; nct:NCT09100000#Subgroups"),
    # the other place negates a clause apart from the claim's words
    (_IMPROVED, "nct:NCT09100000#Interim Results; nct:NCT09100000#Mixed"),
    # one cited section: the line after the carrying one negates it of another subgroup
    (_IMPROVED, "nct:NCT09100000#Two Subgroups"),
])
def test_a_claim_every_cited_place_agrees_with_passes(tmp_path, claim, anchors):
    [(status, why)] = _claims(tmp_path, f"# R\n\n{claim} [{anchors}].\n")
    assert status == "pass", why
