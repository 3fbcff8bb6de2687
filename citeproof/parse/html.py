"""HTML front end: selectolax (Lexbor, an HTML5 parser) → visible blocks.

The text of a claim is what a sighted reader sees. Skipped with everything inside: ``script
style head nav header footer template`` and embedded or fallback content (``iframe object
canvas video audio …``), a ``<dialog>`` that is not ``open``; elements with the ``hidden``
attribute, an inline ``display:none`` / ``visibility:hidden``, or a class that means hidden in
every common CSS kit (``hidden``, ``d-none``) unless a responsive class shows it at some width
(``d-none d-md-inline``, ``hidden md:block``: shown on a wider screen, so read), or a rule of the
page's own ``<style>`` blocks that matches it as written (``.fn{display:none}``, ``#n``,
``.res span.fx``, ``p > span[data-k]``; ``citeproof.parse.style_rules``, one reading with saved
sources: text another rule, its own style or a script may show again is unsure; a rule whose
selector cannot be decided here, ``:hover`` and the like, leaves the text read and noted; rules
inside a conditional ``@media`` hide nothing). ``aside`` is read: a report's call-out ("Key takeaway: a 62% response rate") is on screen and states facts
like the body, and a fabricated figure there must not publish unchecked.

Read, because they are on screen: ``aria-hidden`` content (it hides from assistive technology
only), form controls (a button's label, a text field's value, a textarea, the option a select
shows), an open dialog, SVG ``<text>`` and MathML (``msup`` as ``^``, ``mfrac`` as ``/``).

Unsure: text some readers get and others do not — screen-reader-only classes (``sr-only``,
``visually-hidden``), ``<noscript>``, ``hidden="until-found"``, a class shown only on hover or
focus, text struck through (``<del>``, ``<s>``, ``<strike>``; Markdown ``~~…~~``: shown as
withdrawn) or drawn not to be seen (``font-size:0``, ``opacity:0``, ``color:white``; off the
screen or in a box of no size, which screen readers still read; by a style attribute or a rule) — is left out
of the text but noted where it stands (``RawBlock.unsure``), so the sentence
holding it cannot pass Tier 1 (CP105 leaves it undecided, naming the element). Such text that
stands in no sentence of its own (a screen-reader-only ``<div>`` of paragraphs, a ``<noscript>``
between blocks, the tab a ``<style>`` rule hides and its own style or a script shows, a tab
panel or dialog the markup hides on a page whose scripts may show it: ``revealable``) is read
as claims of its own, each noted (``BlockSink.open_unsure``): a figure there reaches some reader,
so it is checked and can fail, and it never passes. So is an element whose ``::before`` /
``::after`` a rule fills with digits (read as written, noted). Text right inside a closed
``<details>`` is read and noted (folded until opened); blocks inside it are read as usual: their
facts are checked.

Superscripts and subscripts never glue into a neighbouring number: ``10<sup>3</sup>`` reads
``10^3`` (the number reader's power of ten), a superscript number elsewhere (``45%<sup>2</sup>``)
reads ``^2``, which no number takes; digits superscript after another number
(``2<sup>5</sup>``: 2⁵ or footnote 5?) are noted as unsure; a subscript after digits reads
``_5``. After letters both stay as written (``mg/m<sup>2</sup>``, ``AUC<sub>0-24</sub>``).

``citeproof.sources.readers`` reads saved pages by the stricter ``SKIP_TAGS`` / ``attrs_hidden`` /
``source_style_hidden`` (every hiding ``<style>`` rule, read fail-closed): there text that not
every reader sees must never back a claim.

Line numbers: Lexbor does not expose source positions, so elements are located by searching
their opening tags, in document order, in a copy of the source where comments, raw-text
elements (script, style, textarea, title) and inert ``<template>`` content are blanked out.
Tags a parser may invent are not searched — ``html head body tbody``, reconstructed formatting
elements, and empty elements (a stray ``</p>`` becomes an empty ``<p>``) — so an invented
element never drags the cursor ahead; a cursor left behind is harmless, because a block's
line is then corrected forward by the first word of its text. Each search is forward from
the last hit: linear.
"""

from __future__ import annotations

import bisect
import re

from selectolax.lexbor import LexborHTMLParser, LexborNode

from citeproof.parse.style_rules import (
    REVERSED_WHY, draws_reversed, on_ground, page_ground, paints_beyond_page, report_style_hiding, runs_scripts,
    shows_again, style_concealment, style_conceals,
)

from citeproof.parse.blocks import BlockSink, Link
from citeproof.parse.footnotes import citations_only, note_citations

