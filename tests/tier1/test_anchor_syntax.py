"""CP100 anchor-syntax, unit level: one outcome per citing claim and per stray finding."""

from __future__ import annotations

from pathlib import Path

import pytest

from citeproof.parse import parse_report
from citeproof.settings import Settings
from tier1.anchor_syntax import AnchorSyntax
from tier1.context import ReportContext

SETTINGS = Settings()
RULE = AnchorSyntax()


def check(doc: str, fmt: str = "markdown"):
    report = parse_report(doc, fmt, SETTINGS)
    ctx = ReportContext(report=report, settings=SETTINGS, store=None, sources_dir=Path("."), claim_resolutions={})
    return report, RULE.check_report(ctx)


def test_well_formed_anchors_pass_per_claim() -> None:
    report, outs = check("# R\n\nRate 45%. [nct:NCT1#L3] Rate 12%. [pmid:1; pmid:2#abstract]\n")
    assert [(o.applicable, o.passed, o.blocks) for o in outs] == [(True, True, False)] * 2
    assert [o.claim_id for o in outs] == [c.id for c in report.claims]


@pytest.mark.parametrize(
    ("anchor", "code"),
    [
        ("[nct:]", "malformed_anchor"),
        ("[:123]", "malformed_anchor"),
        ("[pmid 123]", "malformed_anchor"),
        ("[foo:bar]", "unknown_anchor_kind"),
        ("[nct:NCT1#]", "empty_locator"),
        ("[nct:NCT1#L5-L2]", "inverted_range"),
    ],
)
def test_each_malformed_shape_fails_and_blocks(anchor: str, code: str) -> None:
    report, outs = check(f"# R\n\n## Efficacy\n\nRate 45%. {anchor}\n")
    (out,) = outs
    assert out.applicable and out.passed is False and out.blocks
    (f,) = out.findings
    assert (f.rule, f.code, f.severity) == ("CP100", code, "critical")
    assert f.claim_id == report.claims[0].id and f.location.line == 5
    assert "line 5" in f.message


def test_mixed_claim_fails_once() -> None:
    _, outs = check("# R\n\nRate 45%. [nct:NCT1#L3; nct:NCT1#L9-L2]\n")
    (out,) = outs
    assert out.passed is False and len(out.findings) == 1


def test_na_without_citation_brackets() -> None:
    for doc in ("# R\n\nRate 45% [1] [sic] [95% CI 1.2–3.4].\n", "# R\n\nSee [the record](https://x.example.org/a) for 5 cases.\n", ""):
        _, outs = check(doc)
        assert [(o.applicable, o.passed, o.blocks) for o in outs] == [(False, None, False)], doc


def test_diagram_findings_are_reported_without_a_claim() -> None:
    _, outs = check("# R\n\n```mermaid\ngraph TD\nA[Rate 45% [nct:]]-->B\n```\n")
    (out,) = outs
    assert out.passed is False and out.claim_id is None and out.findings[0].location.block == "mermaid"


def test_orphan_anchor_fails_without_blocking() -> None:
    _, outs = check("# R\n\n[nct:NCT1#L3]\n")
    (out,) = outs
    assert out.passed is False and not out.blocks and out.findings[0].code == "orphan_anchor"


def test_html_report() -> None:
    _, outs = check("<h1>R</h1><p>Rate 45%. [nct:NCT1#L0]</p>", "html")
    assert [o.findings[0].code for o in outs] == ["invalid_locator"]
