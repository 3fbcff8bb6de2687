"""Small builders for report-scope rule tests: a ParsedReport by hand, a context, a tally.

Kept beside the tests (not in conftest) so both test folders import it the same way.
"""

from __future__ import annotations

from pathlib import Path

from citeproof.model import Anchor, Block, Claim, Location, MermaidBlock, ParsedReport, RuleOutcome
from citeproof.settings import Settings
from tier1.context import ReportContext


def loc(line: int = 1, *path: str, block: str = "p") -> Location:
    return Location(line=line, section_path=tuple(path), block=block)


def block(kind: str, text: str, line: int = 1, *path: str) -> Block:
    return Block(kind=kind, text=text, location=loc(line, *path, block=kind))


def anchor(raw: str, line: int = 1, settings: Settings | None = None) -> Anchor:
    settings = settings or Settings()
    kind, _, rest = raw.partition(":")
    source_id = rest.split("#", 1)[0]
    return Anchor(raw=raw, kind=kind, source_id=source_id, channel=settings.channel_for(kind), location=loc(line))


def claim(text: str, *anchors: str, line: int = 1, in_source_list: bool = False, cid: str | None = None) -> Claim:
    return Claim(
        id=cid or f"c{line}-{abs(hash(text)) % 10_000}",
        text=text,
        raw_text=text,
        location=loc(line),
        anchors=tuple(anchor(a, line) for a in anchors),
        fact_bearing=True,
        in_source_list=in_source_list,
    )


def mermaid(source: str, line: int = 1, *, declared: tuple[str, ...] = (), preceding: str | None = None,
            attributes: dict[str, str] | None = None, mid: str = "m1") -> MermaidBlock:
    return MermaidBlock(
        id=mid,
        source=source,
        location=loc(line, block="mermaid"),
        attributes=attributes or {},
        declared_anchors=tuple(anchor(a, line) for a in declared),
        preceding_anchor=anchor(preceding, line) if preceding else None,
    )


def report(*, blocks=(), claims=(), diagrams=(), fmt="markdown") -> ParsedReport:
    return ParsedReport(format=fmt, claims=tuple(claims), blocks=tuple(blocks), mermaid=tuple(diagrams))


def context(parsed: ParsedReport, settings: Settings | None = None, store=None, sources_dir: Path | None = None,
            resolutions=None) -> ReportContext:
    return ReportContext(
        report=parsed,
        settings=settings or Settings(),
        store=store,
        sources_dir=sources_dir,
        claim_resolutions=resolutions or {},
    )


def tally(outcomes: list[RuleOutcome]) -> dict[str, int | str]:
    """What the pipeline's RuleTally counts: applicable units, passed, blocked; n/a when none applied."""
    applicable = [o for o in outcomes if o.applicable]
    passed = sum(1 for o in applicable if o.passed)
    blocked = sum(1 for o in applicable if o.blocks)
    status = "n/a" if not applicable else ("pass" if passed == len(applicable) and not blocked else "fail")
    return {"applicable": len(applicable), "passed": passed, "blocked": blocked, "status": status}


def assert_na(outcomes: list[RuleOutcome]) -> None:
    t = tally(outcomes)
    assert t == {"applicable": 0, "passed": 0, "blocked": 0, "status": "n/a"}, t
    assert all(o.passed is None for o in outcomes)


def assert_pass(outcomes: list[RuleOutcome]) -> None:
    t = tally(outcomes)
    assert t["status"] == "pass" and t["applicable"] > 0, (t, outcomes)


def assert_blocks(outcomes: list[RuleOutcome], code: str) -> None:
    t = tally(outcomes)
    assert t["status"] == "fail" and t["blocked"] > 0, (t, outcomes)
    codes = {f.code for o in outcomes for f in o.findings}
    assert code in codes, codes


def real_context(tmp_path: Path, text: str, files: dict[str, str], *, fmt: str = "markdown",
                 settings: Settings | None = None) -> ReportContext:
    """The pipeline's view: real parser, real source store, claim resolutions."""
    from citeproof.parse import parse_report
    from citeproof.sources.store import SourceStore

    settings = settings or Settings()
    src = tmp_path / "sources"
    src.mkdir(exist_ok=True)
    for rel, body in files.items():
        path = src / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(body, encoding="utf-8")
    store = SourceStore(src, settings)
    parsed = parse_report(text, fmt, settings)  # type: ignore[arg-type]
    resolutions = {c.id: [store.resolve(a) for a in c.anchors] for c in parsed.claims}
    return ReportContext(report=parsed, settings=settings, store=store, sources_dir=src, claim_resolutions=resolutions)