# Saved sources (citeproof.sources.readers): everything not surely shown to every reader,
# widgets and screen-reader-only text included. A report reads by REPORT_SKIP_TAGS below.
SKIP_TAGS = frozenset(
    {
        "script", "style", "head", "nav", "header", "footer", "template", "noscript", "aside", "title",
        "svg", "math", "iframe", "object", "embed", "canvas", "button", "select", "option", "textarea",
        "datalist", "input", "audio", "video", "map", "dialog", "meta", "link", "base",
    }
)
BLOCK_TAGS = frozenset(
    {
        "p", "div", "section", "article", "main", "ul", "ol", "dl", "dt", "dd", "li", "blockquote", "pre",
        "table", "thead", "tbody", "tfoot", "caption", "figure", "figcaption", "details", "summary",
        "address", "hr", "form", "fieldset", "legend", "center", "hgroup", "body", "menu",
    }
)
# Reports: the text a sighted reader sees. Elements with their own reading (svg, math, select,
# input, dialog, noscript) are handled by HtmlExtractor before this set is consulted.
REPORT_SKIP_TAGS = frozenset(
    {
        "script", "style", "head", "nav", "header", "footer", "template", "title", "iframe", "object",
        "embed", "canvas", "option", "optgroup", "datalist", "audio", "video", "map", "meta", "link", "base",
    }
)
HEADING_TAGS = {"h1": 1, "h2": 2, "h3": 3, "h4": 4, "h5": 5, "h6": 6}
HIDDEN_CLASSES = frozenset({"hidden", "d-none", "sr-only", "visually-hidden", "is-hidden", "hide"})
# Closing tags that are required in HTML, so searching for them keeps the cursor honest.
_CLOSE_SEARCHED = frozenset({"ul", "ol", "dl", "table", "blockquote", "div", "section", "article", "main", "figure"})
# Not searched: possibly implied by the parser, or cloned by its formatting-element recovery.
_NOT_LOCATED = frozenset(
    {"html", "head", "body", "tbody", "colgroup", "a", "b", "big", "code", "em", "font", "i", "nobr", "s",
     "small", "strike", "strong", "tt", "u"}
)
# hidden until a class shows it again; the screen-reader-only family is heard, not seen
_HIDING_CLASSES = frozenset({"hidden", "d-none", "is-hidden", "hide"})
_SR_ONLY_CLASSES = frozenset(
    {"sr-only", "visually-hidden", "visuallyhidden", "screen-reader-text", "sr-only-focusable", "visually-hidden-focusable"}
)
_DISPLAY = r"(?:inline-block|inline-flex|inline-grid|inline-table|inline|block|flex|grid|table(?:-[a-z-]+)?|contents|flow-root|list-item|not-sr-only)"
# Bootstrap d-md-inline / d-print-block, Tailwind md:block / max-lg:flex / print:inline: shown at some
# width or in print, which a reader sees
_SHOWN_AT_WIDTH = re.compile(
    r"d-(?:sm|md|lg|xl|xxl|print)-" + _DISPLAY
    + r"|!?(?:(?:min-|max-)?(?:sm|md|lg|xl|2xl|\[[^\]]*\])|print|portrait|landscape|@[a-z0-9]+):!?" + _DISPLAY
)
# hover:block, group-focus:inline, peer-checked:flex: shown only while the reader does something
_SHOWN_ON_STATE = re.compile(r"!?[a-z@\[][^:\s]*:!?" + _DISPLAY)
# Struck-through text is seen with a line through it: the writer shows it as withdrawn.
_STRUCK = frozenset({"del", "s", "strike"})
STRUCK_WHY = "struck through: shown as withdrawn"
# elements whose content is raw text: ``mask_raw_text`` blanks it (the source reader's file-line map too)
RAW_TEXT_TAGS = ("script", "style", "textarea", "title", "xmp", "template")
_RAW_OPEN = re.compile(r"<!--|<!\[CDATA\[|<(" + "|".join(RAW_TEXT_TAGS) + r")\b", re.IGNORECASE)
_NOT_NEWLINE = re.compile(r"[^\n]")
_FIRST_WORD = re.compile(r"[^\s&<>\"'\u00a0]{2,24}")
_TEXT_SEARCH_WINDOW = 4000
# an image's alt text stands in the sentence for a screen reader, and on screen only when the image fails
IMAGE_ALT_WHY = "read by screen readers in place of the image, shown only if it fails to load"
# on screen, but not as text nodes: read by HtmlExtractor._own_reading
_OWN_READING = frozenset({"svg", "math", "select", "input"})


def is_mermaid(node: LexborNode) -> bool:
    return attrs_mermaid(node.attributes)


# Bootstrap's "invisible" (visibility: hidden): the box stays, its text is not drawn
_SOURCE_HIDING_CLASSES = HIDDEN_CLASSES | {"invisible"}


def _drawn_style(attrs: dict[str, str | None]) -> str:
    """An element's style attribute, with the colour a ``<font color>`` names written as the
    declaration it draws as (rt36b c3: '4<font color="white">5</font>%' showed '4%' and was read 45%)."""
    style = attrs.get("style") or ""
    colour = (attrs.get("color") or "").strip()
    return f"color:{colour};{style}" if colour else style


def attrs_hidden(attrs: dict[str, str | None] | None) -> bool:
    """Saved sources: attributes that keep an element's text from backing a claim — hidden,
    aria-hidden, inline display/visibility, text drawn not to be seen (zero font size, no
    opacity, white or transparent colour, off the screen, clipped to nothing, a zero-height box
    hiding its overflow), hiding and screen-reader-only classes (a report reads by
    ``report_visibility``, which leaves a report's such text unsure rather than gone)."""
    if not attrs:
        return False
    if "hidden" in attrs:
        return True
    if (attrs.get("aria-hidden") or "").strip().lower() == "true":
        return True
    style = _drawn_style(attrs)
    if style and style_conceals(style):
        return True
    cls = attrs.get("class")
    return bool(cls) and not _SOURCE_HIDING_CLASSES.isdisjoint(cls.split())


def report_visibility(attrs: dict[str, str | None] | None) -> tuple[str, str] | None:
    """How a report element's attributes show it: None (shown), ("hidden", "") or ("unsure", why)."""
    if not attrs:
        return None
    if "hidden" in attrs:
        if (attrs.get("hidden") or "").strip().lower() == "until-found":
            return "unsure", "hidden until find-in-page reveals it"
        if shows_again(attrs.get("style") or ""):
            # the attribute is the browser's own rule; an inline display wins over it
            return "unsure", "hidden by its attribute, shown by its own style attribute"
        return "hidden", ""
    style = _drawn_style(attrs)
    if style and (concealed := style_concealment(style)):
        # as a saved source reads it: not displayed is hidden; drawn unseen (no size, no
        # opacity, off the screen: a screen reader still reads it) keeps its sentence from passing
        how, why, declaration = concealed
        return (how, "") if how == "hidden" else (how, f"{why} ({declaration!r})")
    cls = attrs.get("class")
    if not cls:
        return None
    tokens = cls.split()
    hiding = not _HIDING_CLASSES.isdisjoint(tokens)
    heard_only = not _SR_ONLY_CLASSES.isdisjoint(tokens)
    if not (hiding or heard_only):
        return None
    if any(_SHOWN_AT_WIDTH.fullmatch(t) for t in tokens):
        return None
    if state := next((t for t in tokens if _SHOWN_ON_STATE.fullmatch(t)), None):
        return "unsure", f"shown only while the reader interacts (class {state!r})"
    if hiding:
        return "hidden", ""
    return "unsure", "read aloud by screen readers, not shown"


def _visibility_on_ground(node: LexborNode, attrs: dict[str, str | None] | None, page: str = "") -> tuple[str, str] | None:
    """``report_visibility``, a colour weighed on the background the nearest element painting one
    lays under the text (its style's, a ``bgcolor``), not on the page's white: a dark card's white
    text is seen (rt37 c1: '<td bgcolor="#003366"><font color="white">' failed a true claim), and
    its black text is not."""
    seen = report_visibility(attrs)
    if (seen is not None and seen[0] != "unsure") or not attrs:
        return seen
    style = _drawn_style(attrs)
    grounded = on_ground(style, _painted_around(node) or page)
    return seen if grounded == style else report_visibility({**attrs, "color": None, "style": grounded})


