"""Blocks → units (sentences, list-item sentences, table rows) → claims.

A unit becomes a ``Claim`` when it is fact-bearing (``facts.fact_signals``) or carries an
anchor (or an attempted one). Headings, table header rows and code blocks never do.

Claim ids are ``c-`` + the first 10 hex digits of sha1(section path + normalised text), with
``-2``, ``-3`` … for later repeats of the same text in the same section. They depend on nothing
else, so editing an unrelated paragraph leaves every other id as it was.

A sentence that is only anchors (``[nct:X#L3]`` on its own after a full stop, or an anchor
paragraph under a paragraph) cites the unit before it in the same section; with no unit
before it the anchors are reported as ``orphan_anchor``.
"""

from __future__ import annotations

import bisect
import hashlib
import re
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Iterable

from citeproof.model import (
    Anchor,
    Block,
    Claim,
    Finding,
    Location,
    MermaidBlock,
    ParsedReport,
    ReportFormat,
    TableColumn,
    UnitKind,
)
from citeproof.mermaid import diagram_source, label_anchors, label_claim_texts, numeric_labels, parse_mermaid
from citeproof.parse.anchors import AnchorProblem, scan_anchors, url_anchor
from citeproof.parse.blocks import BlockSink, Link, RawBlock, RawMermaid
from citeproof.parse.facts import EntityDetector, fact_signals, names_a_year_only
from citeproof.parse.footnotes import MARK as FOOTNOTE_MARK
from citeproof.parse.footnotes import is_citation_label
from citeproof.parse.heading_figures import heading_text, measured_atoms
from citeproof.parse.retractions import is_denial
from citeproof.settings import Settings
from citeproof.sources.headings import table_caption
from citeproof.text import fold_emphasis, normalize_text, split_sentences
from citeproof.text.normalize import fold_tex_math

RULE_ID = "CP100"

_SPACE_BEFORE_PUNCT = re.compile(r"\s+([.,;:!?。，；：！？、)\]）】])")
_SPACE_AFTER_OPEN = re.compile(r"([(\[（【])\s+")
_EMPTY_BRACKETS = re.compile(r"[(（]\s*[,;，；]?\s*[)）]")


def tidy(text: str) -> str:
    """Collapse whitespace and close the gaps that removed anchors leave behind."""
    text = " ".join(text.split())
    if not text:
        return text
    text = _EMPTY_BRACKETS.sub("", text)
    text = _SPACE_BEFORE_PUNCT.sub(r"\1", text)
    text = _SPACE_AFTER_OPEN.sub(r"\1", text)
    return " ".join(text.split())


def claim_key(section_path: tuple[str, ...], text: str) -> str:
    """The hash part of a claim id."""
    norm = normalize_text(fold_emphasis(text)).lower()
    key = " › ".join(section_path) + "\n" + norm
    return hashlib.sha1(key.encode("utf-8")).hexdigest()[:10]


@dataclass(slots=True)
class _Unit:
    raw: str
    text: str
    location: Location
    unit: UnitKind
    in_source_list: bool
    anchors: list[Anchor] = field(default_factory=list)
    problems: list[AnchorProblem] = field(default_factory=list)
    columns: tuple[TableColumn, ...] = ()
    unsure: list[str] = field(default_factory=list)
    text_with_unsure: str = ""
    lead_in: tuple[str, ...] = ()
    retracted_by: list[str] = field(default_factory=list)
    link_labels: tuple[str, ...] = ()


