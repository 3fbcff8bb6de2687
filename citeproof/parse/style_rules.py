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
and matches it as written hides it, unless a later or weightier rule shows it again (the cascade,
``_Cascade``, for each property that hides); text drawn unseen (no size, no opacity, off the screen) or
that a rule not decided here (":hover", a selector the parser cannot read) may hide is unsure.
Then two directions of caution: a saved source drops all of it (``source_style_hidden``: hidden
text must never back a claim); a report drops only the surely hidden, and its sentence holding
unsure text cannot pass (nor fail by that text's absence: ``pipeline._read_with_unsure``), nor can
one holding text another rule or the page's scripts may show again (an element's own style
attribute is weighed in the cascade) (``report_style_hiding``: text of a report must never go
unchecked, nor pass on a reading the page does not show).
"""

from __future__ import annotations

import colorsys
import re
from collections.abc import Callable, Iterator
from html import escape as html_escape
from functools import lru_cache

from selectolax.lexbor import LexborHTMLParser, LexborNode

from citeproof.values.lexicon import data_json

# display:none, visibility:hidden … in a style attribute or a rule's declarations
HIDDEN_STYLE = re.compile(
    r"(?:^|;)\s*(?:display\s*:\s*none|visibility\s*:\s*(?:hidden|collapse)|content-visibility\s*:\s*hidden)\b",
    re.IGNORECASE,
)
# Shown in the page's layout but drawn so no one sees it (no opacity or next to none, below a
# tenth; a filter to none): the text is in the sentence for a copy-paste or a screen reader, not
# for the eye. Size and colour are read by value (``_drawn_faint``): they depend on the page around.
_FAINT_ALPHA = r"(?:0?\.0\d*|0|\d(?:\.\d+)?%)"
INVISIBLE_STYLE = re.compile(
    rf"(?:^|;)\s*(?:opacity\s*:\s*{_FAINT_ALPHA}\s*(?:;|$|!)|filter\s*:[^;]*\bopacity\(\s*{_FAINT_ALPHA}\s*\))",
    re.IGNORECASE,
)
# A saved source's text drawn where no one sees it: pushed off the screen, clipped to nothing, or
# in a box of no height that hides its overflow. Such text never backs a claim (it is the trick a
# page uses to carry words for search engines, not for readers).
_OFF_SCREEN_STYLE = re.compile(
    r"(?:^|;)\s*(?:(?:left|top|right|text-indent)\s*:\s*-\d{3,}(?:\.\d+)?(?:px|em|rem)?"
    r"|clip\s*:\s*rect\(\s*0(?:px)?[\s,]+0(?:px)?[\s,]+0(?:px)?[\s,]+0(?:px)?\s*\)"
    r"|clip-path\s*:\s*inset\(\s*(?:[5-9]\d(?:\.\d+)?|100)%"
    # moved a thousand pixels away, or scaled to nothing ("scale(0)", "scaleX(0)", "scale(1, 0)")
    r"|margin(?:-left|-right|-top)?\s*:[^;]*-\d{4,}"
    r"|transform\s*:[^;]*\b(?:translate(?:[XY]|3d)?\([^)]*-\d{4,}|scale[XY]?\(\s*0(?:\.0+)?\s*[,)]|scale\([^,)]+,\s*0(?:\.0+)?\s*\)))",
    re.IGNORECASE,
)
# a box of no height or no width ("max-width:0"): with its overflow hidden, its text is cut away
_ZERO_BOX = re.compile(r"(?:^|;)\s*(?:max-)?(?:height|width)\s*:\s*0(?:px|em|rem|%)?\s*(?:;|$|!)", re.IGNORECASE)
_OVERFLOW_HIDDEN = re.compile(r"(?:^|;)\s*overflow\s*:\s*hidden", re.IGNORECASE)


# why a report's text drawn where no eye sees it stays out of the claim but keeps it from passing
UNSEEN_WHY = "styled not to be seen"
HEARD_ONLY_WHY = "placed off the screen or in a box of no size: read aloud by screen readers, not shown"


def style_concealment(declarations: str, *, inherited: bool = True) -> tuple[str, str, str] | None:
    """How declarations (a style attribute, a rule's body) keep an element's text from the eye,
    as (how, why, the declaration that does it): ``"hidden"`` not displayed at all (no reader
    gets it); ``"unsure"`` displayed but drawn where no one sees it — no size, no opacity, white
    or transparent colour (``UNSEEN_WHY``), off the screen, clipped to nothing, a zero-height box
    hiding its overflow (``HEARD_ONLY_WHY``: a screen reader still reads it). None: shown.
    Saved sources and reports read declarations alike; a source drops both kinds, a report drops
    the first and keeps the second's sentence from passing. ``inherited``: weigh a size below
    reading and a colour faint on its own background (or the page's white) here; False where the
    page around weighs them (``_inherited_unseen``: a child's own size or colour shows it again)."""
    if m := HIDDEN_STYLE.search(declarations):
        return "hidden", "", m.group().strip(" ;")
    if inherited and (faint := _drawn_faint(declarations)):
        return "unsure", UNSEEN_WHY, faint
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


# one declaration of a rule's body or a style attribute: (property, value)
_DECLARATION = re.compile(r"(?:^|;)\s*(-?[a-z][a-z-]*)\s*:\s*([^;]*)", re.IGNORECASE)
_IMPORTANT = re.compile(r"!\s*important\s*$", re.IGNORECASE)


def _values(declarations: str, *props: str) -> list[str]:
    """The values declarations give these properties, in order, ``!important`` left off."""
    return [" ".join(_IMPORTANT.sub("", m.group(2)).split()) for m in _DECLARATION.finditer(declarations)
            if m.group(1).lower() in props]


_SIZE = re.compile(r"(\d*\.?\d+)(px|pt|em|rem|%)?", re.IGNORECASE)
# below these no glyph can be read: 4px, 3pt, a quarter of an em, a quarter of the parent's size
_LEAST_SIZE = {"px": 4.0, "pt": 3.0, "em": 0.25, "rem": 0.25, "%": 25.0}
# a size taken from the parent: it shows nothing again
_INHERITING = frozenset({"inherit", "unset", "revert", "revert-layer"})


def _size_unseen(value: str) -> bool | None:
    """Whether a font size draws text too small to read; None when it is not read here (a
    ``var()``, a ``calc()``, an inherited size): such a size neither hides nor shows again."""
    v = value.strip().lower()
    if m := _SIZE.fullmatch(v):
        if m.group(2) is None:
            return True if float(m.group(1)) == 0 else None  # a bare number other than 0 is no size
        return float(m.group(1)) < _LEAST_SIZE[m.group(2).lower()]
    if re.fullmatch(r"[a-z-]+", v) and v not in _INHERITING:
        return False  # a keyword size ("small", "larger", "initial"): readable
    return None


Colour = tuple[float, float, float, float]
WHITE: Colour = (255.0, 255.0, 255.0, 1.0)
_COLOUR_TOKEN = re.compile(r"#[0-9a-f]{3,8}\b|(?:rgba?|hsla?)\([^)]*\)|\b[a-z]+\b", re.IGNORECASE)
_NUMBER = re.compile(r"-?\d*\.?\d+%?")
# a text colour this close to its background (WCAG contrast ratio; 1 is the same colour, 21
# black on white) draws text no eye tells from the ground
_FAINT_CONTRAST = 1.2


def _colour(value: str) -> Colour | None:
    """A CSS colour as (red, green, blue 0-255, alpha 0-1): hex, rgb()/rgba(), hsl()/hsla(),
    ``transparent`` and the keywords of ``css_colours.json``; None when not read here."""
    v = value.strip().lower()
    if v == "transparent":
        return (0.0, 0.0, 0.0, 0.0)
    if named := data_json("css_colours.json")["named"].get(v):
        v = named
    if v.startswith("#") and len(v) in (4, 5, 7, 9) and re.fullmatch(r"#[0-9a-f]+", v):
        digits = v[1:]
        if len(digits) <= 4:
            digits = "".join(c * 2 for c in digits)
        parts = [int(digits[i : i + 2], 16) for i in range(0, len(digits), 2)]
        return (float(parts[0]), float(parts[1]), float(parts[2]), parts[3] / 255 if len(parts) == 4 else 1.0)
    m = re.fullmatch(r"(rgba?|hsla?)\((.*)\)", v)
    if not m:
        return None
    nums = _NUMBER.findall(m.group(2))
    if len(nums) < 3:
        return None

    def num(t: str, scale: float) -> float:
        return float(t[:-1]) * scale / 100 if t.endswith("%") else float(t)

    alpha = min(max(num(nums[3], 1.0), 0.0), 1.0) if len(nums) > 3 else 1.0
    if m.group(1).startswith("rgb"):
        return (num(nums[0], 255), num(nums[1], 255), num(nums[2], 255), alpha)
    # hue in degrees, saturation and lightness in percent (the "%" optional in newer syntax)
    h, sat, light = (float(t.rstrip("%")) for t in nums[:3])
    r, g, b = colorsys.hls_to_rgb(h % 360 / 360, min(max(light / 100, 0.0), 1.0), min(max(sat / 100, 0.0), 1.0))
    return (r * 255, g * 255, b * 255, alpha)


def _colours_in(value: str) -> list[Colour]:
    """The colours a ``background`` value paints (its colour, a gradient's stops)."""
    return [c for t in _COLOUR_TOKEN.findall(value) if (c := _colour(t)) is not None]


@lru_cache(maxsize=4096)
def _luminance(c: Colour) -> float:
    def channel(x: float) -> float:
        x = min(max(x, 0.0), 255.0) / 255
        return x / 12.92 if x <= 0.03928 else ((x + 0.055) / 1.055) ** 2.4
    return 0.2126 * channel(c[0]) + 0.7152 * channel(c[1]) + 0.0722 * channel(c[2])


def _over(c: Colour, ground: Colour) -> Colour:
    """A see-through colour as drawn on an opaque one."""
    return (*(c[i] * c[3] + ground[i] * (1 - c[3]) for i in range(3)), 1.0)  # type: ignore[return-value]


def _faint(text: Colour, grounds: list[Colour]) -> bool:
    """Whether text of this colour is lost on any of these backgrounds (each drawn on the page's
    white; the text drawn on it, so a see-through colour is as faint as its opacity): a contrast
    ratio below ``_FAINT_CONTRAST``. Any of them, so a gradient or rules in doubt do not hide it."""
    for ground in grounds:
        under = _over(ground, WHITE)
        a, b = _luminance(_over(text, under)), _luminance(under)
        if (max(a, b) + 0.05) / (min(a, b) + 0.05) < _FAINT_CONTRAST:
            return True
    return False


def _ground(declarations: str) -> list[Colour] | None:
    """The background colours declarations paint (see-through ones left out); None when they
    paint none; [WHITE] when they paint one not read here (an image, a ``var()``)."""
    values = _values(declarations, "background", "background-color")
    if not values:
        return None
    colours = [c for v in values for c in _colours_in(v)]
    if colours:
        return [c for c in colours if c[3] > 0] or None
    return None if all(v.lower() in ("none", "transparent", "inherit", "initial", "unset") for v in values) else [WHITE]


def _drawn_faint(declarations: str) -> str | None:
    """Declarations alone (a style attribute; a rule read without the page around): the one that
    draws text no eye reads — a size below reading, or a colour lost on the background they paint
    (the page's white when they paint none)."""
    grounds: list[Colour] | None = None
    for m in _DECLARATION.finditer(declarations):
        prop, value = m.group(1).lower(), " ".join(_IMPORTANT.sub("", m.group(2)).split())
        if prop == "font-size" and _size_unseen(value):
            return m.group().strip(" ;")
        if prop == "color" and (c := _colour(value)) is not None:
            grounds = grounds or _ground(declarations) or [WHITE]
            if _faint(c, grounds):
                return m.group().strip(" ;")
    return None


def on_ground(declarations: str, around: str) -> str:
    """Declarations as drawn on the background ``around`` (the declarations of the nearest element
    painting one, the element itself first) paints: text is read on the ground under it, not on
    the page's white (white '<font>' in a navy '<td bgcolor>' is seen; rt37 c1)."""
    if _ground(around) is None:
        return declarations
    return "".join(f"background-color:{v};" for v in _values(around, "background", "background-color")) + declarations


_KEYFRAMES = re.compile(r"@(?:-webkit-|-moz-|-o-)?keyframes\s+[\"']?([\w-]+)", re.IGNORECASE)


def _keyframes(css: str) -> dict[str, str]:
    """The final frame (``to``, ``100%``) of each ``@keyframes`` of a style sheet, by name (the
    last of a name wins, as in CSS)."""
    out: dict[str, str] = {}
    for prelude, body, outer in _css_blocks(css):
        if outer and (k := _KEYFRAMES.match(outer[-1])) and any(
            f.strip().lower() in ("to", "100%") for f in prelude.split(",")
        ):
            out[k.group(1)] = body
    return out


def _opacity(value: str) -> float | None:
    v = value.strip()
    try:
        return float(v[:-1]) / 100 if v.endswith("%") else float(v)
    except ValueError:
        return None


def _settled(declarations: str, keyframes: dict[str, str]) -> str:
    """A rule's declarations once its animation has run: the ``opacity`` an animation that keeps
    its last frame (fill mode ``forwards`` or ``both``) and ends every named ``@keyframes`` seen
    (opacity of a tenth or more) leaves out — the fade-in of a dashboard's card; one that keeps
    a last frame ending unseen adds ``opacity:0`` — a fade-out leaves the text drawn unseen,
    whatever the rule declares before it runs (rt36b c1). An animation whose frames are not
    found or that does not keep its end: unchanged."""
    lower = declarations.lower()
    if not keyframes or "animation" not in lower:
        return declarations
    words = [w for v in _values(declarations, "animation", "animation-name", "animation-fill-mode")
             for w in re.findall(r"[\w-]+", v)]
    names = [w for w in words if w in keyframes]
    if not names or not {"forwards", "both"} & {w.lower() for w in words}:
        return declarations
    last = [_last_opacity(keyframes[name]) for name in names]
    if any(o is not None and o < 0.1 for o in last):
        return f"{declarations};opacity:0"
    if "opacity" not in lower or any(o is None for o in last):
        return declarations
    return _OPACITY_DECLARATION.sub("", declarations)


def _last_opacity(frame: str) -> float | None:
    """The opacity a final ``@keyframes`` frame sets (its last one), None for none read."""
    ends = [o for v in _values(frame, "opacity") if (o := _opacity(v)) is not None]
    return ends[-1] if ends else None


_OPACITY_DECLARATION = re.compile(r"(?:^|(?<=;))\s*opacity\s*:[^;]*", re.IGNORECASE)


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
# characters drawn in the opposite order to the text's: a bidi override running right to left
_BIDI_OVERRIDE = re.compile(r"unicode-bidi\s*:\s*(?:bidi-override|isolate-override)", re.IGNORECASE)
_RIGHT_TO_LEFT = re.compile(r"(?:^|;)\s*direction\s*:\s*rtl", re.IGNORECASE)
REVERSED_WHY = "drawn right to left by a bidi override: the text's '12' shows as '21'"


def draws_reversed(declarations: str, direction: str = "") -> bool:
    """Whether declarations draw an element's characters right to left against their order
    (``unicode-bidi: bidi-override`` with ``direction: rtl``, or its ``dir="rtl"``): the text
    reads '45' and the page shows '54' (rt36b c2)."""
    return _BIDI_OVERRIDE.search(declarations) is not None and (
        _RIGHT_TO_LEFT.search(declarations) is not None or direction.strip().lower() == "rtl")


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
    sheet, in order; a rule inside a conditional at-rule does not."""
    rules: list[tuple[str, str, bool]] = []
    for prelude, body, outer in _css_blocks(css):
        if "{" in body or not prelude or prelude.startswith("@"):
            continue  # a block of rules (an at-rule's, a nesting rule's): its inner rules are kept on their own
        rules.append((prelude, body, all(_CSS_UNCONDITIONAL_AT.match(p) for p in outer)))
    return rules


def _css_blocks(css: str) -> Iterator[tuple[str, str, list[str]]]:
    """(prelude, body, the enclosing blocks' preludes, outermost first) of each block of a style
    sheet, inner blocks before the block holding them. One pass over the braces: linear. A block
    left unclosed is closed by the end of the sheet, as CSS does; a stray closing brace is passed
    over."""
    css = _CSS_COMMENT.sub(" ", css)
    open_blocks: list[tuple[str, int]] = []  # (prelude, where its body starts)
    start = 0
    for m in _CSS_BRACE.finditer(css):
        if m.group() == "{":
            # "@import url(x); .a{": the prelude is what follows the last statement
            open_blocks.append((css[start : m.start()].rsplit(";", 1)[-1].strip(), m.end()))
        elif open_blocks:
            prelude, body_start = open_blocks.pop()
            yield prelude, css[body_start : m.start()], [p for p, _ in open_blocks]
        start = m.end()
    while open_blocks:
        prelude, body_start = open_blocks.pop()
        yield prelude, css[body_start:], [p for p, _ in open_blocks]


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


def _matched(tree: LexborHTMLParser, queries: set[str], *, roots: bool = False) -> dict[int, LexborNode]:
    """The elements (by ``mem_id``) the readable selectors style, the page's root left out
    unless ``roots`` (a page's background is its body's)."""
    ordered = sorted(queries)
    out: dict[int, LexborNode] = {}
    for k in range(0, len(ordered), _BATCH):
        out.update((n.mem_id, n) for n in tree.css(", ".join(ordered[k : k + _BATCH])) if roots or n.tag not in _PAGE_ROOTS)
    return out


def _style_sheets(tree: LexborHTMLParser) -> list[tuple[str, str, bool]]:
    """Every rule of the page's <style> blocks (``_css_rules``), read once per page."""
    return [rule for node in tree.css("style") for rule in _css_rules(node.text() or "")]


def _style_text(tree: LexborHTMLParser) -> str:
    """The page's <style> blocks, one sheet."""
    return "\n".join(node.text() or "" for node in tree.css("style"))


def _paints_page(prelude: str, always: bool) -> bool:
    """Whether a rule styles the page itself: on every screen, naming only ``html`` or ``body``."""
    return always and all(s.strip().lower() in ("html", "body") for s in prelude.split(","))


def paints_beyond_page(tree: LexborHTMLParser, page_css: str = "") -> bool:
    """Whether a rule other than those painting the page itself (``page_ground``) declares a background."""
    return any("background" in body.lower() for prelude, body, always in _style_sheets(tree) + _css_rules(page_css)
               if not _paints_page(prelude, always))


def page_ground(tree: LexborHTMLParser, page_css: str = "") -> str:
    """The background declarations the page's own rules paint under all its text (the last
    ``body`` rule painting one, else the last ``html`` rule's), "" for none: white text on a
    ``body{background:#111}`` page is seen, as on a dark ``bgcolor`` (unsure rt37)."""
    painted = {"html": "", "body": ""}
    for prelude, body, always in _style_sheets(tree) + _css_rules(page_css):
        if _paints_page(prelude, always) and on_ground("", body):
            for selector in prelude.split(","):
                painted[selector.strip().lower()] = body
    return painted["body"] or painted["html"]


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
    tree: LexborHTMLParser, rules: list[tuple[str, str, bool]], *, in_pieces: bool = False,
    keyframes: dict[str, str] | None = None,
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
    certainly shown (a report reads it as written, and its sentence cannot pass).

    A rule's ``opacity:0`` an animation undoes (``_settled``, by the page's ``keyframes``) draws
    nothing unseen; a size or a colour is weighed where the text stands (``_inherited_unseen``)."""
    exact: dict[tuple[str, str], set[str]] = {}
    undecided: set[str] = set()
    cascade = _Cascade(tree, rules, in_pieces)
    lifted: dict[tuple[str, str], dict[int, LexborNode]] = {}  # matched, less what a later rule shows again
    for order, (prelude, body, always) in enumerate(rules):
        if not always:
            continue
        settled = _settled(body, keyframes or {})
        # an animation's last frame wins over every rule's declaration: no cascade undoes it
        concealing = _concealing(body) if settled == body else []
        body = settled
        # a size or a colour is weighed with the page around (``_inherited_unseen``) where the
        # selector is decided; alone (the page's white) where it is not
        how = style_concealment(body, inherited=False)
        if how is None and style_concealment(body) is None:
            continue
        for selector in _selectors(prelude):
            if q := _query(selector, broaden=False) if _decided(selector, in_pieces) else None:
                if how is None:
                    continue
                way = (how[0], f"{how[1]} (by a <style> rule)" if how[1] else "")
                if concealing and cascade.may_override(concealing):
                    # a later rule, or a weightier one, may show it again: weighed element by element
                    whole, partly = cascade.still_concealed(q, selector, concealing, order)
                    lifted.setdefault(way, {}).update(whole)
                    # shown again in part ("display:none;opacity:0" displayed): drawn, and unsure
                    lifted.setdefault(("unsure", f"{UNSEEN_WHY} (by a <style> rule)"), {}).update(partly)
                    continue
                # grouped by the way, not the declaration: one walk of the page a way
                exact.setdefault(way, set()).add(q)
            elif wider := _subject_query(selector) if in_pieces else _query(selector, broaden=True):
                undecided.add(wider)
    out = {k: (n, "undecided", UNDECIDED_WHY) for k, n in (_matched(tree, undecided) if undecided else {}).items()}
    out.update((k, (n, "unsure", f"{UNSEEN_WHY} (by a <style> rule)")) for k, n in _inherited_unseen(tree, rules, in_pieces).items())
    # a rule that takes the element off the page wins over one that only draws it unseen
    for (how, why) in sorted(set(exact) | set(lifted), key=lambda way: way[0] == "hidden"):
        queries = exact.get((how, why))
        out.update((k, (n, how, why)) for k, n in {**(_matched(tree, queries) if queries else {}),
                                                   **lifted.get((how, why), {})}.items())
    return out


# the parts of a selector its specificity counts: ids; classes, attribute tests and pseudo-classes; tags
_SPECIFIC_ID = re.compile(r"#[\w-]+")
_SPECIFIC_CLASS = re.compile(r"\.[\w-]+|\[[^\]]*\]|(?<!:):(?!:)[\w-]+")
_SPECIFIC_TAG = re.compile(r"(?:^|(?<=[\s>+~(,]))[a-z][a-z0-9-]*", re.IGNORECASE)


def _specificity(selector: str) -> tuple[int, int, int]:
    """A selector's specificity (ids, classes, tags). Every part is counted, also inside ":not()"
    or ":where()": more than a browser counts, never less (only a selector with no such function
    is weighed as one that shows text again: ``_Cascade``)."""
    bare = re.sub(r"\\.", "x", selector)  # an escaped character (".sm\\:gone") is part of its name
    return (len(_SPECIFIC_ID.findall(bare)), len(_SPECIFIC_CLASS.findall(bare)), len(_SPECIFIC_TAG.findall(bare)))


def _declared(body: str) -> list[tuple[str, str, bool]]:
    """Each declaration of a rule's body as (property, value, whether ``!important``)."""
    return [(m.group(1).lower(), " ".join(_IMPORTANT.sub("", m.group(2)).split()), bool(_IMPORTANT.search(m.group(2))))
            for m in _DECLARATION.finditer(body)]


def _concealing(body: str) -> list[tuple[str, bool]]:
    """The declarations of a rule that conceal its element each on its own ("display:none",
    "opacity:0"), as (property, ``!important``); none when it conceals only by several together
    (a box of no size hiding its overflow): a rule read whole is not weighed against others."""
    if style_concealment(body, inherited=False) is None:
        return []
    own = [(prop, important) for prop, value, important in _declared(body)
           if style_concealment(f"{prop}:{value}", inherited=False) is not None]
    return own if own else []


def _weighed(selector: str, in_pieces: bool) -> str | None:
    """The query of a selector of an unconditional rule that the cascade weighs (``_Cascade``):
    decided here as written, with no function whose specificity is not counted exactly; or None."""
    if "(" in selector or not _decided(selector, in_pieces):
        return None
    return _query(selector, broaden=False)


class _Cascade:
    """Which rule a page draws an element by, for the properties that hide it, as browsers decide:
    the declaration of the highest importance (``!important``), then specificity, then the last
    written wins (rt36b ctxfix 3: ".h{display:none} .h{display:inline}" shows the text). Only
    rules that apply on every screen, with a selector decided here and no function in it (whose
    specificity is counted exactly), are weighed as showing text again; what another rule may
    show is left to ``report_style_hiding``."""

    def __init__(self, tree: LexborHTMLParser, rules: list[tuple[str, str, bool]], in_pieces: bool) -> None:
        self._tree = tree
        self._matches: dict[str, dict[int, LexborNode]] = {}
        # property → (importance, specificity, order, query) of each declaration showing the element
        self.showing: dict[str, list[tuple[bool, tuple[int, int, int], int, str]]] = {}
        for order, (prelude, body, always) in enumerate(rules):
            if not always:
                continue
            shown = [(prop, important) for prop, value, important in _declared(body)
                     if style_concealment(f"{prop}:{value}", inherited=False) is None]
            if not shown:
                continue
            for selector in _selectors(prelude):
                if not (q := _weighed(selector, in_pieces)):
                    continue
                for prop, important in shown:
                    self.showing.setdefault(prop, []).append((important, _specificity(selector), order, q))

        # an element's own style attribute shows it again as the weightiest normal declaration:
        # it beats a rule's normal one, not its !important ('.tab{display:none}' and
        # style="display:block" draw the open tab)
        self._inline: dict[int, dict[str, bool]] = {}
        for node in tree.css("[style]"):
            shown_inline = {prop: important for prop, value, important in _declared(node.attributes.get("style") or "")
                            if style_concealment(f"{prop}:{value}", inherited=False) is None}
            if shown_inline:
                self._inline[node.mem_id] = shown_inline
        self._inline_props = {prop for props in self._inline.values() for prop in props}

    def may_override(self, concealing: list[tuple[str, bool]]) -> bool:
        return any(prop in self.showing or prop in self._inline_props for prop, _ in concealing)

    def _shown_inline(self, k: int, prop: str, important: bool) -> bool:
        inline = self._inline.get(k, {})
        return prop in inline and (inline[prop] or not important)

    def still_concealed(
        self, query: str, selector: str, concealing: list[tuple[str, bool]], order: int,
    ) -> tuple[dict[int, LexborNode], dict[int, LexborNode]]:
        """Of the elements ``query`` matches, those a rule concealing them by ``concealing``
        (written ``order``-th) still conceals — none of its concealing declarations outweighed
        by one that shows the element again — and those some but not all of them still conceal
        ("display:none;opacity:0" with only its display undone: drawn unseen)."""
        specificity = _specificity(selector)
        beaten = [{k for imp, spec, later, q in self.showing.get(prop, ())
                   if (imp, spec, later) > (important, specificity, order) for k in self._match(q)}
                  for prop, important in concealing]
        whole, partly = {}, {}
        for k, n in self._match(query).items():
            undone = sum(k in b or self._shown_inline(k, prop, important) for b, (prop, important) in zip(beaten, concealing))
            if undone == 0:
                whole[k] = n
            elif undone < len(beaten):
                partly[k] = n
        return whole, partly

    def _match(self, query: str) -> dict[int, LexborNode]:
        if query not in self._matches:
            self._matches[query] = _matched(self._tree, {query})
        return self._matches[query]


def _inherited_unseen(tree: LexborHTMLParser, rules: list[tuple[str, str, bool]], in_pieces: bool) -> dict[int, LexborNode]:
    """The elements whose rules draw their text too small to read or in a colour lost on its
    background, weighed where each piece of text stands: an element's size and colour pass to
    what it holds, so the nearest element declaring one (by a rule matched as written, or its
    style attribute) draws the text — a child's own size shows again what a ``font-size:0`` row
    hides (the gap trick of inline-block cards), white text on a dark card is seen. The
    background is the nearest one painted (the page's white when none is); a colour lost on
    it, or a rule in doubt among several (any of them faint), leaves the element unsure.
    Among the rules sizing or colouring one element the cascade decides (``_Outweighed``: a later
    or weightier weighed rule's ".h{font-size:16px}" after ".h{font-size:0}" shows it); one not
    weighed leaves each in play, and the element is unsure when any of them hides."""
    sizes: dict[str, set[str]] = {}  # a value read (a size, a colour, a background) → queries
    colours: dict[str, set[str]] = {}
    grounds: dict[tuple[Colour, ...], set[str]] = {}
    # each size and colour declared, weighed in the cascade (``_Cascade``): (weight, query, value, weighed)
    declared: dict[str, list[tuple[tuple[bool, tuple[int, int, int], int], str, str, bool]]] = {"font-size": [], "color": []}
    for order, (prelude, body, always) in enumerate(rules):
        lower = body.lower()
        if not always or not ("font-size" in lower or "color" in lower or "background" in lower):
            continue
        selected = [(sel, q) for sel in _selectors(prelude) if _decided(sel, in_pieces) and (q := _query(sel, broaden=False))]
        queries = [q for _, q in selected]
        for value in _values(body, "font-size"):
            if _size_unseen(value) is not None:
                sizes.setdefault(value, set()).update(queries)
        for value in _values(body, "color"):
            if _colour(value) is not None:
                colours.setdefault(value, set()).update(queries)
        for prop, value, important in _declared(body):
            if prop in declared:
                declared[prop] += [((important, _specificity(sel), order), q, value, _weighed(sel, in_pieces) is not None)
                                   for sel, q in selected]
        if (painted := _ground(body)) is not None:
            grounds.setdefault(tuple(painted), set()).update(queries)
    if not any(_size_unseen(v) for v in sizes):
        sizes = {}  # no rule sizes text below reading: a size declared anywhere shows nothing again
    if not (sizes or colours) or tree.body is None:
        return {}
    # one walk of the page per batch of selectors: which elements declare a size, a colour, a
    # background at all; then one per value that can be lost on a background the page paints
    # (most of a site's colours cannot: they are matched only as declaring one)
    styles = {n.mem_id: n.attributes.get("style") or "" for n in tree.css("[style]")}
    inline = [_values(style, "color", "background", "background-color") for style in styles.values()]
    all_colours = {c for v in colours if (c := _colour(v)) is not None} | {
        c for values in inline for v in values if (c := _colour(v)) is not None}
    all_grounds = {WHITE} | {c for painted in grounds for c in painted} | {
        c for values in inline for v in values for c in _colours_in(v)}
    size_declared = _matched(tree, {q for qs in sizes.values() for q in qs}, roots=True)
    outweighed = _Outweighed(tree)
    size_unseen = {k for weight, q, value, _ in declared["font-size"] if _size_unseen(value)
                   for k in outweighed.still_drawn(q, weight, declared["font-size"])}
    colour_declared = _matched(tree, {q for qs in colours.values() for q in qs}, roots=True)
    coloured: dict[int, list[Colour]] = {}
    for weight, q, value, _ in declared["color"]:
        if (c := _colour(value)) is not None and any(_faint(c, [g]) for g in all_grounds):
            for k in outweighed.still_drawn(q, weight, declared["color"]):
                coloured.setdefault(k, []).append(c)
    painted_declared = _matched(tree, {q for qs in grounds.values() for q in qs}, roots=True)
    painted_at: dict[int, list[Colour]] = {}
    for painted, queries in grounds.items():
        if any(_faint(c, list(painted)) for c in all_colours):
            for k in _matched(tree, queries, roots=True):
                painted_at.setdefault(k, []).extend(painted)
    out: dict[int, LexborNode] = {}
    seen: set[int] = set()
    for text in tree.body.traverse(include_text=True):
        if text.tag != "-text" or not (text.text_content or "").strip() or (holder := text.parent) is None:
            continue
        if holder.mem_id in seen:
            continue
        seen.add(holder.mem_id)
        size_at = colour_at = None
        ground: list[Colour] | None = None
        node: LexborNode | None = holder
        while node is not None and node.tag != "-document" and (size_at is None or colour_at is None or ground is None):
            style = styles.get(node.mem_id, "")  # read once: an element's attributes are built anew each time
            if size_at is None:
                own = [_size_unseen(v) for v in _values(style, "font-size")]
                if node.mem_id in size_declared or any(v is not None for v in own):
                    size_at = (node, node.mem_id in size_unseen or any(own))
            if colour_at is None:
                own = [c for v in _values(style, "color") if (c := _colour(v)) is not None]
                if node.mem_id in colour_declared or own:
                    colour_at = (node, coloured.get(node.mem_id, []) + own)
            if ground is None:
                painted = _ground(style) if style else None
                if node.mem_id in painted_declared or painted is not None:
                    # a background no colour of the page is lost on is kept as none to weigh
                    ground = painted_at.get(node.mem_id, []) + (painted or [])
            node = node.parent
        if size_at is not None and size_at[1] and size_at[0].tag not in _PAGE_ROOTS:
            out[size_at[0].mem_id] = size_at[0]
        if colour_at is not None and colour_at[0].tag not in _PAGE_ROOTS \
                and any(_faint(c, [WHITE] if ground is None else ground) for c in colour_at[1]):
            out[colour_at[0].mem_id] = colour_at[0]
    return out


class _Outweighed:
    """The elements a rule's size or colour still draws, the cascade weighed (``_Cascade``): a
    declaration of the same property, by a weighed rule of more weight, draws them instead."""

    def __init__(self, tree: LexborHTMLParser) -> None:
        self._tree = tree
        self._matches: dict[str, set[int]] = {}

    def still_drawn(self, query: str, weight: tuple[bool, tuple[int, int, int], int],
                    declared: list[tuple[tuple[bool, tuple[int, int, int], int], str, str, bool]]) -> set[int]:
        beaten = {k for other, q, _, weighed in declared if weighed and other > weight for k in self._match(q)}
        return self._match(query) - beaten

    def _match(self, query: str) -> set[int]:
        if query not in self._matches:
            self._matches[query] = set(_matched(self._tree, {query}, roots=True))
        return self._matches[query]


def source_style_hidden(tree: LexborHTMLParser) -> frozenset[int]:
    """Saved sources: the elements (``mem_id``) a hiding rule of the page's <style> blocks may
    style (``style_hiding``, fail-closed: a selector not decided as written hides at least what
    it may hide; a rule that shows an element again is not weighed against it). Hidden text
    backing a claim publishes a figure no reader saw (a wrong PASS); visible text read as hidden
    can only leave a claim undecided or failed."""
    return frozenset(style_hiding(tree, _style_sheets(tree), keyframes=_keyframes(_style_text(tree))))


# a script that runs (not a JSON data block) or an inline event handler ("onclick=")
_SCRIPTED = re.compile(
    r"<script\b(?![^>]*\btype\s*=\s*[\"']?application/(?:ld\+)?json)|\son[a-z]+\s*=", re.IGNORECASE
)


def _inline_outweighed(k: int, style: str, rules: list[tuple[str, str, bool]], tree: LexborHTMLParser, in_pieces: bool) -> bool:
    """Whether every concealing declaration of an element's own style attribute loses to an
    ``!important`` one of a rule the cascade weighs that shows the element again (an inline
    ``display:none`` under ".x{display:inline!important}" is drawn, as browsers draw it)."""
    concealing = [(prop, important) for prop, value, important in _declared(style)
                  if style_concealment(f"{prop}:{value}") is not None]
    if not concealing or any(important for _, important in concealing):
        return False
    forcing: dict[str, set[str]] = {}
    for prelude, body, always in rules:
        if not always:
            continue
        for prop, value, important in _declared(body):
            if important and style_concealment(f"{prop}:{value}", inherited=False) is None:
                forcing.setdefault(prop, set()).update(q for sel in _selectors(prelude) if (q := _weighed(sel, in_pieces)))
    return all(forcing.get(prop) and k in _matched(tree, forcing[prop]) for prop, _ in concealing)


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
    report's text must neither go unchecked nor pass on a reading the page does not show. Which
    rule wins is weighed as browsers weigh it where it can be (``_Cascade``: importance, then
    specificity, then the later rule; ".h{display:none} .h{display:inline}" shows the text, the
    reverse hides it); an element a rule not weighed may show again (a conditional rule,
    "@media print{.x{display:block}}", a state, a function: ".x:is(.open){display:inline}") is
    unsure, not hidden: a claim there must not publish unchecked. So is an
    element whose own ``style`` shows it (an inline style wins over a rule: the open tab of
    ``.tab{display:none}`` carries ``style="display:block"``), and every rule-hidden element of a
    page that runs scripts (``html``: the page's text, read for them): a script shows tabs,
    accordions and dialogs a rule hides, and which ones are on screen is not known here.

    Markup hides too, and a rule may undo it: the ``hidden`` attribute and the hiding classes
    lose to any rule that displays the element ("[hidden]{display:block}", a reset's
    "section{display:block}"), an inline ``display:none`` to an ``!important`` one; such an
    element is unsure as well — unless a rule the cascade weighs outweighs every concealing
    declaration of its style attribute (``_inline_outweighed``): it is then ``("shown", "")``,
    read as any text. A rule that writes digits into an element's ``::before`` or
    ``::after`` draws a figure the text does not hold ('.pct::before{content:"1"}' turns "5%" into
    "15%"): the element is ``("added", why)`` — read as written, and its sentence cannot pass.
    ``markup_visibility``: how the element's own attributes show it (``html.report_visibility``);
    ``page_css``: rules from elsewhere in the document (a Markdown report's <style> blocks)."""
    rules = _style_sheets(tree) + (_css_rules(page_css) if page_css else [])
    if not rules:
        return {}
    styled = style_hiding(tree, rules, in_pieces=bool(page_css), keyframes=_keyframes(_style_text(tree) + "\n" + page_css))
    showing = {q for prelude, body, _ in rules if _SHOWN_STYLE.search(body)
               for selector in _selectors(prelude) if (q := _query(selector, broaden=True))}
    # a rule the cascade weighed (``style_hiding``) shows a hidden element again only where it won:
    # what it left hidden, an earlier or lighter rule showing it, stays hidden
    overriding = {q for prelude, body, always in rules if _SHOWN_STYLE.search(body)
                  for selector in _selectors(prelude) if not (always and _weighed(selector, bool(page_css)))
                  and (q := _query(selector, broaden=True))}
    forcing = {q for prelude, body, _ in rules if _SHOWN_IMPORTANT.search(body)
               for selector in _selectors(prelude) if (q := _query(selector, broaden=True))}
    hidden = {k: node for k, (node, how, _) in styled.items() if how == "hidden"}
    shown_nodes = _matched(tree, showing) if showing else {}
    shown = set(_matched(tree, overriding)) if overriding else set()
    scripted = bool(hidden) and _SCRIPTED.search(html) is not None
    # drawn unseen, or a rule whose reach is not decided: unsure whatever else may show it
    out: dict[int, tuple[str, str]] = {k: (how, why) for k, (_, how, why) in styled.items() if how != "hidden"}
    # its own style attribute showing it was weighed with the rules (``_Cascade``): what it left
    # hidden, a rule's !important or another property, stays hidden
    for k, node in hidden.items():
        if k in shown:
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
        if not by_markup and _inline_outweighed(k, attrs.get("style") or "", rules, tree, bool(page_css)):
            out[k] = ("shown", "")
        elif by_markup or k in forced:
            out[k] = ("unsure", "hidden by its markup, shown by a <style> rule")
    adding = {q for prelude, body, _ in rules if "content" in body.lower() and _adds_digits(body)
              for selector in _selectors(prelude, pseudo_elements=True) if (m := _ADDED_AT.search(selector))
              and (q := _query(selector[: m.start()].strip() or "*", broaden=True))}
    for k in _matched(tree, adding) if adding else {}:
        out.setdefault(k, ("added", "a <style> rule writes digits into its ::before/::after"))
    # a rule that overrides the order in which the text is drawn: read as written, noted
    reversing = {q for prelude, body, _ in rules if draws_reversed(body)
                 for selector in _selectors(prelude) if (q := _query(selector, broaden=True))}
    for k in _matched(tree, reversing) if reversing else {}:
        out.setdefault(k, ("added", f"a <style> rule: {REVERSED_WHY}"))
    return out
