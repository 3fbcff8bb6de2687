"""Locator → window: the part of a document an anchor's ``#locator`` points at.

``L12`` / ``L12-L18`` are lines; ``p3`` a page (form feeds or running page markers: the
page printed "Page 3" where the markers print rising numbers, else the 3rd); a name is a
section (JSON key path, Markdown/HTML heading or element id, XML tag, label, title or id,
plain-text heading), compared case-, whitespace- and underscore-insensitively
(``adverse_events`` = ``Adverse Events``); a heading's name one place has names it, a name
several share names the shallowest of them (fewest enclosing headings: a paper's "Results"
rather than its abstract's "RESULTS:" part) where one is — an XML tag also the one plain
element among the shallowest (``<abstract>``, not ``<abstract abstract-type="summary">``) —
and otherwise none (a finding lists them); a path names one of them ("Cohort B/Results": the
"Results" under "Cohort B"; "/Results": the one under no heading). A missing page number
between printed ones is the page its text ran on into; ``table2`` is the "Table
2" caption block (or the 2nd HTML/pipe table). A locator that points at nothing is a
critical finding that lists what the document does have — a locator that silently widened
to the whole file would make every claim "supported" by whatever the file says somewhere.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Callable

from citeproof.model import Finding, Locator
from citeproof.settings import Settings
from citeproof.sources.headings import SECTION_PATH_SEP, section_key
from citeproof.sources.segment import segment_window
from citeproof.sources.types import Segment, SourceDocument, SourceWindow

RESOLUTION_RULE = "CP102"
_LIST_LIMIT = 25

_DEFAULTS = Settings()

Segmenter = Callable[[SourceDocument, int, int], tuple[Segment, ...]]


def section_index(document: SourceDocument) -> dict[str, str]:
    """Comparison key → section name (first name wins when two share a key)."""
    index: dict[str, str] = {}
    for name in document.sections:
        index.setdefault(section_key(name), name)
    return index


def find_section(document: SourceDocument, name: str, index: dict[str, str] | None = None) -> str | None:
    """The section ``name`` names: by its name as compared (``section_key``); for a JSON source
    also as a JSON Pointer ("resultsSection/outcomeMeasuresModule") or by its last keys alone
    ("outcomeMeasuresModule", "eligibilityModule.criteria") when exactly one key path ends so —
    a name two paths end with names neither."""
    if name in document.sections:
        return name
    if index is None:
        index = section_index(document)
    key = section_key(name)
    if key in index:
        return index[key]
    if document.media != "json":
        by_path = section_matches(document, name)
        return by_path[0] if len(by_path) == 1 else None
    key = section_key(name.strip("/").replace("/", "."))
    if key in index:
        return index[key]
    ending = [full for k, full in index.items() if k.endswith("." + key)]
    return ending[0] if len(ending) == 1 else None


def section_matches(document: SourceDocument, name: str) -> list[str]:
    """The sections whose path ends with ``name`` read as a path ("Cohort B/Results", or
    "Results" alone), or is it when it opens with the separator ("/Results"), in document
    order. Names are compared as ``section_key`` compares them, part by part; a heading whose
    own name holds the separator ("Results/Discussion") is matched whole, never by a part."""
    rooted = name.startswith(SECTION_PATH_SEP)
    want = tuple(section_key(part) for part in name.strip().lstrip(SECTION_PATH_SEP).split(SECTION_PATH_SEP))
    return [found for found, path in document.section_paths.items() if _path_is(path, want, rooted)]


def _path_is(path: tuple[str, ...], want: tuple[str, ...], rooted: bool) -> bool:
    parts: list[str] = []
    for depth, name in enumerate(reversed(path), start=1):
        parts[:0] = [section_key(part) for part in name.split(SECTION_PATH_SEP)]
        if len(parts) >= len(want):
            return tuple(parts) == want and (not rooted or depth == len(path))
    return False


def _miss(code: str, message: str) -> Finding:
    return Finding(rule=RESOLUTION_RULE, code=code, severity="critical", message=message)


# "#结果, evidence:s.md#L6": a second anchor joined by a comma is read as part of the first one's
# section name, which then names nothing
_JOINED_ANCHOR = re.compile(r"[,，]\s*([A-Za-z][A-Za-z0-9_]*)\s*[:：]")


def _joined_anchor_hint(name: str, settings: Settings) -> str:
    """The fix, when the missing section name holds a known kind's "kind:" after a comma (written
    first, so a one-line summary that cuts the message still shows it)."""
    if any(settings.channel_for(m.group(1)) is not None for m in _JOINED_ANCHOR.finditer(name)):
        return " (a second anchor after a comma: separate anchors with ';', [kind:id#A; kind:id#B])"
    return ""


def _names(items: list[str]) -> str:
    shown = ", ".join(items[:_LIST_LIMIT])
    if len(items) > _LIST_LIMIT:
        shown += f", … ({len(items) - _LIST_LIMIT} more)"
    return shown


def window_for(
    document: SourceDocument,
    locator: Locator | None,
    settings: Settings | None = None,
    *,
    segmenter: Segmenter | None = None,
    index: dict[str, str] | None = None,
) -> SourceWindow | Finding:
    """The window ``locator`` names in ``document``, or a finding saying why there is none.

    Findings carry rule CP102 and name the file; the store adds the anchor and its location.
    """
    n = len(document.lines)
    where = document.path
    if locator is None:
        return _window(document, 1, n, None, True, settings, segmenter)
    kind = locator.kind
    if kind == "lines":
        start = locator.start or 0
        end = locator.end if locator.end is not None else start
        # the saved file's lines (SPEC §2), which a JSON, HTML or XML source's reader lines are not
        n_file = document.file_line_count or (document.file_lines[-1] if document.file_lines else n)
        if start < 1 or end < start or end > n_file:
            values_only = document.file_lines and not document.file_line_count
            has = f"whose values end at line {n_file}" if values_only else f"which has {n_file} line{'s' if n_file != 1 else ''}"
            return _miss("locator_out_of_range", f"lines {locator.raw!r} are outside {where}, {has}")
        span = document.lines_at(start, end)
        if span is None:
            return _miss("locator_not_found", _holds_no_text(document, locator.raw, end))
        return _window(document, span[0], span[1], locator.raw, False, settings, segmenter)
    if kind == "page":
        pages = document.pages
        if not pages:
            return _miss(
                "locator_not_found",
                f"page locator {locator.raw!r}: {where} has no page breaks (form feeds or 'Page N' markers)",
            )
        start = locator.start or 0
        end = locator.end if locator.end is not None else start
        printed = document.page_numbers
        if printed:
            # the markers print the pages' numbers ("Page 12" in an excerpt): p12 is that page, and
            # a number outside the printed ones (p1 of pages 12-14) is no page of the file
            first, last = _printed_page(document, start), _printed_page(document, end)
            if first is None or last is None or end < start:
                shown = [number for number in printed if number]
                return _miss("locator_out_of_range", f"page {locator.raw!r} is not a page of {where}, whose page "
                             f"markers number its pages {shown[0]}-{shown[-1]}")
            return _window(document, pages[first][0], pages[last][1], locator.raw, False, settings, segmenter)
        if start < 1 or end < start or end > len(pages):
            # counted, not printed: say why a "Page 13" in the file is not page 13
            why = f", counted in file order: {document.page_numbers_unused}" if document.page_numbers_unused else ""
            return _miss("locator_out_of_range", f"page {locator.raw!r} is outside {where}, which has {len(pages)} pages{why}")
        return _window(document, pages[start - 1][0], pages[end - 1][1], locator.raw, False, settings, segmenter)
    if kind == "table":
        num = locator.start or 0
        span = document.tables.get(num)
        if span is None:
            found = ", ".join(f"table{k}" for k in sorted(document.tables)) or "none"
            return _miss("locator_not_found", f"no 'Table {num}' in {where}; tables found: {found}")
        return _window(document, span[0], span[1], locator.raw, False, settings, segmenter)
    name = locator.name if locator.name is not None else locator.raw
    found_name = find_section(document, name, index)
    if found_name is None:
        shared = section_matches(document, name) if document.media != "json" else []
        if len(shared) > 1:
            return _miss(
                "locator_ambiguous",
                f"section {name!r} names {len(shared)} sections of {where}, which one cannot be told: cite one "
                f"by its path ({_names(['#' + found for found in shared])})",
            )
        if tagged := document.shared_tags.get(section_key(name)):
            places = [f"{SECTION_PATH_SEP.join(path)} at #L{document.file_line(first)}-L{document.file_line_end(last)}"
                      for path, (first, last) in tagged]
            return _miss(
                "locator_ambiguous",
                f"section {name!r} is the tag of {len(tagged)} elements of {where}, which one cannot be told: cite "
                f"one by its title, id or lines ({_names(places)})",
            )
        available = _names(list(document.sections)) or "none (no headings or keys found)"
        hint = _joined_anchor_hint(name, settings or _DEFAULTS)
        return _miss("locator_not_found", f"section {name!r}{hint} not found in {where}; sections: {available}")
    first, last = document.sections[found_name]
    return _window(document, first, last, locator.raw, False, settings, segmenter)


def _printed_page(document: SourceDocument, number: int) -> int | None:
    """The index of the page that holds printed page ``number``, or None when the markers' numbers
    do not reach it. A number the markers skip (a footer lost in conversion: "Page 2", "Page 4")
    is a page whose text ran on, unmarked, into the next marked one when markers close their pages
    (footers) — into the last marked one when they open them (headers). Only one skipped number:
    "Page 12" then "Page 20" is an excerpt that leaves pages out, and p15 is not in it."""
    printed = document.page_numbers
    shown = [k for k, printed_number in enumerate(printed) if printed_number]
    if not shown or not printed[shown[0]] <= number <= printed[shown[-1]]:
        return None
    if number in printed:
        return printed.index(number)
    before = [k for k in shown if printed[k] < number][-1]
    after = next(k for k in shown if printed[k] > number)
    if printed[after] - printed[before] != 2:
        return None  # more than one number skipped: pages left out of the excerpt, not one lost marker
    return after if document.page_footers else before


def _holds_no_text(document: SourceDocument, raw: str, end: int) -> str:
    """Why file lines that are in the file give no line: what they hold instead, and where the
    text to cite is. A JSON file's are brackets and keys; a page's, mark-up (tags, or parts the
    reader leaves out: scripts, styles, navigation, hidden or struck-through text)."""
    after = bisect_right(document.file_lines, end)
    if document.media == "json":
        nxt = document.file_lines[after] if after < len(document.file_lines) else document.file_lines[-1]
        return (f"lines {raw!r} of {document.path} hold no value, only brackets or keys: cite the lines of the "
                f"values (line {nxt} holds the next)")
    where = (f"line {document.file_lines[after]} holds the next" if after < len(document.file_lines)
             else f"the text ends at line {document.file_line_end(len(document.lines))}")
    return (f"lines {raw!r} of {document.path} hold no text a reader sees, only mark-up (tags, or scripts, "
            f"navigation, hidden or struck-through parts): cite the lines of the text ({where})")


def _window(
    document: SourceDocument,
    first: int,
    last: int,
    raw: str | None,
    coarse: bool,
    settings: Settings | None,
    segmenter: Segmenter | None,
) -> SourceWindow:
    limit = (settings or _DEFAULTS).coarse_window_lines
    if last - first + 1 > limit:
        coarse = True
    segments = (segmenter or segment_window)(document, first, last) if last >= first else ()
    text = "\n".join(document.lines[first - 1 : last]) if last >= first else ""
    return SourceWindow(
        document=document,
        line_start=first,
        line_end=last,
        text=text,
        segments=segments,
        coarse=coarse,
        locator_raw=raw,
    )
