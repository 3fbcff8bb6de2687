"""CP101 citations, unit level: fact-bearing body claims need an anchor; nothing else is judged."""

from __future__ import annotations

from citeproof.parse import parse_report
from citeproof.settings import Settings
from tier1.citations import Citations
from tier1.context import ClaimContext

SETTINGS = Settings()
RULE = Citations()


def outcomes(doc: str, fmt: str = "markdown"):
    report = parse_report(doc, fmt, SETTINGS)
    return [(c, RULE.check_claim(ClaimContext(claim=c, resolutions=[], settings=SETTINGS))) for c in report.claims]


def test_anchored_fact_passes() -> None:
    ((claim, out),) = outcomes("# R\n\nThe rate was 45%. [nct:NCT1#L3]\n")
    assert out.applicable and out.passed and not out.blocks and out.claim_id == claim.id


def test_url_anchor_counts() -> None:
    ((_, out),) = outcomes("# R\n\nThe rate was 45% ([record](https://trials.example.org/NCT1)).\n")
    assert out.passed


def test_uncited_fact_fails_and_blocks_with_location() -> None:
    ((claim, out),) = outcomes("# R\n\n## Efficacy\n\nArm B responded less often than Arm A.\n")
    assert out.applicable and out.passed is False and out.blocks
    (f,) = out.findings
    assert (f.rule, f.code, f.severity, f.claim_id) == ("CP101", "missing_anchor", "critical", claim.id)
    assert "Arm B responded less often than Arm A." in f.message
    assert "line 5" in f.message and "Efficacy" in f.message
    assert f.location == claim.location


def test_message_truncates_long_claims() -> None:
    long = "The rate was 45% in " + "a very long cohort description " * 10 + "overall."
    ((_, out),) = outcomes(f"# R\n\n{long}\n")
    assert "…" in out.findings[0].message and len(out.findings[0].message) < 250


def test_each_signal_makes_it_applicable() -> None:
    for sentence in ("Twelve participants withdrew.", "Tumours expressing HER2 were included.",
                     "Outcomes were better than usual care.", "The exposure leads to fatigue.", "该治疗导致疲劳。"):
        ((_, out),) = outcomes(f"# R\n\n{sentence}\n")
        assert out.applicable and out.passed is False, sentence


def test_not_applicable_cases() -> None:
    # transition sentence with an anchor: a claim, but not fact-bearing
    ((_, out),) = outcomes("# R\n\nThis is discussed in the guideline. [guideline:G1#Dosing]\n")
    assert not out.applicable and out.passed is None and not out.blocks
    # references list entry
    doc = "# R\n\nThe rate was 45%. [nct:NCT1#L3]\n\n## References\n\n- Trial of 200 patients.\n"
    (_, body), (ref, listed) = outcomes(doc)
    assert body.applicable and ref.in_source_list and not listed.applicable
    # headings and transitions are not claims at all
    assert outcomes("# The 5 key results\n\nThe next section turns to safety.\n") == []


def test_malformed_anchor_does_not_count_as_a_citation() -> None:
    ((_, out),) = outcomes("# R\n\nThe rate was 45%. [nct:NCT1#L5-L2]\n")
    assert out.passed is False and out.findings[0].code == "missing_anchor"


def test_html_report() -> None:
    ((_, out),) = outcomes("<h1>R</h1><p>The rate was 45%.</p><script>x = 1 + 2;</script>", "html")
    assert out.passed is False