def build_report(
    sink: BlockSink,
    fmt: ReportFormat,
    settings: Settings,
    detectors: Iterable[EntityDetector] | None = None,
) -> ParsedReport:
    detectors = list(detectors) if detectors is not None else None
    units: list[_Unit] = []
    blocks: list[Block] = []
    mermaid: list[MermaidBlock] = []
    findings: list[Finding] = []
    mermaid_seen: dict[str, int] = {}
    last_anchor: Anchor | None = None
    previous: _Unit | None = None
    denied_ahead: str | None = None  # "The following statement is false.": the next sentence is taken back
    block_before: list[_Unit] = []  # the units of the body block before this one, under the same heading
    caption_cites: list[Anchor] = []  # what a "Table N" caption right before this block cites
    table_cites: list[Anchor] = []  # what the caption right above the open table cites
    headings: list[_Unit] = []  # headings that state a measured figure: claims of unit "heading"
    lead_cites: dict[str, list[Anchor]] = {}  # a lead-in line ending in ':' → what it cites

    for item in sink.items:
        if isinstance(item, RawMermaid):
            diagram = _mermaid(item, settings, last_anchor, mermaid_seen, findings)
            mermaid.append(diagram)
            units.extend(_label_units(diagram, settings))
            continue
        block = item
        block_loc = Location(line=block.line, section_path=block.section_path, block=block.tag)
        blocks.append(Block(kind=block.kind, text=" ".join(block.text.split()), location=block_loc))
        if block.kind == "header_row":
            # a header of several rows (a spanning group over its sub-columns) is one header:
            # its later rows keep what the caption above the first one cites
            if not (blocks[-2:-1] and blocks[-2].kind == "header_row"):
                table_cites = caption_cites
            caption_cites = []
            continue
        if block.kind != "tr":
            table_cites = []
        if block.kind == "heading":
            previous = None
            block_before = []
            lead_cites = {}
            denied_ahead = None
            caption_cites = []
            last_anchor = None  # a diagram borrows a citation from its own section only
            if (heading := _heading_unit(block, block_loc, settings)) is not None:
                units.append(heading)
                headings.append(heading)
                if heading.anchors:
                    last_anchor = heading.anchors[-1]
            continue
        if block.kind == "code":
            caption_cites = []
            findings.extend(_cited_code(block, block_loc, settings))
            continue
        in_block: list[_Unit] = []
        block_units = _units_of(block, settings)
        # a "Table 1. ORR by arm [x]" line right above a table cites the rows that cite nothing
        caption_cites = _caption_anchors(block, block_units)
        for unit, only_anchors in block_units:
            if block.kind == "tr" and not unit.anchors and not unit.problems:
                unit.anchors = list(table_cites)
            if block.lead_in and not unit.anchors and not unit.problems and not only_anchors:
                # "Best responses were [x]:" cites the items it leads, as a caption cites its rows
                unit.anchors = list(next((lead_cites[line] for line in reversed(block.lead_in) if line in lead_cites), []))
            if only_anchors:
                if previous is not None:
                    previous.anchors.extend(unit.anchors)
                    previous.problems.extend(unit.problems)
                    previous.unsure.extend(unit.unsure)
                    previous.raw = f"{previous.raw} {unit.raw}"
                else:
                    units.append(unit)  # kept only to report its problems as orphan anchors
                    unit.unit = "sentence"
                    unit.text = ""
            else:
                if is_denial(unit.text):
                    _take_back(in_block or block_before, unit)
                elif denied_ahead is not None:
                    unit.retracted_by.append(denied_ahead)
                # (a line ending in ':' is a lead-in of the list under it, read as one: values.lead_in)
                lead = unit.text.rstrip().endswith((":", "："))
                denied_ahead = _note(unit) if not lead and is_denial(unit.text, forward=True) else None
                units.append(unit)
                in_block.append(unit)
                previous = unit
                if lead and unit.anchors:
                    lead_cites[unit.raw] = unit.anchors
            if unit.anchors:
                last_anchor = unit.anchors[-1]
        _share_semicolon_anchors(in_block)
        block_before = in_block

    _cite_sections(headings, units)
    claims: list[Claim] = []
    seen: dict[str, int] = {}
    total = 0
    for u in units:
        if not u.text:
            for a in u.anchors:
                findings.append(
                    Finding(
                        rule=RULE_ID, code="orphan_anchor", severity="major",
                        message=f"anchor [{a.raw}] stands alone with no sentence before it to cite for, {u.location.describe()}",
                        location=u.location,
                    )
                )
            findings.extend(_finding(p, u.location, None) for p in u.problems)
            continue
        total += 1
        signals = fact_signals(u.text, detectors, may_be_control=not u.lead_in)
        if signals == ("number",) and names_a_year_only(u.text):
            signals = ()  # "2024:" over the items: a label, as a heading naming the year is
        if not (signals or u.anchors or u.problems):
            continue
        key = claim_key(u.location.section_path, u.text)
        seen[key] = seen.get(key, 0) + 1
        claim_id = f"c-{key}" if seen[key] == 1 else f"c-{key}-{seen[key]}"
        claims.append(
            Claim(
                id=claim_id,
                text=u.text,
                raw_text=u.raw,
                location=u.location,
                anchors=tuple(u.anchors),
                unit=u.unit,
                fact_bearing=bool(signals),
                fact_signals=signals,
                in_source_list=u.in_source_list,
                columns=u.columns,
                unsure_text=tuple(dict.fromkeys(u.unsure)),
                text_with_unsure=u.text_with_unsure,
                lead_in=u.lead_in,
                retracted_by=tuple(u.retracted_by),
                link_labels=u.link_labels,
            )
        )
        findings.extend(_finding(p, u.location, claim_id) for p in u.problems)

    return ParsedReport(
        format=fmt,
        claims=tuple(claims),
        blocks=tuple(blocks),
        mermaid=tuple(mermaid),
        findings=tuple(findings),
        total_sentences=total,
    )


