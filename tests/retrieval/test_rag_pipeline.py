"""RAG-answer mode end to end: answer.md + retrieved.jsonl through the real pipeline."""

from __future__ import annotations

import json
from pathlib import Path

from citeproof.pipeline import VerifyOptions, run

CHUNK = {
    "url": "https://docs.example.org/limits/",
    "title": "Limits",
    "text": "Free accounts may send at most 200 requests per minute.\n\nPaid accounts have no\nlimit at all.",
}


def verify(tmp_path: Path, answer: str, *rows: dict):
    path = tmp_path / "retrieved.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    return run(answer, "markdown", None, VerifyOptions(mode="report", retrieved_path=path))


def tally(report, rule_id: str):
    return next(t for t in report.rules if t.id == rule_id)


def test_claim_citing_its_chunk_passes_against_the_chunk_text(tmp_path):
    answer = "# Limits\n\nFree accounts may send at most **200 requests** per minute ([limits](https://docs.example.org/limits)).\n"
    report = verify(tmp_path, answer, CHUNK)
    (claim,) = report.claims
    assert claim.anchors[0].resolved and claim.anchors[0].source_path == "retrieved.jsonl#L1"
    assert claim.status == "pass", claim.reasons
    assert tally(report, "CP302").status == "pass"


def test_fabricated_number_fails_against_the_chunk_text(tmp_path):
    answer = "# Limits\n\nFree accounts may send 250 requests per minute ([limits](https://docs.example.org/limits/)).\n"
    report = verify(tmp_path, answer, CHUNK)
    (claim,) = report.claims
    assert claim.status == "fail"
    assert "numeric_token_miss" in {f.code for f in claim.reasons}
    assert report.verdict == "blocked"


def test_laundered_url_blocks_and_names_the_url(tmp_path):
    answer = "# Limits\n\nPaid accounts get 50 extra seats ([seats](https://docs.example.org/limits/seats)).\n"
    report = verify(tmp_path, answer, CHUNK)
    (claim,) = report.claims
    assert claim.status == "fail" and not claim.anchors[0].resolved
    assert any(f.rule == "CP302" and "limits/seats" in f.message for f in claim.reasons)
    assert report.verdict == "blocked"


def test_zero_retrieval_blocks_the_report(tmp_path):
    report = verify(tmp_path, "# Limits\n\nFree accounts may send 200 requests per minute.\n")
    assert report.verdict == "blocked"
    assert any(f.rule == "CP302" and f.code == "zero_retrieval" for f in report.findings)
    t = tally(report, "CP302")
    assert t.status == "fail" and t.blocked == 1


def test_nothing_citable_leaves_the_url_rule_na(tmp_path):
    report = verify(tmp_path, "# Limits\n\nFree accounts may send 200 requests per minute.\n", {**CHUNK, "url": None})
    t = tally(report, "CP302")
    assert t.applicable == 0 and t.passed == 0 and t.status == "n/a" and t.pass_rate is None


def test_a_citation_label_is_no_word_of_the_claim_but_an_added_word_still_is(tmp_path):
    """A link's text is the citation's label ("([quotas](…))", an aside): the cited chunk need not
    write it. A word the claim adds outside the label ("worldwide") it must."""
    answer = (
        "# Limits\n\nFree accounts may send at most 200 requests per minute "
        "([quotas](https://docs.example.org/limits)).\n\n"
        "Free accounts may send at most 200 requests per minute worldwide "
        "([free accounts](https://docs.example.org/limits)).\n"
    )
    report = verify(tmp_path, answer, CHUNK)
    assert report.claims[0].status == "pass", report.claims[0].reasons
    assert report.claims[1].status == "undecided"
    assert "'worldwide'" in report.claims[1].undecided_reasons[0]


def test_a_link_inside_the_sentence_is_the_claims_own_words(tmp_path):
    """rt22a c5/c6: only a link alone in brackets is a label; one the sentence runs into
    ("… per minute [worldwide](…)") says something the chunk must write."""
    answer = (
        "# Limits\n\nFree accounts may send at most 200 requests per minute "
        "[worldwide](https://docs.example.org/limits).\n\n"
        "Free accounts may send at most 200 requests per minute ([plus premium support](https://docs.example.org/limits)).\n"
    )
    report = verify(tmp_path, answer, CHUNK)
    assert [c.status for c in report.claims] == ["undecided", "undecided"], [c.undecided_reasons for c in report.claims]
