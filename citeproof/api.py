"""The Python API (SPEC §7). Thin wrappers over ``citeproof.pipeline.run``."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from citeproof.model import Finding
from citeproof.pipeline import VerifyOptions, detect_format, run
from citeproof.report import VerificationReport
from citeproof.report_input import report_text
from citeproof.settings import Settings


def verify_full_report(
    html: str | bytes,
    sources_dir: str | Path,
    required_source_channels: Iterable[str] = (),
    *,
    mode: str = "enforce",
    settings: Settings | None = None,
    fmt: str | None = None,
    retrieved_path: str | Path | None = None,
    tier2=None,
) -> VerificationReport:
    """Verify a whole report (HTML or Markdown) against the saved sources.

    ``required_source_channels`` (e.g. ``("clinical_trials", "pubtator")``) makes a channel
    whose folder holds saved files but is never cited in the body a blocking finding.
    ``html`` may be bytes (UTF-8, as read from a file); anything else is a TypeError.
    """
    html = report_text(html)
    settings = (settings or Settings()).model_copy(deep=True)
    required = tuple(required_source_channels)
    if required:
        settings = settings.model_copy(update={"required_source_channels": required})
    options = VerifyOptions(
        mode=mode,
        settings=settings,
        retrieved_path=Path(retrieved_path) if retrieved_path else None,
        tier2=tier2,
    )
    return run(html, fmt or detect_format(None, html), Path(sources_dir), options)


def verify_section(section_html: str | bytes, sources_dir: str | Path, *, settings: Settings | None = None) -> VerificationReport:
    """Verify one section: the same claim rules, no report-wide channel requirements."""
    return verify_full_report(section_html, sources_dir, (), settings=settings)


def enforce_citations_in_text(html: str | bytes) -> list[Finding]:
    """Fact-bearing claims without anchors, and malformed anchors — no sources needed."""
    html = report_text(html)
    from citeproof.lexicon import load_drug_detector
    from citeproof.parse import parse_report
    from tier1.context import ClaimContext
    from tier1.registry import rule_by_id

    settings = Settings()
    # Drug names make a sentence fact-bearing even without a number.
    parsed = parse_report(html, detect_format(None, html), settings, detectors=[load_drug_detector(settings, None)])
    citations = rule_by_id("CP101")
    findings: list[Finding] = list(parsed.findings)
    for claim in parsed.claims:
        outcome = citations.check_claim(ClaimContext(claim=claim, resolutions=[], settings=settings))
        findings.extend(outcome.findings)
    return findings
