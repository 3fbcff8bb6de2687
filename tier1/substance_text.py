"""Shared reading for the report-substance rules (CP201–CP205): the phrase lists kept as data,
and the report body as an ordered list of visible units that know whether they sit in a
references/appendix listing.

The phrases live in ``citeproof/data/substance_phrases.json`` so that what counts as filler
can be reviewed and tuned without touching rule code.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources

from typing import TYPE_CHECKING

from citeproof.model import Location, ParsedReport
from citeproof.text.prefilter import may_match
from tier1.rule import RuleExample

if TYPE_CHECKING:
    from tier1.context import ReportContext

# Kinds that title or frame content rather than state it (the parser's heading and table header row).
_HEADING_KINDS = re.compile(r"^(?:h[1-6]|heading|header_row)$", re.IGNORECASE)


@dataclass(frozen=True)
class Phrases:
    inventory: tuple[re.Pattern[str], ...]
    inventory_vocabulary: frozenset[str]
    cjk_vocabulary: re.Pattern[str]
    record_id: re.Pattern[str]
    appendix_note_headings: tuple[re.Pattern[str], ...]
    deferred: tuple[re.Pattern[str], ...]
    digest_matrix: tuple[re.Pattern[str], ...]
    template_labels: tuple[str, ...]
    placeholder_label: tuple[re.Pattern[str], ...]


@lru_cache(maxsize=1)
def phrases() -> Phrases:
    raw = json.loads(resources.files("citeproof").joinpath("data", "substance_phrases.json").read_text("utf-8"))

    # Each list becomes one alternation, so a block costs one regex search per list.
    def ci(key: str, case_sensitive: str | None = None) -> tuple[re.Pattern[str], ...]:
        parts = [f"(?:{p})" for p in raw[key]]
        if case_sensitive:
            parts += [f"(?-i:{p})" for p in raw[case_sensitive]]
        return (re.compile("|".join(parts), re.IGNORECASE),)

    cjk_vocabulary = sorted((w for w in raw["inventory_vocabulary"] if not w.isascii()), key=len, reverse=True)
    return Phrases(
        inventory=ci("inventory_phrases"),
        inventory_vocabulary=frozenset(w.lower() for w in raw["inventory_vocabulary"]),
        cjk_vocabulary=re.compile("|".join(re.escape(w) for w in cjk_vocabulary)),
        # Record ids of registries and literature databases (not compound codes, which are content).
        record_id=re.compile(
            r"\b(?:" + "|".join(re.escape(p) for p in raw["record_id_prefixes"]) + r")[\s:_-]?[\d][\w./-]*",
            re.IGNORECASE,
        ),
        appendix_note_headings=ci("appendix_note_headings"),
        deferred=ci("deferred_work", "deferred_work_case_sensitive"),
        digest_matrix=ci("digest_matrix"),
        template_labels=tuple(raw["template_labels"]),
        placeholder_label=ci("placeholder_label"),
    )


def first_match(patterns: tuple[re.Pattern[str], ...], text: str) -> re.Match[str] | None:
    for pattern in patterns:
        if not may_match(pattern, text):  # the phrase alternations are slow; most blocks hold none of their literals
            continue
        m = pattern.search(text)
        if m:
            return m
    return None


@dataclass(frozen=True)
class BodyUnit:
    """One visible block of the report in document order."""

    index: int
    kind: str
    text: str
    location: Location
    heading: bool
    in_source_list: bool


def is_heading_kind(kind: str) -> bool:
    return bool(_HEADING_KINDS.match(kind))


def body_units(ctx: ReportContext) -> list[BodyUnit]:
    """The report body's non-empty units, computed once per run (four rules read the same body)."""
    units = ctx.cache.get("substance.body_units")
    if units is None:
        units = ctx.cache["substance.body_units"] = [u for u in _body_units(ctx.report) if u.text.strip()]
    return units  # type: ignore[return-value]


def _body_units(report: ParsedReport) -> list[BodyUnit]:
    """The report's blocks (claims when the parser gave no blocks) in document order, each marked
    as a source-list entry when a heading above it opens a references/sources/appendix section —
    the same test the parser uses for ``Claim.in_source_list`` (line numbers cannot be used: an
    HTML report may hold its whole body on one line)."""
    items: list[tuple[str, str, Location]]
    if report.blocks:
        items = [(b.kind, b.text, b.location) for b in report.blocks]
    else:
        items = [("heading" if c.unit == "heading" else c.location.block, c.raw_text, c.location) for c in report.claims]
    units: list[BodyUnit] = []
    for i, (kind, text, loc) in enumerate(items):
        listing = any(_is_reference_heading(h) for h in loc.section_path)
        units.append(BodyUnit(i, kind, text, loc, is_heading_kind(kind), listing))
    return units


@lru_cache(maxsize=4096)
def _is_reference_heading(heading: str) -> bool:
    # One definition of "references section" for the whole tool: the parser's.
    from citeproof.parse.blocks import is_source_list_title

    return is_source_list_title(heading)


# A report that is only a diagram has no body text: the rules that read the body (CP201,
# CP202) do not apply to it. Their shared n/a examples, in English and Chinese.
DIAGRAM_ONLY = (
    RuleExample(
        name="diagram-only-en",
        expect="na",
        report="```mermaid\nflowchart TD\n  S[Screening] --> R{Eligible}\n  R -->|yes| T[Treatment]\n  R -->|no| X[Excluded]\n```\n",
    ),
    RuleExample(
        name="diagram-only-zh",
        expect="na",
        lang="zh",
        report="```mermaid\nflowchart TD\n  S[筛选] --> R{是否入组}\n  R -->|是| T[治疗]\n  R -->|否| X[排除]\n```\n",
    ),
)
