"""The anchor grammar (SPEC §2) and URL anchors.

::

    bracket  := "[" part (";" part)* "]"
    part     := kind ":" id ("#" locator)?
    kind     := [A-Za-z][A-Za-z0-9_]*            (case-insensitive, stored lower case)
    id       := no whitespace, "#", ";" or brackets (a relative path for PATH_KINDS;
                whether it stays inside the sources folder is the source store's check)
    locator  := "L12" | "L12-L18" | "L12-18"      → lines
              | "p3" | "p3-p5" | "page 3"         → page
              | "table2" | "Table 2" | "表2"      → table (the number its caption gives)
              | anything else                     → section name / JSON key path / a path
                                                    of section names ("Cohort B/Results")

The full-width marks a Chinese input method types ("：", "＃", "；") are read as ":", "#" and ";".

The kind → channel map comes from ``Settings``. ``[http(s)://…]``, Markdown/HTML links and
bare ``http(s)://`` URLs are URL anchors (``kind="url"``, ``source_id`` = the URL as written).

Brackets that are not citations (``[1]``, ``[sic]``, ``[95% CI 1.2–3.4]``, ``[Note: see below]``)
are ignored. A bracket that looks like an attempt yields a parse problem instead of an anchor —
never an exception: ``malformed_anchor`` (``[nct:]``, ``[:123]``, ``[pmid 123]``, a stray part
next to an anchor), ``unknown_anchor_kind`` (``[foo:bar]``), ``empty_locator`` (``[nct:X#]``),
``inverted_range`` (``#L5-L2``), ``invalid_locator`` (``#L0``, ``#L12-``).
"""

from __future__ import annotations

import bisect
import re
from dataclasses import dataclass

from citeproof.model import Anchor, Location, Locator
from citeproof.settings import PATH_KINDS, Settings

_BRACKET = re.compile(r"\[([^\[\]\n]{1,400})\]")
_UNCLOSED = re.compile(r"\[\s*([A-Za-z][A-Za-z0-9_]*)\s*:[^\[\]\n]{1,400}?(?=\[|\n|$)")  # no "]" before the next "[" or line end
# A Chinese input method types the grammar's marks full width ("nct：NCT1＃Results", "pmid:1；pmid:2"):
# the same marks, so "：" is a kind's colon, "＃" a locator's hash and "；" a separator as their ASCII forms
_PART = re.compile(r"^([A-Za-z][A-Za-z0-9_]*)\s*[:：](.*)$", re.DOTALL)
_HASH = re.compile(r"[#＃]")
_SPACED_KIND = re.compile(r"^([A-Za-z][A-Za-z0-9_]*)\s+(\S*\d\S*)$")
_PART_SEPARATOR = re.compile(r"[;；]")
_URL = re.compile(r"https?://[^\s<>\"'\[\]{}|\\^`，。；！？（）、]+", re.IGNORECASE)
_URL_TRAILING = ".,;:!?'\"”’"

_LINES = re.compile(r"^L\s*(\d+)(?:\s*[-–—~]\s*L?\s*(\d+))?$", re.IGNORECASE)
_PAGE = re.compile(r"^(?:pp?|pg|page)\.?\s*(\d+)(?:\s*[-–—~]\s*(?:pp?|pg|page)?\.?\s*(\d+))?$", re.IGNORECASE)
# "table3", "Table 3", and the Chinese "表3" / "表 3" / "表３" its caption writes (a source's "表3 不良事件"
# is table 3, citeproof.sources.headings): one table, however the report names it
_TABLE = re.compile(r"^(?:table[\s_-]*|表\s*)(\d+)$", re.IGNORECASE)
# Looks like a line/page locator but is not one of the shapes above ("L12-", "p3-x", "L").
_LINEISH = re.compile(r"^(?:L|p|pp|page)\s*\d+\s*[-–—~]|^L$", re.IGNORECASE)


@dataclass(frozen=True, slots=True)
class AnchorProblem:
    """A bracket that tried to be an anchor and is not one; becomes a CP100 finding."""

    code: str  # malformed_anchor | unknown_anchor_kind | empty_locator | inverted_range | invalid_locator
    raw: str
    message: str


