"""Markdown front end: markdown-it-py (CommonMark + tables) → visible blocks.

Block HTML (``html_block``) goes through the HTML front end with its line offset, so hidden
elements and ``<div class="mermaid">`` behave as in an HTML report. A wrapper opened in one
html_block and closed in a later one (CommonMark ends an html_block at a blank line) covers
the Markdown between: inside a hidden or skipped wrapper (``<div hidden>``, ``<nav>``) nothing
is read; inside one only some readers get (``<div class="sr-only">``, ``<noscript>``) every block
is read and noted unsure, so it is checked and cannot pass; a Mermaid ``<div>`` is read whole,
blank lines included. The document's ``<style>`` blocks style all its HTML, wherever they stand
(and a hidden wrapper is unsure when some rule displays elements: it may display this one). Other wrappers
(``<div align="center">``) leave their Markdown content as Markdown. A paragraph that contains
inline HTML is rendered to HTML and read by the same visibility rules (``<span hidden>`` is
not text, ``<span class="sr-only">`` is noted as unsure, ``10<sup>3</sup>`` reads ``10^3``); an
image's alt text is noted as unsure too, as an ``<img alt>`` is. Emphasis and code markers disappear with the tokens: ``**200 mg**/day`` reads as
``200 mg/day``. Soft breaks are kept as newlines so each sentence gets its own line number.
A table row whose first cell is empty or a ditto mark, under a row that has one, takes that
cell's text: the group label written once over its rows, as an HTML ``rowspan`` is read.
A report whose whole body is one fence labelled markdown/md/gfm (or unlabelled, holding a
citation) is read as the Markdown inside it (``_unwrapped``); any other fence is code.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from markdown_it import MarkdownIt
from markdown_it.token import Token

from citeproof.errors import ReportParseError
from citeproof.parse.footnotes import read_footnotes
from citeproof.parse.style_rules import css_showing, runs_scripts
from citeproof.text.normalize import fold_tex_math
from citeproof.parse.blocks import BlockSink, Link
from citeproof.parse.html import (
    IMAGE_ALT_WHY,
    REPORT_SKIP_TAGS,
    STRUCK_WHY,
    REVEALED_WHY,
    HtmlExtractor,
    attrs_mermaid,
    inline_html_text,
    report_visibility,
    revealable,
)

# markdown-it stops reading at its nesting limit and drops the rest of the document without a
# word (a list nested 12 deep hid every claim after it). The limit is raised far past any real
# report, and a document that still reaches it is refused (markdown_to_blocks), never read in part.
MAX_NESTING = 200  # each list level takes two (list + item); 400 levels still parse without deep recursion
_MD = MarkdownIt("commonmark", {"html": True, "maxNesting": MAX_NESTING}).enable(["table", "strikethrough"])
# Keep link targets as written: a URL anchor's source_id is matched against retrieved URLs,
# and percent-encoding or punycode would make a correct citation look invented.
_MD.normalizeLink = lambda url: url  # type: ignore[method-assign]


_TAG = re.compile(r"<(/?)([A-Za-z][\w-]*)((?:[^>\"']|\"[^\"]*\"|'[^']*')*)>")
_ATTR = re.compile(r"([^\s=/>\"']+)(?:\s*=\s*(\"[^\"]*\"|'[^']*'|[^\s>]+))?")
_VOID = frozenset({"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"})
_MAX_LOOKAHEAD = 2000  # tokens searched for the html_block that closes a wrapper


def _tag_events(html: str) -> list[tuple[bool, str, dict[str, str | None], int]]:
    """(is closing, tag name, attributes, where the tag ends) of the container tags in an HTML fragment."""
    events = []
    for m in _TAG.finditer(html):
        name = m.group(2).lower()
        rest = m.group(3)
        if name in _VOID or rest.rstrip().endswith("/"):
            continue
        attrs: dict[str, str | None] = {}
        if not m.group(1):
            for a in _ATTR.finditer(rest):
                value = a.group(2)
                attrs[a.group(1).lower()] = value.strip("\"'") if value is not None else None
        events.append((bool(m.group(1)), name, attrs, m.end()))
    return events


def _apply(stack: list[tuple[str, str | None, str]], html: str, shows: _Shows) -> int | None:
    """Push the containers ``html`` opens and pop the ones it closes; entries are (tag, mode, why).
    Where in ``html`` the last hidden, unsure or Mermaid container closes, if one does."""
    closed = None
    for closing, name, attrs, end in _tag_events(html):
        if closing:
            for k in range(len(stack) - 1, -1, -1):
                if stack[k][0] == name:
                    had = any(m for _, m, _ in stack)
                    del stack[k:]
                    if had and not any(m for _, m, _ in stack):
                        closed = end
                    break
        else:
            stack.append((name, *_wrapper_mode(name, attrs, shows)))
    return closed


def _wrapper_mode(name: str, attrs: dict[str, str | None], shows: _Shows) -> tuple[str | None, str]:
    """How the Markdown inside a wrapper is read: "skip" (hidden: no reader gets it), "unsure"
    (some readers get it — screen-reader-only, shown when scripts are off, hidden by its markup
    but displayed by a rule of the document's <style> or revealed by its scripts (a tab panel):
    read and checked, never passed, as in an HTML report), "mermaid" (a diagram, read whole) or
    None (as Markdown); and why, for "unsure"."""
    seen = report_visibility(attrs)
    if name in REPORT_SKIP_TAGS:
        return "skip", ""
    if (seen is not None and seen[0] == "hidden") or (name == "dialog" and "open" not in attrs):
        if shows.rules is not None and shows.rules(name, attrs):
            return "unsure", f"<{name}>: hidden by its markup, shown by a <style> rule"
        if shows.scripts is not None and revealable(name, attrs, shows.scripts):
            return "unsure", f"<{name}>: {REVEALED_WHY}"
        return "skip", ""
    if seen is not None:
        cls = f' class="{attrs["class"]}"' if attrs.get("class") else ""
        return "unsure", f"<{name}{cls}>: {seen[1]}"
    if name == "noscript":
        return "unsure", "<noscript>: shown only when scripts are off"
    return ("mermaid" if attrs_mermaid(attrs) else None), ""


def _wrapper_end(tokens: list[Token], i: int, shows: _Shows) -> tuple[str, int, str, int] | None:
    """When the html_block at ``i`` leaves a hidden, unsure or Mermaid container open across
    Markdown blocks (``<div hidden>``, ``<div class="sr-only">``, a ``<div class="mermaid">`` with
    blank lines inside), the outermost one's mode, the index of the html_block that closes it,
    why (unsure) and where in that block its closing tag ends (text after it is outside); None
    otherwise or when it never closes."""
    stack: list[tuple[str, str | None, str]] = []
    _apply(stack, tokens[i].content, shows)
    # the outermost decides: a hidden note inside a screen-reader-only region leaves the region
    # unsure (read, never passed), not all of it skipped
    mode, why = next(((m, w) for _, m, w in stack if m), (None, ""))
    if mode is None:
        return None
    for k in range(i + 1, min(len(tokens), i + 1 + _MAX_LOOKAHEAD)):
        if tokens[k].type == "html_block":
            closed = _apply(stack, tokens[k].content, shows)
            if not any(m for _, m, _ in stack):
                return mode, k, why, closed if closed is not None else len(tokens[k].content)
    return None


@dataclass(frozen=True, slots=True)
class _Shows:
    """What may show a wrapper its markup hides: the document's <style> rules (``css_showing``)
    and, when it runs scripts, their text (``html.revealable``)."""

    rules: Callable[[str, dict[str, str | None]], bool] | None
    scripts: str | None


def _document_scripts(tokens: list[Token]) -> str | None:
    """The HTML blocks of a document that runs scripts (their text, where a script names the
    element it shows), or None when it runs none."""
    html = "\n".join(t.content for t in tokens if t.type == "html_block" and "<" in t.content)
    return html if runs_scripts(html) else None


_STYLE_ELEMENT = re.compile(r"<style\b[^>]*>(.*?)(?:</style\s*>|\Z)", re.IGNORECASE | re.DOTALL)


def _document_css(tokens: list[Token]) -> str:
    """The rules of every <style> element the Markdown holds: they style the HTML written
    anywhere in it, as in the rendered page (one html_block's rules hide another's text)."""
    html = [t.content for t in tokens if t.type == "html_block" and "<style" in t.content.lower()]
    return "\n".join(m.group(1) for chunk in html for m in _STYLE_ELEMENT.finditer(chunk))


def _refuse_truncated(tokens: list[Token]) -> None:
    """Raise when markdown-it reached its nesting limit: what lies past it was never read."""
    deepest = max(tokens, key=lambda t: t.level, default=None)
    if deepest is not None and deepest.level >= MAX_NESTING - 2:
        line = next((t.map[0] + 1 for t in reversed(tokens[: tokens.index(deepest) + 1]) if t.map), None)
        where = f" near line {line}" if line is not None else ""
        raise ReportParseError(
            f"the Markdown nests lists or quotes more than {MAX_NESTING // 2} levels deep{where}; "
            "nothing past that point could be read — flatten the nesting"
        )


# The labels of a fence an LLM wraps its whole answer in ("```markdown" … "```"); an unlabelled
# fence is one only when it holds a citation (a lone shell snippet stays code).
_WRAPPER_LABELS = frozenset({"markdown", "md", "gfm"})
_CITATION_SHAPE = re.compile(r"\[[A-Za-z][\w-]*:[^\[\]\n]+\]")


def _unwrapped(original: str, tokens: list[Token]) -> str | None:
    """The report inside the one fence that is its whole body (a "```markdown" line, the report,
    a "```" line), with the fence's own lines blanked so every line keeps its number; None when it is not one.

    Generators return their answer fenced and publishers strip the fence: what gets published
    is the Markdown inside, so that is what is checked (read as code it held no claim at all)."""
    if len(tokens) != 1 or tokens[0].type != "fence" or not tokens[0].map:
        return None
    tok = tokens[0]
    label = (tok.info or "").strip().split(maxsplit=1)
    if label and label[0].lower() not in _WRAPPER_LABELS:
        return None
    if not label and not _CITATION_SHAPE.search(tok.content):
        return None
    lines = original.split("\n")
    # the closing fence may stay: alone on the last line it opens an empty block, which shows nothing
    lines[tok.map[0]] = ""
    return "\n".join(lines)


def markdown_to_blocks(text: str, sink: BlockSink | None = None) -> BlockSink:
    sink = sink or BlockSink()
    original = text
    # TeX first: Markdown's backslash escapes would eat TeX's ("200\\,\\text{mg}" → "200,\\text{mg}");
    # a span never crosses a line, so every line keeps its number
    text = read_footnotes(fold_tex_math(text))
    tokens = _MD.parse(text)
    _refuse_truncated(tokens)
    if (inner := _unwrapped(original, tokens)) is not None:
        return markdown_to_blocks(inner, sink)
    page_css = _document_css(tokens)
    shows = _Shows(css_showing(page_css) if page_css else None, _document_scripts(tokens))
    raw_lines: list[str] | None = None
    containers: list[str] = []  # li / blockquote
    row: list[str] | None = None
    row_links: list[Link] = []
    row_unsure: list[tuple[str, int]] = []
    row_line = 0
    in_thead = False
    unsure_until: list[int] = []  # the closing html_block of each open unsure wrapper
    above_first = ""  # the first cell of the table's last data row (_carried_down)
    i = 0
    n = len(tokens)
    while i < n:
        while unsure_until and i > unsure_until[-1]:
            unsure_until.pop()
            sink.close_unsure()
        tok = tokens[i]
        typ = tok.type
        if typ == "heading_open":
            inline = tokens[i + 1] if i + 1 < n else None
            title = _inline_text(inline, page_css)[0] if inline is not None else ""
            sink.heading(int(tok.tag[1:]), title, _line(tok), tok.tag)
            i += 3
            continue
        if typ == "paragraph_open":
            inline = tokens[i + 1] if i + 1 < n else None
            if inline is not None and inline.type == "inline":
                text_, links, unsure, dropped = _inline_text(inline, page_css)
                kind = containers[-1] if containers else "p"
                sink.block(kind, kind if kind != "p" else "p", text_, _line(tok), links, unsure=unsure, dropped=dropped)
            i += 3
            continue
        if typ == "list_item_open":
            containers.append("li")
        elif typ == "blockquote_open":
            containers.append("blockquote")
        elif typ in ("list_item_close", "blockquote_close"):
            if containers:
                containers.pop()
        elif typ == "fence":
            lang = (tok.info or "").strip().split(maxsplit=1)
            if lang and lang[0].lower() in ("mermaid", "{mermaid}"):
                sink.mermaid(tok.content.rstrip("\n"), _line(tok), {"tag": "fence", "info": tok.info.strip()})
            else:
                # the line of the code's first line (past the fence), where a citation in it is named
                sink.block("code", "pre", tok.content, _line(tok) + 1)
        elif typ == "code_block":
            sink.block("code", "pre", tok.content, _line(tok))
        elif typ == "html_block":
            wrapper = _wrapper_end(tokens, i, shows) if tok.map else None
            closing = tokens[wrapper[1]] if wrapper else None
            if wrapper and wrapper[0] == "unsure":
                # read on as Markdown, every block inside marked (closed at the wrapper's end)
                sink.open_unsure(wrapper[2])
                unsure_until.append(wrapper[1])
            elif wrapper and closing is not None and closing.map and tok.map:
                # Markdown between the wrapper's tags is inside it: hidden content is skipped,
                # a diagram is read whole (blank lines included) by the HTML front end.
                if wrapper[0] == "mermaid":
                    raw_lines = raw_lines if raw_lines is not None else text.split("\n")
                    region = "\n".join(raw_lines[tok.map[0] : closing.map[1]])
                    HtmlExtractor(sink, tok.map[0], page_css, shows.scripts).feed(region)
                elif (tail := closing.content[wrapper[3]:]).strip():
                    # "</div>" and a sentence on the next line are one html_block: the sentence
                    # is outside the hidden wrapper, on screen
                    at = closing.map[0] + closing.content.count("\n", 0, wrapper[3])
                    HtmlExtractor(sink, at, page_css, shows.scripts).feed(tail)
                i = wrapper[1] + 1
                continue
            HtmlExtractor(sink, tok.map[0] if tok.map else 0, page_css, shows.scripts).feed(tok.content)
        elif typ == "table_open":
            sink.table_start()
            above_first = ""
        elif typ == "thead_open":
            in_thead = True
        elif typ == "thead_close":
            in_thead = False
        elif typ == "tr_open":
            row, row_links, row_unsure, row_line = [], [], [], _line(tok)
        elif typ == "inline" and row is not None:
            cell, links, unsure, _ = _inline_text(tok, page_css)
            row.append(" ".join(cell.split()))
            row_links.extend(Link(link.url, 0) for link in links)
            row_unsure.extend((note, 0) for note, _ in unsure)
        elif typ == "tr_close" and row is not None:
            # markdown-it pads a short row and drops a long row's extra cells: every row is as
            # wide as the header, so position j is under header j
            cells = list(row)
            if not in_thead:
                raw_lines = raw_lines if raw_lines is not None else text.split("\n")
                # the dropped cells are still the row's words, numbers and anchors (a renderer
                # hides them; the author wrote them): they join the row's text, under no header
                for extra in _cells_beyond(raw_lines[row_line - 1] if row_line <= len(raw_lines) else "", len(row)):
                    cell, links, unsure, _ = _inline_text(_MD.parseInline(extra)[0], page_css)
                    cells.append(" ".join(cell.split()))
                    row_links.extend(Link(link.url, 0) for link in links)
                    row_unsure.extend((note, 0) for note, _ in unsure)
            if not in_thead and row:
                if above_first and any(row[1:]) and _carried_down(row[0]):
                    # a group's label written once ("| Arm A | ORR | 30% |" then "|  | DCR | 55% |"
                    # or "| 〃 | …"): the rows under it are its rows, as an HTML rowspan's are
                    row[0] = cells[0] = above_first
                above_first = row[0]
            sink.table_row(in_thead, " | ".join(c for c in cells if c), row_line, row_links, row, unsure=row_unsure)
            row = None
        i += 1
    for _ in unsure_until:
        sink.close_unsure()
    return sink


_PIPE = re.compile(r"(?<!\\)\|")
# a first cell that repeats the one above it: left empty, or a ditto mark ("〃", '"', "do.",
# 同上). A dash is not one: it says "none" as often as "the same".
_DITTO = frozenset({"", "〃", '"', "”", "“", "''", "do.", "ditto", "同上"})


def _carried_down(cell: str) -> bool:
    return cell.strip().lower() in _DITTO


def _cells_beyond(line: str, width: int) -> list[str]:
    """The cells of a table row's source line past the first ``width`` (what markdown-it drops)."""
    stripped = line.strip()
    if "`" in stripped:
        return []  # a pipe inside a code span is text; not worth parsing here
    # the leading pipe opens the first cell; a trailing one leaves an empty cell, dropped below
    return [c.strip() for c in _PIPE.split(stripped.removeprefix("|"))[width:] if c.strip()]


