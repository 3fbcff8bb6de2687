"""CP302 url-citations: claim units, the report unit, and how n/a stays out of the pass count.

Mutations tried on ``tier1/url_citations.py`` / ``citeproof/retrieval.py`` and the test
that kills each: zero retrieval treated as n/a → ``test_zero_retrieval_fails_the_report``;
n/a counted as pass → ``test_nothing_citable_is_na_not_pass``; dropping the "cites at least
one" requirement → ``test_fact_bearing_claim_citing_nothing_fails``.
"""

from __future__ import annotations

import json
from pathlib import Path

from citeproof.model import Anchor, Claim, Location, ParsedReport
from citeproof.retrieval import load_retrieved
from citeproof.settings import Settings
from citeproof.sources.store import SourceStore
from retrieval_helpers import SRC, url_anchor
from tier1.context import ReportContext
from tier1.url_citations import UrlCitations

RULE = UrlCitations()


def claim(text: str, *urls: str, fact: bool = True, cid: str = "c1", **kw) -> Claim:
    return Claim(id=cid, text=text, raw_text=text, location=Location(line=3, section_path=("Client",)),
                 anchors=tuple(url_anchor(u) for u in urls), fact_bearing=fact,
                 fact_signals=("number",) if fact else (), **kw)


def ctx(claims: list[Claim], retrieved=None, store=None) -> ReportContext:
    return ReportContext(report=ParsedReport(format="markdown", claims=tuple(claims)), settings=Settings(),
                         store=store, sources_dir=None, claim_resolutions={}, retrieved=retrieved)


def by_unit(outcomes):
    return {o.claim_id: o for o in outcomes}


def test_cited_retrieved_url_passes_claim_and_report_unit(jsonl):
    rs = load_retrieved(jsonl({"url": SRC + "/", "text": "It has 3 options."}))
    out = by_unit(RULE.check_report(ctx([claim("It has 3 options.", SRC + "/")], rs)))
    assert out["c1"].applicable and out["c1"].passed and not out["c1"].blocks
    assert out[None].applicable and out[None].passed


def test_laundered_url_fails_and_names_url_and_claim(jsonl):
    rs = load_retrieved(jsonl({"url": SRC + "/", "text": "It has 3 options."}))
    out = by_unit(RULE.check_report(ctx([claim("It has 3 options.", SRC + "/hooks/useMadeUp")], rs)))
    o = out["c1"]
    assert o.applicable and o.passed is False and o.blocks
    (f,) = o.findings
    assert f.code == "url_not_retrieved" and f.severity == "critical" and f.claim_id == "c1"
    assert SRC + "/hooks/useMadeUp" in f.message and "It has 3 options." in f.message
    assert "appends a path to retrieved " + SRC + "/" in f.message


def test_one_bad_url_among_good_ones_fails(jsonl):
    rs = load_retrieved(jsonl({"url": SRC, "text": "x"}))
    o = by_unit(RULE.check_report(ctx([claim("It has 3 options.", SRC, "https://made.up/page")], rs)))["c1"]
    assert o.passed is False and [f.code for f in o.findings] == ["url_not_retrieved"]


def test_fact_bearing_claim_citing_nothing_fails(jsonl):
    rs = load_retrieved(jsonl({"url": SRC, "text": "x"}))
    o = by_unit(RULE.check_report(ctx([claim("It has 3 options.")], rs)))["c1"]
    assert o.applicable and o.passed is False and o.blocks and o.findings[0].code == "url_uncited"


def test_non_fact_claim_without_url_is_na(jsonl):
    rs = load_retrieved(jsonl({"url": SRC, "text": "x"}))
    o = by_unit(RULE.check_report(ctx([claim("Read on.", fact=False)], rs)))["c1"]
    assert not o.applicable and o.passed is None


def test_zero_retrieval_fails_the_report(jsonl):
    rs = load_retrieved(jsonl())
    outcomes = RULE.check_report(ctx([claim("It has 3 options.")], rs))
    report_unit = by_unit(outcomes)[None]
    assert report_unit.applicable and report_unit.passed is False and report_unit.blocks
    assert report_unit.findings[0].code == "zero_retrieval"
    # the failure is counted once, at report level; the claim is not judged a second time
    assert not by_unit(outcomes)["c1"].applicable


def test_zero_retrieval_with_a_cited_url_fails_the_claim_too(jsonl):
    rs = load_retrieved(jsonl())
    o = by_unit(RULE.check_report(ctx([claim("It has 3 options.", SRC)], rs)))["c1"]
    assert o.passed is False and o.findings[0].code == "url_not_retrieved"


