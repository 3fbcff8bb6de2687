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

Two more ways a supported quote can say the other thing: it words the opposite comparison
itself ("the response rate was higher with X (78.3%) than with Y (62.5%)" for "X gave a lower
response rate than Y": ``worded_reversed``; the subjects named in the other order turn the word
with them), or it gives both subjects one figure ("45% with X and 45% with Y", "45% in both arms":
``one_figure_for_both``, ``judge_quotes.json`` same_in_both), where the claim says one is higher.
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
    low = text.lower().replace("-", " ")
    if (worded := worded_reversed(way, subject, other, measure, low)) is not None:
        return worded
    if (same := one_figure_for_both(way, measure, low, claim_text)) is not None:
        return same
    if counted_polarity(text)[1] or _between_groups().search(text):
        return None  # the quote words its own direction or change, or states one figure between the groups
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
    said = "higher" if way == "up" else "lower"
    if mine == yours:  # "45% with X and 45% with Y": neither is higher
        return f"the claim gives {own[0]!r} the {said} figure than {theirs[0]!r}; the quote gives both {mine:g}"
    if (way == "up" and mine < yours) or (way == "down" and mine > yours):
        return f"the claim gives {own[0]!r} the {said} figure than {theirs[0]!r}; the quote gives {mine:g} against {yours:g}"
    return None


def worded_reversed(way: str, subject: str, other: str, measure: str, quote_low: str) -> str | None:
    """Why a sentence of the quote words the claim's comparison of its measure the other way, or
    None: "the response rate was higher with X than with Y" for "X gave a lower response rate than
    Y" (its figures then say nothing the direction check can hold, the quote words a direction).
    A sentence naming the subjects in the other order turns the word with them ("Y's rate was
    higher than X's" backs "X lower than Y"). The sides are told apart by the claim's other
    subject's words (its side is mostly its name alone): found on one side of the quote's
    comparison only. Left alone: a sentence that denies ("was not higher"), compares both ways or
    none, names the claim's other subject on both sides of its comparison or on neither, or whose
    compared words do not name the claim's measure."""
    from citeproof.text.sentences import split_sentences
    from citeproof.values.segment_support import counted_polarity

    theirs = word_keys(other) - word_keys(subject)
    if not theirs:
        return None
    for a, b in split_sentences(quote_low):
        sentence = quote_low[a:b]
        sides = _claim_sides(sentence)
        if sides is None or counted_polarity(sentence)[0]:
            continue
        said, first, second, _ = sides
        in_first = word_keys(first) - word_keys(second)
        in_second = word_keys(second) - word_keys(first)
        if not _names_measure(measure, [], _compared_clause(first, said)):
            continue
        if theirs & in_second and not theirs & in_first:
            mirrored = False
        elif theirs & in_first and not theirs & in_second:
            mirrored = True
        else:
            continue  # the claim's other subject on both sides or neither: no order to read
        if (said == way) == mirrored:
            claimed = "higher" if way == "up" else "lower"
            return (f"the claim gives its subject the {claimed} figure; the quote's words compare it the other way "
                    f"({sentence.strip()!r})")
    return None


def _compared_clause(first: str, way: str) -> str:
    """The clause of a comparison's first side that holds its comparative word (the side after
    the last clause break before it): "ORR was 78%, while toxicity was higher with X" compares
    toxicity, not ORR."""
    from citeproof.values.pairing import clause_breaks

    cue = _comparatives()[way].search(first)
    end = cue.start() if cue is not None else len(first)
    breaks = [m.end() for m in clause_breaks().finditer(first, 0, end)]
    return first[breaks[-1] if breaks else 0 :]


def one_figure_for_both(way: str, measure: str, quote_low: str, claim_text: str) -> str | None:
    """Why the quote gives the claim's measure one figure for both subjects ("ORR was 45% in both
    arms", ``judge_quotes.json`` same_in_both) when the claim says one is higher or lower, or
    None. A sentence that also words a direction or denies, or states other figures, is left alone."""
    from citeproof.text.sentences import split_sentences
    from citeproof.values.segment_support import counted_polarity
    from tier2.answer_check import compared_figures

    from citeproof.values.pairing import clause_breaks

    doc = data_json("judge_quotes.json")["same_in_both"]
    for a, b in split_sentences(quote_low):
        sentence = quote_low[a:b]
        phrase = next((p for p in doc["phrases"] if p in sentence), None)
        if phrase is None or any(w in sentence for w in doc["unless"]):
            continue
        negations, directions = counted_polarity(sentence)
        # the figure is the phrase's clause's ("Among 238 patients, ORR was 45% in both arms")
        at = sentence.index(phrase)
        clauses = list(clause_breaks().finditer(sentence))
        breaks = [*clauses, *re.finditer(r",", sentence)]
        start = max((m.end() for m in breaks if m.end() <= at), default=0)
        end = min((m.start() for m in breaks if m.start() >= at + len(phrase)), default=len(sentence))
        figures = compared_figures(sentence[start:end], claim_text)
        # its measure named in the clause, a comma's opening part included ("ORR, 45% in both arms";
        # not "Grade 3 events were 12% in both arms; ORR was 60% with X")
        named = sentence[max((m.end() for m in clauses if m.end() <= at), default=0) : end]
        if negations or directions or len(figures) != 1 or not _names_measure(measure, [], named):
            continue
        claimed = "higher" if way == "up" else "lower"
        return f"the claim gives its subject the {claimed} figure; the quote gives one figure, {next(iter(figures)):g}, {phrase}"
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
