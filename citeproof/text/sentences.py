"""Sentence spans for English and Chinese text, in one left-to-right pass.

A sentence ends at ``. ? !`` (English) or ``。 ！ ？ ；`` (Chinese), extended over closing
quotes/brackets and over citation brackets written right after the stop
(``… 12 mg. [nct:NCT1#L3]`` — the anchor belongs to the sentence it follows). A blank line
always ends a sentence, and so does a line that ends in an anchor when the next line (a soft
break) opens a statement citing its own anchor. A full stop does *not* end a sentence when it is

* inside a number (``3.5 mg``, ``p = 0.03``, ``.5``, full-width digits ``８.９``);
* part of a known abbreviation (``e.g.``, ``i.e.``, ``vs.``, ``et al.``, ``Dr.``, ``approx.``, ``ca.``,
  ``Fig. 2``, ``No. 5``) or a single initial (``J. Smith``);
* inside square brackets (anchor ids and paths such as ``[evidence:a/b.md#L3]``);
* followed by a lowercase word (an abbreviation we do not know, ``incl. the``) — nor does a
  ``!`` or ``?`` ("not true (!) that …");
* a month's abbreviation before a number (``Jan. 2020``);
* an ellipsis not followed by a capitalised word.

Spans are ``(start, end)`` character offsets into the input with surrounding whitespace
trimmed, so ``text[start:end]`` is the sentence. The scan is linear in the input length.
"""

from __future__ import annotations

import re

# Candidate boundaries; everything else is skipped by the regex engine in C.
_CANDIDATE = re.compile(r"[.!?。！？；…\[\n]")
_BLANK_LINE = re.compile(r"\n[ \t\r\f\v]*\n")

_CJK_STOPS = frozenset("。！？；")
_CLOSERS = frozenset("\"'”’)]}」』）】》〉>*_`")
_SPACE = frozenset(" \t\r\n\f\v\u00a0\u3000")

# Abbreviations after which a full stop never ends a sentence (lower case, inner dots kept).
# Units that also abbreviate ("min", "max", "sec") are left out: "for 30 min. Then …" ends.
_ABBREVIATIONS = frozenset(
    {
        "e.g", "i.e", "eg", "ie", "vs", "cf", "al", "approx", "ca", "dr", "mr", "mrs", "ms",
        "prof", "st", "jr", "sr", "viz", "resp", "incl", "esp", "dept", "univ", "appr", "refs",
        "chap", "eds", "vols", "ltd", "corp", "u.s", "u.k", "e.u", "a.m", "p.m",
    }
)
# Abbreviations that are one only when a number follows (``Fig. 2``, ``No. 5``); otherwise
# the stop may end a sentence ("The answer was no.").
_NUMBER_ABBREVIATIONS = frozenset(
    {"fig", "figs", "no", "nos", "eq", "eqs", "p", "pp", "tab", "art", "n", "ref", "vol", "sec", "ch",
     # months before a day or a year: "by Jan. 2020", "on Sept. 15"
     "jan", "feb", "mar", "apr", "jun", "jul", "aug", "sep", "sept", "oct", "nov", "dec"}
)
# Bounds and hedges abbreviated before a number ("Max. 30% of patients", "min. 18 years",
# "Est. 30%"): one only when a number follows and none stands before ("for 30 min. 25 left" ends).
_BOUND_ABBREVIATIONS = frozenset({"max", "min", "est", "abt", "appr", "approx", "ca"})
# A single capital after these words is a label, not an initial: "in Arm B. The …" ends.
_LABEL_WORDS = frozenset(
    {
        "arm", "group", "phase", "type", "grade", "stage", "part", "cohort", "class", "level", "section",
        "table", "figure", "appendix", "panel", "plan", "option", "category", "model", "version",
        "sample", "site", "trial", "study", "period", "vitamin", "schedule", "list", "step", "zone",
    }
)
# Words that open a sentence and never follow an initial in a name: "… with factor C. This
# claim is false." ends at "C.", "J. Smith" does not.
_OPENERS = frozenset(
    {
        "the", "this", "these", "those", "that", "it", "its", "there", "they", "we", "our", "in", "a", "an",
        "however", "all", "both", "no", "none", "overall", "among", "after", "before", "during", "rating",
        "verdict", "claim", "status", "conclusion", "note", "source", "correction",
    }
)
# An editorial tag after a stop ("… in 24 weeks. [RETRACTED]") is no citation of the sentence:
# capitals only, no digit, no colon — "[1]", "[Smith 2020]" and "[pmid:1]" still cite it.
_TAG = re.compile(r"\[[A-Z][A-Z \t]{2,40}\]")
_MAX_BRACKET = 400
LINK_TARGET = re.compile(r"\(\s*(?:https?:|www\.|mailto:|\.{0,2}/|#)", re.IGNORECASE)


