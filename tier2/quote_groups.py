"""Whose figure a quote states: the groups of an excerpt and the claim's own (``tier2.answer_check``).

* ``block_not_named`` — a quote lying only in one of several sibling blocks ("Results 1:" /
  "Results 2:", "Arm A" / "Arm B", "A组" / "B组", "## 2022" / "## 2023"; ``tier2.sibling_blocks``)
  that neither the claim nor the quote names.
* ``other_group_quoted`` — a quote whose clause names only another arm ("was 33.7 months in the
  placebo arm") for a claim about its own.
* ``regimen_not_quoted`` — a quote whose clause gives the claim's regimen alone ("X monotherapy")
  for a claim about it given with another ("X plus Y"), or the other way round; or whose sentence
  gives the claim's figure to a regimen given in combination ("with X plus chemotherapy") while
  the claim neither writes a combined word nor names both sides of the join ("with X").
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache

from citeproof.text.sentences import split_sentences
from citeproof.values.lexicon import data_json
from citeproof.values.regimen_form import combined_unnamed, figure_forms, written_form
from tier2.quote_text import needles, normalize_for_quote, numbers_in, occurrences, placed_lines, quote_numbers, word_keys

_LATIN = re.compile(r"[A-Za-z]")


def _title_marks(text: str, *, names: re.Pattern[str] | None = None) -> set[str]:
    """What can tie a text to a block's title: its content-word keys, and each name written with
    an index ("arm ii", "cohort 2", "组 a") or a year ("year 2023"), which the word keys leave out
    ("I", "2")."""
    from tier2.sibling_blocks import group_names

    text = normalize_for_quote(text)
    named = {f"{m.group(1).lower()} {m.group(2).lower()}" for m in (names or _NAMED_INDEX).finditer(text)}
    return word_keys(text) | named | group_names(text)


# A name and its index ("Arm II", "cohort 2"), not a value ("was 13.5", "was 30%"); in a block's
# title only a capitalised name ("Arm II"): its label line may state values ("ORR was 30").
_NAMED_INDEX = re.compile(r"\b([A-Za-z]+)\s+(\d{1,2}|[A-Z]|[IVX]{1,4})(?![\w%]|[.,]\d)")
_TITLE_INDEX = re.compile(r"\b([A-Z][A-Za-z]*)\s+(\d{1,2}|[A-Z]|[IVX]{1,4})(?![\w%]|[.,]\d)")


def block_not_named(claim_text: str, quote: str, excerpt_texts: Sequence[str]) -> str | None:
    """Why a supported quote is another group's figure: every place it occurs lies in a sibling
    block (``tier2.sibling_blocks``: "Results 2:" after "Results 1:") that neither the claim nor
    the quote names — no word or indexed name of the block's title that not all its siblings'
    titles share ("In Arm II (… and X) …"; a quote that takes in "Arm II …"). A figure under
    "Results 2:" quoted for a claim about the first arm carries the claim's number and words, and
    every check above passes it. None when some occurrence is outside such blocks or in a named
    one, or the quote is stated under every sibling of its blocks (it then holds for each)."""
    claim_marks = _title_marks(claim_text)
    subject_marks = _title_marks(subject_part(claim_text))
    for needle in needles(quote, excerpt_texts):
        quoted = _title_marks(needle)
        why = _unnamed_block(needle, claim_marks | quoted, excerpt_texts, subject=subject_marks | quoted)
        if why is not None:
            return why
    return None


# What a claim compares its subject with comes after one of these ("X reached 57.9% versus
# placebo"); "over" only before a word ("over placebo", not "over 24 weeks").
_COMPARATOR = re.compile(r"\b(?:versus|vs\b\.?|compared (?:with|to)|in comparison (?:with|to)|relative to|than|over\b(?!\s*\d))|对比|相比|相较", re.IGNORECASE)


def subject_part(claim_text: str) -> str:
    """The part of the claim that names what its figures belong to: before its first comparator
    ("X plus chemotherapy achieved 38.4% versus placebo"), or after the comparator's
    opening clause when it leads ("Compared with placebo, X reached 57.9%"). The whole claim when
    it compares nothing."""
    m = _COMPARATOR.search(claim_text)
    if m is None:
        return claim_text
    if not claim_text[: m.start()].strip(" ,(（"):
        comma = re.search(r"[,，]", claim_text[m.end():])
        return claim_text[m.end() + comma.end():] if comma else claim_text
    return claim_text[: m.start()]


def other_group_quoted(claim_text: str, quote: str, excerpt_texts: Sequence[str]) -> str | None:
    """Why a supported quote states another group's figure within one sentence, or None (rt24c
    c2: "was 33.7 months in the comparator arm" quoted for "X achieved a median … of 33.7
    months", its sentence opening "… was not reached in the X arm and …").

    The excerpt's groups are the names it writes as an arm, group or cohort ("the X arm", Tier 1's
    ``citeproof.values.pairing.arm_labels``). When the claim's subject (:func:`subject_part`)
    names one of them, the quote's clause of its sentence (cut where Tier 1 cuts clauses: "and",
    "while", ";" …) must not name only others. None when the quote cannot be placed, or some
    place of it names the claim's group or no group at all."""
    if _between_groups().search(claim_text):
        return None  # "X improved overall survival (HR 0.72)": its quote names both arms (rt25b H27)
    subject = subject_part(claim_text).lower().replace("-", " ")
    claim_low = claim_text.lower().replace("-", " ")
    wanted = numbers_in(claim_text)
    for needle in needles(quote, excerpt_texts):
        whys = []
        for text in excerpt_texts:
            lines, _ = placed_lines(text)
            low = " \n".join(lines).lower()
            groups = list(dict.fromkeys([*_group_names(low), *_phrased_groups(low, claim_low)]))
            own = [g for g in groups if _names_group(subject, g)]
            if not own:
                continue
            for touched in occurrences(needle, lines):
                clause = " ".join(_clauses_touching(lines[k], needle, len(touched) == 1, wanted) for k in touched).lower().replace("-", " ")
                others = [g for g in groups if _names_group(clause, g)]
                whys.append(None if not others or any(g in own for g in others) else
                            f"its clause names the {others[0]!r} group, not the claim's {own[0]!r}")
        if whys and all(whys):
            return whys[0]
    return None