def test_nothing_citable_is_na_not_pass(jsonl):
    rs = load_retrieved(jsonl({"url": None, "title": "fallback", "text": "It has 3 options."}))
    outcomes = RULE.check_report(ctx([claim("It has 3 options."), claim("Other 5.", cid="c2")], rs))
    assert outcomes and all(not o.applicable and o.passed is None and not o.blocks for o in outcomes)


def test_citing_a_url_when_nothing_had_urls_is_still_laundering(jsonl):
    rs = load_retrieved(jsonl({"url": None, "text": "It has 3 options."}))
    o = by_unit(RULE.check_report(ctx([claim("It has 3 options.", SRC)], rs)))["c1"]
    assert o.passed is False and o.findings[0].code == "url_not_retrieved"


def test_source_list_entries_need_no_url_but_their_urls_are_checked(jsonl):
    rs = load_retrieved(jsonl({"url": SRC, "text": "x"}))
    listed = claim("Reference 1, 2024.", in_source_list=True)
    listed_bad = claim("Reference 2.", "https://made.up/x", cid="c2", in_source_list=True)
    out = by_unit(RULE.check_report(ctx([listed, listed_bad], rs)))
    assert not out["c1"].applicable
    assert out["c2"].passed is False


def _store(tmp_path: Path, url: str | None) -> SourceStore:
    root = tmp_path / "sources"
    (root / "web").mkdir(parents=True)
    (root / "web" / "ref.md").write_text("It has 3 options.\n", encoding="utf-8")
    entry = {"source_id": "ref", "kind": "web", "path": "web/ref.md"} | ({"url": url} if url else {})
    (root / "manifest.jsonl").write_text(json.dumps(entry) + "\n", encoding="utf-8")
    return SourceStore(root, Settings())


def test_sources_folder_mode_matches_manifest_urls_with_boundaries(tmp_path):
    store = _store(tmp_path, SRC + "/")
    good = claim("It has 3 options.", SRC + "#options")
    bad = claim("It has 3 options.", SRC + "/hooks/useMadeUp", cid="c2")
    kind_id = Claim(id="c3", text="It has 3 options.", raw_text="x", location=Location(line=5), fact_bearing=True,
                    anchors=(Anchor(raw="[pmid:1]", kind="pmid", source_id="1", location=Location(line=5)),))
    out = by_unit(RULE.check_report(ctx([good, bad, kind_id], store=store)))
    assert out["c1"].passed and out["c2"].passed is False
    assert not out["c3"].applicable  # sources-folder claims cite by kind:id; no URL is required
    assert None not in out  # no zero-retrieval unit outside RAG-answer mode


def test_sources_folder_mode_url_with_no_saved_urls_fails(tmp_path):
    # Was asserted n/a: a cited URL no saved source carries went unchecked in sources mode,
    # while RAG mode fails the same citation. It is laundering either way.
    store = _store(tmp_path, None)
    outcomes = RULE.check_report(ctx([claim("It has 3 options.", SRC)], store=store))
    (unit,) = [o for o in outcomes if o.applicable]
    assert unit.blocks and unit.findings[0].code == "url_not_retrieved"


def test_sources_folder_mode_claim_without_url_is_na(tmp_path):
    store = _store(tmp_path, None)
    c = Claim(id="c1", text="It has 3 options.", raw_text="x", location=Location(line=3), fact_bearing=True,
              anchors=(Anchor(raw="[pmid:1]", kind="pmid", source_id="1", location=Location(line=3)),))
    assert all(not o.applicable for o in RULE.check_report(ctx([c], store=store)))


def test_resolve_manifest_url_uses_the_boundary_matcher(tmp_path):
    from citeproof.retrieval import resolve_manifest_url

    store = _store(tmp_path, SRC + "/")
    ok = resolve_manifest_url(store, url_anchor(SRC + "?utm=1"))
    assert ok.window is not None and ok.window.document.path == "web/ref.md"
    bad = resolve_manifest_url(store, url_anchor(SRC + "/made/up"))
    assert bad.window is None and bad.finding is not None


def test_claim_citing_a_saved_source_by_kind_id_needs_no_url(jsonl):
    rs = load_retrieved(jsonl({"url": SRC, "text": "x"}))
    c = Claim(id="c1", text="It has 3 options.", raw_text="x", location=Location(line=3), fact_bearing=True,
              anchors=(Anchor(raw="[pmid:1]", kind="pmid", source_id="1", location=Location(line=3)),))
    assert not by_unit(RULE.check_report(ctx([c], rs)))["c1"].applicable