def split_sentences(text: str) -> list[tuple[int, int]]:
    """Return trimmed ``(start, end)`` spans of the sentences in ``text``."""
    spans: list[tuple[int, int]] = []
    n = len(text)
    start = 0
    pos = 0
    while True:
        m = _CANDIDATE.search(text, pos)
        if m is None:
            break
        i = m.start()
        ch = text[i]
        if ch == "[":
            close = _bracket_end(text, i)
            if close > i and (after := _line_of_its_own_after(text, i, close)) is not None:
                _emit(text, start, close, spans)
                start = pos = after
                continue
            pos = close if close > i else i + 1
            continue
        if ch == "\n":
            blank = _BLANK_LINE.match(text, i)
            if blank:
                _emit(text, start, i, spans)
                start = pos = blank.end()
            else:
                pos = i + 1
            continue
        end = _sentence_end(text, i)
        if end is None:
            pos = i + 1
            continue
        _emit(text, start, end, spans)
        start = pos = end
        if pos >= n:
            break
    _emit(text, start, n, spans)
    return spans


_ANCHOR_OPEN = re.compile(r"\[[A-Za-z][\w-]*:")
_LINE_END_AFTER = re.compile(r"[ \t\u00a0\u3000]*\n")


def _line_of_its_own_after(text: str, i: int, close: int) -> int | None:
    """Where the next line starts when the anchor ``text[i:close]`` ends its line and the next
    line (a soft break, no blank line) cites an anchor of its own: "Arm A response rate 30%
    [a]⏎Arm B response rate 45% [b]" is two claims, each citing its own source, not one pooling
    both. A line the anchor's sentence runs on into ("[a]⏎and 45% in arm B [b]." opens in
    lower case) or one citing nothing stays part of it."""
    if not _ANCHOR_OPEN.match(text, i):
        return None
    brk = _LINE_END_AFTER.match(text, close)
    if brk is None:
        return None
    nxt = brk.end()
    line_end = text.find("\n", nxt)
    line = text[nxt:line_end if line_end >= 0 else len(text)]
    first = line.lstrip()[:1]
    if not first or first.islower() and not _capital_after_small(line, 0) or _ANCHOR_OPEN.search(line) is None:
        return None
    return nxt


def _emit(text: str, start: int, end: int, spans: list[tuple[int, int]]) -> None:
    while start < end and text[start] in _SPACE:
        start += 1
    while end > start and text[end - 1] in _SPACE:
        end -= 1
    if end > start:
        spans.append((start, end))


def _bracket_end(text: str, i: int) -> int:
    """Index just past the ``]`` closing the bracket at ``i`` on the same line, or -1."""
    limit = min(len(text), i + _MAX_BRACKET)
    j = i + 1
    while j < limit:
        c = text[j]
        if c == "]":
            return j + 1
        if c == "\n" or c == "[":
            return -1
        j += 1
    return -1


def _sentence_end(text: str, i: int) -> int | None:
    """If the stop at ``i`` ends a sentence, the index just past the sentence (closers and
    trailing citation brackets included); otherwise None."""
    n = len(text)
    ch = text[i]
    j = i + 1
    if ch == "." and j < n and i > 0 and text[i - 1].isdecimal() and text[j].isdecimal():
        return None  # a decimal point between digits of any width: "８.９" (full-width digits read as CJK below)
    if ch == "." and j < n and text[j] == "." or ch == "…":
        # ellipsis: consume the run, end only before a capitalised word or the end of text.
        while j < n and text[j] in ".…":
            j += 1
        k = _skip_closers(text, j)
        nxt = _next_visible(text, k)
        if nxt is None or (k < n and text[k] in _SPACE and (nxt.isupper() or is_cjk(nxt))):
            return _absorb_trailing_anchors(text, k)
        return None
    # a run of stops ("?!", "。。") counts as one
    while j < n and text[j] in "!?。！？；":
        j += 1
    k = _skip_closers(text, j)
    if ch in _CJK_STOPS:
        return _absorb_trailing_anchors(text, k)
    nxt_char = text[k] if k < n else None
    if nxt_char is not None and nxt_char not in _SPACE and nxt_char != "[" and not is_cjk(nxt_char):
        return None  # "3.5", "a.b", "U.S.A", "?foo"
    if ch == "." and not _period_ends(text, i, k):
        return None
    if ch in "!?" and (nxt := _next_visible(text, k)) is not None and nxt.islower() and nxt.isascii() \
            and not _url_follows(text, k):
        # "It is simply not true (!) that …", "the dose (or was it 20 mg?) was …": the sentence goes on
        return None
    return _absorb_trailing_anchors(text, k)