def _line(tok: Token) -> int:
    return tok.map[0] + 1 if tok.map else 1


# Superscript digits right after a number other than a whole "10": "16²" is 16 with footnote 2, or
# 256 — as an HTML report's "16<sup>2</sup>" (citeproof.parse.html), the claim cannot pass on it.
_NUMBER_SUPERSCRIPT = re.compile(r"(?<![\d.,])(\d+(?:[.,]\d+)*)([⁰¹²³⁴⁵⁶⁷⁸⁹]+)")


def _superscripts_after_numbers(text: str) -> list[tuple[str, int]]:
    if not any("⁰" <= ch <= "⁹" or ch in "¹²³" for ch in text):
        return []
    return [
        (f"superscript {m.group(2)!r} after {m.group(1)!r}: a power or a footnote marker", m.start())
        for m in _NUMBER_SUPERSCRIPT.finditer(text)
        if m.group(1) != "10"
    ]


def _inline_text(
    inline: Token, page_css: str = ""
) -> tuple[str, list[Link], list[tuple[str, int]], list[tuple[int, str]]]:
    """Visible text of an inline token, its links as (url, offset after the link text), its
    unsure notes (``RawBlock.unsure``; only inline HTML makes any) and the unsure text left out
    (``RawBlock.dropped``: inline HTML's only); ``page_css``: the document's <style> rules, which
    style its inline HTML."""
    children = inline.children or []
    if any(c.type == "html_inline" for c in children):
        return inline_html_text(_MD.renderer.renderInline(children, _MD.options, {}), page_css)
    parts: list[str] = []
    length = 0
    links: list[Link] = []
    hrefs: list[tuple[str, int]] = []  # (href, where its text starts) of each open link
    unsure: list[tuple[str, int]] = []
    struck: list[str] | None = None  # the text inside ~~…~~ while it is open
    for c in children:
        t = c.type
        if t == "s_open":
            struck = []
            continue
        if t == "s_close":
            words = " ".join("".join(struck or ()).split())
            if words:
                unsure.append((f"~~ holds {words[:80]!r}, {STRUCK_WHY}", length))
            struck = None
            continue
        if struck is not None:
            if t in ("text", "code_inline"):
                struck.append(c.content)
            continue
        if t == "text" or t == "code_inline":
            piece = c.content
            if t == "text":
                unsure.extend((why, length + at) for why, at in _superscripts_after_numbers(piece))
        elif t in ("softbreak", "hardbreak"):
            piece = "\n"
        elif t == "link_open":
            hrefs.append((str(c.attrs.get("href") or ""), length))
            continue
        elif t == "link_close":
            href, start = hrefs.pop() if hrefs else ("", length)
            if href.lower().startswith(("http://", "https://")):
                links.append(Link(href, length, "".join(parts)[start:]))
            continue
        elif t == "image":
            alt = " ".join(c.content.split())
            if alt:
                unsure.append((f"image alt text {alt[:80]!r}, {IMAGE_ALT_WHY}", length))
            continue
        else:  # emphasis markers
            continue
        parts.append(piece)
        length += len(piece)
    return "".join(parts), links, unsure, []
