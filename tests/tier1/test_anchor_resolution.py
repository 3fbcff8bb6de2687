"""CP102 anchor-resolution on claims built by hand, with a real source store."""

from __future__ import annotations

from pathlib import Path

from citeproof.model import Anchor, Claim, Location, Locator
from citeproof.settings import Settings
from citeproof.sources.store import SourceStore
from citeproof.sources.types import Resolution
from tier1.anchor_resolution import AnchorResolution
from tier1.context import ClaimContext
from tier1.registry import rule_by_id

RULE = AnchorResolution()
LOC = Location(line=3, section_path=("Results",))


def _anchor(kind: str, sid: str, loc: str | None = None) -> Anchor:
    locator = Locator(raw=loc, kind="section", name=loc) if loc else None
    raw = sid if kind == "url" else f"{kind}:{sid}" + (f"#{loc}" if loc else "")
    return Anchor(raw=raw, kind=kind, source_id=sid, locator=locator, location=LOC)


def _ctx(tmp_path: Path, *anchors: Anchor, store: bool = True) -> ClaimContext:
    root = tmp_path / "sources"
    (root / "clinical_trials").mkdir(parents=True, exist_ok=True)
    (root / "clinical_trials" / "NCT1.json").write_text('{"Results": ["Responders: 30 (25%)"]}')
    claim = Claim(id="c1", text="Responders were 25%.", raw_text="Responders were 25%.", location=LOC,
                  anchors=anchors, fact_bearing=True, fact_signals=("number",))
    s = SourceStore(root, Settings()) if store else None
    resolutions = [s.resolve(a) if s else Resolution(anchor=a, window=None) for a in anchors]
    return ClaimContext(claim=claim, resolutions=resolutions, settings=Settings(), store=s)


def test_registered() -> None:
    assert rule_by_id("CP102").name == "anchor-resolution"


def test_passes_when_every_anchor_resolves(tmp_path) -> None:
    out = RULE.check_claim(_ctx(tmp_path, _anchor("nct", "NCT1", "Results"), _anchor("nct", "NCT1")))
    assert (out.applicable, out.passed, out.blocks, out.findings) == (True, True, False, ())


def test_fails_and_blocks_when_one_anchor_is_missing(tmp_path) -> None:
    out = RULE.check_claim(_ctx(tmp_path, _anchor("nct", "NCT1", "Results"), _anchor("nct", "NCT2")))
    assert (out.applicable, out.passed, out.blocks) == (True, False, True)
    (f,) = out.findings
    assert (f.rule, f.code, f.severity, f.claim_id) == ("CP102", "anchor_unresolved", "critical", "c1")
    assert "[nct:NCT2]" in f.message and f.location == LOC


def test_store_findings_pass_through_with_claim_id(tmp_path) -> None:
    out = RULE.check_claim(
        _ctx(tmp_path, _anchor("nct", "NCT1", "Outcomes"), _anchor("evidence", "../x.txt"), _anchor("zzz", "1"))
    )
    assert [f.code for f in out.findings] == ["locator_not_found", "anchor_escapes_sources", "unknown_anchor_kind"]
    assert all(f.claim_id == "c1" and f.rule == "CP102" for f in out.findings)


def test_url_anchors_are_not_this_rules(tmp_path) -> None:
    out = RULE.check_claim(_ctx(tmp_path, _anchor("url", "https://example.org/x")))
    assert out.applicable is False and out.passed is None
    mixed = RULE.check_claim(_ctx(tmp_path, _anchor("url", "https://example.org/x"), _anchor("nct", "NCT1", "Results")))
    assert mixed.passed is True


def test_no_anchor_is_not_applicable(tmp_path) -> None:
    out = RULE.check_claim(_ctx(tmp_path))
    assert out.applicable is False and out.blocks is False


def test_without_a_store_anchors_fail_closed(tmp_path) -> None:
    out = RULE.check_claim(_ctx(tmp_path, _anchor("nct", "NCT1", "Results"), store=False))
    assert out.passed is False and out.blocks and out.findings[0].code == "anchor_unresolved"


def test_missing_resolution_fails_closed(tmp_path) -> None:
    ctx = _ctx(tmp_path, _anchor("nct", "NCT1", "Results"))
    ctx.resolutions = []
    out = RULE.check_claim(ctx)
    assert out.passed is False and out.blocks


def test_examples_cover_both_languages_and_outcomes() -> None:
    seen = {(ex.lang, ex.expect) for ex in RULE.examples}
    assert seen >= {(lang, e) for lang in ("en", "zh") for e in ("pass", "fail", "na")}


def test_an_anchor_without_a_resolution_fails_closed():
    from citeproof.model import Anchor, Claim, Location
    from citeproof.settings import Settings
    from tier1.anchor_resolution import AnchorResolution
    from tier1.context import ClaimContext

    loc = Location(line=1)
    claim = Claim(id="c1", text="Seven responded.", raw_text="x", location=loc, fact_bearing=True,
                  anchors=(Anchor(raw="nct:NCT1#L1", kind="nct", source_id="NCT1", location=loc),))
    outcome = AnchorResolution().check_claim(ClaimContext(claim=claim, resolutions=[], settings=Settings()))
    assert outcome.blocks and outcome.findings[0].code == "anchor_unresolved"