def hidden_on_its_ground(node: LexborNode) -> bool | None:
    """Saved sources: ``attrs_hidden`` with the element's colour weighed on the background painted
    under it, not on the page's white (white '<font>' in a '<td bgcolor="#003366">', a header
    cell of many exported tables, is seen; black text on a black card is not; rt37 c1), as a
    report's is (``_visibility_on_ground``); None when no ground under it changes the reading."""
    attrs = node.attributes or {}
    style = _drawn_style(attrs)
    if "color" not in style.lower():
        return None
    grounded = on_ground(style, _painted_around(node))
    return None if grounded == style else attrs_hidden({**attrs, "color": None, "style": grounded})


def rules_paint_ground(tree: LexborHTMLParser, page_css: str = "", *, beyond_root: bool = False) -> bool:
    """Whether a <style> rule of the page may paint a background: one may lie between a painted
    ancestor and the text (a white card on a dark page), unseen by ``_painted_around``.
    ``beyond_root``: the rules painting the page itself (``page_ground``) left out, as they lie
    under every ground an element paints."""
    if "background" not in (page_css + "".join(n.text() for n in tree.css("style"))).lower():
        return False
    return not beyond_root or paints_beyond_page(tree, page_css)


def _painted_around(node: LexborNode | None) -> str:
    """The background declarations of the nearest element (``node`` or an ancestor) painting one
    (a ``bgcolor`` is written as the declaration it draws as), "" for none."""
    while node is not None and node.tag != "-document":
        attrs = node.attributes or {}
        bgcolor = (attrs.get("bgcolor") or "").strip()
        declared = (f"background-color:{bgcolor};" if bgcolor else "") + (attrs.get("style") or "")
        if on_ground("", declared):
            return declared
        node = node.parent
    return ""


def _drawn_reversed(tag: str, attrs: dict[str, str | None] | None) -> tuple[str, str] | None:
    """("added", why) for an element whose markup draws its characters in reverse order (a
    ``<bdo dir="rtl">``, an inline bidi override): its text is read as written and its sentence
    cannot pass, as digits a rule draws in (rt36b c2)."""
    attrs = attrs or {}
    direction = attrs.get("dir") or ""
    if (tag == "bdo" and direction.strip().lower() == "rtl") or draws_reversed(attrs.get("style") or "", direction):
        return "added", REVERSED_WHY
    return None


# a note on text left out of the sentence read (unsure text inside a sentence, a row or a heading)
DROPPED_WHY = "left out of the sentence checked"
REVEALED_WHY = "hidden on a page whose scripts may show it (a tab panel, a dialog)"
# what a script shows on a click: tab panels, dialogs, disclosed regions
_REVEALED_ROLES = frozenset({"tabpanel", "dialog", "alertdialog", "region", "tooltip", "menu"})


def revealable(tag: str, attrs: dict[str, str | None], scripts: str) -> bool:
    """On a page that runs scripts (``scripts``: its text), whether an element its markup hides
    is one a script shows: a dialog, a tab panel and the like by its role, or an element whose
    id a control or a script names (``aria-controls="p2"``, ``getElementById('p2')``, ``#p2``)
    besides its own ``id`` attribute."""
    if tag == "dialog" or (attrs.get("role") or "").strip().lower() in _REVEALED_ROLES:
        return True
    ident = (attrs.get("id") or "").strip()
    if not ident:
        return False
    return scripts.count(f'"{ident}"') + scripts.count(f"'{ident}'") + scripts.count(f"#{ident}") >= 2


def _holds_blocks(node: LexborNode) -> bool:
    """Whether an element is a block or holds one right inside it (a tab's <div>, a <noscript>
    around paragraphs): its text is read as blocks of its own, not folded into a sentence."""
    if node.tag in BLOCK_TAGS or node.tag in HEADING_TAGS:
        return True
    return any(c.tag in BLOCK_TAGS or c.tag in HEADING_TAGS for c in _children(node))


def _closed_details_body(node: LexborNode) -> bool:
    """Text right inside a closed ``<details>`` (not its ``<summary>``): folded away until opened.
    Blocks inside it are read as claims as usual (a reader can open it; its facts are checked)."""
    parent = node.parent
    return (parent is not None and parent.tag == "details" and node.tag != "summary"
            and "open" not in (parent.attributes or {}))


def attrs_mermaid(attrs: dict[str, str | None] | None) -> bool:
    cls = (attrs or {}).get("class")
    if not cls:
        return False
    tokens = cls.split()
    return "mermaid" in tokens or "language-mermaid" in tokens


def mask_raw_text(html: str) -> str:
    """Blank comments and raw-text elements (newlines kept, offsets unchanged) so a tag or text
    search (here, and in ``citeproof.sources.markup_lines``) cannot land inside them.

    One forward pass: an unclosed comment or script swallows the rest of the document, as in
    an HTML5 parser, so a run of unclosed openers cannot make this quadratic.
    """
    out: list[str] = []
    pos = 0
    while True:
        m = _RAW_OPEN.search(html, pos)
        if m is None:
            break
        opener = m.group(0)
        if opener == "<!--":
            close = html.find("-->", m.end())
            end = close + 3 if close >= 0 else len(html)
        elif opener.startswith("<![CDATA["):
            close = html.find("]]>", m.end())
            end = close + 3 if close >= 0 else len(html)
        else:
            closer = re.compile(r"</" + re.escape(m.group(1)) + r"\s*>", re.IGNORECASE).search(html, m.end())
            end = closer.end() if closer else len(html)
        out.append(html[pos : m.start()])
        out.append(_NOT_NEWLINE.sub(" ", html[m.start() : end]))
        pos = end
    out.append(html[pos:])
    return "".join(out)


def _children(node: LexborNode) -> list[LexborNode]:
    out = []
    c = node.child
    while c is not None:
        out.append(c)
        c = c.next
    return out