@dataclass(frozen=True, slots=True)
class AnchorScan:
    anchors: tuple[Anchor, ...]
    problems: tuple[AnchorProblem, ...]
    spans: tuple[tuple[int, int], ...]  # char spans of the brackets/URLs that were anchors or attempts


def scan_anchors(
    text: str,
    location: Location,
    settings: Settings,
    *,
    known_kinds_only: bool = False,
    urls: bool = True,
) -> AnchorScan:
    """Find bracket anchors (and bare URLs) in ``text``.

    ``known_kinds_only`` is for Mermaid sources, where ``A[Phase:II]`` is node syntax, not an
    attempted citation: unknown kinds are then ignored instead of reported.
    """
    anchors: list[Anchor] = []
    problems: list[AnchorProblem] = []
    spans: list[tuple[int, int]] = []
    if "[" in text:
        for m in _BRACKET.finditer(text):
            # Markdown link text left literal ("[label](https://…)") parses to nothing; an anchor
            # attempt stays one whatever follows it ("[nct:NCT1#L3](#…" in HTML is not a link)
            found, bad = _parse_bracket(m.group(1), location, settings, known_kinds_only)
            if found or bad:
                anchors.extend(found)
                problems.extend(bad)
                spans.append(m.span())
    if "[" in text and not known_kinds_only:
        _unclosed(text, settings, spans, problems)
    if urls and "://" in text:
        spans.sort()
        bracket_starts = [a for a, _ in spans]  # in text order
        for start, end in url_spans(text):
            k = bisect.bisect_right(bracket_starts, start) - 1
            if k >= 0 and start < spans[k][1]:
                continue  # "[https://…]" already taken as a bracket anchor
            url = text[start:end]
            anchors.append(url_anchor(url, location))
            spans.append((start, end))
    spans.sort()
    return AnchorScan(tuple(anchors), tuple(problems), tuple(spans))


def _unclosed(text: str, settings: Settings, spans: list[tuple[int, int]], problems: list[AnchorProblem]) -> None:
    """"[nct:NCT1#Results." — an anchor of a known kind whose bracket never closes (before the
    next bracket or line break) is a malformed anchor, not prose that cites nothing."""
    taken = sorted(spans)
    for m in _UNCLOSED.finditer(text):
        if settings.channel_for(m.group(1)) is None or any(a <= m.start() < b for a, b in taken):
            continue
        raw = m.group(0).rstrip(" .。;；,，")
        problems.append(AnchorProblem("malformed_anchor", raw, f"'{raw}' opens a citation bracket that never closes (write [kind:id#locator])"))
        spans.append((m.start(), m.start() + len(raw)))


def url_spans(text: str) -> list[tuple[int, int]]:
    """Spans of bare http(s) URLs, trailing punctuation and unbalanced ')' trimmed."""
    out: list[tuple[int, int]] = []
    for m in _URL.finditer(text):
        start, end = m.span()
        while end > start:
            last = text[end - 1]
            if last in _URL_TRAILING:
                end -= 1
            elif last == ")" and text.count("(", start, end) < text.count(")", start, end):
                end -= 1
            else:
                break
        if end - start > len("https://"):
            out.append((start, end))
    return out


def url_anchor(url: str, location: Location) -> Anchor:
    return Anchor(raw=url, kind="url", source_id=url, locator=None, channel=None, location=location)


def parse_locator(raw: str) -> Locator | AnchorProblem:
    """Parse the text after ``#``; a problem when it is empty or an impossible range."""
    loc = raw.strip()
    if not loc:
        return AnchorProblem("empty_locator", raw, "the locator after '#' is empty")
    for pattern, kind in ((_LINES, "lines"), (_PAGE, "page")):
        m = pattern.match(loc)
        if m:
            start = int(m.group(1))
            end = int(m.group(2)) if m.group(2) else start
            if start < 1:
                return AnchorProblem("invalid_locator", raw, f"{kind} are counted from 1, got {start}")
            if end < start:
                return AnchorProblem("inverted_range", raw, f"{kind} range ends ({end}) before it starts ({start})")
            return Locator(raw=loc, kind=kind, start=start, end=end)
    m = _TABLE.match(loc)
    if m:
        n = int(m.group(1))
        if n < 1:
            return AnchorProblem("invalid_locator", raw, f"tables are counted from 1, got {n}")
        return Locator(raw=loc, kind="table", start=n, end=n)
    if _LINEISH.match(loc):
        return AnchorProblem("invalid_locator", raw, f"'{loc}' is not a line or page locator (use L12, L12-L18, p3)")
    return Locator(raw=loc, kind="section", name=loc)


