"""The shared vocabulary: claims, anchors, locators, findings and rule outcomes.

Every tier speaks in these types. They are frozen pydantic models that forbid
undeclared fields, so a typo in a producer is an error at the boundary rather than
a silently missing key in ``verification_report.json``.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

Severity = Literal["critical", "major", "minor", "info"]
ClaimStatus = Literal["pass", "fail", "undecided", "unverified"]
ReportFormat = Literal["html", "markdown"]
UnitKind = Literal["sentence", "table_row", "list_item", "mermaid_label", "heading"]


class Frozen(BaseModel):
    """Base for every boundary type: immutable, no undeclared fields."""

    model_config = ConfigDict(extra="forbid", frozen=True)


class Location(Frozen):
    """Where a person finds a claim in the report they wrote."""

    line: int = Field(description="1-based line in the report file where the unit starts.")
    section_path: tuple[str, ...] = Field(
        default=(), description="Heading texts from the outermost section down to this unit."
    )
    block: str = Field(default="p", description="Element kind the unit came from (p, li, tr, mermaid, …).")

    def describe(self) -> str:
        where = f"line {self.line}"
        if self.section_path:
            where += " (" + " › ".join(self.section_path) + ")"
        return where


class Locator(Frozen):
    """The part of a source an anchor points at (the text after ``#``)."""

    raw: str
    kind: Literal["lines", "page", "section", "table"]
    start: int | None = Field(default=None, description="First line/page (1-based) for lines/page/table.")
    end: int | None = Field(default=None, description="Last line/page, inclusive.")
    name: str | None = Field(default=None, description="Section name or JSON key path for kind=section.")


class Anchor(Frozen):
    """One citation: ``[kind:id#locator]`` or a URL link."""

    raw: str = Field(description="The anchor as written, e.g. 'nct:NCT00001832#Results' or a URL.")
    kind: str = Field(description="Anchor kind (pmid, nct, evidence, …) or 'url'.")
    source_id: str = Field(description="Source identifier (or the URL for kind 'url').")
    locator: Locator | None = None
    channel: str | None = Field(default=None, description="Source channel from the kind→channel map.")
    location: Location


class Finding(Frozen):
    """A reason: one rule's verdict on one unit, with enough to find and fix it."""

    rule: str = Field(description="Id of the rule that produced it (e.g. CP104).")
    code: str = Field(description="Stable reason code (e.g. numeric_token_miss).")
    severity: Severity
    message: str
    claim_id: str | None = None
    location: Location | None = None


class TableColumn(Frozen):
    """One column of a table row: the header a reader sees above the cell, and the cell."""

    header: str = Field(description="The column's header text, header rows joined ('' when the column has none).")
    cell: str = Field(description="This row's cell in the column, anchors removed ('' when empty).")


class Claim(Frozen):
    """A unit of the report that can be true or false: a sentence, a table row, a label."""

    id: str = Field(description="Stable id: hash of section path and normalised text, with an ordinal for repeats.")
    text: str = Field(description="Visible text with anchors removed.")
    raw_text: str = Field(description="Visible text as written, anchors included.")
    location: Location
    anchors: tuple[Anchor, ...] = ()
    unit: UnitKind = "sentence"
    fact_bearing: bool = False
    fact_signals: tuple[str, ...] = Field(
        default=(), description="Why it is fact-bearing: number, entity, comparative, causal."
    )
    in_source_list: bool = Field(
        default=False,
        description="An entry of a references/sources/appendix section (not body analysis); a sentence there "
        "stating a measured figure (a percentage, money, a dose, a duration) is a claim like any other.",
    )
    # A row's claim text stays its cells joined by " | " (ids, the report and its messages show
    # it as written); the headers travel beside it, because "Arm B" over "40%" is part of what
    # the row says and Tier 1 binds each cell's numbers to its column's header from here.
    columns: tuple[TableColumn, ...] = Field(
        default=(),
        description="For a table row under a header: each column's header and this row's cell, in rendered order.",
    )
    # Markup can show a sentence one way and read it another (screen-reader-only text, <noscript>,
    # a superscript that is an exponent or a footnote). The text above is what a sighted reader
    # sees; what some readers get besides is named here, and such a claim never passes Tier 1.
    unsure_text: tuple[str, ...] = Field(
        default=(),
        description="What in the unit only some readers get, or reads two ways (e.g. 'screen-reader-only "
        "text \"not\" in <span class=\"sr-only\">'): the claim cannot pass Tier 1.",
    )
    # Text left out of ``text`` because it may be drawn where no one sees it (white on a ground not
    # known, a selector not decided) may be on screen after all: the claim is checked with it too,
    # and fails only if it fails read either way.
    text_with_unsure: str = Field(
        default="",
        description="The claim's text with the unsure text left out of it put back; empty when none was left out.",
    )
    # "Adverse events were observed in Arm B [nct:X#Results]. This is not true." cites a source
    # that carries the first sentence, and the report takes it back (citeproof.parse.retractions).
    retracted_by: tuple[str, ...] = Field(
        default=(),
        description="Sentences of the report that take this unit back ('This is not true.', '以上说法不实。'), "
        "with their line: the claim cannot pass Tier 1.",
    )
    # "Patients were excluded if they had any of the following:" over a list says what its
    # items are, as a heading does: Tier 1 reads it beside the section path.
    lead_in: tuple[str, ...] = Field(
        default=(),
        description="The lines ending in ':' that introduce the list (or the one paragraph) this unit sits under, outermost first.",
    )
    link_labels: tuple[str, ...] = Field(
        default=(),
        description="The visible text of the URL links this unit cites through ('[limits](https://…)'): a citation's "
        "label, which Tier 1 does not require the cited place to write.",
    )


class Block(Frozen):
    """A visible block of the report body (paragraph, list item, table row, heading)."""

    kind: str
    text: str
    location: Location


class MermaidBlock(Frozen):
    """A diagram found in the report, parsed separately from the prose."""

    id: str
    source: str = Field(description="Diagram text as written.")
    location: Location
    attributes: dict[str, str] = Field(default_factory=dict)
    declared_anchors: tuple[Anchor, ...] = Field(
        default=(), description="Anchors written inside the diagram (labels or %% comments)."
    )
    preceding_anchor: Anchor | None = Field(
        default=None, description="The nearest anchor in the body before the diagram."
    )


class ParsedReport(Frozen):
    format: ReportFormat
    claims: tuple[Claim, ...]
    blocks: tuple[Block, ...] = ()
    mermaid: tuple[MermaidBlock, ...] = ()
    findings: tuple[Finding, ...] = Field(
        default=(), description="Problems found while parsing (malformed anchors, …)."
    )
    total_sentences: int = Field(default=0, description="Every visible sentence/row, claim or not.")


class RuleOutcome(Frozen):
    """Three facts a rule reports for one unit: could it judge, did it pass, does it block."""

    rule: str
    applicable: bool
    passed: bool | None = Field(default=None, description="None when not applicable.")
    blocks: bool = False
    findings: tuple[Finding, ...] = ()
    undecided: str | None = Field(
        default=None, description="Why support could not be settled deterministically (sends the claim to Tier 2)."
    )
    claim_id: str | None = None

    @classmethod
    def not_applicable(cls, rule: str, claim_id: str | None = None) -> RuleOutcome:
        return cls(rule=rule, applicable=False, passed=None, blocks=False, claim_id=claim_id)