def regimen_not_quoted(claim_text: str, quote: str, excerpt_texts: Sequence[str]) -> str | None:
    """Why a supported quote states the figure of the claim's regimen given in another form, or
    None: the claim's subject gives it alone ("X monotherapy", "X alone") and the quote's clause
    with another ("with X plus Y"), or the other way round (Tier 1's reading of the forms,
    ``citeproof.values.regimen_form.written_form``: one word list for both tiers).
    Both name X, so :func:`other_group_quoted` reads one group. None when the quote cannot be
    placed, or some place of it states the claim's form or neither."""
    wanted_form = written_form(subject_part(claim_text).lower())
    if wanted_form is None:
        return _partner_not_quoted(claim_text, quote, excerpt_texts)
    wanted = numbers_in(claim_text)
    for needle in needles(quote, excerpt_texts):
        whys = []
        for text in excerpt_texts:
            lines, _ = placed_lines(text)
            for touched in occurrences(needle, lines):
                clause = " ".join(_clauses_touching(lines[k], needle, len(touched) == 1, wanted) for k in touched).lower()
                form = written_form(clause)
                if form is None:  # "11.5 months with X and Y and 6.9 months with X alone" (rt29j RG5)
                    whys.append(_form_given_elsewhere(claim_text, " ".join(_sentence_touching(lines[k], needle) for k in touched), wanted_form))
                    continue
                whys.append(f"its clause gives the regimen {form}; the claim's subject gives it {wanted_form}" if form != wanted_form else None)
        if whys and all(whys):
            return whys[0]
    return None