CITED_CODE = "cited text inside a code block is not checked"


def _cited_code(block: RawBlock, location: Location, settings: Settings) -> list[Finding]:
    """A finding for a code block that holds a citation anchor: its text is shown verbatim and
    never read as claims, so a cited sentence in it would publish unchecked. It blocks rather
    than being read as prose: a code block is not sentences (a quoted log, a template, a
    report the writer forgot to unwrap) and nothing tells which; moving the text out of the
    block is the writer's one-line fix. Code that cites nothing (a shell snippet) stays ignored;
    only known kinds count, so ``d[key:value]`` in code is no citation."""
    scan = scan_anchors(block.text, location, settings, known_kinds_only=True, urls=False)
    if not scan.anchors:
        return []
    first = scan.anchors[0]
    at = block.text.find(f"[{first.raw}") if first.raw else -1
    line = block.line + (block.text.count("\n", 0, at) if at > 0 else 0)
    where = Location(line=line, section_path=location.section_path, block=location.block)
    return [
        Finding(
            rule=RULE_ID, code="anchor_in_code", severity="critical",
            message=f"line {line}: {CITED_CODE} ([{first.raw}] in a code block); write the cited text outside the "
            "code block (drop the fence or the indentation) so it is checked",
            location=where,
        )
    ]


def _share_semicolon_anchors(units: list[_Unit]) -> None:
    """A clause that ends at a Chinese semicolon with no anchor of its own cites what the
    sentence's closing clause cites: "A组为45%；B组为30%。[x]" is one sentence, as "45% in A; 30%
    in B [x]." is in English, where ";" ends no sentence. (A clause with an anchor of its own
    keeps it.)"""
    waiting: list[_Unit] = []
    for unit in units:
        if unit.raw.rstrip().endswith("；") and not unit.anchors and not unit.problems:
            waiting.append(unit)
            continue
        if unit.raw.rstrip().endswith("；"):
            waiting = []  # a clause with its own anchor: the ones before it are not this sentence's
            continue
        for clause in waiting:
            clause.anchors.extend(unit.anchors)
        waiting = []


def _note(denial: _Unit) -> str:
    return f"'{denial.text}' ({denial.location.describe()})"


def _take_back(units: list[_Unit], denial: _Unit) -> None:
    """``denial`` ("This is not true.") takes back the sentences before it in its block, or
    the block before it when it opens its own: which of them "this" means cannot be told."""
    note = _note(denial)
    for unit in units:
        unit.retracted_by.append(note)


