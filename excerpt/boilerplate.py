"""Lines of a saved source that are page furniture, not evidence.

The judge must never spend its excerpt on a site's navigation or a PDF's running head
(SPEC §4). This module decides, line by line, what to drop and says why; it never
rewrites a line, so kept line numbers and character offsets stay true.

Dropped, with the reason recorded:

* ``skip_link`` — "Skip to content", "Skip to main content", 跳到主要内容 …
* ``cookie`` — cookie banners ("We use cookies …") and their buttons ("Accept all",
  "Reject all", "Manage preferences", "Cookie settings").
* ``share`` — "Share this page", "Share on …", "Print this page", "Back to top".
* ``nav`` — a line that is a single navigation word ("Menu", "Home", "Sign in", 首页 …),
  or a run of four or more short lines (≤ 3 words, no digits, no sentence or colon
  punctuation) containing such a word and at least two lines no other rule caught — a
  menu captured as text (a lone heading after a cookie banner is not one).
* ``breadcrumb`` — "Home › Health › Topic": two or more of the same spaced separator
  (› » >) between short items free of digits and sentence/colon punctuation; with the
  separators ordinary text also uses (| / • ·) only when one item is a navigation word.
* ``copyright`` — "© 2024 …", "Copyright …", "All rights reserved" on a short line.
* ``page_number`` — "Page 3", "Page 3 of 12", 第3页 anywhere; a bare "3", "- 3 -" or
  "3 / 12" only at a page boundary (elsewhere it may be a table cell).
* ``running_head`` — in a paged document, a line that, with its digits masked, stands
  within the first or last three non-blank lines of at least three pages. Only its
  boundary occurrences are dropped; the same words mid-page are content.

Repetition alone is *not* furniture in an unpaged document: a trial record repeats
"Outcome Measurement:" and "Mean (Standard Deviation)" because they are its structure.

A line for which ``protect(line)`` is true — the builder passes "carries one of the
claim's numbers" (:meth:`excerpt.numbers.ClaimNumbers.protects`) — is never dropped.
"""

from __future__ import annotations

import re
import threading
from collections import defaultdict
from collections.abc import Callable, Iterable

from citeproof.sources.types import SourceDocument
from citeproof.text.normalize import normalize_text

_SKIP_LINK = re.compile(
    r"^(?:skip (?:to|navigation)(?: the)?(?: main)? ?(?:content|navigation|search|footer|menu)?|"
    r"跳(?:到|转到|至)(?:主要)?(?:内容|正文|导航))\W*$",
    re.IGNORECASE,
)
_COOKIE_MENTION = re.compile(r"cookie", re.IGNORECASE)
_COOKIE_CONTEXT = re.compile(
    r"\b(?:we use|this (?:site|website) uses|uses cookies|accept|consent|preferences|settings|privacy|"
    r"opt[- ]out|reject)\b|使用\s*cookie|同意",
    re.IGNORECASE,
)
_COOKIE_BUTTON = re.compile(
    r"^(?:accept(?: all)?(?: cookies)?|reject(?: all)?(?: cookies)?|allow all(?: cookies)?|decline|"
    r"manage (?:cookie )?(?:preferences|settings|options)|cookie (?:settings|preferences|policy)|"
    r"(?:ok, )?i (?:agree|accept)|got it|接受(?:全部|所有)?(?:cookie)?|拒绝(?:全部)?)\W*$",
    re.IGNORECASE,
)
_SHARE = re.compile(
    r"^(?:share(?: this)?(?: page| article| story| post)?(?: on| via| to)?(?: \w+)?|"
    r"(?:print|email|e-mail) this (?:page|article)|back to top|return to top|分享(?:到|此页)?\S{0,6}|返回顶部)\W*$",
    re.IGNORECASE,
)
_NAV_WORDS = frozenset(
    {
        "home", "menu", "search", "login", "logout", "register", "subscribe", "contact", "about", "news",
        "careers", "help", "faq", "sitemap", "previous", "next",
        "sign in", "log in", "log out", "sign up", "contact us", "about us", "site map", "main menu",
        "main navigation", "toggle navigation", "open menu", "close menu", "skip navigation",
        "首页", "主页", "导航", "菜单", "搜索", "登录", "注册", "订阅", "联系我们", "关于我们",
    }
)
_BREADCRUMB_SEPARATORS = (" › ", " » ", " > ")
# Separators ordinary text also uses between items (a table header "A | B | C"): a
# bar of them is navigation only when one item is a navigation word.
_NAV_BAR_SEPARATORS = (" | ", " / ", " • ", " · ")
_NOT_IN_CRUMB = re.compile(r"[\d:=%<>≤≥;.!?。；：]")
_COPYRIGHT = re.compile(r"^(?:©|\(c\)|copyright\b)|all rights reserved|版权所有", re.IGNORECASE)
_PAGE_LABEL = re.compile(
    r"^(?:page|pg\.?|p\.)\s*\d{1,4}(?:\s*(?:of|/)\s*\d{1,4})?\.?$|^第\s*\d{1,4}\s*页(?:\s*[,，/]?\s*共\s*\d{1,4}\s*页)?$",
    re.IGNORECASE,
)
_BARE_PAGE_NUMBER = re.compile(r"^[-–—]?\s*\d{1,4}\s*[-–—]?$|^\d{1,4}\s*/\s*\d{1,4}$")
_SHORT_MENU_ITEM = re.compile(r"^[^\d.!?:;。！？：；]{1,40}$")
_DIGITS = re.compile(r"\d+")