def _partner_not_quoted(claim_text: str, quote: str, excerpt_texts: Sequence[str]) -> str | None:
    """Why every place of the quote lies in a sentence stating the claim's figure for a regimen
    given in combination whose partner the claim does not name ("25.5 months with X plus
    chemotherapy" for "Median PFS with X was 25.5 months": Tier 1's reading,
    ``regimen_form.combined_unnamed``), or None. The sentence, not the quote: a quote may stop
    before "plus chemotherapy"."""
    values = _claim_values(claim_text)
    if not values:
        return None
    for needle in needles(quote, excerpt_texts):
        whys = []
        for text in excerpt_texts:
            lines, _ = placed_lines(text)
            for touched in occurrences(needle, lines):
                sentence = " ".join(_sentence_touching(lines[k], needle) for k in touched)
                whys.append(combined_unnamed(claim_text, sentence, values))
        if whys and all(whys):
            return whys[0]
    return None


def _claim_values(claim_text: str) -> set[float]:
    """The claim's plain numbers as values (Tier 1's regimen reading compares values)."""
    return {float(n.replace(",", "")) for n in numbers_in(claim_text) if re.fullmatch(r"[\d,]*\.?\d+", n)}


def _form_given_elsewhere(claim_text: str, sentence: str, form: str) -> str | None:
    """Why a sentence whose quoted clause writes no form word still states the claim's figure
    for another form, or None: the sentence gives the claim's ``form`` to another figure only
    (Tier 1's stretches, ``regimen_form.figure_forms``): "11.5 months with X and Y and 6.9 months
    with X alone" joins two names by no form word, and "alone" is the 6.9 months'. A sentence
    giving the other form to the other figure ("X plus Y 47.6%, Y 18.9%") leaves the claim's."""
    values = _claim_values(claim_text)
    figures = figure_forms(sentence)
    if any(form in forms for _, value, forms in figures if value in values):
        return None
    if not any(value in values for _, value, _ in figures):
        return None
    others = [raw for raw, value, forms in figures if value not in values and form in forms]
    return f"its sentence gives the regimen {form} to {others[0]}, not to the claim's figure" if others else None


def _sentence_touching(line: str, needle: str) -> str:
    """The sentence of ``line`` the quote opens in, or the line when it is not found there."""
    at = line.find(needle)
    return next((line[a:b] for a, b in split_sentences(line) if a <= at < b), line) if at >= 0 else line


@lru_cache(maxsize=1)
def _between_groups() -> re.Pattern[str]:
    """A statistic comparing the groups (``judge_quotes.json`` between_groups): its names in any
    case, its abbreviations in capitals."""
    doc = data_json("judge_quotes.json")["between_groups"]
    names = "|".join(map(re.escape, doc["names"]))
    abbreviations = "|".join(map(re.escape, doc["abbreviations"]))
    return re.compile(rf"\b(?i:{names})\b|\b(?:{abbreviations})\b")


def _group_names(low: str) -> list[str]:
    """The names the text gives its arms, groups and cohorts ("the X arm" → "x"), hyphens read as spaces."""
    from citeproof.values.pairing import arm_labels

    return list(dict.fromkeys(key.replace("-", " ") for _, key, _, _ in arm_labels(low) if _LATIN.search(key)))


# where a list's item opens and ends (see _group_phrases)
_ITEM_OPENS = r"(?:^|(?<=[:;,(|\n])|(?<=\s-))"
_ITEM_ENDS = r"(?=\s*(?:[;,)|\n]|\.?\s*$|\.\s))"
# an item written figure first ("28.1 X,"): a figure, a space, one name, the item's end
_FIGURE_FIRST = rf"\d[\d.,]*%?\s+([a-z][a-z0-9-]*){_ITEM_ENDS}"