def _units_of(block: RawBlock, settings: Settings) -> list[tuple[_Unit, bool]]:
    """(unit, is it only anchors) for each sentence of a body block, or the row of a table row."""
    text = block.text
    if block.kind == "tr":
        spans = [(0, len(text))] if text.strip() else []
        unit_kind: UnitKind = "table_row"
    else:
        spans = split_sentences(text)
        unit_kind = "list_item" if block.kind == "li" else "sentence"
    links_by_span: list[list[Link]] = [[] for _ in spans]
    if block.links and spans:
        starts = [a for a, _ in spans]
        for link in block.links:
            idx = 0 if block.kind == "tr" else max(0, bisect.bisect_left(starts, link.end) - 1)
            links_by_span[idx].append(link)
    unsure_by_span = _unsure_by_span(block, spans)
    out: list[tuple[_Unit, bool]] = []
    for (a, b), links, unsure in zip(spans, links_by_span, unsure_by_span):
        line = block.line + text.count("\n", 0, a)
        loc = Location(line=line, section_path=block.section_path, block=block.tag)
        sentence = text[a:b]
        scan = scan_anchors(sentence, loc, settings)
        with_unsure = _with_dropped(sentence, [(at - a, t) for at, t in block.dropped if a <= at <= b])
        anchors = list(scan.anchors)
        if block.kind == "tr" and not anchors and not scan.problems:
            anchors = _header_anchors(block, loc, settings)
        have = {x.source_id for x in anchors if x.kind == "url"}
        for link in links:
            if link.url not in have:
                anchors.append(url_anchor(link.url, loc))
                have.add(link.url)
        clean = _claim_text(sentence, scan.spans)
        unit = _Unit(
            raw=" ".join(sentence.split()),
            text=clean,
            location=loc,
            unit=unit_kind,
            in_source_list=block.in_source_list and not _states_a_measure(clean),
            anchors=anchors,
            problems=list(scan.problems),
            columns=_columns(block, loc, settings),
            unsure=unsure,
            text_with_unsure=_claim_text(with_unsure, scan_anchors(with_unsure, loc, settings).spans) if with_unsure else "",
            lead_in=block.lead_in,
            link_labels=tuple(dict.fromkeys(link.label for link in links if link.label.strip())),
        )
        # "Source: https://…" after a sentence is its citation, labelled: only anchors too
        only_anchors = (not _has_words(clean) or is_citation_label(clean)) and bool(anchors or scan.problems)
        if not _has_words(clean) and not only_anchors:
            continue  # punctuation or whitespace only
        out.append((unit, only_anchors))
    return out


def _claim_text(sentence: str, anchor_spans: Iterable[tuple[int, int]]) -> str:
    """The text a claim checks: the sentence without its anchors and footnote marks, tidied."""
    return tidy(fold_tex_math(FOOTNOTE_MARK.sub("", _remove_spans(sentence, anchor_spans))))


def _with_dropped(sentence: str, dropped: list[tuple[int, str]]) -> str:
    """``sentence`` with the unsure text left out of it put back where it stood ("4" + "5" + "%"
    reads "45%"); "" when none was left out."""
    if not dropped:
        return ""
    out, at = [], 0
    for offset, piece in sorted(dropped, key=lambda d: d[0]):
        out.append(sentence[at:offset])
        out.append(piece)
        at = offset
    out.append(sentence[at:])
    return "".join(out)


def _unsure_by_span(block: RawBlock, spans: list[tuple[int, int]]) -> list[list[str]]:
    """The unsure notes of each span: a note at a sentence boundary belongs to both sentences
    (it sits between them; which one it changes cannot be told), and a row takes all of its own."""
    out: list[list[str]] = [[] for _ in spans]
    if not block.unsure or not spans:
        return out
    if block.kind == "tr":
        out[0].extend(note for note, _ in block.unsure)
        return out
    starts = [a for a, _ in spans]
    for note, offset in block.unsure:
        k = max(0, bisect.bisect_right(starts, offset) - 1)
        out[k].append(note)
        if k + 1 < len(spans) and offset > spans[k][1] - 1 and offset <= spans[k + 1][0]:
            out[k + 1].append(note)  # past the end of span k: in the gap before the next sentence
        elif k > 0 and offset <= spans[k][0]:
            out[k - 1].append(note)  # at the very start of span k: also the end of the one before
    return out


