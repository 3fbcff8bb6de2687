"""Build a ReportContext the way the pipeline does — real parser, real source store — from a
report text and a dict of saved files, so channel and diagram rules are tested on real input."""

from __future__ import annotations

from pathlib import Path

from citeproof.model import RuleOutcome
from citeproof.parse import parse_report
from citeproof.settings import Settings
from citeproof.sources.store import SourceStore
from tier1.context import ReportContext


def write_sources(root: Path, files: dict[str, str]) -> Path:
    src = root / "sources"
    src.mkdir(exist_ok=True)
    for rel, text in files.items():
        path = src / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return src


def real_context(tmp_path: Path, report: str, files: dict[str, str], *, fmt: str = "markdown",
                 settings: Settings | None = None, **overrides) -> ReportContext:
    settings = settings or Settings.model_validate({**Settings().model_dump(), **overrides})
    src = write_sources(tmp_path, files)
    store = SourceStore(src, settings)
    parsed = parse_report(report, fmt, settings)  # type: ignore[arg-type]
    resolutions = {c.id: [store.resolve(a) for a in c.anchors] for c in parsed.claims}
    return ReportContext(report=parsed, settings=settings, store=store, sources_dir=src, claim_resolutions=resolutions)


def tally(outcomes: list[RuleOutcome]) -> dict[str, int | str]:
    applicable = [o for o in outcomes if o.applicable]
    passed = sum(1 for o in applicable if o.passed)
    blocked = sum(1 for o in applicable if o.blocks)
    status = "n/a" if not applicable else ("pass" if passed == len(applicable) and not blocked else "fail")
    return {"applicable": len(applicable), "passed": passed, "blocked": blocked, "status": status}


def codes(outcomes: list[RuleOutcome]) -> set[str]:
    return {f.code for o in outcomes for f in o.findings}