class _Locator:
    """Forward search of opening tags in the masked source → 1-based lines."""

    def __init__(self, html: str, line_offset: int) -> None:
        self.src = mask_raw_text(html)
        self.newlines = [m.start() for m in re.finditer("\n", self.src)]
        self.cursor = 0
        self.line_offset = line_offset
        self._patterns: dict[tuple[str, bool], re.Pattern[str]] = {}
        self._exhausted: set[tuple[str, bool]] = set()

    def _pattern(self, tag: str, close: bool) -> re.Pattern[str]:
        key = (tag, close)
        pat = self._patterns.get(key)
        if pat is None:
            pat = re.compile(("</" if close else "<") + re.escape(tag) + r"(?=[\s/>])", re.IGNORECASE)
            self._patterns[key] = pat
        return pat

    def open_tag(self, tag: str) -> None:
        if tag in _NOT_LOCATED or tag.startswith("-"):
            return
        self._advance(tag, False)

    def close_tag(self, tag: str) -> None:
        if tag in _CLOSE_SEARCHED:
            self._advance(tag, True)

    def _advance(self, tag: str, close: bool) -> None:
        key = (tag, close)
        if key in self._exhausted:
            return  # the cursor only moves forward: a tag missing once stays missing
        m = self._pattern(tag, close).search(self.src, self.cursor)
        if m:
            self.cursor = m.start() + 1
        else:
            self._exhausted.add(key)

    def line(self) -> int:
        return bisect.bisect_right(self.newlines, max(self.cursor - 1, 0)) + 1 + self.line_offset

    def text_line(self, text: str) -> tuple[int, int] | None:
        """Line of the first word of ``text`` in the source, searched a bounded way past the cursor.

        Text after a child block (``<p>…</p> loose text``) starts after a closing tag we do not
        track; its first word places it. Returns (line, offset of that word in ``text``), or None
        when the word is not found nearby (entities).
        """
        m = _FIRST_WORD.search(text)
        if m is None:
            return None
        start = max(self.cursor - 1, 0)
        pos = self.src.find(m.group(0), start, start + _TEXT_SEARCH_WINDOW)
        if pos < 0:
            return None
        line = bisect.bisect_left(self.newlines, pos)
        if line + text.count("\n", m.start()) > len(self.newlines):
            # the rest of the text would run past the end of the file: this is a later copy of
            # the word (the first was split by markup the parser dropped: "]</>Rat" reads "]Rat")
            return None
        return line + 1 + self.line_offset, m.start()


class _Acc:
    """Text of the block being read."""

    __slots__ = ("kind", "tag", "line", "parts", "length", "links", "placed", "unsure", "unsure_texts", "dropped")

    def __init__(self, kind: str, tag: str, line: int) -> None:
        self.kind, self.tag, self.line = kind, tag, line
        self.placed = False  # line checked against the first visible word
        self.parts: list[str] = []
        self.length = 0
        self.links: list[Link] = []
        self.unsure: list[tuple[str, int]] = []  # (what, offset): see RawBlock.unsure
        self.unsure_texts: list[str] = []  # the text of each, for a block that has no other text
        self.dropped: list[tuple[int, str]] = []  # (offset, text) of each: see RawBlock.dropped

    def add(self, text: str) -> None:
        self.parts.append(text)
        self.length += len(text)

    def tail(self, n: int) -> str:
        """The last ``n`` characters so far, from the last few parts only."""
        out = ""
        for part in reversed(self.parts):
            out = part + out
            if len(out) >= n:
                break
        return out[-n:]

    def replace_from(self, index: int, text: str) -> None:
        """Replace the parts added since ``len(parts)`` was ``index`` by ``text``."""
        self.length -= sum(len(p) for p in self.parts[index:])
        del self.parts[index:]
        self.add(text)

    def text(self) -> str:
        return "".join(self.parts)


