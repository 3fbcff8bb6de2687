"""The quote's text as the answer check reads it (``tier2.answer_check``): the normalisation a
verbatim quote is compared under, the numbers it writes, its " … " pieces, and the places it
occurs in an excerpt's lines. No rule lives here; the rules that hold a quote to its claim read
these."""

from __future__ import annotations

import itertools
import re
import unicodedata
from collections.abc import Iterator, Sequence
from functools import lru_cache

from citeproof.text.normalize import fold_emphasis, normalize_text
from excerpt.builder import ELISION
from excerpt.lexical import terms
from excerpt.repeats import expand_repeats

_EMPHASIS = re.compile(r"</?(?:b|i|em|strong|mark|u|sup|sub|span)\b[^>]*>|\*\*|__|\*|~~|`", re.IGNORECASE)
# Only what normalize_text leaves as is (it already folds U+2010/2011/2212 to "-" and
# no-break/ideographic spaces to " "): typographic quotes and figure/en/em dashes.
_TYPOGRAPHY = str.maketrans(
    {
        "\u2018": "'", "\u2019": "'", "\u201a": "'", "\u201b": "'",
        "\u201c": '"', "\u201d": '"', "\u201e": '"', "\u00ab": '"', "\u00bb": '"',
        "\u2012": "-", "\u2013": "-", "\u2014": "-",
    }
)
_SPACE = re.compile(r"\s+")
# What a model wraps around a quote that is not part of it.
_WRAPPERS = " \t\n\"'`“”‘’«»「」『』"
_TRAILING_ELLIPSIS = re.compile(r"(?:\.\.\.|…)+$")
_LEADING_ELLIPSIS = re.compile(r"^(?:\.\.\.|…)+")

# A number that is a value, not part of a name: "IL-6", "H1N1", "CD4" are names.
_NUMBER = re.compile(r"(?<![A-Za-z0-9_.,])(?<![A-Za-z]-)\d+(?:[.,]\d+)*")


def normalize_for_quote(text: str) -> str:
    """Text as compared for the verbatim check: the shared normalisation (NFKC, folded
    emphasis, one space), then also unpaired emphasis marks, inline HTML emphasis tags and
    typographic quotes/dashes — a quote may start or end inside an emphasised span."""
    text = normalize_text(fold_emphasis(text))
    text = _EMPHASIS.sub("", text).translate(_TYPOGRAPHY)
    return _SPACE.sub(" ", text).strip()


def strip_wrappers(quote: str) -> str:
    quote = quote.strip(_WRAPPERS)
    quote = _TRAILING_ELLIPSIS.sub("", _LEADING_ELLIPSIS.sub("", quote))
    return quote.strip(_WRAPPERS)


def quote_in_excerpt(quote: str, excerpt_text: str) -> bool:
    """Does the (non-empty) quote occur verbatim in the excerpt, modulo normalisation?
    The excerpt is searched with its repeat markers expanded: a marker is not source text,
    and the lines it stands for are. Each of its parts is searched alone: the gap line that
    joins two places of the source is no text between them, and a quote across it stitches
    one place's words to another's figure (rt36a)."""
    needle = normalize_for_quote(strip_wrappers(quote))
    return bool(needle) and any(needle in normalize_for_quote(part) for part in excerpt_parts(excerpt_text))


def excerpt_parts(excerpt_text: str) -> list[str]:
    """The excerpt's places in its source (repeat markers expanded), apart at the builder's gap lines."""
    return re.split(rf"^{re.escape(ELISION)}$", source_text(excerpt_text), flags=re.MULTILINE)


def source_text(excerpt_text: str) -> str:
    try:
        return expand_repeats(excerpt_text)
    except ValueError:
        # A marker-shaped line with nothing above to expand came from the source itself
        # (the excerpt builder never collapses such a text): search it as it is.
        return excerpt_text


def _canonical_number(raw: str) -> str:
    """"1,234.50" and "1234.5" compare equal; "0.5" and "5" do not."""
    digits = raw
    if re.fullmatch(r"\d{1,3}(?:,\d{3})+(?:\.\d+)?", digits):
        digits = digits.replace(",", "")
    elif "," in digits and "." not in digits and re.fullmatch(r"\d+,\d{1,2}", digits):
        digits = digits.replace(",", ".")  # decimal comma: "2,5 mg"
    whole, _, frac = digits.partition(".")
    whole = whole.replace(",", "").lstrip("0") or "0"
    frac = frac.rstrip("0")
    return f"{whole}.{frac}" if frac else whole