def _columns(block: RawBlock, loc: Location, settings: Settings) -> tuple[TableColumn, ...]:
    """The row's (header, cell) pairs as the claim carries them: anchors removed like the text's."""
    return tuple(
        TableColumn(header=_without_anchors(header, loc, settings), cell=_without_anchors(cell, loc, settings))
        for header, cell in block.columns
    )


def _caption_anchors(block: RawBlock, units: list[tuple[_Unit, bool]]) -> list[Anchor]:
    """The anchors of a block that is a table's caption ("Table 1. ORR by arm [x]", "表1 … [x]"),
    which the table right under it lends its rows; none for any other block."""
    if block.kind == "tr" or table_caption(block.text) is None:
        return []
    return [a for unit, _ in units for a in unit.anchors]


def _header_anchors(block: RawBlock, loc: Location, settings: Settings) -> list[Anchor]:
    """The anchors a table's header cells write ("| Arm | ORR (%) [evidence:s.md#L1-L2] |"): they
    cite the rows under them, so a row that cites nothing of its own cites them. A row with an
    anchor of its own keeps only its own (the header's place may be wider)."""
    out: dict[str, Anchor] = {}
    for header, _ in block.columns:
        if "[" in header:
            for anchor in scan_anchors(header, loc, settings).anchors:
                out.setdefault(anchor.raw, anchor)
    return list(out.values())


def _without_anchors(text: str, loc: Location, settings: Settings) -> str:
    if "[" not in text:
        return _tidy_plain(text)  # a header recurs on every row of its table
    return tidy(_remove_spans(text, scan_anchors(text, loc, settings).spans))


@lru_cache(maxsize=4096)
def _tidy_plain(text: str) -> str:
    return tidy(text)


def _has_words(text: str) -> bool:
    return any(c.isalnum() for c in text)


def _remove_spans(text: str, spans: Iterable[tuple[int, int]]) -> str:
    parts: list[str] = []
    pos = 0
    for a, b in spans:
        if a < pos:
            continue
        parts.append(text[pos:a])
        parts.append(" ")
        pos = b
    parts.append(text[pos:])
    return "".join(parts)


def _finding(problem: AnchorProblem, location: Location, claim_id: str | None) -> Finding:
    return Finding(
        rule=RULE_ID,
        code=problem.code,
        severity="critical",
        message=f"[{problem.raw}] is not a valid anchor: {problem.message} ({location.describe()})",
        claim_id=claim_id,
        location=location,
    )


def _mermaid(
    item: RawMermaid,
    settings: Settings,
    last_anchor: Anchor | None,
    seen: dict[str, int],
    findings: list[Finding],
) -> MermaidBlock:
    loc = Location(line=item.line, section_path=item.section_path, block="mermaid")
    scan = scan_anchors(item.source, loc, settings, known_kinds_only=True)
    findings.extend(_finding(p, loc, None) for p in scan.problems)
    key = hashlib.sha1(item.source.encode("utf-8")).hexdigest()[:10]
    seen[key] = seen.get(key, 0) + 1
    diagram_id = f"m-{key}" if seen[key] == 1 else f"m-{key}-{seen[key]}"
    return MermaidBlock(
        id=diagram_id,
        source=item.source,
        location=loc,
        attributes=item.attributes,
        declared_anchors=scan.anchors,
        preceding_anchor=last_anchor,
    )