# a bare URL written after a sentence's stop cites that sentence ("… was 45%. https://…"), as a
# bracketed anchor does: its lowercase "h" opens no continuation of the sentence
_URL_AT = re.compile(r"[ \t\u00a0\u3000]*https?://[^\s<>]+", re.IGNORECASE)


# ... when nothing of a sentence follows it on its line: the end, a new sentence, another citation.
# "https://… reports that …" is the next sentence's subject, and stays with it
_URL_CLOSES = re.compile(r"[ \t\u00a0\u3000]*(?:$|\n|[A-Z\[(\u3400-\u9fff]|https?://)")


def _url_follows(text: str, k: int) -> bool:
    return _URL_AT.match(text, k) is not None


def _period_ends(text: str, i: int, k: int) -> bool:
    """Decide a full stop at ``i`` (already followed by space/end/bracket at ``k``)."""
    word_start = i
    while word_start > 0 and text[word_start - 1] not in _SPACE and text[word_start - 1] not in "([{\"'“‘":
        word_start -= 1
    word = text[word_start:i]
    lower = word.lower()
    nxt = _next_visible(text, k)
    if nxt is None:
        return True
    if nxt.isdigit() and lower in _NUMBER_ABBREVIATIONS:
        return False
    if nxt.isdigit() and lower in _BOUND_ABBREVIATIONS and not _previous_word_is_number(text, word_start):
        return False
    if lower in _ABBREVIATIONS:
        return False
    if lower == "al" or lower.endswith("et al"):
        return False
    if len(word) == 1 and word.isupper() and word.isalpha():
        prev = _previous_word(text, word_start).lower()
        if prev not in _LABEL_WORDS and _next_word(text, k).lower() not in _OPENERS:
            return False
    if "." in word and not word.endswith(".") and len(word) <= 6 and word.replace(".", "").isalpha():
        # "U.S", "Ph.D": an inner-dotted token ends a sentence only before a capital.
        if not nxt.isupper():
            return False
    if nxt.islower() and nxt.isascii() and not _url_follows(text, k) and not _capital_after_small(text, k):
        return False
    return True


# a word with a capital right after its small first letter ("mOS", "mDoR", "eGFR", "iPhone")
# opens a sentence as a capitalised one does: no lowercase continuation is written so
_CAPITAL_AFTER_SMALL = re.compile(r"[ \t\u00a0\u3000\n\"'“‘(*_`]*[a-z][A-Z]")


def _capital_after_small(text: str, k: int) -> bool:
    return _CAPITAL_AFTER_SMALL.match(text, k) is not None


def _skip_closers(text: str, j: int) -> int:
    n = len(text)
    while j < n and text[j] in _CLOSERS:
        if text[j] == "]":
            break
        j += 1
    return j


def _absorb_trailing_anchors(text: str, k: int) -> int:
    """Extend over ``[...]`` groups after the stop (citations belong to the sentence before)."""
    n = len(text)
    end = k
    j = k
    while True:
        newline = False
        while j < n and text[j] in " \t\u00a0\u3000\n":
            if text[j] == "\n":
                if newline:
                    return end  # a blank line ends the paragraph
                newline = True
            j += 1
        if j < n and text[j] == "[":
            close = _bracket_end(text, j)
            if close < 0 or LINK_TARGET.match(text, close) or _TAG.fullmatch(text, j, close):
                break  # unclosed, a Markdown link starting the next sentence, or an editorial tag
            end = j = close
            continue
        if (url := _URL_AT.match(text, j)) is not None and _URL_CLOSES.match(text, url.end()):
            end = j = url.end()
            continue
        break
    return end


def _next_visible(text: str, k: int) -> str | None:
    n = len(text)
    while k < n and (text[k] in _SPACE or text[k] in "\"'“‘(*_`"):
        k += 1
    return text[k] if k < n else None


def _previous_word_is_number(text: str, end: int) -> bool:
    j = end
    while j > 0 and text[j - 1] in _SPACE:
        j -= 1
    return j > 0 and text[j - 1].isdigit()


def _next_word(text: str, k: int) -> str:
    j = k
    while j < len(text) and text[j] in _SPACE:
        j += 1
    start = j
    while j < len(text) and text[j].isalpha():
        j += 1
    return text[start:j]


def _previous_word(text: str, end: int) -> str:
    j = end
    while j > 0 and text[j - 1] in _SPACE:
        j -= 1
    start = j
    while start > 0 and text[start - 1].isalpha():
        start -= 1
    return text[start:j]


def is_cjk(c: str) -> bool:
    o = ord(c)
    return 0x3000 <= o <= 0x9FFF or 0xF900 <= o <= 0xFAFF or 0xFF00 <= o <= 0xFFEF or 0x20000 <= o <= 0x2FFFF