@lru_cache(maxsize=1)
def _group_phrases() -> tuple[re.Pattern[str], frozenset[str]]:
    """``judge_quotes.json`` group_phrases as one pattern (its name in one of five groups), and the words no group is named by."""
    doc = data_json("judge_quotes.json")["group_phrases"]

    def alt(words: list[str]) -> str:
        return "|".join(re.escape(w).replace(r"\ ", r"\s+") for w in sorted(words, key=len, reverse=True))

    name = r"([a-z][a-z0-9-]*)"
    figure = r"\d[\d.,]*\s*(?:%|[a-z]+)?\s+"
    pattern = (
        rf"{figure}(?:(?:{alt(doc['after_figure'])})\s+(?:the\s+)?|\(\s*){name}|(?<![a-z]){name}\s+(?:{alt(doc['before'])})(?![a-z])"
        rf"|(?<![a-z])(?:{alt(doc['after'])})\s+(?:the\s+)?{name}|([\u4e00-\u9fff]{{2,8}})(?:{alt(doc['zh_after'])})"
        rf"|(?<![a-z])([a-z][a-z0-9]*)-(?:{alt(doc['hyphen_before'])})(?![a-z])"
        # a list's item, its name then its figure alone: "X 28.1 months; placebo 33.7 months",
        # "placebo, 33.7 months", "placebo: 33.7 months", its sentence going on after it (rt29j c09),
        # or after a spaced dash ("Median OS - X: 28.1 months | placebo: 33.7", rt29j E3)
        rf"|{_ITEM_OPENS}\s*{name}\s*[,:]?\s+\d[\d.,]*\s*(?:%|[a-z]+)?{_ITEM_ENDS}"
        rf"|(?:{alt(doc['zh_received'])})([\u4e00-\u9fff]{{2,8}}?)的患者"
        # or its figure then its name ("(months): 28.1 X, 33.7 placebo.", rt29j E4)
        rf"|{_ITEM_OPENS}\s*{_FIGURE_FIRST}"
    )
    return re.compile(pattern), frozenset(doc["not_names"])


@lru_cache(maxsize=1)
def _zh_received() -> re.Pattern[str]:
    """A leading "接受" of a Han name read before "治疗的患者" ("接受X治疗的患者"), or a leading
    conjunction or preposition ("而安慰剂组", "在安慰剂臂中"; ``zh_openers``): no part of the name,
    and a name keeping it is named by no claim (rt29j Z1, Z4)."""
    doc = data_json("judge_quotes.json")["group_phrases"]
    return re.compile("^(?:" + "|".join(map(re.escape, [*doc["zh_received"], *doc["zh_openers"]])) + ")+")


def _phrased_groups(low: str, claim_low: str = "") -> list[str]:
    """The groups the text names without "arm" or "group", by a figure's "with"/"among" ("33.7
    months with placebo"), "recipients" ("placebo recipients") or "assigned to" ("patients
    assigned to placebo"), or in Chinese by "组" ("安慰剂组"; ``judge_quotes.json``
    group_phrases), hyphens read as spaces: Tier 1's ``arm_labels`` reads only "the X arm" (and
    no Chinese), and the other arm's figure or denial written so passed (rt25b A1, A4, L6b, L7c).

    A figure's "with X" (or "for X", "on X", "(X)"; and "X-treated") names a group only when the
    claim writes some such X: "17.2 months with ongoing responses", "35.3 months with extended
    follow-up" name no arm (rt27j e006, e008), while "28.1 months with X and 33.7 months for
    placebo" names two when the claim writes X (rt27j e004, e010; an arm the text names
    otherwise is a group by that reading already)."""
    pattern, not_names = _group_phrases()
    after_figure, others = [], []
    for m in pattern.finditer(low):
        name = _zh_received().sub("", next(g for g in m.groups() if g))
        if name not in not_names:
            (after_figure if m.group(1) or m.group(5) or m.group(6) or m.group(8) else others).append(name.replace("-", " "))
    if not any(_names_group(claim_low, n) for n in after_figure):
        after_figure = []
    return list(dict.fromkeys([*after_figure, *others]))


def _names_group(text: str, group: str) -> bool:
    return re.search(rf"(?<![a-z0-9]){re.escape(group)}(?![a-z0-9])", text) is not None


# a comma or a bar opening a list's next item, a name and its figure ("X 28.1 months, placebo 33.7
# months", "X: 28.1 months | placebo: 33.7 months", rt29j E3), or a figure and its name ("28.1 X,
# 33.7 placebo", rt29j E4)
_LISTED_ITEM = re.compile(rf"(?:,|\|)\s*(?=[a-z][a-z0-9-]*:?\s+\d)|,\s+(?={_FIGURE_FIRST})")


