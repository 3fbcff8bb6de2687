"""Which way a quote's two figures compare, for a claim comparing two named subjects (``tier2.answer_check``).

``direction_reversed`` — a claim "X produced a lower response rate than Y" quoting "The response
rate was 78.3% with X and 62.5% with Y" holds two figures to compare, which is all
``direction_not_quoted`` asks; the figures say the opposite (rt32b j1). When the claim's
comparative word (``judge_quotes.json`` compared_directions) stands between its two subjects,
and the quote gives one figure to each of them (the groups ``tier2.quote_groups`` reads: "with X",
"the X arm", "X组"), the subject's figure must be the larger for "higher" and the smaller for
"lower". It says nothing (None) whenever it cannot tell: a quote that words a direction or a
change itself (its figures may be sizes of a change, "fell by 1.2%"), a statistic between the
groups ("HR 0.70"), figures of other units, or a quote that does not name the claim's measure
(the claim's "lower risk of death" against two survival times).
"""

from __future__ import annotations

import re
from functools import lru_cache

from citeproof.values.lexicon import data_json
from tier2.quote_groups import (
    _COMPARATOR,
    _LISTED_ITEM,
    _between_groups,
    _figure_cuts,
    _group_names,
    _names_group,
    _phrased_groups,
)
from tier2.quote_text import normalize_for_quote, word_keys


@lru_cache(maxsize=1)
def _comparatives() -> dict[str, re.Pattern[str]]:
    """``judge_quotes.json`` compared_directions: each direction's words as one pattern (Latin as words)."""
    doc = data_json("judge_quotes.json")["compared_directions"]

    def alt(words: list[str]) -> str:
        return "|".join(rf"(?<![a-z]){re.escape(w)}(?![a-z])" if w.isascii() else re.escape(w) for w in words)

    return {way: re.compile(alt(doc[way])) for way in ("up", "down")}


def _claim_sides(claim_low: str) -> tuple[str, str, str, str] | None:
    """(direction, subject text, other subject text, the measure's text) of a claim comparing two
    subjects by one comparative word, or None: "X produced a lower rate than Y", "Compared with Y,
    X had a lower rate", "X's rate exceeded Y's", "X组的缓解率低于Y组". The measure's text is the
    words after the comparative, then, after a "|", those before it, read when the first name
    nothing but the subjects ("the rate was lower with X than with Y")."""
    from tier2.answer_check import _bounds_removed

    low = _bounds_removed(claim_low)  # "more than 50 patients" bounds one figure
    found = [(way, m) for way, pattern in _comparatives().items() for m in pattern.finditer(low)]
    if len({way for way, _ in found}) != 1:
        return None  # none, or both ways ("higher response but lower toxicity"): not one comparison
    way, cue = found[0][0], found[0][1]
    comparator = _COMPARATOR.search(low)
    if comparator is None:  # the word compares by itself ("exceeded", "低于")
        return way, low[: cue.start()], low[cue.end() :], low[: cue.start()]
    if comparator.start() >= cue.end():
        # the subject may stand after the word ("more patients responded with X than with Y")
        return way, low[: comparator.start()], low[comparator.end() :], f"{low[cue.end() : comparator.start()]}|{low[: cue.start()]}"
    if not low[: comparator.start()].strip(" ,(（"):  # "compared with Y, X had a lower rate"
        comma = re.search(r"[,，]", low[comparator.end() :])
        if comma is None or comparator.end() + comma.end() > cue.start():
            return None
        return way, low[comparator.end() + comma.end() :], low[comparator.end() : comparator.end() + comma.start()], low[cue.end() :]
    return None


def direction_reversed(claim_text: str, quote: str) -> str | None:
    """Why a supported quote's figures for the claim's two subjects compare the other way than
    the claim says, or None (see the module's docstring)."""
    from citeproof.values.segment_support import counted_polarity

    claim_low = claim_text.lower().replace("-", " ")
    sides = _claim_sides(claim_low)
    if sides is None:
        return None
    way, subject, other, measure = sides
    text = normalize_for_quote(quote)
    if counted_polarity(text)[1] or _between_groups().search(text):
        return None  # the quote words its own direction or change, or states one figure between the groups
    low = text.lower().replace("-", " ")
    groups = list(dict.fromkeys([*_group_names(low), *_phrased_groups(low, claim_low)]))
    own = [g for g in groups if _names_group(subject, g) and not _names_group(other, g)]
    theirs = [g for g in groups if _names_group(other, g) and not _names_group(subject, g)]
    if len(own) != 1 or len(theirs) != 1 or not _names_measure(measure, groups, low):
        return None
    figures = _figures_by_group(low, groups, claim_text)
    if own[0] not in figures or theirs[0] not in figures:
        return None
    (mine, my_dim), (yours, your_dim) = figures[own[0]], figures[theirs[0]]
    if my_dim != your_dim:
        return None
    if (way == "up" and mine < yours) or (way == "down" and mine > yours):
        said = "higher" if way == "up" else "lower"
        return f"the claim gives {own[0]!r} the {said} figure than {theirs[0]!r}; the quote gives {mine:g} against {yours:g}"
    return None


def _names_measure(measure: str, groups: list[str], quote_low: str) -> bool:
    """Does the quote name what the claim compares: at least half the content-word keys of the
    claim's measure (its words by the comparative, names left out), and one at least?"""
    keys: set[str] = set()
    for words in measure.split("|"):
        for g in groups:
            words = re.sub(rf"(?<![a-z0-9]){re.escape(g)}(?![a-z0-9])", " ", words)
        keys = keys or word_keys(words)
    return bool(keys) and 2 * len(keys & word_keys(quote_low)) >= len(keys)


def _figures_by_group(low: str, groups: list[str], claim_text: str) -> dict[str, tuple[float, str]]:
    """Each group's figure (its number and dimension), read where a clause of the quote (Tier 1's
    clause breaks, a list's items) names one group and states one figure; a group given two
    different figures has none."""
    from citeproof.text.sentences import split_sentences
    from citeproof.values import extract_atoms, prepare
    from citeproof.values.pairing import clause_breaks
    from tier2.answer_check import compared_figures

    found: dict[str, tuple[float, str] | None] = {}
    for a, b in split_sentences(low):
        sentence = low[a:b]
        breaks = [*clause_breaks().finditer(sentence), *_LISTED_ITEM.finditer(sentence)]
        cuts = _figure_cuts(sentence, sorted({0, *(m.start() for m in breaks), len(sentence)}))
        for x, y in zip(cuts, cuts[1:]):
            clause = sentence[x:y]
            named = [g for g in groups if _names_group(clause, g)]
            figures = compared_figures(clause, claim_text)
            if len(named) != 1 or len(figures) != 1:
                continue
            number = next(iter(figures))
            dims = {atom.dim for atom in extract_atoms(prepare(clause)) if atom.number == number}
            figure = (number, dims.pop() if len(dims) == 1 else "?")
            found[named[0]] = figure if found.get(named[0], figure) == figure else None
    return {g: f for g, f in found.items() if f is not None}
