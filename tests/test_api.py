"""The public Python API (SPEC §7): verify_full_report, verify_section, enforce_citations_in_text."""

from __future__ import annotations

from pathlib import Path

import pytest
from trial_sources import write_trial_sources

import citeproof
from citeproof.report import VerificationReport

RECORD = {
    "Intervention": ["INTERVENTION 1:", "  Study agent X was given at 200 mg/day orally for 28 days."],
    "Results": ["Outcome Measurement:", "  A complete response was observed in 7 of 54 participants analyzed."],
}
HTML = """<html><head><title>t</title><script>var x = "99 mg";</script></head><body>
<nav>Home | 12 links</nav>
<h1>Review</h1>
<p>A complete response was observed in 7 of 54 participants analyzed [nct:NCT0000001#Results].</p>
<p>Study agent X was given at <strong>200 mg</strong>/day orally [nct:NCT0000001#Intervention].</p>
</body></html>"""


@pytest.fixture
def sources(tmp_path: Path) -> Path:
    return write_trial_sources(tmp_path, RECORD)


def test_verify_full_report_passes_supported_html(sources):
    report = citeproof.verify_full_report(HTML, sources)
    assert isinstance(report, VerificationReport)
    assert report.verdict == "pass" and report.exit_code == 0
    assert [c.status for c in report.claims] == ["pass", "pass"]  # the <script>/<nav> numbers are not claims
    assert report.anchor_audit.total_anchors == 2 and report.anchor_audit.verified_count == 2


def test_verify_full_report_blocks_a_fabricated_number(sources):
    report = citeproof.verify_full_report(HTML.replace("7 of 54", "9 of 54"), sources)
    assert report.verdict == "blocked" and report.exit_code == 1
    assert report.anchor_audit.violations_by_reason == {"numeric_token_miss": 1}


def test_required_channel_with_saved_files_but_no_body_anchor_blocks(sources):
    (sources / "pubtator").mkdir()
    (sources / "pubtator" / "12345.txt").write_text("12345\t0\t4\tagent\tChemical\tMESH:D0\n", encoding="utf-8")
    assert citeproof.verify_full_report(HTML, sources).verdict == "pass"
    blocked = citeproof.verify_full_report(HTML, sources, required_source_channels=("clinical_trials", "pubtator"))
    assert blocked.verdict == "blocked"
    tally = next(r for r in blocked.rules if r.name == "channel-utilisation")
    assert (tally.applicable, tally.passed, tally.blocked) == (2, 1, 1)


def test_verify_section(sources):
    section = '<section><p>A complete response was observed in 7 of 54 participants analyzed [nct:NCT0000001#Results].</p></section>'
    report = citeproof.verify_section(section, sources)
    assert report.verdict == "pass" and report.totals.claims == 1


def test_enforce_citations_in_text_needs_no_sources():
    findings = citeproof.enforce_citations_in_text(
        "<p>The response rate was 45% in the study arm.</p><p>In this section we summarise the evidence.</p>"
        "<p>Seven participants responded [nct:NCT1#Results].</p><p>Bad anchor here [nct:NCT1#].</p>"
    )
    codes = sorted(f.code for f in findings)
    assert "missing_anchor" in codes and any(c != "missing_anchor" for c in codes)
    missing = [f for f in findings if f.code == "missing_anchor"]
    assert len(missing) == 1 and "45%" in missing[0].message


def test_enforce_citations_in_text_clean_text_has_no_findings():
    assert citeproof.enforce_citations_in_text("<p>Seven participants responded [nct:NCT1#Results].</p>") == []


def test_bytes_read_from_a_file_are_verified_like_their_text(sources):
    as_bytes = citeproof.verify_full_report(HTML.encode("utf-8"), sources)
    assert as_bytes.verdict == "pass" and [c.status for c in as_bytes.claims] == ["pass", "pass"]
    bom = citeproof.verify_full_report(b"\xef\xbb\xbf" + HTML.replace("7 of 54", "9 of 54").encode("utf-8"), sources)
    assert bom.verdict == "blocked"
    assert [f.code for f in citeproof.enforce_citations_in_text(b"The dose was 5 mg.")] == ["missing_anchor"]


def test_bad_bytes_and_non_text_get_a_precise_error_not_an_attribute_error(sources):
    from citeproof.errors import InputError

    with pytest.raises(InputError, match=r"not valid UTF-8: <bytes>: line 2, byte 10 \(0xff\)"):
        citeproof.verify_full_report(b"<p>a\n<p>b \xff</p>", sources)
    with pytest.raises(InputError, match="binary"):
        citeproof.verify_section(b"\x00\x01", sources)
    for bad in (None, 12, ["<p>x</p>"]):
        with pytest.raises(TypeError, match="must be str"):
            citeproof.verify_full_report(bad, sources)
        with pytest.raises(TypeError, match="must be str"):
            citeproof.enforce_citations_in_text(bad)
