"""Markdown front end: markdown-it-py (CommonMark + tables) → visible blocks.

Block HTML (``html_block``) goes through the HTML front end with its line offset, so hidden
elements and ``<div class="mermaid">`` behave as in an HTML report. A paragraph that contains
inline HTML is rendered to HTML and read by the same visibility rules (``<span hidden>`` is
not text). Emphasis and code markers disappear with the tokens: ``**200 mg**/day`` reads as
``200 mg/day``. Soft breaks are kept as newlines so each sentence gets its own line number.
"""

from __future__ import annotations

from markdown_it import MarkdownIt
from markdown_it.token import Token

from citeproof.parse.blocks import BlockSink
from citeproof.parse.html import HtmlExtractor, inline_html_text

_MD = MarkdownIt("commonmark", {"html": True}).enable(["table", "strikethrough"])
# Keep link targets as written: a URL anchor's source_id is matched against retrieved URLs,
# and percent-encoding or punycode would make a correct citation look invented.
_MD.normalizeLink = lambda url: url  # type: ignore[method-assign]


def markdown_to_blocks(text: str, sink: BlockSink | None = None) -> BlockSink:
    sink = sink or BlockSink()
    tokens = _MD.parse(text)
    containers: list[str] = []  # li / blockquote
    row: list[str] | None = None
    row_links: list[tuple[str, int]] = []
    row_line = 0
    in_thead = False
    i = 0
    n = len(tokens)
    while i < n:
        tok = tokens[i]
        typ = tok.type
        if typ == "heading_open":
            inline = tokens[i + 1] if i + 1 < n else None
            title, _ = _inline_text(inline) if inline is not None else ("", [])
            sink.heading(int(tok.tag[1:]), title, _line(tok), tok.tag)
            i += 3
            continue
        if typ == "paragraph_open":
            inline = tokens[i + 1] if i + 1 < n else None
            if inline is not None and inline.type == "inline":
                text_, links = _inline_text(inline)
                kind = containers[-1] if containers else "p"
                sink.block(kind, kind if kind != "p" else "p", text_, _line(tok), links)
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
                sink.block("code", "pre", tok.content, _line(tok))
        elif typ == "code_block":
            sink.block("code", "pre", tok.content, _line(tok))
        elif typ == "html_block":
            HtmlExtractor(sink, line_offset=(tok.map[0] if tok.map else 0)).feed(tok.content)
        elif typ == "thead_open":
            in_thead = True
        elif typ == "thead_close":
            in_thead = False
        elif typ == "tr_open":
            row, row_links, row_line = [], [], _line(tok)
        elif typ == "inline" and row is not None:
            cell, links = _inline_text(tok)
            row.append(" ".join(cell.split()))
            row_links.extend((url, 0) for url, _ in links)
        elif typ == "tr_close" and row is not None:
            sink.block("header_row" if in_thead else "tr", "tr", " | ".join(c for c in row if c), row_line, row_links)
            row = None
        i += 1
    return sink


def _line(tok: Token) -> int:
    return tok.map[0] + 1 if tok.map else 1


def _inline_text(inline: Token) -> tuple[str, list[tuple[str, int]]]:
    """Visible text of an inline token and its links as (url, offset after the link text)."""
    children = inline.children or []
    if any(c.type == "html_inline" for c in children):
        return inline_html_text(_MD.renderer.renderInline(children, _MD.options, {}))
    parts: list[str] = []
    length = 0
    links: list[tuple[str, int]] = []
    hrefs: list[str | None] = []
    for c in children:
        t = c.type
        if t == "text" or t == "code_inline":
            piece = c.content
        elif t in ("softbreak", "hardbreak"):
            piece = "\n"
        elif t == "link_open":
            href = str(c.attrs.get("href") or "")
            hrefs.append(href)
            continue
        elif t == "link_close":
            href = hrefs.pop() if hrefs else None
            if href and href.lower().startswith(("http://", "https://")):
                links.append((href, length))
            continue
        else:  # emphasis markers, images (alt text is not body prose)
            continue
        parts.append(piece)
        length += len(piece)
    return "".join(parts), links
