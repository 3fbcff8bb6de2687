"""Whether a segment that holds all of a claim's numbers and names also pairs them the same way.

"The response rate was 30% in Arm A and 40% in Arm B" and its source "… 40% in Arm A and 30%
in Arm B" share every number, every name and every word: only the pairing differs, and the
claim is false. Reading who-has-what from free text is the judge's work; what Tier 1 can
check without guessing is order. A claim with two or more numbers must meet them in the
segment in the same order, and a claim with two or more names (Arm A, Arm B, A组, a drug)
likewise. When it does not, the segment does not *carry* the claim and the claim is left
to the judge: a faithful reordering ("30% in Arm B, 40% in Arm A") is judged, never failed.

Numbers are matched by value (``relate`` = supported, so 0.12 g finds 120 mg), names as
written (case-folded). An item the segment holds in no comparable form is left out of the
order check: the other gates decide whether it is there at all.

Order alone misses a number moved across its label ("40% in Arm A and 25% in Arm B" read as
"in Arm A … 25%"), a number given another clause's verb, and a denominator claimed as a count:
each side's numbers are then read with the label, the words and the "x of N" role of their own
clause (``citeproof.values.pairing``), and the claim's pairing must be one the source states.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Sequence

from citeproof.values import list_items, pairing, share_base
from citeproof.values.atoms import ValueAtom
from citeproof.values.compare import relate
from citeproof.values.extract import extract_atoms, prepare
from citeproof.values.prefixed_abbreviations import shifted, spell_prefixed
from citeproof.values.segment_names import segment_names_in
from citeproof.values.segment_support import cues, entity_tokens, spell_abbreviations

# X组 / X亚组 labels ("A组", "试验组", "对照组", "阳性亚组"); the part before 组 is cut
# at the last particle so "接受治疗的成年患者组" names "成年患者组"
# a Latin name before 组 is read whole ("Drugx组"), never from inside a word
_CJK_LABEL = re.compile(r"(?:(?<![A-Za-z0-9-])[A-Za-z0-9-]{1,20}|[\u4e00-\u9fff]{1,6})亚?组")
# "A 组" is "A组": a source that spaces an arm's Latin letter from its label word names the arm
# a claim writes unspaced (the claim's "A组" was a subject the line seemed not to name)
_SPACED_LABEL = re.compile(r"(?<![A-Za-z])([A-Za-z])[ \t\u00a0\u3000]+(?=亚?组|队列|期)")
_PARTICLES = re.compile(r"[的在为与和及、]")
_NOT_A_LABEL = {"两组", "各组", "每组", "该组", "本组", "全组", "同组", "分组", "亚组", "此组", "其组", "组"}
_NUMBERED = re.compile(r"(?<![a-z])(?:cohort|group|part|arm)\s+(?:[a-z]|\d{1,2}|[ivx]{1,4})(?![a-z0-9])|队列\d{1,2}(?!\d)")
# "cohorts 1 and 2", "arms A, B or C", "cohort 1 or 2": one label per listed item ("cohort 1",
# "cohort 2"); a comma lists only after a plural ("Arm A, 40% responded" lists nothing).
# Chinese: "队列1和2" names 队列1 and 队列2
_ITEM = r"(?:[a-z]|\d{1,2})(?![a-z0-9%]|\.\d)"
_LISTED = re.compile(
    r"(?<![a-z])(?:(cohort|group|part|arm)s\s+" + _ITEM + r"(?:\s?(?:,\s?(?:and\s|or\s)?|and\s|or\s|&\s?)\s?" + _ITEM + r")+"
    r"|(cohort|group|part|arm)\s+" + _ITEM + r"(?:\s(?:and|or|&)\s" + _ITEM + r")+)"
)
_LISTED_ITEM = re.compile(r"(?<![a-z0-9])(?:\d{1,2}|[a-z])(?![a-z0-9])")
_LISTED_ZH = re.compile(r"队列\d{1,2}(?:\s?[、和或及与]\s?(?:队列)?\d{1,2})+(?!\d)")  # "队列1和2", "队列1、2和3"
_DIGITS = re.compile(r"\d{1,2}")
# Points and periods a number belongs to: "in 2022", "at week 12", "Q3", "FY2023", "cycle 2", "第12周".
# A period with its year ("Q4 2023", "H1 2024", "4Q23", "2023 Q4", "fiscal 2023") is one label, read
# before its parts: apart, "Q4" and "2023" stand side by side as a list and pair the figure with
# neither, so "$510 million in Q4 2023" passed against "$455 million in Q4 2023 and $510 million in
# Q4 2024" (rt25a case19)
_PERIOD = (
    r"(?:q[1-4]|h[12]|[1-4]q|[12]h)(?:\s(?:of\s)?|\s?fy\s?)?(?:19|20)\d{2}|(?:q[1-4]|h[12]|[1-4]q|[12]h)(?:'|\s?fy\s?)?\d{2}"
    r"|(?:19|20)\d{2}\s?(?:q[1-4]|h[12])|fiscal\s(?:year\s)?(?:19|20)\d{2}"
)
TIME_POINT = re.compile(
    r"(?<![a-z0-9])(?:" + _PERIOD + r"|(?:week|month|day|cycle|year|stage|phase|visit)\s+(?:\d{1,3}|[ivx]{1,4})|q[1-4]|h[12]|fy\s?\d{2,4}|(?:19|20)\d{2})(?![a-z0-9])"
    r"|(?<![a-z])(?:at|by|after|within)\s+\d{1,3}\s+(?:weeks?|months?|days?|years?|hours?)(?![a-z])"
    r"|第\d{1,3}(?:周|天|日|个月|月|年|周期|阶段|期)|(?:19|20)\d{2}年"
)


def binding_differs(
    claim_text: str, atoms: Sequence[ValueAtom], segment_text: str, extra_names: Iterable[str] = (),
    *, ordered: bool = True, headed: bool = False, context: str = "", segment_context: str = "",
) -> str | None:
    """Why ``segment_text`` pairs the claim's numbers or names differently, or None.
    ``extra_names``: more names to recognise (the run's drug mentions). ``ordered=False``: the
    claim's numbers are paired some other way (a table row under its column headers), so
    their order is no evidence. ``headed``: the claim is a table row under column headers, which
    name its numbers' arms, so a number with no arm in the row's text has not dropped one.
    ``context``: the subject the claim's lead-in, caption or heading names
    (:func:`citeproof.values.lead_in.context_subject`): a claim naming no subject of its own, cited
    to a segment that names subjects, is read as "<context>: <claim>" — "- Control arm:" over
    "  - median PFS 11.2 months" gives 11.2 months to the control arm as "Control arm: median
    PFS 11.2 months" does. ``segment_context``: the subject the source's own heading over the
    segment names, which a segment naming none is read under the same way when the claim is read
    under ``context`` ("## Experimental arm" over "The ORR was 45%" gives the 45% to the
    experimental arm, not to the report's "### Control arm"; rt36b h1)."""
    extra_names = list(extra_names)
    if context:
        # a region or market is a name wherever written: "Europe: revenue grew …" opens with one
        extra_names += segment_names_in(prepare(f"{context} {segment_context} {segment_text}").lower())
    if context and segment_context and not _names_subject(segment_text, extra_names):
        if not _names_subject(claim_text, extra_names) and _other_subject(context, segment_context):
            # the pairing below finds only the subjects a line's words name, and "experimental arm"
            # names none there: '## Control arm' over the 45% passed under '## Experimental arm' (rt37 h2)
            return f"under '{context}': the source line states it under '{segment_context}'"
        segment_text = f"{segment_context}: {segment_text}"
    if context and _reads_under(claim_text, segment_text, extra_names):
        prefix = f"{context}: "
        why = _binding_differs(prefix + claim_text, shifted(atoms, [(0, len(prefix))]), segment_text, extra_names,
                               ordered=ordered, headed=headed)
        return f"under '{context}': {why}" if why else None
    return _binding_differs(claim_text, atoms, segment_text, extra_names, ordered=ordered, headed=headed)


def _other_subject(one: str, other: str) -> bool:
    """Whether two context subjects ("experimental arm", "control group") are different subjects
    by their keys ("control arm" and "control group" are one); False when either is not read."""
    keys = [_subject_key(s) for s in (one, other)]
    return None not in keys and keys[0] != keys[1]


def _subject_key(subject: str) -> str | None:
    low = prepare(subject).lower()
    found = [lab.key for lab in labels_in(low, subjects_of(subject, low, names_in(subject, low, segment_names_in(low), capitalised=False)))
             if lab.cls == pairing.WHO]
    return found[0] if len(set(found)) == 1 else None


def _reads_under(claim_text: str, segment_text: str, extra_names: Sequence[str]) -> bool:
    """Whether a context subject bears on the claim: the claim names no subject (an arm, a drug,
    a group, a name) and the segment names one. A claim's own subject is its own (the context
    is read no further); a segment naming none pairs its figures with nobody, and the context's
    subject it does not write is no difference of pairing."""
    return not _names_subject(claim_text, extra_names) and _names_subject(segment_text, extra_names)


def _names_subject(text: str, extra_names: Sequence[str]) -> bool:
    """Whether ``text`` names a subject (an arm, a drug, a group, a name) its numbers may belong to."""
    low = prepare(text).lower()
    extra = {n.lower() for n in extra_names if n} | entity_tokens(text)
    return any(lab.cls == pairing.WHO for lab in labels_in(low, subjects_of(text, low, names_in(text, low, extra))))


def _binding_differs(
    claim_text: str, atoms: Sequence[ValueAtom], segment_text: str, extra_names: Iterable[str] = (),
    *, ordered: bool = True, headed: bool = False,
) -> str | None:
    values = [a for a in atoms if not a.derived]
    claim_low = prepare(claim_text).lower()
    # a prefixed abbreviation is read as its words on both sides ("mPFS" as "median PFS", or as
    # the segment spells it): whose number it is, is then read as the spelled-out claim's is
    spelled, edits = spell_prefixed(prepare(claim_text), segment_text)
    if edits:
        claim_text, claim_low, values = spelled, spelled.lower(), shifted(values, edits)
    segment_text = spell_prefixed(segment_text)[0]
    segment_text = _SPACED_LABEL.sub(r"\1", segment_text)
    # so is an abbreviation the segment spells out ("DCR" as "disease control rate")
    spelled, edits = spell_abbreviations(claim_text, segment_text)
    if edits:
        claim_text, claim_low, values = spelled, spelled.lower(), shifted(values, edits)
    found = extract_atoms(segment_text, mode="source") if values else []
    seg_low = prepare(segment_text, keep_newlines=True).lower()
    # a time point's own number ("At 2 years, …" fronted) is paired by the label check below,
    # which reads the time point itself; in the order check it would only count the fronting
    timed = [m.span() for m in TIME_POINT.finditer(claim_low)]
    ordered_values = [a for a in values if not any(s < a.end and a.start < e for s, e in timed)]
    if why := stated_more_often(values, found):
        return why
    if ordered and len(ordered_values) >= 2:
        # "40% of the 120 patients" is "Of the 120 patients, 40%": a share and the count of its base
        held = share_base.bound_to_base(claim_low, ordered_values, seg_low, found)
        ordered_values = [a for i, a in enumerate(ordered_values) if i not in held]
    if ordered and len(ordered_values) >= 2:
        # a row's bare cell is ordered in its column header's unit ("28" under "Combination (%)" is
        # 28%): read bare it meets none of the line's numbers, and a row with its cells swapped passed
        places = [[s.start for s in found if relate(a.under_header or a, s) == "supported"]
                  for a in sorted(ordered_values, key=lambda a: a.start)]
        if not _in_order(places):
            return "the claim's numbers come in another order than in the source: they may belong to other subjects"
    # a name either text writes as a name is a name in both ("Merck held …" opens a sentence,
    # "… followed by Merck" does not)
    extra = {n.lower() for n in extra_names if n} | entity_tokens(claim_text) | entity_tokens(segment_text)
    names = names_in(claim_text, claim_low, extra)
    subjects = subjects_of(claim_text, claim_low, names)
    ordered_names = [nm for nm in names if nm in subjects or not _heads_the_subjects(nm[0], subjects, seg_low)]
    if len({n for n, _ in ordered_names}) >= 2:
        places = [[m.start() for m in re.finditer(re.escape(n), seg_low)] for n, _ in ordered_names]
        if not _in_order(places):
            return "the claim names its subjects in another order than the source"
    # a subject the claim names must be in the line ("adults" is there as "adult patients")
    # (time points are not: "after 84 days" is "after 12 weeks", which the numeric rule compares)
    when = {m.group(0) for m in TIME_POINT.finditer(claim_low)}
    seg_listed = {n for n, _ in listed_labels(seg_low)}
    absent = [n for n in dict.fromkeys(n for n, _ in subjects)
              if n not in when and n not in seg_low and n.rstrip("s") not in seg_low and n not in seg_listed]
    if absent:
        return f"the claim names '{absent[0]}', which the source line does not"
    seg_subjects = subjects_of(segment_text, seg_low, names_in(segment_text, seg_low, extra))
    if not values:
        # a claim whose only figure is a year ("The trial started in 2018") still says what the year is of
        claim = pairing.read(claim_low, (), labels_in(claim_low, subjects))
        source = pairing.read(seg_low, (), labels_in(seg_low, seg_subjects))
        return pairing.year_words_differ(claim_low, claim, seg_low, source)
    return _pairing_differs(claim_low, values, subjects, seg_low, found, seg_subjects, headed=headed)


def _heads_the_subjects(measure: str, subjects: Sequence[tuple[str, int]], seg_low: str) -> bool:
    """Whether the segment names ``measure`` only before every subject the claim names ("median
    PFS was 11.2 months in Arm A and 7.4 months in Arm B"): it is then each subject's measure, and
    "Arm B had a median PFS of 7.4 months" names them in no other order. A measure written among
    the subjects (a route after one drug's dose) keeps its place in the order check."""
    last = seg_low.rfind(measure)
    firsts = [f for f in (seg_low.find(n) for n, _ in subjects) if f >= 0]
    return last >= 0 and bool(firsts) and last < min(firsts)


def _same_value(a: ValueAtom) -> tuple[object, ...]:
    """What makes two of the claim's atoms one value stated twice ("day 14" and "14 days" are
    one; "≥ 18 years" and "18 years", a spread "± 8" and a mean of 8 are not)."""
    base = a.factor or 1.0
    return (a.kind, a.dim, round(a.number * base, 9), None if a.high is None else round(a.high * base, 9),
            a.num, a.den, a.qualifier, a.stat, a.spread, a.share)


def stated_more_often(values: Sequence[ValueAtom], found: Sequence[ValueAtom]) -> str | None:
    """Why one of the segment's numbers backs more of the claim than it can: the claim states a
    value k times and the segment k' < k times ("days 1, 14, and 28 … then on day 14" against
    "days 1, 14, and 28 … then on day 28"). Each of the claim's statements of it says something
    of its own — another day, another arm — and one statement in the source backs one of them;
    which one is the judge's reading."""
    counts = Counter(_same_value(a) for a in values)
    for key, times in counts.items():
        if times < 2:
            continue
        atom = next(a for a in values if _same_value(a) == key)
        held = sum(1 for s in found if relate(atom, s) == "supported")
        if 0 < held < times:
            return (f"the claim states {atom.describe()} ('{atom.raw}') {_times(times)}, the source line "
                    f"{_times(held)}: one of the claim's statements of it is bound to something else there")
    return None


def _times(n: int) -> str:
    return {1: "once", 2: "twice"}.get(n, f"{n} times")


def _pairing_differs(
    claim_low: str, values: Sequence[ValueAtom], subjects: Sequence[tuple[str, int]],
    seg_low: str, found: Sequence[ValueAtom], seg_subjects: Sequence[tuple[str, int]], *, headed: bool = False,
) -> str | None:
    """Each side's numbers read with the labels, words and "x of N" role of their own clause
    (``citeproof.values.pairing``) and each share with its base (``citeproof.values.share_base``):
    why the claim pairs a number otherwise than the source."""
    claim = pairing.read(claim_low, values, labels_in(claim_low, subjects))
    source = pairing.read(seg_low, found, labels_in(seg_low, seg_subjects))
    return (pairing.label_differs(claim, source)
            or pairing.arm_moved(claim, source, armless_open=headed)
            or pairing.role_differs(claim_low, claim, seg_low, source)
            or pairing.respectively_crossed(claim, seg_low, source)
            or list_items.item_moved(claim_low, claim, seg_low, source)
            or pairing.words_differ(claim_low, claim, seg_low, source)
            or pairing.year_words_differ(claim_low, claim, seg_low, source)
            or share_base.base_differs(claim_low, claim, seg_low, source))


def labels_in(low: str, subjects: Sequence[tuple[str, int]]) -> list[pairing.Label]:
    """``subjects`` (position-tagged) as the labels ``pairing.read`` pairs numbers with: time points
    as time points, listed items as items of their list."""
    whens = {m.group(0) for m in TIME_POINT.finditer(low)}
    listed = set(listed_labels(low))
    return pairing.make_labels(low, subjects, whens, listed)


def names_in(text: str, low: str, extra: set[str], *, capitalised: bool = True) -> list[tuple[str, int]]:
    """Every occurrence of a name in ``low`` (the prepared, lower-cased ``text``), in order, as (name, position):
    capitalised names and identifiers (unless ``capitalised`` is False), "Arm A"/"Cohort 2" labels, X组 labels,
    subject words, ``extra``."""
    words = cues()
    keys = {m.group(0) for m in _NUMBERED.finditer(low)} | {m.group(0) for m in TIME_POINT.finditer(low)}
    if capitalised:
        keys |= entity_tokens(text)
    for m in _CJK_LABEL.finditer(low):
        label = _PARTICLES.split(m.group(0))[-1]
        if label not in _NOT_A_LABEL and len(label) > 1:
            keys.add(label)
    keys |= {w for w in words.subject_words_en if re.search(rf"\b{re.escape(w)}\b", low)}
    keys |= {w for w in words.subject_words_zh if w in low}
    keys |= {n for n in extra if n in low}
    # a name inside a longer one ("arm a" in "arm a1", "男性" in "男性患者组", "men" in "women") is
    # the longer one's there, and a name of its own where it stands alone ("12 men and 20 women")
    spans = sorted({(m.start(), m.end(), k) for k in keys for m in re.finditer(re.escape(k), low)}, key=lambda t: (t[0], -t[1]))
    hits: set[tuple[int, str]] = set()
    reach = -1  # the furthest end of the spans before (a longer one starting at the same place sorts first)
    for start, end, k in spans:
        if end > reach:
            hits.add((start, k))
            reach = end
    # a list's first item starts where the list does: "Arms A and B" names "arm a" there, not "arms a"
    listed = listed_labels(low)
    heads = {at for _, at in listed}
    hits = {(at, k) for at, k in hits if at not in heads} | {(at, name) for name, at in listed}
    return [(k, at) for at, k in sorted(hits)]


def listed_labels(low: str) -> list[tuple[str, int]]:
    """The labels a list of them names, each where its item stands ("cohorts 1 and 2" names
    "cohort 1" where the list starts and "cohort 2" at its "2"): a value stated for the list
    is paired with each."""
    out: list[tuple[str, int]] = []
    for m in _LISTED.finditer(low):
        word = m.group(1) or m.group(2)
        items = list(_LISTED_ITEM.finditer(low, low.index(" ", m.start()), m.end()))
        kind = items[0].group(0).isdigit()
        for i, item in enumerate(items):
            if item.group(0).isdigit() != kind:
                break  # "arms A and 2": not one list
            out.append((f"{word} {item.group(0)}", m.start() if i == 0 else item.start()))
    for m in _LISTED_ZH.finditer(low):
        for i, item in enumerate(_DIGITS.finditer(low, m.start(), m.end())):
            out.append((f"队列{item.group(0)}", m.start() if i == 0 else item.start()))
    return out


# short upper-case acronyms (ORR, PFS, HR, CD4), those behind a small letter (mOS, eGFR) and
# short mixed-case ones with a digit (HbA1c, Ki67): what is measured. A longer code (AZD0530, GTx-024) names a drug, so an arm. ASCII
# boundaries: "本品的DCR为35%" measures DCR as "The DCR was 35%" does.
_MEASURE = re.compile(r"\b(?:[A-Z][A-Z0-9-]{1,4}|[mcuepis][A-Z](?:[a-z]?[A-Z]){1,3}|(?=[A-Za-z0-9-]{0,4}\d)[A-Z][a-z]?[A-Za-z0-9-]{1,3}[a-z0-9])\b", re.ASCII)


def subjects_of(text: str, low: str, names: Sequence[tuple[str, int]]) -> list[tuple[str, int]]:
    """Of ``names`` (``names_in`` of ``text``), those that say *who* (an arm, a group, a drug,
    men/women, a company, a time point), not *what* is measured: short upper-case acronyms
    (ORR, PFS, HR) and trial ids are left out."""
    measures = {t.lower() for t in _MEASURE.findall(text)} | {t for t in entity_tokens(text) if t.startswith("nct")}
    labels = {m.group(0) for m in TIME_POINT.finditer(low)}  # Q3, FY2023 are when, not what
    return [(n, at) for n, at in names if n not in measures or n in labels]


def _in_order(places: Sequence[Sequence[int]]) -> bool:
    """Whether one position can be picked per item, strictly increasing (items found nowhere skipped)."""
    last = -1
    for options in places:
        if not options:
            continue
        later = [p for p in options if p > last]
        if not later:
            return False
        last = min(later)
    return True