class HtmlExtractor:
    """Walks one HTML document (or fragment) and pushes visible blocks into a sink."""

    def __init__(self, sink: BlockSink, line_offset: int = 0, page_css: str = "", page_scripts: str | None = None) -> None:
        self.sink = sink
        self.line_offset = line_offset
        self.page_css = page_css  # <style> rules from elsewhere in the document (a Markdown report's)
        self.page_scripts = page_scripts  # the document's HTML when it runs scripts (a Markdown report's)

    def feed(self, html: str) -> None:
        tree = LexborHTMLParser(html)
        body = tree.body
        if body is None:
            return
        # a page that runs scripts: its text, where a script or a control names what it shows
        self.script_text = self.page_scripts if self.page_scripts is not None else (html if runs_scripts(html) else None)
        css = "<style" in html.lower() or bool(self.page_css)
        self.styled = report_style_hiding(tree, html, report_visibility, self.page_css) if css else {}
        # a rule may paint the ground between a painted ancestor and the text (a white card on a
        # dark page): its grounds are not walked, so a colour is then weighed on the page's white
        self.grounds_by_rule = css and rules_paint_ground(tree, self.page_css, beyond_root=True)
        self.page_ground = page_ground(tree, self.page_css) if css else ""
        self.loc = _Locator(html, self.line_offset)
        # open block elements: (tag, kind and tag that loose text inside it takes)
        self.containers: list[tuple[str, tuple[str, str]]] = []
        self.acc = _Acc("p", "p", self.loc.line())
        self.row: list[_Acc] | None = None  # cells of the open table row
        self.row_depth = 0  # rows of tables nested in a cell are read as part of the outer row
        self.row_line = 0
        self.row_header = True
        self.row_links: list[Link] = []
        self.row_spans: list[tuple[int, int] | None] = []  # (colspan, rowspan) of each cell of the open row
        self.row_placeable = True  # False when a nested table's cells joined the row
        self.row_unsure: list[tuple[str, int]] = []
        self.scripts: list[tuple[_Acc | None, int, str]] = []  # open sup/sub: (text target, part index, text before)
        # column → (rows still covered by a rowspan from above, that cell's text, the column it starts at)
        self.spans_below: dict[int, tuple[int, str, int]] = {}
        self.thead = 0
        self.heading: _Acc | None = None
        self.regions: list[int] = []  # mem_id of each open element whose blocks are unsure (sink.open_unsure)
        self.notes, self.read_at_references = citation_notes(body)
        self._walk(body)
        self._flush()

    # -- traversal -------------------------------------------------------------------------
    def _walk(self, root: LexborNode) -> None:
        stack: list[tuple[LexborNode, bool]] = [(c, False) for c in reversed(_children(root))]
        while stack:
            node, leaving = stack.pop()
            tag = node.tag
            if leaving:
                if tag in ("sup", "sub"):
                    self._script_close(tag)
                self._leave(node, tag)
                if self.regions and self.regions[-1] == node.mem_id:
                    self._flush()
                    self.sink.close_unsure()
                    self.regions.pop()
                continue
            if tag == "-text":
                if _closed_details_body(node):
                    # read (its claims are still checked) but never passed: folded until opened
                    self._note_unsure(node, "folded inside a closed <details>")
                self._text(node.text_content or "")
                continue
            if tag.startswith("-"):  # comments, doctype
                continue
            if node.child is not None:
                self.loc.open_tag(tag)
            attrs = node.attributes
            if node.mem_id in self.read_at_references:
                self._skip(node)  # a note of citations only: read where it is referenced
                continue
            if tag == "a" and (cited := self.notes.get(((attrs or {}).get("href") or "").strip()[1:])) is not None:
                self._cite_note(cited)
                self._skip(node)
                continue
            if tag == "a" and _back_link(attrs):
                self._skip(node)  # a note's "↩" back to its reference: navigation, not text
                continue
            styled = self.styled.get(node.mem_id) or _drawn_reversed(tag, attrs)
            if styled is not None and styled[0] == "shown":
                # a rule's !important outweighs what its own style attribute conceals: shown
                attrs = {a: v for a, v in (attrs or {}).items() if a != "style"}
                styled = None
            # digits a rule draws in or reorders, or a rule not decided here may hide it: read as
            # written, noted
            added = styled is not None and styled[0] in ("added", "undecided")
            # a rule may show what the markup hides: the rule's reading first
            seen = (None if added else styled) or (
                report_visibility(attrs) if self.grounds_by_rule else _visibility_on_ground(node, attrs, self.page_ground))
            hidden = tag in REPORT_SKIP_TAGS or (seen is not None and seen[0] == "hidden") \
                or (tag == "dialog" and "open" not in (attrs or {}))
            if hidden and tag not in REPORT_SKIP_TAGS and self.script_text is not None \
                    and revealable(tag, attrs or {}, self.script_text):
                seen, hidden = ("unsure", REVEALED_WHY), False
            if hidden:
                self._skip(node)
                continue
            if seen is None and tag in _STRUCK:
                seen = ("unsure", STRUCK_WHY)
            if seen is not None or tag == "noscript":
                why = seen[1] if seen is not None else "shown only when scripts are off"
                if self.row is not None or self.heading is not None or not _holds_blocks(node):
                    # inside a sentence, a row or a heading: the text around it cannot pass
                    self._note_unsure(node, why)
                    self._skip(node)
                    continue
                # blocks of their own (the open tab of a tab set, a screen-reader-only <div>):
                # each is read as usual and none can pass, so no figure there goes unchecked
                self._flush()
                self.sink.open_unsure(f"{_describe(node)}: {why}")
                self.regions.append(node.mem_id)
            if added and styled is not None:
                # drawn with digits a rule adds: read as written, and its sentence cannot pass
                if self.row is None and self.heading is None and _holds_blocks(node):
                    self._flush()
                    self.sink.open_unsure(f"{_describe(node)}: {styled[1]}")
                    self.regions.append(node.mem_id)
                else:
                    self._add_note(f"{_describe(node)}: {styled[1]}")
            if tag in _OWN_READING:
                self._own_reading(node, tag)
                self._skip(node)
                continue
            if is_mermaid(node):
                self._mermaid(node)
                continue
            if tag == "img" and (alt := " ".join(((attrs or {}).get("alt") or "").split())):
                self._add_note(f"<img> alt text {alt[:80]!r}, {IMAGE_ALT_WHY}")
            self._enter(node, tag)
            if tag in ("sup", "sub"):
                self._script_open()
            stack.append((node, True))
            stack.extend((c, False) for c in reversed(_children(node)))

    def _cite_note(self, citations: list[str]) -> None:
        """A reference to a note of citations only: the note's citations, where the mark stands."""
        self._text(" " + " ".join(c for c in citations if c.startswith("[")))
        for url in (c for c in citations if not c.startswith("[")):
            self._add_link(url)

    def _add_link(self, url: str, label: str = "") -> None:
        """A URL citing the text around it: the open table row's, else the open block's (a
        heading's link cites nothing); ``label``: the link's visible text."""
        if self.row is not None:
            self.row_links.append(Link(url, 0))
        elif self.heading is None:
            self.acc.links.append(Link(url, self.acc.length, label))

    def _skip(self, node: LexborNode) -> None:
        # keep the tag cursor in step with the source even though nothing here is read
        first = True
        for d in node.traverse(include_text=False):
            if first:
                first = False
                continue
            if d.child is not None:
                self.loc.open_tag(d.tag)
        self.loc.close_tag(node.tag)

    def _mermaid(self, node: LexborNode) -> None:
        self._flush()
        line = self.loc.line()
        parts: list[str] = []
        first = True
        for d in node.traverse(include_text=True):
            if first:
                first = False
                continue
            if d.tag == "-text":
                parts.append(d.text_content or "")
            else:
                if d.child is not None:
                    self.loc.open_tag(d.tag)
                if d.tag == "br":
                    parts.append(" ")
        attrs = {k: (v if v is not None else "") for k, v in (node.attributes or {}).items()}
        attrs.setdefault("tag", node.tag)
        self.sink.mermaid("".join(parts).strip("\n"), line, attrs)
        self.loc.close_tag(node.tag)
        self.acc = _Acc(*self._context(), self.loc.line())

    # -- text that is on screen but not in text nodes, or not on every screen ------------------
    def _target(self) -> _Acc | None:
        """The text that a text node here would join (None in a row before its first cell)."""
        if self.heading is not None:
            return self.heading
        if self.row is not None:
            return self.row[-1] if self.row else None
        return self.acc

    def _own_reading(self, node: LexborNode, tag: str) -> None:
        """SVG text, MathML, the option a select shows, a text field's value: read as a box of its own."""
        notes: list[str] = []
        if tag == "svg":
            text = " ".join(t.text(deep=True) for t in node.css("text"))
        elif tag == "math":
            text = _math_text(node, notes, 0)
        elif tag == "select":
            text = " ".join(o.text(deep=True) for o in _shown_options(node))
        else:
            text = _input_text(node.attributes or {})
        if text.strip():
            self._text(" " + " ".join(text.split()) + " ")
        for note in notes:
            self._add_note(note)

    def _note_unsure(self, node: LexborNode, why: str) -> None:
        text = " ".join(_plain_text(node).split())
        if text:
            shown = text if len(text) <= 80 else text[:77] + "..."
            # the sentence is read without it ("occurred in of patients"): say so, or the gap in
            # the claim's text reads as the report's own
            self._add_note(f"{_describe(node)} holds {shown!r}, {why}; {DROPPED_WHY}")
            if self.row is None and self.heading is None:
                if not self.acc.unsure_texts and not self.acc.text().strip():
                    self.acc.line = self.loc.line()
                self.acc.unsure_texts.append(text)
                self.acc.dropped.append((self.acc.length, text))

    def _add_note(self, note: str) -> None:
        if self.heading is not None:
            return  # a heading is no claim; its words name the section only
        if self.row is not None:
            self.row_unsure.append((note, 0))
        else:
            self.acc.unsure.append((note, self.acc.length))

    def _script_open(self) -> None:
        target = self._target()
        if target is None:
            self.scripts.append((None, 0, ""))
        else:
            self.scripts.append((target, len(target.parts), target.tail(16)))

    def _script_close(self, tag: str) -> None:
        if not self.scripts:
            return
        target, index, before = self.scripts.pop()
        if target is None or target is not self._target() or index > len(target.parts):
            return  # the text went elsewhere (a block inside the superscript): left as read
        text, note = render_script(tag, before, "".join(target.parts[index:]))
        target.replace_from(index, text)
        if note:
            self._add_note(note)

    # -- events ------------------------------------------------------------------------------
    def _text(self, text: str) -> None:
        if self.heading is not None:
            self.heading.add(text)
        elif self.row is not None:
            if self.row:
                self.row[-1].add(text)
            elif text.strip():
                self.row.append(_Acc("td", "td", self.row_line))
                self.row_spans.append((1, 1))
                self.row[-1].add(text)
        else:
            acc = self.acc
            if not acc.placed and text.strip():
                acc.placed = True
                found = self.loc.text_line(text)
                if found is not None:
                    # acc.line is the line of the block's first character; the newlines before
                    # the word are counted again when sentence lines are worked out
                    line, offset = found
                    before = acc.text() + text[:offset]
                    acc.line = max(acc.line, line - before.count("\n"))
            acc.add(text)

    def _enter(self, node: LexborNode, tag: str) -> None:
        if tag == "br":
            self._text("\n")
            return
        if self.row is not None:
            if tag == "tr":
                self.row_depth += 1
            elif tag in ("td", "th"):
                self.row.append(_Acc(tag, tag, self.row_line))
                self.row_spans.append(cell_spans(node))
                if self.row_depth:
                    self.row_placeable = False
                if tag == "td":
                    self.row_header = False
            elif tag in BLOCK_TAGS or tag in HEADING_TAGS:
                self._text(" ")
            return
        if self.heading is not None:
            return
        if tag in HEADING_TAGS:
            self._flush()
            self.heading = _Acc("heading", tag, self.loc.line())
        elif tag == "tr":
            self._flush()
            self.row = []
            self.row_depth = 0
            self.row_line = self.loc.line()
            self.row_header = True
            self.row_links = []
            self.row_spans = []
            self.row_unsure = []
            self.row_placeable = True
        elif tag == "thead":
            self.thead += 1
            self.spans_below = {}  # a rowspan ends with its row group
        elif tag in BLOCK_TAGS or tag in ("td", "th"):
            self._flush()
            if tag == "table":
                self.sink.table_start(implicit_header=True)
            if tag in ("table", "tbody", "tfoot"):
                self.spans_below = {}
            kind = {"li": "li", "blockquote": "blockquote", "pre": "code"}.get(tag)
            if kind is None:
                kind = self._context()[0]  # a <p> inside an <li> is still list-item text
            self.containers.append((tag, (kind, tag)))
            self.acc = _Acc(kind, tag, self.loc.line())

    def _leave(self, node: LexborNode, tag: str) -> None:
        if tag == "a":
            href = ((node.attributes or {}).get("href") or "").strip()
            if href.lower().startswith(("http://", "https://")):
                self._add_link(href, " ".join((node.text() or "").split()))
            return
        if self.row is not None:
            if tag == "tr":
                if self.row_depth:
                    self.row_depth -= 1
                else:
                    self._finish_row()
            return
        if self.heading is not None:
            if tag in HEADING_TAGS:
                h = self.heading
                self.heading = None
                self.sink.heading(HEADING_TAGS[tag], h.text(), h.line, tag)
                self.acc = _Acc(*self._context(), self.loc.line())
            return
        if tag == "thead":
            self.thead = max(0, self.thead - 1)
        elif tag in BLOCK_TAGS or tag in ("td", "th"):
            self._flush()
            self.loc.close_tag(tag)
            if self.containers and self.containers[-1][0] == tag:
                self.containers.pop()
            self.acc = _Acc(*self._context(), self.loc.line())

    def _context(self) -> tuple[str, str]:
        """(kind, tag) for text directly inside the innermost open block; O(1) per call."""
        return self.containers[-1][1] if self.containers else ("p", "p")

    def _finish_row(self) -> None:
        cells = [" ".join(c.text().split()) for c in self.row or ()]
        text = " | ".join(c for c in cells if c)
        header = self.row_header or self.thead > 0
        self.row = None
        carried = {col: (cell, start) for col, (_, cell, start) in self.spans_below.items()}
        placed = self._place(cells)
        if placed is not None and any(cell for cell, _ in carried.values()):
            # a cell spanning rows from above ("Arm B" over its ORR and PFS rows) is part of
            # each row it spans: the row says "Arm B | PFS | 5.1 months", not "PFS | 5.1 months"
            text = " | ".join(c for c in _row_cells(cells, self.row_spans, carried) if c)
        if text or self.row_links:
            filled = [k for k, c in enumerate(cells) if c]
            span = self.row_spans[filled[0]] if len(filled) == 1 else None
            title = header and span is not None and span[0] > 1
            self.sink.table_row(header, text, self.row_line, self.row_links, placed, title=title, unsure=self.row_unsure)
        self.acc = _Acc(*self._context(), self.loc.line())

    def _place(self, cells: list[str]) -> list[str] | None:
        """The row's cells by rendered column position: a cell spanning columns stands in each,
        a rowspan from a row above keeps its columns; None when the cells cannot be placed."""
        if not self.row_placeable or any(span is None for span in self.row_spans):
            self.spans_below = {}
            return None
        covered = set(self.spans_below)
        placed: dict[int, str] = {}  # a cell from above stays in its own row's columns (and in this row's text)
        below = {c: (n - 1, cell, start) for c, (n, cell, start) in self.spans_below.items() if n > 1}
        col = 0
        for cell, span in zip(cells, self.row_spans):
            colspan, rowspan = span or (1, 1)
            while col in covered:
                col += 1
            start = col
            for k in range(col, col + colspan):
                placed[k] = cell
                if rowspan > 1:
                    below[k] = (rowspan - 1, cell, start)
            col += colspan
        self.spans_below = below
        width = max([*placed, *covered], default=-1) + 1
        return [placed.get(k, "") for k in range(width)]

    def _flush(self) -> None:
        acc = self.acc
        if acc.unsure_texts and not acc.text().strip():
            # unsure text standing alone between blocks (a screen-reader-only <span> after a
            # paragraph) is a block of its own: read and checked, unable to pass
            self.sink.block(acc.kind, acc.tag, " ".join(acc.unsure_texts), acc.line, acc.links, unsure=acc.unsure)
        elif acc.parts or acc.links:
            self.sink.block(acc.kind, acc.tag, acc.text(), acc.line, acc.links, unsure=acc.unsure, dropped=acc.dropped)
        self.acc = _Acc(acc.kind, acc.tag, self.loc.line())