def _heading_unit(block: RawBlock, location: Location, settings: Settings) -> _Unit | None:
    """A heading that states a measured figure ("Weekly arm: ORR 62%") is a claim: read as a
    finding, it must meet the checks a sentence would (CP209). Its text drops its anchors and
    its section number; it cites its own anchors, or else (see :func:`_cite_sections`) those
    of the claims in the section it heads."""
    scan = scan_anchors(block.text, location, settings, urls=False)
    text = tidy(heading_text(fold_tex_math(FOOTNOTE_MARK.sub("", _remove_spans(block.text, scan.spans)))))
    if not text or not measured_atoms(text):
        return None
    # a figure is a finding under an appendix or references heading too, as a sentence stating one is
    return _Unit(raw=block.text, text=text, location=location, unit="heading",
                 in_source_list=False, anchors=list(scan.anchors))


def _cite_sections(headings: list[_Unit], units: list[_Unit]) -> None:
    """A figure-bearing heading that cites nothing cites what its section cites: the anchors of
    the units under it, its subsections' included — the sources a reader would check the
    heading against. One pass over the units, so many such headings stay linear."""
    if not any(not h.anchors for h in headings):
        return
    cited: dict[tuple[str, ...], dict[str, Anchor]] = {}
    for unit in units:
        if unit.unit == "heading" and not unit.anchors:
            continue
        path = unit.location.section_path
        for depth in range(1, len(path) + 1):
            bucket = cited.setdefault(path[:depth], {})
            for anchor in unit.anchors:
                bucket.setdefault(anchor.raw, anchor)
    for heading in headings:
        if not heading.anchors:
            heading.anchors = list(cited.get(heading.location.section_path, {}).values())


def _label_units(diagram: MermaidBlock, settings: Settings) -> list[_Unit]:
    """Each diagram label that states a number is a claim (SPEC §3.8: checked "with the same
    rule as body claims"), so it meets every claim rule and, left undecided, the judge: a number
    drawn in a box must not pass on less than a sentence would. Its text is what a reader reads
    there (citeproof.mermaid.label_claim_texts); it cites its own anchor, the diagram's declared
    anchors or the nearest anchor before the diagram in its section, and what its context cites;
    it is located at the diagram."""
    @lru_cache(maxsize=None)  # each label is read for its claim, its anchors and as context: once
    def read(text: str) -> tuple[str, list[Anchor]]:
        scan = scan_anchors(text, diagram.location, settings, known_kinds_only=True, urls=False)
        return tidy(_remove_spans(text, scan.spans)), list(scan.anchors)

    graph = parse_mermaid(diagram_source(diagram))
    labels = numeric_labels(graph, read)
    texts = label_claim_texts(graph, labels, read)
    cites, diagram_wide = label_anchors(labels, diagram, graph, read)
    units = []
    for (label, own_text, _), (text, context_cites), anchors in zip(labels, texts, cites):
        # context drawn with no citation of its own ("Zubrod 0-2?", a title) is the diagram's: cited by it
        extra = [*context_cites, *diagram_wide] if text != own_text else []
        units.append(_Unit(raw=label.text, text=tidy(text), location=diagram.location, unit="mermaid_label",
                           in_source_list=False, anchors=list({a.raw: a for a in [*anchors, *extra]}.values())))
    return units


def _states_a_measure(text: str) -> bool:
    """A sentence under a references/sources/appendix heading that states a measured figure —
    a percentage, an amount of money, a dose, a duration ("The objective response rate was
    62%.", "客观缓解率为62%。") — is a claim, not a listing: a fabricated figure placed in an
    appendix, a "Sources and key numbers" list or under 数据来源 must be checked like one in the
    body. A reference entry's years, volumes, pages and identifiers are no measures, and nor is
    a bare count, which a cited title often holds ("A trial of 200 patients"): they leave it a listing."""
    if not any(ch.isdigit() for ch in text) and not any("\u4e00" <= ch <= "\u9fff" for ch in text):
        return False
    from citeproof.values import claim_atoms  # values reads the anchor grammar from parse: imported late

    return any(a.dim for a in claim_atoms(text))