def numbers_in(text: str) -> set[str]:
    """The canonical value numbers written in ``text``: a grade or stage hyphenated to its
    number ("Grade-3") counts, a name such as "IL-6" does not."""
    text = unicodedata.normalize("NFKC", text)
    found = {_canonical_number(m.group()) for m in _NUMBER.finditer(text)}
    return found | {_canonical_number(m.group(1)) for m in _graded_number().finditer(text)}


# A year glued to its fiscal or calendar mark ("FY2023", "CY2024"): the year, which _NUMBER
# leaves out as part of a name.
_MARKED_YEAR = re.compile(r"(?<![A-Za-z0-9])(?:FY|CY)((?:19|20)\d{2})(?!\d)", re.IGNORECASE)


def quote_numbers(quote: str) -> set[str]:
    """:func:`numbers_in` of a quote, which also carries a number in the other ways a source
    writes it: a grade or stage in Roman numerals ("Grade III" carries the claim's "Grade-3",
    ``citeproof.values.roman_grades``) and a year glued to FY/CY ("FY2023" carries "2023").
    Read on the quote's side only: a claim that writes "stage IV" owes no "4" it never wrote."""
    from citeproof.values.roman_grades import numeric_grades

    text = unicodedata.normalize("NFKC", quote)
    return numbers_in(numeric_grades(text)) | {m.group(1) for m in _MARKED_YEAR.finditer(text)}


@lru_cache(maxsize=1)
def _graded_number() -> re.Pattern[str]:
    """"Grade-3", "stage-4": the grading words of ``value_cues.json`` (``roman_grades``)."""
    from citeproof.values.lexicon import lexicon

    words = "|".join(re.escape(w) for w in lexicon().roman_grades)
    return re.compile(rf"(?i)\b(?:{words})-(\d+)\b")

_PREFIX = 4  # "responded", "response" and "responses" meet; so do "haemoglobin"/"hemoglobin" after folding


def word_keys(text: str) -> set[str]:
    return {(t.replace("ae", "e").replace("oe", "e"))[:_PREFIX] if t.isascii() else t for t in terms(text)}


def needles(quote: str, excerpt_texts: Sequence[str]) -> Iterator[str]:
    """The quote as it is placed in the excerpts, normalised: its " … " pieces when the judge saw
    several excerpts (one span from each), else the whole quote."""
    for piece in quote_pieces(quote) if len(excerpt_texts) > 1 else [quote]:
        if needle := normalize_for_quote(strip_wrappers(piece)):
            yield needle


def placed_lines(text: str) -> tuple[list[str], list[str]]:
    """An excerpt's non-empty lines, normalised (where a quote is placed) and as written (where
    headings are read: normalising drops a Markdown heading's "#")."""
    pairs = [(n, raw.strip()) for raw in source_text(text).split("\n") if (n := normalize_for_quote(raw))]
    return [n for n, _ in pairs], [r for _, r in pairs]

def occurrences(needle: str, lines: Sequence[str]) -> list[list[int]]:
    """The lines each occurrence of ``needle`` in the joined lines touches."""
    starts, at = [], 0
    for line in lines:
        starts.append(at)
        at += len(line) + 1
    joined = " ".join(lines)
    out = []
    pos = joined.find(needle)
    while pos >= 0:
        end = pos + len(needle)
        out.append([k for k, start in enumerate(starts) if start < end and start + len(lines[k]) > pos])
        pos = joined.find(needle, pos + 1)
    return out

_PIECE_JOIN = re.compile(r"\s*(?:…|\.\.\.)\s*")


def quote_pieces(quote: str) -> list[str]:
    """The spans a several-source quote joins with " … " (one span when it joins none)."""
    return [p for p in _PIECE_JOIN.split(strip_wrappers(quote)) if strip_wrappers(p)]


def quote_in_excerpts(quote: str, excerpt_texts: Sequence[str]) -> bool:
    """A quote from several excerpts: spans joined by " … ", each verbatim in an excerpt of
    its own (a quote may take one span from each source, never stitch one source's words)."""
    pieces = quote_pieces(quote)
    if not pieces:  # (more pieces than excerpts: no way to give each its own, below)
        return False
    holds = [{k for k, text in enumerate(excerpt_texts) if quote_in_excerpt(piece, text)} for piece in pieces]
    return any(
        all(k in held for k, held in zip(order, holds))
        for order in itertools.permutations(range(len(excerpt_texts)), len(pieces))
    )