def _row_cells(
    cells: list[str], spans: list[tuple[int, int] | None], carried: dict[int, tuple[str, int]]
) -> list[str]:
    """The row's cells in rendered order with the cells spanning into it from above, each once."""
    own_start: dict[int, str] = {}
    col = 0
    for cell, span in zip(cells, spans):
        while col in carried:
            col += 1
        own_start[col] = cell
        col += (span or (1, 1))[0]
    starts = {**own_start, **{start: cell for cell, start in carried.values()}}
    return [starts[k] for k in sorted(starts)]


_MAX_COLSPAN = 100
_MAX_ROWSPAN = 1000


def cell_spans(node: LexborNode) -> tuple[int, int] | None:
    """(colspan, rowspan) of a cell as HTML reads them (a missing or unreadable value is 1);
    None for spans too wide to place (rowspan="0", "to the end of the section", included)."""
    attrs = node.attributes or {}
    out: list[int] = []
    for name, most in (("colspan", _MAX_COLSPAN), ("rowspan", _MAX_ROWSPAN)):
        raw = (attrs.get(name) or "").strip()
        digits = raw[: len(raw) - len(raw.lstrip("0123456789"))] if raw[:1].isdigit() else ""
        value = int(digits) if digits else 1
        if name == "colspan" and value == 0:
            value = 1
        if value == 0 or value > most:
            return None
        out.append(value)
    return out[0], out[1]