def _parse_bracket(
    content: str, location: Location, settings: Settings, known_kinds_only: bool
) -> tuple[list[Anchor], list[AnchorProblem]]:
    anchors: list[Anchor] = []
    problems: list[AnchorProblem] = []
    ignored: list[str] = []
    for part in _PART_SEPARATOR.split(content):
        part = part.strip()
        if not part:
            continue
        result = _parse_part(part, location, settings, known_kinds_only)
        if result is None:
            ignored.append(part)
        elif isinstance(result, Anchor):
            anchors.append(result)
        else:
            problems.append(result)
    if (anchors or problems) and ignored:
        # "[nct:NCT1; see text]": once a bracket cites, every part must be an anchor.
        problems.extend(
            AnchorProblem("malformed_anchor", p, f"'{p}' shares a citation bracket but is not kind:id") for p in ignored
        )
    return anchors, problems


def _ascii_marks(part: str) -> str:
    """``part`` with its kind's colon and its locator's hash in ASCII ("nct：NCT1＃Results" →
    "nct:NCT1#Results"): one citation, one way of writing it (claims key their anchors by it)."""
    m = _PART.match(part)
    if m is None:
        return part
    rest = m.group(2)
    if (h := _HASH.search(rest)) is not None:
        rest = rest[: h.start()] + "#" + rest[h.end() :]
    return part[: m.start(2) - 1] + ":" + rest


def _parse_part(part: str, location: Location, settings: Settings, known_kinds_only: bool) -> Anchor | AnchorProblem | None:
    if "：" in part or "＃" in part:
        part = _ascii_marks(part)
    m = _PART.match(part)
    if m is None:
        if part.startswith(":") and part[1:].strip():
            return AnchorProblem("malformed_anchor", part, "anchor has no kind before ':' (write kind:id, e.g. pmid:123)")
        spaced = _SPACED_KIND.match(part)
        if spaced and settings.channel_for(spaced.group(1)) is not None:
            kind = spaced.group(1)
            return AnchorProblem("malformed_anchor", part, f"missing ':' between kind and id (write {kind.lower()}:{spaced.group(2)})")
        return None
    kind = m.group(1).lower()
    rest = m.group(2)
    if kind in ("http", "https") and rest.startswith("//"):
        return url_anchor(part, location)
    known = settings.channel_for(kind) is not None
    if not known:
        # Only the tight kind:id shape is an attempt; "[Note: see below]" is prose.
        if known_kinds_only or not rest or rest[0].isspace() or " " in rest.split("#", 1)[0]:
            return None
        return AnchorProblem(
            "unknown_anchor_kind", part,
            f"unknown anchor kind '{kind}' (known: {', '.join(sorted(settings.channel_map))})",
        )
    rest = rest.strip()
    source_id, hash_, loc_raw = rest.partition("#")
    source_id = source_id.strip()
    if not source_id:
        return AnchorProblem("malformed_anchor", part, f"anchor '{kind}:' has no id")
    hint = f" (one id per anchor: [{kind}:A; {kind}:B])"
    if any(c.isspace() for c in source_id):
        return AnchorProblem("malformed_anchor", part, f"anchor id '{source_id}' contains whitespace" + hint * ("," in source_id))
    if "," in source_id and kind not in PATH_KINDS:
        return AnchorProblem("malformed_anchor", part, f"anchor id '{source_id}' lists several ids" + hint)
    locator: Locator | None = None
    if hash_:
        parsed = parse_locator(loc_raw)
        if isinstance(parsed, AnchorProblem):
            return AnchorProblem(parsed.code, part, parsed.message)
        locator = parsed
    return Anchor(
        raw=part,
        kind=kind,
        source_id=source_id,
        locator=locator,
        channel=settings.channel_for(kind),
        location=location,
    )
