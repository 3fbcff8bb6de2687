"""A page's own ``<style>`` rules: which elements they hide.

A page may hide text by a rule of its own ("<style>.fn-x{display:none}</style>"), not only by an
inline style or a well-known class (``citeproof.parse.html``). The rules are read from the
document's <style> blocks (head or body) by one linear pass over the braces; the declarations
are tested by the patterns an inline style is tested by, so both readings agree. Not read as
hiding: rules inside a conditional @media (a width, an orientation, print: shown on some screen)
or @container, rules nested inside another rule (CSS nesting, or a block left unclosed, which swallows
what follows), and rules on a pseudo-element ("::before" hides generated content, never the
element's own text).

Both readers match the rules alike (``style_hiding``): a rule that takes an element off the page
and matches it as written hides it; text drawn unseen (no size, no opacity, off the screen) or
that a rule not decided here (":hover", a selector the parser cannot read) may hide is unsure.
Then two directions of caution: a saved source drops all of it (``source_style_hidden``: hidden
text must never back a claim); a report drops only the surely hidden, and its sentence holding
unsure text cannot pass, nor can one holding text another rule, its own style attribute or the
page's scripts may show again (``report_style_hiding``: text of a report must never go
unchecked, nor pass on a reading the page does not show).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from html import escape as html_escape
from functools import lru_cache

from selectolax.lexbor import LexborHTMLParser, LexborNode

# display:none, visibility:hidden … in a style attribute or a rule's declarations
HIDDEN_STYLE = re.compile(
    r"(?:^|;)\s*(?:display\s*:\s*none|visibility\s*:\s*(?:hidden|collapse)|content-visibility\s*:\s*hidden)\b",
    re.IGNORECASE,
)
# Shown in the page's layout but drawn so no one sees it (zero size, no opacity, white on white):
# the text is in the sentence for a copy-paste or a screen reader, not for the eye.
INVISIBLE_STYLE = re.compile(
    r"(?:^|;)\s*(?:font-size\s*:\s*0(?:\.0+)?(?:px|em|rem|pt|%)?\s*(?:;|$|!)|opacity\s*:\s*0(?:\.0+)?\s*(?:;|$|!)"
    r"|color\s*:\s*(?:white|#fff(?:fff)?|transparent|rgba\([^)]*,\s*0\s*\))\s*(?:;|$|!))",
    re.IGNORECASE,
)
# A saved source's text drawn where no one sees it: pushed off the screen, clipped to nothing, or
# in a box of no height that hides its overflow. Such text never backs a claim (it is the trick a
# page uses to carry words for search engines, not for readers).
_OFF_SCREEN_STYLE = re.compile(
    r"(?:^|;)\s*(?:(?:left|top|right|text-indent)\s*:\s*-\d{3,}(?:\.\d+)?(?:px|em|rem)?"
    r"|clip\s*:\s*rect\(\s*0(?:px)?[\s,]+0(?:px)?[\s,]+0(?:px)?[\s,]+0(?:px)?\s*\)"
    r"|clip-path\s*:\s*inset\(\s*50%\s*\))",
    re.IGNORECASE,
)
_ZERO_BOX = re.compile(r"(?:^|;)\s*(?:max-)?height\s*:\s*0(?:px)?\s*(?:;|$)", re.IGNORECASE)
_OVERFLOW_HIDDEN = re.compile(r"(?:^|;)\s*overflow\s*:\s*hidden", re.IGNORECASE)


# why a report's text drawn where no eye sees it stays out of the claim but keeps it from passing
UNSEEN_WHY = "styled not to be seen"
HEARD_ONLY_WHY = "placed off the screen or in a box of no size: read aloud by screen readers, not shown"


def style_concealment(declarations: str) -> tuple[str, str, str] | None:
    """How declarations (a style attribute, a rule's body) keep an element's text from the eye,
    as (how, why, the declaration that does it): ``"hidden"`` not displayed at all (no reader
    gets it); ``"unsure"`` displayed but drawn where no one sees it — no size, no opacity, white
    or transparent colour (``UNSEEN_WHY``), off the screen, clipped to nothing, a zero-height box
    hiding its overflow (``HEARD_ONLY_WHY``: a screen reader still reads it). None: shown.
    Saved sources and reports read declarations alike; a source drops both kinds, a report drops
    the first and keeps the second's sentence from passing."""
    if m := HIDDEN_STYLE.search(declarations):
        return "hidden", "", m.group().strip(" ;")
    if m := INVISIBLE_STYLE.search(declarations):
        return "unsure", UNSEEN_WHY, m.group().strip(" ;")
    if (m := _OFF_SCREEN_STYLE.search(declarations)) or (
        (m := _ZERO_BOX.search(declarations)) and _OVERFLOW_HIDDEN.search(declarations)
    ):
        return "unsure", HEARD_ONLY_WHY, m.group().strip(" ;")
    return None


def style_conceals(declarations: str) -> bool:
    """Saved sources: whether declarations keep an element's text from every reader's eye
    (``style_concealment``). Such text never backs a claim."""
    return style_concealment(declarations) is not None


_CSS_COMMENT = re.compile(r"/\*.*?(?:\*/|\Z)|<!--|-->", re.DOTALL)
_CSS_BRACE = re.compile(r"[{}]")
# at-rules whose rules apply on every screen, so a hiding rule inside them hides: @supports,
# @layer, and @media for every screen ("@media screen", "@media all", "@media only screen"); a
# width, an orientation or print is a condition some reader's screen does not meet
_CSS_UNCONDITIONAL_AT = re.compile(
    r"@(?:supports|layer)\b|@media\s+(?:only\s+)?(?:screen|all)(?:\s*,\s*(?:only\s+)?(?:screen|all))*\s*$", re.IGNORECASE
)
_SHOWN_STYLE = re.compile(
    r"(?:^|;)\s*(?:display\s*:\s*(?!none\b)[a-z-]+|visibility\s*:\s*visible|content-visibility\s*:\s*(?:visible|auto))",
    re.IGNORECASE,
)
# a declaration that displays an element and wins over an inline style
_SHOWN_IMPORTANT = re.compile(
    r"(?:^|;)\s*(?:display\s*:\s*(?!none\b)[a-z-]+|visibility\s*:\s*visible)\s*!\s*important", re.IGNORECASE
)
# generated content: a "content:" declaration's value, its quoted strings, a CSS escape ("\2022 ")
_CONTENT = re.compile(r"(?:^|;)\s*content\s*:([^;]*)", re.IGNORECASE)
_CONTENT_STRING = re.compile(r"([\"'])(.*?)\1", re.DOTALL)
_CSS_ESCAPE = re.compile(r"\\([0-9a-fA-F]{1,6})\s?|\\(.)")


def _adds_digits(declarations: str) -> bool:
    """Whether a rule's generated content may draw a digit: a string holding one once its CSS
    escapes are read ('"1"', not the bullet '"\\2022"' or an icon font's '"\\f00c"'), or an
    element's attribute ('attr(data-p)': what it holds is not read here). A counter() is list
    numbering, no figure."""
    for m in _CONTENT.finditer(declarations):
        value = m.group(1)
        if "attr(" in value.lower():
            return True
        for string in _CONTENT_STRING.finditer(value):
            text = _CSS_ESCAPE.sub(lambda e: _css_char(e.group(1)) if e.group(1) else e.group(2), string.group(2))
            if any("0" <= c <= "9" for c in text):
                return True
    return False


def _css_char(code: str) -> str:
    n = int(code, 16)
    return chr(n) if 0 < n <= 0x10FFFF and not 0xD800 <= n <= 0xDFFF else "\ufffd"
_ADDED_AT = re.compile(r"::?(?:before|after)\s*$", re.IGNORECASE)
_PSEUDO_ELEMENT = re.compile(r"::|:(?:before|after|first-line|first-letter)\b", re.IGNORECASE)
# a pseudo-class without arguments (":hover", ":focus", ":first-child"): a state or position
_PSEUDO_CLASS = re.compile(r"(?<!:):(?!:)[a-z-]+(?![\w(-])", re.IGNORECASE)
# the last compound of a selector: its subject, the element the rule styles
_SUBJECT = re.compile(r"([a-z][a-z0-9-]*)?((?:[.#][\w-]+|\[[^\]]*\]|:[\w-]+(?:\([^)]*\))?)*)\s*$", re.IGNORECASE)
_SUBJECT_PART = re.compile(r"[.#][\w-]+")
# the whole page: "html{display:none}" until a script shows it is the common guard against being
# framed by another site; hiding the page's root would withhold every claim the page backs
_PAGE_ROOTS = frozenset({"html", "body"})


def _css_rules(css: str) -> list[tuple[str, str, bool]]:
    """(selector list, declarations, whether it applies on every screen) of each rule of a style
    sheet, in order; a rule inside a conditional at-rule does not. One pass over the braces:
    linear. A block left unclosed is closed by the end of the sheet, as CSS does; a stray closing
    brace is passed over."""
    css = _CSS_COMMENT.sub(" ", css)
    rules: list[tuple[str, str, bool]] = []
    open_blocks: list[tuple[str, int]] = []  # (prelude, where its body starts)
    start = 0
    for m in _CSS_BRACE.finditer(css):
        if m.group() == "{":
            # "@import url(x); .a{": the prelude is what follows the last statement
            open_blocks.append((css[start : m.start()].rsplit(";", 1)[-1].strip(), m.end()))
        elif open_blocks:
            prelude, body_start = open_blocks.pop()
            _keep_rule(rules, prelude, css[body_start : m.start()], open_blocks)
        start = m.end()
    while open_blocks:
        prelude, body_start = open_blocks.pop()
        _keep_rule(rules, prelude, css[body_start:], open_blocks)
    return rules


def _keep_rule(rules: list[tuple[str, str, bool]], prelude: str, body: str, outer: list[tuple[str, int]]) -> None:
    if "{" in body or not prelude or prelude.startswith("@"):
        return  # a block of rules (an at-rule's, a nesting rule's): its inner rules were kept on their own
    rules.append((prelude, body, all(_CSS_UNCONDITIONAL_AT.match(p) for p, _ in outer)))


def _selectors(prelude: str, *, pseudo_elements: bool = False) -> list[str]:
    """A selector list split at its top-level commas (":is(.a, .b)" stays one selector); those
    naming a pseudo-element ("::before") left out unless ``pseudo_elements``."""
    out, depth, start = [], 0, 0
    for i, ch in enumerate(prelude):
        if ch in "([":
            depth += 1
        elif ch in ")]":
            depth = max(depth - 1, 0)
        elif ch == "," and depth == 0:
            out.append(prelude[start:i].strip())
            start = i + 1
    out.append(prelude[start:].strip())
    return [s for s in out if s and (pseudo_elements or not _PSEUDO_ELEMENT.search(s))]


def _query(selector: str, broaden: bool) -> str | None:
    """The selector as the parser is asked it, or None when it cannot read it. ``broaden``: read
    with fewer conditions — its state and position pseudo-classes dropped (":hover", which the
    parser never matches, ":first-child"), and when the parser cannot read what is left, its
    subject's tag, classes and id alone — so it matches at least the elements it could style,
    never fewer."""
    tries = [selector]
    if broaden:
        tries = [_PSEUDO_CLASS.sub("", selector).strip()]
        if (m := _SUBJECT.search(selector)) and (parts := (m.group(1) or "") + "".join(_SUBJECT_PART.findall(m.group(2)))):
            tries.append(parts)
    return next((q for q in tries if q and _readable(q)), None)


@lru_cache(maxsize=4096)
def _readable(query: str) -> bool:
    try:
        _PROBE.css(query)
    except Exception:  # selectolax raises its own error for a selector it cannot parse
        return False
    return True


_PROBE = LexborHTMLParser("<p></p>")
_BATCH = 200  # selectors asked in one query: one walk of the page for many rules


def _matched(tree: LexborHTMLParser, queries: set[str]) -> dict[int, LexborNode]:
    """The elements (by ``mem_id``) the readable selectors style, the page's root left out."""
    ordered = sorted(queries)
    out: dict[int, LexborNode] = {}
    for k in range(0, len(ordered), _BATCH):
        out.update((n.mem_id, n) for n in tree.css(", ".join(ordered[k : k + _BATCH])) if n.tag not in _PAGE_ROOTS)
    return out


def _style_sheets(tree: LexborHTMLParser) -> list[tuple[str, str, bool]]:
    """Every rule of the page's <style> blocks (``_css_rules``), read once per page."""
    return [rule for node in tree.css("style") for rule in _css_rules(node.text() or "")]


def shows_again(declarations: str) -> bool:
    """Whether declarations (a style attribute) display an element (``display:block``, …)."""
    return _SHOWN_STYLE.search(declarations) is not None


def runs_scripts(html: str) -> bool:
    """Whether a page runs scripts (a script that is no JSON data block, an inline handler)."""
    return _SCRIPTED.search(html) is not None


_SUBJECT_ATTR = re.compile(r"\[[^\]]*\]")


def css_showing(css: str) -> Callable[[str, dict[str, str | None]], bool] | None:
    """For a document whose HTML comes in pieces (a Markdown report's blocks): whether a rule of
    ``css`` may display an element of this tag and these attributes, read by the rule's subject
    alone (its tag, classes, id and attribute tests: "[hidden]{display:block}" displays every
    hidden element, ".kpi{display:grid}" only a .kpi). None when no rule displays anything."""
    queries = set()
    for prelude, body, _ in _css_rules(css):
        if not _SHOWN_STYLE.search(body):
            continue
        queries.update(_subject_query(selector) for selector in _selectors(prelude))
    if not queries:
        return None

    def shows(tag: str, attrs: dict[str, str | None]) -> bool:
        written = " ".join(k if v is None else f'{k}="{html_escape(v, quote=True)}"' for k, v in attrs.items())
        tree = LexborHTMLParser(f"<body><{tag} {written}></{tag}></body>")
        return any(node.tag == tag for node in _matched(tree, queries).values())

    return shows


# pseudo-classes the parser decides from the page as it stands (structure and logic); any other
# (":hover", ":checked", ":target", also inside ":not()") depends on what the reader does
_STATIC_PSEUDO = re.compile(
    r"not|is|where|has|(?:first|last|only|nth|nth-last)-(?:child|of-type)|empty|root|lang|dir", re.IGNORECASE
)
# a pseudo-class's name (not an escaped colon in a class name: Tailwind's ".print\:hidden")
_ANY_PSEUDO = re.compile(r"(?<![:\\]):([a-z-]+)", re.IGNORECASE)
# a combinator: the selector names the element's place among others ("p > .x", ".box .x")
_COMBINATOR = re.compile(r"[\s>+~]")
UNDECIDED_WHY = "a <style> rule may hide it (its selector cannot be decided here)"


def _decided(selector: str, in_pieces: bool) -> bool:
    """Whether the parser's match of a selector, as written, is the page's: no pseudo-class that
    hangs on the reader's state; ``in_pieces`` (a Markdown report's HTML, read block by block,
    its ancestors and siblings in other pieces): no combinator and no pseudo-class at all."""
    bare = _SUBJECT_ATTR.sub("[]", selector)
    if in_pieces:
        return not _COMBINATOR.search(bare.strip()) and not _ANY_PSEUDO.search(bare)
    return all(_STATIC_PSEUDO.fullmatch(m.group(1)) for m in _ANY_PSEUDO.finditer(bare))


def _subject_query(selector: str) -> str:
    """The selector's subject alone (its tag, classes, id and attribute tests, the state dropped):
    the elements it may style wherever they stand; "*" when that cannot be read."""
    m = _SUBJECT.search(_PSEUDO_CLASS.sub("", selector).strip())
    q = ((m.group(1) or "") + "".join(_SUBJECT_PART.findall(m.group(2))) + "".join(_SUBJECT_ATTR.findall(m.group(2)))) if m else ""
    return q if q and _readable(q) else "*"


def style_hiding(
    tree: LexborHTMLParser, rules: list[tuple[str, str, bool]], *, in_pieces: bool = False
) -> dict[int, tuple[LexborNode, str, str]]:
    """Saved sources and reports alike: the elements (``mem_id``) a concealing rule among
    ``rules`` (``_css_rules``; unconditional ones only) styles, each as (node, how, why).

    ``("hidden", "")``: a rule that takes it off the page (``style_concealment``) matches it as
    written. ``("unsure", why)``: a rule that draws it where no eye sees it (no size, no opacity,
    off the screen) matches it. ``("undecided", why)``: a concealing rule whose selector cannot
    be decided here (``_decided``: a reader's state, a selector the parser cannot read, a
    Markdown report's piece) may style it — read with its conditions dropped (``_query``; in
    pieces, its subject alone), so it names at least every element it may hide. Text a rule may
    hide must neither back a claim (a saved source drops every element here) nor be read as
    certainly shown (a report reads it as written, and its sentence cannot pass)."""
    exact: dict[tuple[str, str], set[str]] = {}
    undecided: set[str] = set()
    for prelude, body, always in rules:
        if not always or (how := style_concealment(body)) is None:
            continue
        for selector in _selectors(prelude):
            if q := _query(selector, broaden=False) if _decided(selector, in_pieces) else None:
                # grouped by the way, not the declaration: one walk of the page a way
                exact.setdefault((how[0], f"{how[1]} (by a <style> rule)" if how[1] else ""), set()).add(q)
            elif wider := _subject_query(selector) if in_pieces else _query(selector, broaden=True):
                undecided.add(wider)
    out = {k: (n, "undecided", UNDECIDED_WHY) for k, n in (_matched(tree, undecided) if undecided else {}).items()}
    # a rule that takes the element off the page wins over one that only draws it unseen
    for (how, why), queries in sorted(exact.items(), key=lambda item: item[0][0] == "hidden"):
        out.update((k, (n, how, why)) for k, n in _matched(tree, queries).items())
    return out


def source_style_hidden(tree: LexborHTMLParser) -> frozenset[int]:
    """Saved sources: the elements (``mem_id``) a hiding rule of the page's <style> blocks may
    style (``style_hiding``, fail-closed: a selector not decided as written hides at least what
    it may hide; a rule that shows an element again is not weighed against it). Hidden text
    backing a claim publishes a figure no reader saw (a wrong PASS); visible text read as hidden
    can only leave a claim undecided or failed."""
    return frozenset(style_hiding(tree, _style_sheets(tree)))


# a script that runs (not a JSON data block) or an inline event handler ("onclick=")
_SCRIPTED = re.compile(
    r"<script\b(?![^>]*\btype\s*=\s*[\"']?application/(?:ld\+)?json)|\son[a-z]+\s*=", re.IGNORECASE
)


def report_style_hiding(
    tree: LexborHTMLParser, html: str, markup_visibility: Callable[[dict[str, str | None]], tuple[str, str] | None],
    page_css: str = "",
) -> dict[int, tuple[str, str]]:
    """Reports: the elements (``mem_id``) a rule of the page's <style> blocks hides, as
    ``report_visibility`` reads them. Hiding is read as for saved sources (``style_hiding``, one
    reading for both): a rule that takes an element off the page and matches it as written hides
    it (".res span.fx", "p > span[data-k]", "#sec3 .b"); one that draws it unseen (opacity, size,
    off the screen) leaves it unsure (out of the text, noted); one whose selector cannot be
    decided here (":hover", a selector the parser cannot read, a Markdown report's piece whose
    ancestors stand elsewhere) leaves it ``("undecided", why)``: read as written, noted. A
    report's text must neither go unchecked nor pass on a reading the page does not show. An element another rule may show again (any selector, conditional rules
    included: "@media print{.x{display:block}}", ".x.open{display:inline}") is unsure, not hidden:
    which rule wins is not weighed here, and a claim there must not publish unchecked. So is an
    element whose own ``style`` shows it (an inline style wins over a rule: the open tab of
    ``.tab{display:none}`` carries ``style="display:block"``), and every rule-hidden element of a
    page that runs scripts (``html``: the page's text, read for them): a script shows tabs,
    accordions and dialogs a rule hides, and which ones are on screen is not known here.

    Markup hides too, and a rule may undo it: the ``hidden`` attribute and the hiding classes
    lose to any rule that displays the element ("[hidden]{display:block}", a reset's
    "section{display:block}"), an inline ``display:none`` to an ``!important`` one; such an
    element is unsure as well. A rule that writes digits into an element's ``::before`` or
    ``::after`` draws a figure the text does not hold ('.pct::before{content:"1"}' turns "5%" into
    "15%"): the element is ``("added", why)`` — read as written, and its sentence cannot pass.
    ``markup_visibility``: how the element's own attributes show it (``html.report_visibility``);
    ``page_css``: rules from elsewhere in the document (a Markdown report's <style> blocks)."""
    rules = _style_sheets(tree) + (_css_rules(page_css) if page_css else [])
    if not rules:
        return {}
    styled = style_hiding(tree, rules, in_pieces=bool(page_css))
    showing = {q for prelude, body, _ in rules if _SHOWN_STYLE.search(body)
               for selector in _selectors(prelude) if (q := _query(selector, broaden=True))}
    forcing = {q for prelude, body, _ in rules if _SHOWN_IMPORTANT.search(body)
               for selector in _selectors(prelude) if (q := _query(selector, broaden=True))}
    hidden = {k: node for k, (node, how, _) in styled.items() if how == "hidden"}
    shown_nodes = _matched(tree, showing) if showing else {}
    shown = set(shown_nodes)
    scripted = bool(hidden) and _SCRIPTED.search(html) is not None
    # drawn unseen, or a rule whose reach is not decided: unsure whatever else may show it
    out: dict[int, tuple[str, str]] = {k: (how, why) for k, (_, how, why) in styled.items() if how != "hidden"}
    for k, node in hidden.items():
        if _SHOWN_STYLE.search(node.attributes.get("style") or ""):
            out[k] = ("unsure", "hidden by a <style> rule, shown by its own style attribute")
        elif k in shown:
            out[k] = ("unsure", "hidden by a <style> rule that another rule may override")
        elif scripted:
            out[k] = ("unsure", "hidden by a <style> rule on a page whose scripts may show it")
        else:
            out[k] = ("hidden", "")
    forced = set(_matched(tree, forcing)) if forcing else set()
    for k, node in shown_nodes.items():
        attrs = node.attributes or {}
        if k in out or (markup_visibility(attrs) or ("",))[0] != "hidden":
            continue
        by_markup = (markup_visibility({a: v for a, v in attrs.items() if a != "style"}) or ("",))[0] == "hidden"
        if by_markup or k in forced:
            out[k] = ("unsure", "hidden by its markup, shown by a <style> rule")
    adding = {q for prelude, body, _ in rules if "content" in body.lower() and _adds_digits(body)
              for selector in _selectors(prelude, pseudo_elements=True) if (m := _ADDED_AT.search(selector))
              and (q := _query(selector[: m.start()].strip() or "*", broaden=True))}
    for k in _matched(tree, adding) if adding else {}:
        out.setdefault(k, ("added", "a <style> rule writes digits into its ::before/::after"))
    return out
