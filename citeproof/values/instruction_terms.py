"""Whether a claim keeps the condition an instruction of its source sets.

An instruction holds under its condition: "If a dose is missed by more than 4 hours, the dose
should be skipped" says nothing of a dose missed by an hour, and "should be taken at least one
hour before or after a meal" is no "should be taken with meals" — it is the opposite advice.
Word overlap passes both: the claim's words are all the source's, only fewer. Three checks, each
leaving the claim to the judge (never a fail), in a sentence of the source line that the claim
restates (``agreement.restated_sentences``):

* in such a sentence that is an instruction (a modal verb or a condition word, or a clause that
  opens with an imperative verb), a figure that bounds the instruction in a clause the claim
  restates (``agreement.restated_clauses``: "…, at a rate not exceeding 3 mg/kg per hour" bounds
  another part of it) — a bound ("by more than 4 hours", "at least one hour", "for at least 2
  weeks", 超过4小时) or a time set against something ("1 hour before a meal", 餐前1小时) — must have
  a figure of the claim's in its dimension (whether the same one is the number rules' to read):
  without one the claim states the instruction for every case, the source for some
  (``dropped_bound``);
* a meal timing the claim writes ("with meals", "before a meal", "on an empty stomach", "with or
  without food", 餐前, 空腹 …) must be the one the source sentence writes (``timing_differs``).
  Phrases are read whole and longest first: "at least one hour before or after a meal" is neither
  "before a meal" nor "with or after a meal";
* a dose the source adjusts ("use the standard loading dose but *halve* the maintenance dose",
  "the maintenance dose should be halved", 维持剂量减半) is not one the claim names with no
  adjusting verb ("use the standard loading dose and maintenance dose": ``adjustment_dropped``).

The words are ``instruction_conditions`` in ``citeproof/data/claim_support.json``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from citeproof.values.agreement import restated_clauses, restated_sentences
from citeproof.values.atoms import ValueAtom
from citeproof.values.segment_support import content_terms, cue_document, words_pattern

_BOUNDS = frozenset({">", ">=", "<", "<="})
_CLAUSE_START = re.compile(r"(?:^|[,;:，；：。!?！？]|(?<!\d)\.(?!\d))[\s\-*#>()（）\"'“”]*")


@dataclass(frozen=True, slots=True)
class _Words:
    instruction: re.Pattern[str]
    imperative: re.Pattern[str]
    timed_after: re.Pattern[str]  # a time-relation word right after a figure: "1 hour *before*"
    timed_before: re.Pattern[str]  # one right before it, as Chinese writes it: "餐前1小时"
    meal: re.Pattern[str]
    meal_group: dict[str, str]  # phrase (spaces normalised) → its group
    adjusting: re.Pattern[str]  # a verb that changes a dose: 'halve', 'reduce', 减半
    adjusted_after: re.Pattern[str]  # 'halve the maintenance dose': group 1 what is adjusted
    adjusted_before: re.Pattern[str]  # 'the maintenance dose should be halved', '维持剂量减半'
    dose_words: frozenset[str]


def _spaced(text: str) -> str:
    return " ".join(text.split())


@lru_cache(maxsize=1)
def _words() -> _Words:
    doc = cue_document()["instruction_conditions"]
    groups = {_spaced(w.lower()): g for g, ws in doc["meal_timing"].items() for w in ws}
    timed = words_pattern(doc["timed_by"]).pattern
    meal_words = [*groups]
    verbs_en = "|".join(re.escape(w) for w in doc["dose_adjusting"] if w.isascii())
    verbs_zh = "|".join(re.escape(w) for w in doc["dose_adjusting"] if not w.isascii())
    doses_en = "|".join(re.escape(w) for w in doc["dose_words"] if w.isascii())
    doses_zh = "|".join(re.escape(w) for w in doc["dose_words"] if not w.isascii())
    before = "|".join(map(re.escape, sorted(meal_words + doc["timed_by"], key=len, reverse=True)))
    return _Words(
        instruction=words_pattern(doc["instruction_words"]),
        imperative=re.compile(_CLAUSE_START.pattern + "(?:" + words_pattern(doc["imperative_openers"]).pattern + ")"),
        timed_after=re.compile(r"\s*(?:" + timed + ")"),
        timed_before=re.compile("(?:" + before + r")\s*$"),
        meal=re.compile(words_pattern(meal_words).pattern.replace(r"\ ", r"\s+")),
        meal_group=groups,
        adjusting=words_pattern(doc["dose_adjusting"]),
        adjusted_after=re.compile(rf"(?<![a-z])(?:{verbs_en})((?:\s+[a-z][a-z'-]*){{0,5}}?)\s+(?:{doses_en})(?![a-z])"),
        adjusted_before=re.compile(
            rf"((?:[a-z][a-z'-]*\s+){{1,3}})(?:{doses_en})\s+(?:(?:should|must|is|are|will|can|may)\s+)?(?:be\s+)?(?:{verbs_en})(?![a-z])"
            rf"|([\u3400-\u9fff]{{2}})(?:{doses_zh})[应须需可]?(?:{verbs_zh})"
        ),
        dose_words=frozenset(doc["dose_words"]),
    )


def _instruction_sentences(claim_low: str, segment_low: str) -> list[str]:
    words = _words()
    sentences = [segment_low[a:b] for a, b in restated_sentences(segment_low, claim_low)]
    return [s for s in sentences if words.instruction.search(s) or words.imperative.search(s)]


def _bounding(sentence: str, atom: ValueAtom) -> bool:
    """Whether ``atom`` bounds the instruction: a bound, or a time set against something."""
    if atom.qualifier in _BOUNDS:
        return True
    if atom.dim != "time":
        return False
    words = _words()
    return words.timed_after.match(sentence, atom.end) is not None or words.timed_before.search(sentence[: atom.start]) is not None


def dropped_bound(claim_text: str, segment_text: str) -> str | None:
    """The figure bounding an instruction the claim restates ('more than 4 hours') where the claim
    writes no figure in its dimension: the claim states the instruction without its condition."""
    from citeproof.values.extract import extract_atoms, prepare  # extract reads segment_support, as this module does

    claim_low, segment_low = claim_text.lower(), segment_text.lower()
    claim_atoms: list[ValueAtom] | None = None
    for sentence in _instruction_sentences(claim_low, segment_low):
        sentence = prepare(sentence, keep_newlines=True)  # the atoms' offsets are the prepared text's
        clauses = restated_clauses(sentence.lower(), claim_low)
        for atom in extract_atoms(sentence, mode="source", prepared=True):
            if not any(a <= atom.start < b for a, b in clauses) or not _bounding(sentence, atom):
                continue
            if claim_atoms is None:
                claim_atoms = extract_atoms(claim_text)
            # a figure of the claim's in the bound's dimension is one bound for another ('no more than
            # 5 x ULN' where the source gives 2.5 x ULN too): the number rules read which it is
            if not any(c.dim == atom.dim for c in claim_atoms):
                return _shown(sentence, atom)
    return None


def _shown(sentence: str, atom: ValueAtom) -> str:
    """The figure with the words that bound it: 'more than 4 hours', '超过4小时', '1 hour before'."""
    if atom.qualifier not in _BOUNDS and (after := _words().timed_after.match(sentence, atom.end)) is not None:
        return sentence[atom.start: after.end()]  # a time set against something: '1 hour before'
    before = sentence[: atom.start].rstrip()
    lead = " ".join(before.split()[-2:]) if before.isascii() else before[-2:]
    return f"{lead} {atom.raw}".strip() if before.isascii() else f"{lead}{atom.raw}"


def _timings(low: str) -> set[str]:
    words = _words()
    return {words.meal_group[_spaced(m.group(0))] for m in words.meal.finditer(low)}


def timing_differs(claim_text: str, segment_text: str) -> str | None:
    """Why the claim's meal timing is not the source sentence's ('with meals' for 'at least one
    hour before or after a meal'), or None — also when the claim writes none."""
    claim_low, segment_low = claim_text.lower(), segment_text.lower()
    words = _words()
    written = [m.group(0) for m in words.meal.finditer(claim_low)]
    if not written:
        return None
    claim_groups = _timings(claim_low)
    sentences = [segment_low[a:b] for a, b in restated_sentences(segment_low, claim_low)]
    source_groups = set().union(*(_timings(s) for s in sentences))
    if claim_groups != source_groups:
        said = next((m.group(0) for s in sentences for m in words.meal.finditer(s)), None)
        where = f"the source says '{_spaced(said)}'" if said else "the source line gives no meal timing"
        return f"the claim's '{_spaced(written[0])}' (meal timing) is not the source's: {where}"
    return None


def adjustment_dropped(claim_text: str, segment_text: str) -> str | None:
    """What the source's instruction adjusts ('the maintenance dose', halved) that the claim names
    with no adjusting verb, or None: the claim gives the dose unchanged."""
    claim_low, segment_low = claim_text.lower(), segment_text.lower()
    words = _words()
    if words.adjusting.search(claim_low):
        return None  # the claim adjusts a dose too: whether by as much is the judge's or the numbers'
    claim_terms = content_terms(claim_low)
    # any sentence the claim restates: a verb acting on a dose is an instruction of itself
    # ("维持剂量减半" has no modal), and a report of one ("the dose was reduced") is not the dose unchanged
    for a, b in restated_sentences(segment_low, claim_low):
        sentence = segment_low[a:b]
        for m in (*words.adjusted_after.finditer(sentence), *words.adjusted_before.finditer(sentence)):
            adjusted = next(g for g in m.groups() if g is not None)
            # what is adjusted, the dose word aside: 'the maintenance dose' → 'maintenance'
            terms = {t for t in content_terms(adjusted) if t not in words.dose_words}
            if terms and terms <= claim_terms:
                return _spaced(m.group(0))
    return None