_BOUNDARY_DEPTH = 3  # non-blank lines at the top and bottom of a page that may be furniture
_RUNNING_HEAD_MIN_PAGES = 3
_MENU_RUN_MIN = 4


def _norm(line: str) -> str:
    return normalize_text(line).lower()


def _is_nav_word(norm: str) -> bool:
    return norm.strip(" :|•·›»") in _NAV_WORDS


def _crumb_items(stripped: str, sep: str) -> list[str] | None:
    if stripped.count(sep) < 2:
        return None
    items = [item.strip() for item in stripped.split(sep)]
    if all(item and len(item.split()) <= 6 and not _NOT_IN_CRUMB.search(item) for item in items):
        return items
    return None


def _is_breadcrumb(stripped: str) -> bool:
    if any(_crumb_items(stripped, sep) for sep in _BREADCRUMB_SEPARATORS):
        return True
    for sep in _NAV_BAR_SEPARATORS:
        items = _crumb_items(stripped, sep)
        if items and any(_is_nav_word(_norm(item)) for item in items):
            return True
    return False


def _line_reason(stripped: str) -> str | None:
    """Furniture recognisable from the line alone."""
    if len(stripped) > 400:
        return None
    norm = _norm(stripped)
    if _SKIP_LINK.match(norm):
        return "skip_link"
    if _COOKIE_BUTTON.match(norm):
        return "cookie"
    if _COOKIE_MENTION.search(norm) and _COOKIE_CONTEXT.search(norm):
        return "cookie"
    if _SHARE.match(norm):
        return "share"
    if _is_nav_word(norm):
        return "nav"
    if _PAGE_LABEL.match(norm):
        return "page_number"
    if len(stripped) <= 160 and _COPYRIGHT.search(norm):
        return "copyright"
    if _is_breadcrumb(stripped):
        return "breadcrumb"
    return None


def _page_boundary_lines(document: SourceDocument) -> set[int]:
    """1-based line numbers within the first/last few non-blank lines of every page."""
    out: set[int] = set()
    for first, last in document.pages:
        nonblank = [n for n in range(first, last + 1) if 0 < n <= len(document.lines) and document.lines[n - 1].strip()]
        out.update(nonblank[:_BOUNDARY_DEPTH])
        out.update(nonblank[-_BOUNDARY_DEPTH:])
    return out


