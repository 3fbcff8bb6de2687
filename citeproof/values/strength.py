"""Whether a claim says more than the segment that carries its words.

"The objective response rate was 45%" citing "The objective response rate may be 45%" shares
every word and number: the claim only drops the source's hedge, and turns an estimate into a
fact. "45% in all patients" citing "45% in the positive subgroup" adds a universal the
source never states, and "45% of patients" citing "45% of PD-L1 positive patients" or
"老年患者" drops the restriction of the population the figure belongs to. Both are stronger than the source, and neither can be passed without a
judge. A claim *weaker* than its source (a hedge added, a universal dropped) says less and
is not held back here.

Two more ways to say more than the source:

* A *forecast stated as fact*: "The market was worth $5.0 billion in 2030" citing "The market
  will be worth $5.0 billion in 2030", "2030E market size: $5.0 billion", "2025E营业收入…", or a
  line under "## Forecast (base case)". A future auxiliary makes a forecast only in a sentence
  that names a calendar year, with the claim's figure after the auxiliary: "Patients will
  receive 200 mg daily" is a protocol's plan, and "Patients receive 200 mg daily" restates it.
* A *restriction that opens the sentence* ("In North America, …", "Excluding China, …",
  "在一线城市，…", "一线城市中，…") or "excluding X" / "ex-X" inside it: a claim without the
  phrase's words generalises the figure ("Revenue reached $2.4 billion").

The cue words (``strength_cues`` in ``citeproof/data/claim_support.json``) are matched as
words in English and as substrings in Chinese.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import lru_cache

from citeproof.values.agreement import without_dose_frequencies
from citeproof.values.lexicon import alternation
from citeproof.values.segment_support import content_terms, cue_document, spell_abbreviations, words_pattern, written_in


@lru_cache(maxsize=1)
def _cues() -> dict[str, tuple[re.Pattern[str], tuple[str, ...]]]:
    """kind (hedges, universals, restrictions) → (English words as one pattern, Chinese words)."""

    def split(words: list[str]) -> tuple[re.Pattern[str], tuple[str, ...]]:
        latin = sorted((w for w in words if w.isascii()), key=len, reverse=True)
        return re.compile(r"\b(?:" + "|".join(map(re.escape, latin)) + r")\b"), tuple(w for w in words if not w.isascii())

    cues = cue_document()["strength_cues"]
    return {kind: split(cues[kind]) for kind in ("hedges", "universals", "restrictions", "segments")}


def _has(text: str, kind: str) -> str | None:
    latin, chinese = _cues()[kind]
    m = latin.search(text)
    if m:
        return m.group(0)
    return next((w for w in chinese if w in text), None)


def _all(text: str, kind: str) -> set[str]:
    latin, chinese = _cues()[kind]
    return {m.group(0) for m in latin.finditer(text)} | {w for w in chinese if w in text}


def _near_synonyms(dropped: list[str], kept: set[str]) -> bool:
    """The claim hedges with another word of the same few (an approximation for an
    approximation: "about" for "approximately", 约 for 大约)."""
    approx = set(cue_document()["strength_cues"].get("approximations", ()))
    return all(d in approx for d in dropped) and bool(kept & approx)


# The month written with a day or year beside it ("May 2016", "5 May", "May 5, 2016") is no
# hedge: lower-cased, it would read as the hedge "may" (red team rt31 y2, an approval date held back).
_MONTH_MAY = re.compile(r"\bMay(?=\s+\d)|(?<=\d\s)May\b")


def _unhedged_months(text: str) -> str:
    return _MONTH_MAY.sub("month", text)


def stronger_than_source(claim_text: str, segment_text: str) -> str | None:
    """Why the claim is stronger than ``segment_text`` (a dropped hedge, an added universal, a
    dropped restriction), or narrower (an added restriction), or None."""
    claim_text, segment_text = _unhedged_months(claim_text), _unhedged_months(segment_text)
    # "every 12 hours" is a dose frequency ("twice daily"), no universal: the agreement check compares it
    claim_text, segment_text = without_dose_frequencies(claim_text), without_dose_frequencies(segment_text)
    # an abbreviation one side spells out is its words there ("TRAEs" for "treatment-related
    # adverse events"): the restriction it holds is written on both sides
    claim_text, spelled = spell_abbreviations(claim_text, segment_text)
    segment_text = spell_abbreviations(segment_text, claim_text)[0]
    claim, segment = claim_text.lower(), segment_text.lower()
    # each hedge of the source's, not any one: "planned" in the claim keeps no "nearly all"
    kept = _all(claim, "hedges")
    dropped = sorted(_all(segment, "hedges") - kept)
    if dropped and not _near_synonyms(dropped, kept):
        return f"the source hedges ('{dropped[0]}') what the claim states as fact"
    universal = _has(claim, "universals")
    if universal and not _has(segment, "universals"):
        return f"the claim says '{universal}' where the source does not"
    in_source, in_claim = _has(segment, "restrictions"), _has(claim, "restrictions")
    if in_source and not in_claim:
        return f"the source restricts it ('{in_source}'); the claim does not"
    if in_claim and not in_source:
        # not stronger but another fact: the figure of "serious adverse events" is not that of "adverse events"
        return f"the claim restricts it ('{in_claim}'); the source does not"
    if spelled and (more := sorted(_all(segment, "restrictions") - _all(claim, "restrictions"))):
        # the restriction a spelled abbreviation brings ("TRAEs") is not every one the source
        # states ("serious treatment-related adverse events")
        return f"the source restricts it ('{more[0]}'); the claim does not"
    if phrase := dropped_scope(claim_text, segment_text):
        return f"the source restricts it ('{phrase}'); the claim does not"
    if word := _dropped_segment(claim, segment):
        return f"the source restricts it ('{word}'); the claim does not"
    if quantity := _dropped_quantity(claim_text, segment_text):
        return f"the source restricts it ('{quantity}'); the claim does not"
    if word := _added_segment(claim, segment):
        return f"the claim restricts it ('{word}'); the source does not"
    if bound := _dropped_threshold(claim_text, segment_text):
        return f"the source restricts it to a threshold ('{bound}'); the claim does not"
    if (only := _dropped_only(claim, segment)) is not None:
        return f"the source restricts it ('{only}'); the claim does not"
    return None


# "only in/among/for/when/if …", 仅在/只在/仅见于: the figure holds for what follows alone — not "not
# only in" (不仅在), and not "only in 2 patients" / "only in two patients" (a count, not a subgroup)
_ONLY = re.compile(
    r"(?<!not )\bonly (?:in|among|for|when|if)\b(?! (?:\d|one|two|three|four|five|six|seven|eight|nine|ten|a few)\b)"
    r"|(?<!不)(?:仅在|只在|仅见于)(?![\d一二两三四五六七八九十])"
)


def _dropped_only(claim: str, segment: str) -> str | None:
    """An "only in …" the claim does not write, in the source clause that holds one of its numbers
    (or the phrase opening that clause's sentence); anywhere in the segment for a claim without
    numbers. A claim that writes "only" itself is no stronger."""
    if _ONLY.search(claim) is not None:
        return None
    numbers = set(_NUMBER.findall(claim))
    for scope in _figure_clauses(numbers, segment) if numbers else (segment,):
        if (m := _ONLY.search(scope)) is not None:
            return m.group(0).strip()
    return None


def _dropped_threshold(claim_text: str, segment_text: str) -> str | None:
    """A percentage bound in a source clause that holds one of the claim's numbers, which the
    claim does not write ("prolonged in patients with PD-L1 expression of 50% or more (HR 0.72)"
    for "prolonged in patients (HR 0.72)"): a subgroup set by a threshold."""
    from citeproof.values.extract import extract_atoms  # extract reads segment_support, as this module does

    claim_numbers = set(_NUMBER.findall(claim_text))
    for clause in _figure_clauses(claim_numbers, segment_text, opening=False):
        if "%" in clause or "％" in clause:
            for atom in extract_atoms(clause, mode="source"):
                if atom.dim == "percent" and atom.qualifier in (">", ">=", "<", "<=") \
                        and not set(_NUMBER.findall(atom.raw)) & claim_numbers \
                        and not _defines_the_measure(clause, atom.start):
                    return atom.raw
    return None


# a threshold that defines what is measured rather than whom: in a bracket right after the figure
# that names no population ("45% (≥30% tumour shrinkage per RECIST)"), or a target's value ("the
# target of <7.0%"). A cut-off picks out patients ("at a PD-L1 cut-off of ≥1%"): no definition.
_DEFINING_BEFORE = re.compile(r"(?:target|goal|defined as|definition)\s*(?:of|was|is|:)?\s*$")
_POPULATION = re.compile(r"patients|participants|subjects|population|cohort|subgroup|women|men|adults|children|患者|人群|受试者")
_FIGURE_END = re.compile(r"\d(?:\s?[%％])?\s*$")


def _defines_the_measure(clause: str, at: int) -> bool:
    before = clause[:at]
    if _DEFINING_BEFORE.search(before.lower().rstrip("<>≤≥=~ ")) is not None:
        return True
    opened = max(before.rfind("("), before.rfind("（"))
    if opened < 0 or before.count("(") + before.count("（") <= before.count(")") + before.count("）"):
        return False
    close = min((i for i in (clause.find(")", opened), clause.find("）", opened)) if i >= 0), default=len(clause))
    inside = clause[opened:close].lower()
    return _FIGURE_END.search(before[:opened]) is not None and _POPULATION.search(inside) is None


_CLAUSE = re.compile(r"[,;:，；：。]|(?<!\d)\.(?!\d)|其中")


# a sentence's opening prepositional phrase sets the scene for its clauses ("At week 4, …",
# "In the online channel, …", "截至2023年底，…"); an opening clause of its own ("Offline retail
# remained flat, while …") restricts only itself
_OPENING = re.compile(r"\s*(?:at|in|by|during|among|for|after|from|within|as of|on|over|through|until|up to)\b|\s*(?:在|截至|于)")


def _figure_clauses(numbers: set[str], segment: str, *, opening: bool = True) -> Iterator[str]:
    """Each source clause that holds one of the claim's numbers — where a restriction of the
    figure stands — with, when ``opening``, the prepositional phrase that opens its sentence
    ("At week 4, the response rate was 62%")."""
    for sentence in _SENTENCE_BREAK.split(segment):
        clauses = _CLAUSE.split(sentence)
        for k, clause in enumerate(clauses):
            if numbers & set(_NUMBER.findall(clause)):
                opens = opening and k and _OPENING.match(clauses[0]) and len(clauses[0].split()) <= 8
                yield f"{clauses[0]} {clause}" if opens else clause


def _dropped_segment(claim: str, segment: str) -> str | None:
    """A market segment, region, part of a year or time point (``strength_cues.segments``) in a
    source clause that holds one of the claim's numbers, or in the phrase that opens that clause's
    sentence ("At week 4, the response rate was 62%"), which the claim does not write."""
    for scope in _figure_clauses(set(_NUMBER.findall(claim)), segment):
        for word in sorted(_all(scope, "segments") - _all(claim, "segments")):
            return word
    return None


def _added_segment(claim: str, segment: str) -> str | None:
    """A Chinese segment word (a region, market, class, site or population: 美国, 仿制药, 颅内) the
    claim writes and the segment does not: the claim gives the whole's figure to a part. (English
    claims: ``agreement.added_modifier`` reads a word put before the line's words.)"""
    return next((w for w in sorted(_all(claim, "segments") - _all(segment, "segments")) if not w.isascii()), None)


@lru_cache(maxsize=1)
def _quantity_re() -> re.Pattern[str]:
    doc = cue_document()["strength_cues"]["segment_quantities"]
    units = "|".join(map(re.escape, sorted(doc["units"], key=len, reverse=True)))
    # "3 级及以上", "3～4级", "12 个月", "2 年" — not a calendar year ("2023年"): a period, which the
    # date rules read
    return re.compile(rf"(?<![\d.])(?!(?:19|20)\d\d\s?年)(\d+(?:\.\d+)?)(?:\s?[～~\-–至到]\s?\d+(?:\.\d+)?)?\s?({units})")


def _dropped_quantity(claim_text: str, segment_text: str) -> str | None:
    """A grade or time point written with a number ("3 级及以上", "12 个月", "2 年") before the
    claim's figure in the source clause that holds it, where the claim writes no number in that
    unit: "3 级及以上治疗相关不良事件发生率为 41.2%" restated as "治疗相关不良事件发生率为 41.2%"
    gives the severe events' rate to all of them. Only before the figure, where Chinese puts what
    the figure is of; one after it ("26.3 个月（95% CI 22.1–30.5 个月）") is no restriction. Nor one
    after a cadence word (每 3 周: the framing rule reads a cadence). A claim with another number
    in the unit (one of a list, "12周和24周时…分别为…") is read by the number rules."""
    numbers = set(_NUMBER.findall(claim_text))
    cues = cue_document()["strength_cues"]["segment_quantities"]
    if not numbers or not any(u in segment_text for u in cues["units"]):
        return None
    written = {m.group(2) for m in _quantity_re().finditer(claim_text)}
    not_after = tuple(cues["not_after"])
    for scope in _figure_clauses(numbers, segment_text):
        figure = min(m.start() for m in _NUMBER.finditer(scope) if m.group(0) in numbers)
        for m in _quantity_re().finditer(scope, 0, figure):
            if m.group(2) not in written and not scope[:m.start()].rstrip().endswith(not_after):
                return m.group(0).strip()
    return None


# --- a forecast stated as fact ---------------------------------------------------------------

_SENTENCE_BREAK = re.compile(r"[;!?；。！？]|(?<!\d)\.(?!\d)")
_NUMBER = re.compile(r"\d+(?:,\d{3})*(?:\.\d+)?")
_CALENDAR_YEAR = re.compile(r"(?<!\d)(?:19|20)\d{2}(?!\d)")
# "2030E", "2025F", "FY25E", "FY2025e": a year whose figures are estimates
_ESTIMATE_YEAR = re.compile(r"(?<![A-Za-z0-9.])(?:fy\s?'?(\d{4}|\d{2})|((?:19|20)\d{2}))[ef](?![a-z0-9])", re.IGNORECASE)


@dataclass(frozen=True, slots=True)
class _Forecast:
    future_en: re.Pattern[str]
    future_zh: tuple[str, ...]
    claim_en: re.Pattern[str]
    claim_zh: tuple[str, ...]
    header_en: re.Pattern[str]
    header_zh: tuple[str, ...]


def _words_re(words: list[str]) -> re.Pattern[str]:
    # the Chinese words are kept apart ("’ll", with its curly apostrophe, is no Chinese word)
    return words_pattern([w for w in words if not re.search(r"[\u3400-\u9fff]", w)])


@lru_cache(maxsize=1)
def _forecast() -> _Forecast:
    doc = cue_document()["strength_cues"]["forecast"]

    def zh(words: list[str]) -> tuple[str, ...]:
        return tuple(w for w in words if not w.isascii())

    return _Forecast(
        future_en=_words_re(doc["future_en"]),
        future_zh=tuple(doc["future_zh"]),
        claim_en=_words_re(doc["claim_words"]),
        claim_zh=zh(doc["claim_words"]),
        header_en=_words_re(doc["headers"]),
        header_zh=zh(doc["headers"]),
    )


def _numbers(text: str) -> set[float]:
    return {float(m.group(0).replace(",", "")) for m in _NUMBER.finditer(text)}


def _sentences(text: str) -> list[str]:
    return [s for s in _SENTENCE_BREAK.split(text) if s.strip()]


def _names_forecast(claim: str) -> bool:
    fc = _forecast()
    return bool(fc.claim_en.search(claim) or any(w in claim for w in fc.claim_zh) or _ESTIMATE_YEAR.search(claim))


def _estimate_year_stated(claim: str, segment: str) -> str | None:
    """The source's estimate-suffixed year ("2030E") whose year the claim writes bare — or, for a
    claim naming no year at all, one in the sentence that holds the claim's figure ("market
    size: RMB 80 billion (2030E)" stated as "the market size is RMB 80 billion")."""
    yearless = _CALENDAR_YEAR.search(claim) is None and not re.search(r"\bfy\s?'?\d{2}", claim)
    wanted = set(_NUMBER.findall(claim)) if yearless else set()
    for m in _ESTIMATE_YEAR.finditer(segment):
        digits = m.group(1) or m.group(2)
        year = digits if len(digits) == 4 else "20" + digits
        if re.search(rf"(?<!\d){year}(?!\d)", claim) or re.search(rf"fy\s?'?{digits}(?!\d)", claim):
            return m.group(0)
        if wanted and wanted & _figures_tagged(segment, m):
            return m.group(0)
    return None


def _figures_tagged(text: str, tag: re.Match[str]) -> set[str]:
    """The figures an estimate tag belongs to: the number right before it in its sentence ("RMB 80
    billion (2030E)", "95 GW in 2030E"), else the one right after it ("2030E market size: RMB 80
    billion") — not an actual figure elsewhere in the sentence ("USD 4.2 billion (2023A) versus …");
    every figure of a sentence that pairs figures and years "respectively"."""
    start = max((m.end() for m in _SENTENCE_BREAK.finditer(text, 0, tag.start())), default=0)
    end = next((m.start() for m in _SENTENCE_BREAK.finditer(text, tag.end())), len(text))
    figures = [n for n in _NUMBER.findall(text[start:end]) if not _CALENDAR_YEAR.fullmatch(n)]
    if "respectively" in text[start:end].lower() or "分别" in text[start:end]:
        return set(figures)
    before = [n for n in _NUMBER.findall(text[start:tag.start()]) if not _CALENDAR_YEAR.fullmatch(n)]
    if before:
        return {before[-1]}
    after = next((n for n in _NUMBER.findall(text[tag.end():end]) if not _CALENDAR_YEAR.fullmatch(n)), None)
    return {after} if after else set()


def _future_carrying(claim: str, segment: str) -> str | None:
    """The future auxiliary of a sentence of the segment that names a calendar year and governs
    the claim's figure (a number of the claim after the auxiliary; any, if the claim has none)."""
    fc = _forecast()
    wanted = _numbers(claim)
    for sentence in _sentences(segment):
        if not _CALENDAR_YEAR.search(sentence):
            continue  # "Patients will receive 200 mg daily": a plan, not a forecast of a quantity
        m = fc.future_en.search(sentence)
        at, word = (m.start(), m.group(0)) if m else next(
            ((sentence.find(w), w) for w in fc.future_zh if w in sentence), (-1, "")
        )
        if at < 0:
            continue
        governed = sentence[at:]
        if not wanted or wanted & _numbers(governed):
            return word
    return None


def _forecast_header(header: str) -> str | None:
    fc = _forecast()
    low = header.lower()
    m = fc.header_en.search(low)
    return m.group(0) if m else next((w for w in fc.header_zh if w in low), None)


def forecast_as_fact(
    claim_text: str, segment_text: str, *, header: Callable[[], str] | None = None, claim_frame: str = ""
) -> str | None:
    """Why the segment gives as a forecast what the claim states as fact, or None.
    ``header``: the header above the segment, asked last; ``claim_frame``: the report's headings
    and lead-in over the claim ("## Outlook" says the claim is a forecast too)."""
    claim, segment = claim_text.lower(), segment_text.lower()
    if _names_forecast(claim) or _names_forecast(claim_frame.lower()):
        return None
    if year := _estimate_year_stated(claim, segment_text):
        return f"the source gives '{year}' as an estimate; the claim states it as fact"
    if word := _future_carrying(claim, segment):
        return f"the source forecasts it ('{word}', in a sentence that names a year); the claim states it as fact"
    if header is not None and (word := _forecast_header(header())):
        return f"the source line sits under a forecast header ('{word}'); the claim states it as fact"
    return None


# --- a restriction that opens the sentence ---------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Scope:
    opener_en: re.Pattern[str]
    inline_en: re.Pattern[str]
    opener_zh: re.Pattern[str]
    excluding_en: frozenset[str]
    claim_excluding_en: re.Pattern[str]
    claim_excluding_zh: tuple[str, ...]
    ignore_terms: frozenset[str]


@lru_cache(maxsize=1)
def _scope() -> _Scope:
    doc = cue_document()["strength_cues"]["scope_openers"]
    en = alternation([*doc["en"], *doc["en_excluding"]])
    zh_phrase = r"([^\s，,。；;：:！？!?]{1,20}?)"
    # after 在/对于 the phrase runs to the comma, spaces (Latin names, numbers: "对于 CrCl < 30 mL/min
    # 的患者，") and a long population ("在既往接受过至少两线系统治疗的晚期…患者中，") included
    zh_framed = r"([^，,。；;：:！？!?]{1,40}?)"
    zh_open = (
        rf"(?:{alternation(doc['zh_excluding_before'])}){zh_phrase}(?:{alternation(doc['zh_excluding_after'])})"
        rf"|(?:{alternation(doc['zh_before'])}){zh_framed}(?:{alternation(doc['zh_after'])})?"
        rf"|{zh_phrase}(?:{alternation(doc['zh_after'])})"
    )
    people = alternation(cue_document()["swap_words_en"]["people"])
    ignore = frozenset(doc["ignore"])
    return _Scope(
        # at the start of a sentence: "In North America, …" (a phrase of a few words: "In the first
        # arm the response rate was 40%, and …" opens with a clause, not a restriction)
        opener_en=re.compile(rf"^[\s\-*#>\d.)]*({en})\s+((?:[^\s,;:]+\s+){{0,5}}[^\s,;:]+"
                             # a population runs longer: "In patients with an ECOG performance status of 2,"
                             rf"|(?:{people})\s+(?:[^\s,;:]+\s+){{0,10}}[^\s,;:]+),\s"),
        # anywhere: "excluding China", "ex-China" (a name after "ex-": "ex-smokers" is no restriction)
        inline_en=re.compile(r"(?<![A-Za-z])(?:(?i:excluding)\s+([^,;:.()]{1,40})|(?i:ex)-([A-Z][\w.]*(?:\s+[A-Z][\w.]*)*))"),
        opener_zh=re.compile(rf"^\s*(?:{zh_open})[，,]"),
        excluding_en=frozenset(doc["en_excluding"]),
        claim_excluding_en=_words_re([w for w in doc["claim_excluding"] if w.isascii()]),
        claim_excluding_zh=tuple(w for w in doc["claim_excluding"] if not w.isascii()),
        ignore_terms=ignore | frozenset(t for w in ignore for t in content_terms(w)),
    )


def _restricting_phrases(sentence: str) -> list[tuple[str, str, bool]]:
    """(the phrase as written, what it restricts to, whether it excludes) for the sentence's
    opening restriction and its "excluding X" / "ex-X"."""
    sc = _scope()
    found: list[tuple[str, str, bool]] = []
    if m := sc.opener_en.match(sentence.lower()):
        found.append((sentence[m.start(1):m.end(2)].strip(), m.group(2), m.group(1) in sc.excluding_en))
    elif m := sc.opener_zh.match(sentence):
        scope = next(g for g in m.groups() if g)
        found.append((m.group(0).strip().rstrip("，,"), scope, m.group(0).lstrip().startswith("除")))
    for m in sc.inline_en.finditer(sentence):
        found.append((m.group(0).strip(), m.group(1) or m.group(2), True))
    return found


def dropped_scope(claim_text: str, segment_text: str) -> str | None:
    """The restricting phrase of the segment's sentence that carries the claim whose words the
    claim does not write ("In North America", "Excluding China", "在一线城市"), or None."""
    sc = _scope()
    claim_low = claim_text.lower()
    claim_terms = content_terms(claim_low)
    wanted = _numbers(claim_low)
    claim_excludes = bool(sc.claim_excluding_en.search(claim_low) or any(w in claim_low for w in sc.claim_excluding_zh))
    for sentence in _sentences(segment_text):
        if wanted and not wanted & _numbers(sentence):
            continue  # not the sentence that carries the claim's figure
        for phrase, scope, excludes in _restricting_phrases(sentence):
            # a lone Chinese character ("第" of "第12周") is a term only where it stands alone
            terms = {t for t in content_terms(scope.lower()) if t.isascii() or len(t) > 1}
            if not terms or terms <= sc.ignore_terms or scope.strip() in sc.ignore_terms:
                continue  # "In 2023,", "In addition,", "本研究中，"
            written = terms <= claim_terms or written_in(scope.lower().strip(), claim_low)
            if not written or (excludes and not claim_excludes):
                return phrase
    return None