def _clauses_touching(line: str, needle: str, whole: bool, wanted: set[str]) -> str:
    """The clauses of the sentence of ``line`` the quote lies in (Tier 1's clause breaks) — of
    them, those stating the claim's numbers (``wanted``) when some do: "94.6% with X and 85.3%"
    quoted for X's 85.3% is the second clause's — or the line when the quote runs over it."""
    from citeproof.values.pairing import clause_breaks

    at = line.find(needle)
    if not whole or at < 0:
        return line
    for a, b in split_sentences(line):
        if a <= at < b:
            sentence, offset = line[a:b], a
            break
    else:
        return needle
    breaks = [*clause_breaks().finditer(sentence.lower()), *_LISTED_ITEM.finditer(sentence.lower())]
    cuts = _figure_cuts(sentence, sorted({0, *(m.start() for m in breaks), len(sentence)}))
    start, end = at - offset, at - offset + len(needle)
    clauses = [sentence[x:y] for x, y in zip(cuts, cuts[1:]) if x < end and start < y]
    stating = [c for c in clauses if quote_numbers(c) & wanted]
    return " ".join(stating or clauses) or needle


def _figure_cuts(sentence: str, cuts: list[int]) -> list[int]:
    """``cuts`` less a comma's that closes a clause stating no number: a leading phrase
    ("在安慰剂臂中，") says whose the figure after its comma is (rt29j Z4). A word's break ("… not
    reached in the X arm and was 33.7 months in the Y arm") still cuts: its clause states something."""
    kept = [cuts[0]]
    for cut in cuts[1:-1]:
        if sentence[cut] in "，," and not numbers_in(sentence[kept[-1] : cut]):
            continue
        kept.append(cut)
    return [*kept, cuts[-1]]


def _unnamed_block(needle: str, named: set[str], excerpt_texts: Sequence[str], *, subject: set[str] | None = None) -> str | None:
    """Why ``needle`` lies only in sibling blocks nobody names (``block_not_named``). A quote
    within one block must be named by ``subject`` (what the claim's figures belong to, and the
    quote's own marks): a claim comparing its subject with another group names both, and the
    other group's figure is no figure of its subject (rt23b: "X achieved 38.4% versus placebo"
    quoting the placebo arm's 38.4)."""
    from tier2.sibling_blocks import sibling_blocks

    unnamed: list[tuple[int, object]] = []  # (excerpt, block) of each occurrence's unnamed blocks
    blocks_of: dict[int, list] = {}
    for e, text in enumerate(excerpt_texts):
        # blocks are read on the lines as written (normalising drops a Markdown heading's "#"),
        # the quote is placed on the normalised ones
        lines, raw = placed_lines(text)
        blocks = blocks_of[e] = sibling_blocks(raw)
        for touched in occurrences(needle, lines):
            inside = [b for b in blocks if any(b.start <= k < b.end for k in touched)]
            naming = subject if subject is not None and len(inside) == 1 else named
            missed = [b for b in inside if not (_distinctive(b, blocks) & naming)]
            if not missed:
                return None  # this place is no group's, or one the claim or quote names
            unnamed += [(e, b) for b in missed]
    if not unnamed:
        return None  # not found as written (a quote of several excerpts' pieces): nothing to place
    held = {(e, b) for e, b in unnamed}
    for e, block in unnamed:
        siblings = [(e, b) for b in blocks_of[e] if b.shape == block.shape]
        if not all(s in held for s in siblings):
            return f"it lies under {block.title[:160]!r}, which the claim does not name"
    return None  # the same line under every sibling: it holds for each group

def _distinctive(block, blocks) -> set[str]:
    """The marks of a block's title that not every sibling's title has."""
    siblings = [_block_marks(b) for b in blocks if b.shape == block.shape]
    return _block_marks(block) - set.intersection(*siblings)


def _block_marks(block) -> set[str]:
    return _title_marks(block.title, names=_TITLE_INDEX) | {block.name}
