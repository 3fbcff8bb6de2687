"""Report parsing: HTML (selectolax) or Markdown (markdown-it-py) → ``ParsedReport``.

    text ──► front end (html.py | markdown.py) ──► visible blocks (blocks.py)
         ──► sentences / rows (citeproof.text) ──► anchors (anchors.py) + fact signals (facts.py)
         ──► claims with stable ids and locations (claims.py)

Parsing never raises on bad markup or malformed anchors: malformed anchors become CP100
findings in ``ParsedReport.findings``. Work is linear in the size of the report.
"""

from __future__ import annotations

import gc
from typing import Iterable, Literal

from citeproof.model import ParsedReport
from citeproof.parse.anchors import AnchorProblem, AnchorScan, parse_locator, scan_anchors
from citeproof.parse.blocks import BlockSink, is_source_list_title
from citeproof.parse.claims import build_report, claim_key, tidy
from citeproof.parse.facts import (
    EntityDetector,
    fact_signals,
    is_fact_bearing,
    register_entity_detector,
    unregister_entity_detector,
)
from citeproof.parse.html import html_to_blocks
from citeproof.parse.markdown import markdown_to_blocks
from citeproof.settings import Settings

__all__ = [
    "AnchorProblem",
    "AnchorScan",
    "EntityDetector",
    "claim_key",
    "fact_signals",
    "is_fact_bearing",
    "is_source_list_title",
    "parse_locator",
    "parse_report",
    "register_entity_detector",
    "scan_anchors",
    "tidy",
    "unregister_entity_detector",
]


def parse_report(
    text: str,
    fmt: Literal["html", "markdown"],
    settings: Settings,
    *,
    detectors: Iterable[EntityDetector] | None = None,
) -> ParsedReport:
    """Parse a report into claims, blocks, Mermaid diagrams and parse findings.

    ``detectors`` overrides the registered entity detectors (``register_entity_detector``).
    """
    if text.startswith("\ufeff"):
        text = text[1:]
    if "\r" in text:
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    if fmt not in ("html", "markdown"):
        raise ValueError(f"unknown report format {fmt!r} (html or markdown)")
    # Parsing allocates many small objects and no reference cycles; the cyclic collector's
    # full passes over them made a 10x larger report ~14x slower. Paused here, restored after.
    gc_was_enabled = gc.isenabled()
    gc.disable()
    try:
        sink = BlockSink()
        if fmt == "html":
            html_to_blocks(text, sink)
        else:
            markdown_to_blocks(text, sink)
        return build_report(sink, fmt, settings, detectors)
    finally:
        if gc_was_enabled:
            gc.enable()
