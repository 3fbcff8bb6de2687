"""Characters no reader sees (soft hyphen, zero-width space, word joiner, BOM) are not part of a
claim: "sampli&shy;zumab" is one word on screen and must be one word to the rules, while the
joiners that shape letters (ZWNJ, ZWJ) stay."""

from __future__ import annotations

import pytest

from citeproof.parse import parse_report
from citeproof.settings import Settings
from tests.evidence_sources import verify_citing


@pytest.mark.parametrize(
    ("report", "fmt"),
    [
        ("<p>Patients received sampli&shy;zumab 2&#8203;00 mg daily [evidence:s.md#L1].</p>", "html"),
        ("Patients received sampli\u00adzumab 2\u200b00 mg\u2060 daily [evidence:s.md#L1].", "markdown"),
    ],
    ids=["html-entities", "markdown-characters"],
)
def test_invisible_characters_leave_the_claim_text(report, fmt):
    parsed = parse_report(report, fmt, Settings())
    (claim,) = parsed.claims
    assert claim.text == "Patients received samplizumab 200 mg daily."


def test_a_heading_is_read_without_them():
    parsed = parse_report("<h2>Sampli&shy;zumab&#8203;</h2><p>Patients received it daily [evidence:s.md#L1].</p>", "html", Settings())
    assert parsed.claims[0].location.section_path == ("Samplizumab",)


def test_joiners_that_shape_letters_are_kept():
    parsed = parse_report("The cohort was named \u0645\u06cc\u200c\u062e\u0648\u0627\u0647\u0645 (n=12) [evidence:s.md#L1].", "markdown", Settings())
    assert "\u200c" in parsed.claims[0].text


def test_a_drug_split_by_a_soft_hyphen_is_checked_as_the_word_a_reader_sees(tmp_path):
    report = "<p>Patients received sampli&shy;zumab 200 mg daily [evidence:s.md#L1].</p>"
    ok = verify_citing(tmp_path / "ok", report, "Patients received samplizumab 200 mg daily.", fmt="html")
    assert [c.status for c in ok.claims] == ["pass"]
    other = verify_citing(tmp_path / "other", report, "Patients received otherzumab 200 mg daily.", fmt="html")
    (claim,) = other.claims
    assert claim.status == "fail"
    assert any(f.code == "drug_unsupported" and "samplizumab" in f.message for f in claim.reasons)