# where a document keeps its notes: pandoc's <section role="doc-endnotes" class="footnotes">, and
# the same by class alone
_NOTE_CONTAINERS = ('[role="doc-endnotes"], [role="doc-footnotes"], section.footnotes, div.footnotes, '
                    'ol.footnotes, aside.footnotes')


def citation_notes(body: LexborNode) -> tuple[dict[str, list[str]], set[int]]:
    """HTML notes as a reader follows them, like Markdown's (:mod:`citeproof.parse.footnotes`):
    a list item with an id that an in-page link points to ("<sup><a href="#fn1">1</a></sup>"
    → ``<li id="fn1">``, in pandoc's notes section or a References list) and whose text, without
    its back-link, holds citations ("[nct:…]", a link to the source) — note id → its
    citations, and the nodes not to read in place (each note of citations only; a notes container
    whose every note is one). A note that says more is read in place as well."""
    referenced = {(a.attributes.get("href") or "").strip()[1:] for a in body.css('a[href^="#"]')}
    notes: dict[str, list[str]] = {}
    skipped: set[int] = set()
    for li in body.css("li[id]"):
        note_id = (li.attributes.get("id") or "").strip()
        if not note_id or note_id not in referenced:
            continue
        text = _note_text(li)
        if found := citations_only(text):
            notes[note_id] = found
            skipped.add(li.mem_id)
        elif found := note_citations(text):
            notes[note_id] = found  # a note that says more: read in place, and its citations at each reference
    for container in body.css(_NOTE_CONTAINERS):
        items = container.css("li[id]")
        if items and all(li.mem_id in skipped for li in items):
            skipped.add(container.mem_id)
    return notes, skipped


def _note_text(li: LexborNode) -> str:
    """A note's text as its citations read: a link is its URL, a back-link ("↩", href="#fnref1") nothing."""
    parts: list[str] = []
    inside_link: list[LexborNode] = []
    for d in li.traverse(include_text=True):
        if d.tag == "a":
            href = ((d.attributes or {}).get("href") or "").strip()
            if href.startswith("#"):
                inside_link.append(d)
            elif href.lower().startswith(("http://", "https://")):
                parts.append(f" <{href}> ")  # an autolink: read whole, parentheses and all
                inside_link.append(d)
        elif d.tag == "-text":
            if not any(_within(d, a) for a in inside_link):
                parts.append(d.text_content or "")
    return " ".join("".join(parts).split())


def _back_link(attrs: dict[str, str | None] | None) -> bool:
    attrs = attrs or {}
    return (attrs.get("role") or "") == "doc-backlink" or "footnote-back" in (attrs.get("class") or "").split()


def _within(node: LexborNode, ancestor: LexborNode) -> bool:
    parent = node.parent
    while parent is not None:
        if parent.mem_id == ancestor.mem_id:
            return True
        parent = parent.parent
    return False


def html_to_blocks(html: str, sink: BlockSink | None = None, line_offset: int = 0) -> BlockSink:
    sink = sink or BlockSink()
    HtmlExtractor(sink, line_offset).feed(html)
    return sink


def inline_html_text(
    fragment: str, page_css: str = "", page_scripts: str | None = None
) -> tuple[str, list[Link], list[tuple[str, int]], list[tuple[int, str]]]:
    """Visible text, links, unsure notes and the unsure text left out (``RawBlock.dropped``) of an
    inline HTML fragment (Markdown paragraphs with inline HTML); ``page_css``, ``page_scripts``:
    the document's <style> rules and scripts."""
    sink = BlockSink()
    HtmlExtractor(sink, 0, page_css, page_scripts).feed(fragment)
    parts: list[str] = []
    links: list[Link] = []
    unsure: list[tuple[str, int]] = []
    dropped: list[tuple[int, str]] = []
    length = 0
    for item in sink.items:
        text = getattr(item, "text", "")
        if parts:
            parts.append(" ")
            length += 1
        links.extend(Link(link.url, length + link.end, link.label) for link in getattr(item, "links", ()))
        unsure.extend((note, length + off) for note, off in getattr(item, "unsure", ()))
        dropped.extend((length + off, piece) for off, piece in getattr(item, "dropped", ()))
        parts.append(text)
        length += len(text)
    return "".join(parts), links, unsure, dropped