def _running_heads(document: SourceDocument, boundary: set[int]) -> set[int]:
    """Boundary lines whose digit-masked text stands at the boundary of ≥ 3 pages."""
    if len(document.pages) < _RUNNING_HEAD_MIN_PAGES:
        return set()
    pages_of: dict[str, set[int]] = defaultdict(set)
    lines_of: dict[str, list[int]] = defaultdict(list)
    for page_no, (first, last) in enumerate(document.pages):
        for n in range(first, last + 1):
            if n in boundary:
                key = _DIGITS.sub("#", _norm(document.lines[n - 1]))
                pages_of[key].add(page_no)
                lines_of[key].append(n)
    heads: set[int] = set()
    for key, pages in pages_of.items():
        if len(pages) >= _RUNNING_HEAD_MIN_PAGES:
            heads.update(lines_of[key])
    return heads


def _menu_runs(document: SourceDocument, numbers: Iterable[int], furniture: set[int]) -> set[int]:
    """Runs of ≥ 4 short, digit-free lines with a navigation word, holding at least two
    lines no other rule caught (a lone heading right after a cookie banner is content)."""
    out: set[int] = set()
    run: list[int] = []

    def flush() -> None:
        rest = [n for n in run if n not in furniture]
        if (
            len(run) >= _MENU_RUN_MIN
            and len(rest) >= 2
            and any(_is_nav_word(_norm(document.lines[n - 1])) for n in run)
        ):
            out.update(run)
        run.clear()

    for n in numbers:
        stripped = document.lines[n - 1].strip()
        if not stripped:
            continue  # blank lines neither extend nor break a menu
        if len(stripped.split()) <= 3 and _SHORT_MENU_ITEM.match(stripped):
            run.append(n)
        else:
            flush()
    flush()
    return out


class _DocumentFurniture:
    """Per-document facts (page boundaries, running heads) computed once."""

    __slots__ = ("document", "boundary", "heads")

    def __init__(self, document: SourceDocument) -> None:
        self.document = document
        self.boundary = _page_boundary_lines(document)
        self.heads = _running_heads(document, self.boundary)


_CACHE: dict[int, _DocumentFurniture] = {}
_CACHE_LIMIT = 64
_CACHE_LOCK = threading.Lock()


def _furniture(document: SourceDocument) -> _DocumentFurniture:
    # Documents are frozen but hold a dict, so they are not hashable; key by identity
    # and keep the document referenced so the id cannot be reused while cached.
    with _CACHE_LOCK:
        hit = _CACHE.get(id(document))
        if hit is not None and hit.document is document:
            return hit
    made = _DocumentFurniture(document)
    with _CACHE_LOCK:
        if len(_CACHE) >= _CACHE_LIMIT:
            _CACHE.pop(next(iter(_CACHE)))
        _CACHE[id(document)] = made
    return made


def boilerplate_lines(
    document: SourceDocument,
    line_start: int,
    line_end: int,
    *,
    protect: Callable[[str], bool] | None = None,
) -> dict[int, str]:
    """Line number → reason for every furniture line in ``line_start..line_end`` (1-based, inclusive)."""
    facts = _furniture(document)
    lo, hi = max(1, line_start), min(line_end, len(document.lines))
    numbers = range(lo, hi + 1)
    dropped: dict[int, str] = {}
    for n in numbers:
        stripped = document.lines[n - 1].strip()
        if not stripped:
            continue
        reason = _line_reason(stripped)
        if reason is None and n in facts.heads:
            reason = "running_head"
        if reason is None and n in facts.boundary and _BARE_PAGE_NUMBER.match(stripped):
            reason = "page_number"
        if reason is not None:
            dropped[n] = reason
    for n in _menu_runs(document, numbers, set(dropped)):
        dropped.setdefault(n, "nav")
    if protect is not None:
        for n in list(dropped):
            if protect(document.lines[n - 1]):
                del dropped[n]
    return dropped


def kept_lines(
    document: SourceDocument,
    line_start: int,
    line_end: int,
    *,
    protect: Callable[[str], bool] | None = None,
) -> tuple[int, ...]:
    """Non-blank line numbers in the range that are not furniture, in order."""
    dropped = boilerplate_lines(document, line_start, line_end, protect=protect)
    lo, hi = max(1, line_start), min(line_end, len(document.lines))
    return tuple(n for n in range(lo, hi + 1) if n not in dropped and document.lines[n - 1].strip())
