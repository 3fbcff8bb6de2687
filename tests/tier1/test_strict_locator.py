"""CP103 strict-locator: numeric claims need a locator; others become undecided without one."""

from __future__ import annotations

from citeproof.model import Anchor, Claim, Location, Locator
from citeproof.settings import Settings
from tier1.context import ClaimContext
from tier1.registry import rule_by_id
from tier1.strict_locator import StrictLocator

RULE = StrictLocator()
LOC = Location(line=9)


def _anchor(kind: str, sid: str, loc: str | None = None) -> Anchor:
    locator = Locator(raw=loc, kind="lines", start=2, end=2) if loc else None
    raw = sid if kind == "url" else f"{kind}:{sid}" + (f"#{loc}" if loc else "")
    return Anchor(raw=raw, kind=kind, source_id=sid, locator=locator, location=LOC)


def _ctx(*anchors: Anchor, signals: tuple[str, ...] = ("number",), in_source_list: bool = False) -> ClaimContext:
    claim = Claim(id="c9", text="t", raw_text="t", location=LOC, anchors=anchors, fact_bearing=bool(signals),
                  fact_signals=signals, in_source_list=in_source_list)
    return ClaimContext(claim=claim, resolutions=[], settings=Settings())


def test_registered() -> None:
    assert rule_by_id("CP103").name == "strict-locator"


def test_every_anchor_located_passes() -> None:
    out = RULE.check_claim(_ctx(_anchor("guideline", "G1", "L2"), _anchor("evidence", "a/b.md", "L2")))
    assert (out.applicable, out.passed, out.blocks, out.undecided) == (True, True, False, None)


def test_numeric_claim_with_bare_guideline_anchor_blocks() -> None:
    out = RULE.check_claim(_ctx(_anchor("guideline", "G1")))
    assert (out.applicable, out.passed, out.blocks) == (True, False, True)
    (f,) = out.findings
    assert (f.rule, f.code, f.severity, f.claim_id) == ("CP103", "numeric_without_locator", "critical", "c9")
    assert "[guideline:G1]" in f.message and "line 9" in f.message


def test_numeric_claim_with_one_bare_anchor_among_located_ones_blocks() -> None:
    out = RULE.check_claim(_ctx(_anchor("nct", "N1", "L2"), _anchor("evidence", "calc.md")))
    assert out.blocks and [f.code for f in out.findings] == ["numeric_without_locator"]


def test_non_numeric_claim_without_locator_is_undecided_not_failed() -> None:
    out = RULE.check_claim(_ctx(_anchor("pmid", "123"), signals=("entity",)))
    assert (out.applicable, out.passed, out.blocks) == (True, False, False)
    assert out.undecided and "whole source" in out.undecided
    (f,) = out.findings
    assert (f.code, f.severity) == ("anchor_without_locator", "major")


def test_url_anchors_are_exempt() -> None:
    assert RULE.check_claim(_ctx(_anchor("url", "https://example.org/a"))).applicable is False
    assert RULE.check_claim(_ctx(_anchor("url", "https://example.org/a"), _anchor("nct", "N1", "L2"))).passed is True


def test_not_applicable_without_anchors_or_in_a_source_list() -> None:
    assert RULE.check_claim(_ctx()).applicable is False
    assert RULE.check_claim(_ctx(_anchor("pmid", "1"), in_source_list=True)).applicable is False


def test_examples_cover_both_languages_and_outcomes() -> None:
    seen = {(ex.lang, ex.expect) for ex in RULE.examples}
    assert seen >= {(lang, e) for lang in ("en", "zh") for e in ("pass", "fail", "na")}