_SUP_NUMBER = re.compile(r"[+\-\u2212]?\d+")
_NUMBER_BEFORE = re.compile(r"\d(?:[\d.,]*\d)?$")


def render_script(tag: str, before: str, inner: str) -> tuple[str, str | None]:
    """A superscript's or subscript's text as the number reader must see it, and an unsure note.

    ``before`` is the text just before it. Superscript digits after a number are a power:
    ``10^3`` the reader takes; after another base (``2^5``) it reads the base alone, and a
    reader may see 2⁵ or a footnote 5, so that is noted. Elsewhere (``45%^2``, ``) ^3``) the
    ``^`` keeps a footnote mark out of every number. After a letter nothing glues
    (``mg/m2``, ``patients1`` name no number), so both stay as written; a subscript after
    digits reads ``_5``, a non-digit superscript after a figure is set apart (``99 a``, ``42% a``).
    """
    core = inner.strip()
    if not core:
        return inner, None
    lead, trail = inner[: len(inner) - len(inner.lstrip())], inner[len(inner.rstrip()) :]
    last = " " if lead else before[-1:]
    if last.isalpha():
        # "18.4 months<sup>b</sup>": a footnote letter is set apart from the word it follows; a unit's
        # exponent ("mg/m<sup>2</sup>") and anything longer stay as written
        return (" " + core + trail, None) if tag == "sup" and LETTER_MARK.fullmatch(core) else (inner, None)
    if tag == "sub":
        return (lead + "_" + core + trail, None) if last.isdigit() else (inner, None)
    if not _SUP_NUMBER.fullmatch(core):
        # "99<sup>a</sup>", "42%<sup>a</sup>": a footnote mark on the figure, set apart from it
        return (lead + " " + core + trail, None) if last.isdigit() or last in "%‰" else (inner, None)
    power = core.replace("\u2212", "-")
    note = None
    if last.isdigit() and (base := _NUMBER_BEFORE.search(before)) and base.group(0) != "10":
        note = (
            f"superscript {core} right after {base.group(0)} reads two ways: a power ({base.group(0)}^{power}) "
            f"or a footnote mark"
        )
    return lead + "^" + power + trail, note


# a footnote mark a superscript sets on a figure or word: one or two letters or daggers ("b", "†");
# an ordinal's "st", "nd", "rd", "th" is none. Shared with the source reader.
LETTER_MARK = re.compile(r"(?!st$|nd$|rd$|th$)[a-z]{1,2}|[†‡§¶*]{1,3}")
_MATH_TOKENS = frozenset({"mn", "mi", "mo", "mtext", "ms"})
_MATH_ROWS = frozenset({"math", "mrow", "mstyle", "mpadded", "merror"})
_MATH_UNSEEN = frozenset({"annotation", "annotation-xml", "mphantom", "none", "mprescripts", "mspace"})
_MATH_JOINS = {"msup": ("^",), "msub": ("_",), "msubsup": ("_", "^"), "mfrac": ("/",)}
_MATH_DEPTH = 40


def _elements(node: LexborNode) -> list[LexborNode]:
    return [c for c in _children(node) if not c.tag.startswith("-")]


def _math_text(node: LexborNode, notes: list[str], depth: int) -> str:
    """MathML as a line of text: tokens apart, a power as ``^``, a fraction as ``/``; a layout
    with no such reading (a root, an over-script, a table) that holds digits is noted as unsure."""
    tag = node.tag
    if depth > _MATH_DEPTH:
        notes.append("MathML nested too deep to read")
        return ""
    if tag in _MATH_TOKENS:
        return " ".join(node.text(deep=True).split())
    if tag in _MATH_UNSEEN or report_visibility(node.attributes) is not None:
        return ""
    kids = _elements(node)
    if tag == "semantics":
        kids = kids[:1]  # the rendered part; annotations follow it
    texts = [_math_text(k, notes, depth + 1) for k in kids]
    joins = _MATH_JOINS.get(tag)
    if joins is not None and len(texts) == len(joins) + 1:
        out = _math_group(texts[0])
        for sep, part in zip(joins, texts[1:]):
            out += sep + _math_group(part)
        return out
    text = " ".join(t for t in texts if t)
    if tag not in _MATH_ROWS and tag != "semantics" and any(ch.isdigit() for ch in text):
        notes.append(f"MathML <{tag}> around {text!r} has no reading as a number")
    return text


def _math_group(text: str) -> str:
    squeezed = "".join(text.split())
    return squeezed if _SUP_NUMBER.fullmatch(squeezed.replace("\u2212", "-")) or " " not in text else f"({text})"


def _shown_options(select: LexborNode) -> list[LexborNode]:
    """The options a select shows closed: the selected one (else the first), or the first
    ``size`` rows of a list box."""
    options = select.css("option")
    attrs = select.attributes or {}
    raw = (attrs.get("size") or "").strip()
    rows = int(raw) if raw.isdigit() else (4 if "multiple" in attrs else 1)
    if rows > 1:
        return options[:rows]
    chosen = [o for o in options if "selected" in (o.attributes or {})]
    return (chosen or options)[:1]


_UNSHOWN_INPUTS = frozenset({"hidden", "checkbox", "radio", "file", "image", "range", "color", "password"})


def _input_text(attrs: dict[str, str | None]) -> str:
    """What a text field or button input shows: its value, or the placeholder of an empty field."""
    kind = (attrs.get("type") or "text").strip().lower()
    if kind in _UNSHOWN_INPUTS:
        return ""
    value = attrs.get("value") or ""
    if value.strip() or kind in ("submit", "reset", "button"):
        return value
    return attrs.get("placeholder") or ""


def _plain_text(node: LexborNode) -> str:
    """The text an element holds, its hidden parts left out (for naming unsure text)."""
    parts: list[str] = []
    stack = [node]
    while stack:
        n = stack.pop()
        if n.tag == "-text":
            parts.append(n.text_content or "")
            continue
        if n.tag.startswith("-") or (n is not node and (
            n.tag in REPORT_SKIP_TAGS or (report_visibility(n.attributes) or ("", ""))[0] == "hidden"
        )):
            continue
        stack.extend(reversed(_children(n)))
    return " ".join("".join(parts).split())


def _describe(node: LexborNode) -> str:
    """The element's opening tag with the attributes that decide its visibility."""
    attrs = node.attributes or {}
    shown = "".join(
        f' {k}="{attrs[k]}"' if attrs.get(k) is not None else f" {k}"
        for k in ("class", "hidden") if k in attrs
    )
    return f"<{node.tag}{shown}>"
