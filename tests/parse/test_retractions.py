"""Sentences that take back what the report has just said, and the claims they hold back."""

from __future__ import annotations

import pytest

from citeproof.parse import parse_report
from citeproof.parse.retractions import is_denial
from citeproof.settings import Settings

SETTINGS = Settings()


@pytest.mark.parametrize("sentence", [
    "This is not true.", "That is false.", "This claim is incorrect.", "None of this happened.",
    "*This is simply not true.*", "The above statements are false.", "This is false; the trial found none.",
    "这不是真的。", "以上说法不实。", "这其实不是真的，试验中没有观察到。",
    # red team round 4: a withdrawal in other words than a denial's
    "The authors later withdrew this result.", "This finding was subsequently retracted.",
    "The paper has since been retracted.", "These results have been withdrawn.",
    "作者随后撤回了这一结果。", "该结果随后被撤回。",
])
def test_denials(sentence):
    assert is_denial(sentence)


@pytest.mark.parametrize("sentence", [
    # a word right after the denial: the sentence says something of its own
    "This is not true of Arm B, where no events occurred.",
    "This was not the case in the placebo arm.",
    "It is not true that the trial stopped early.",
    "False positives were rare.",
    "That is, responses were durable.",
    "这错误率很低。",
    "",
    # a withdrawal of something else, or one that goes on: a sentence of its own
    "The authors withdrew from the study.", "Patients withdrew consent.",
    "The sponsor withdrew the application in 2021.", "This result was withdrawn in Arm B only.",
    "It was withdrawn.",
])
def test_not_denials(sentence):
    assert not is_denial(sentence)


def _taken_back(doc: str) -> dict[str, tuple[str, ...]]:
    return {c.text: c.retracted_by for c in parse_report(doc, "markdown", SETTINGS).claims}


def test_a_denial_holds_back_the_sentences_before_it_in_its_paragraph():
    doc = (
        "# R\n\nResponse was 40% in Arm A [nct:N1#L1]. Response was 30% in Arm B [nct:N1#L2]. This is not true.\n\n"
        "Median survival was 14 months [nct:N1#L3].\n"
    )
    back = _taken_back(doc)
    assert back["Response was 30% in Arm B."] == ("'This is not true.' (line 3 (R))",)
    assert back["Response was 40% in Arm A."] == back["Response was 30% in Arm B."]  # "this" may be either
    assert back["Median survival was 14 months."] == ()  # after the denial
    assert "This is not true." not in back  # the denial states nothing itself


def test_a_denial_that_is_its_own_paragraph_holds_back_the_one_before_and_no_further():
    doc = (
        "# R\n\nResponse was 40% in Arm A [nct:N1#L1].\n\nResponse was 30% in Arm B [nct:N1#L2].\n\n"
        "None of this happened.\n\n## Safety\n\nThis is not true.\n"
    )
    back = _taken_back(doc)
    assert back["Response was 30% in Arm B."] == ("'None of this happened.' (line 7 (R))",)
    assert back["Response was 40% in Arm A."] == ()


def test_a_denial_holds_back_nothing_past_a_heading():
    back = _taken_back("# R\n\nResponse was 40% in Arm A [nct:N1#L1].\n\n## Next\n\nThis is not true.\n")
    assert back["Response was 40% in Arm A."] == ()


@pytest.mark.parametrize("sentence", ["The following statement is false.", "The next sentence is not true.", "以下说法不实。"])
def test_a_denial_pointing_ahead_is_read_as_one_and_not_as_a_denial_of_what_came_before(sentence):
    assert is_denial(sentence, forward=True)
    assert not is_denial(sentence)


def test_a_denial_pointing_ahead_takes_back_the_next_sentence_only():
    # red team round 4: the retraction written before the claim was not read
    doc = (
        "# R\n\nThe following statement is false. The response rate was 40% in Arm A [evidence:a.md#L1]. "
        "Nausea occurred in 3 patients [evidence:a.md#L2].\n"
    )
    out = _taken_back(doc)
    assert out["The response rate was 40% in Arm A."] == ("'The following statement is false.' (line 3 (R))",)
    assert out["Nausea occurred in 3 patients."] == ()


def test_a_denial_pointing_ahead_at_the_end_of_a_paragraph_takes_back_the_next_paragraphs_first_sentence():
    doc = "# R\n\n以下说法不实。\n\n试验组的客观缓解率为45%。[evidence:a.md#L1]\n\n## S\n\nThe next sentence is not true.\n\n## T\n\nRate was 5% [evidence:a.md#L2].\n"
    out = _taken_back(doc)
    assert out["试验组的客观缓解率为45%。"] and out["Rate was 5%."] == ()  # a heading between: nothing taken back


def test_a_withdrawal_after_a_claim_holds_it_back_and_the_claim_alone_is_not():
    doc = (
        "# R\n\nThe response rate was 40% in the treatment arm [nct:N1#L1]. The authors later withdrew this result.\n\n"
        "The response rate was 40% in the treatment arm [nct:N1#L1].\n"
    )
    claims = parse_report(doc, "markdown", SETTINGS).claims
    assert [c.retracted_by for c in claims] == [("'The authors later withdrew this result.' (line 3 (R))",), ()]
