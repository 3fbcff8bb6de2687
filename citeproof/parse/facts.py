"""Fact-bearing detection: does a sentence assert something a source must back?

A unit is *fact-bearing* when ``fact_signals(text)`` is non-empty. The signals, checked on
the text with anchors and footnote markers (``[1]``) removed:

``number``
    any digit (ASCII or full-width), a number word (``zero``, ``none``, ``one`` … ``twenty``,
    ``hundred``, ``thousand``, ``million``, ``billion``, ``half``, ``twice``, ``percent``,
    ``majority``; not ordinals such as "first", which open transitions), or a
    Chinese numeral followed by a scale or count word (``三万``, ``十二例``, ``五名``, ``两倍``,
    ``三成``) or a percent sign — not in a pointer to the report's own parts ("Table 1",
    "Figure 2", "see Section 4", "表1", "第4节"; claim_support.json ``navigation_references``):
    "Figure 2 summarises the response data." states nothing a source must back.
``entity``
    an identifier (``NCT…``, ``PMID``-style ids), a gene/protein-like token (capitals with a
    digit: ``HER2``, ``CD20``, ``IL-6``), an acronym of 2–6 capitals (``EGFR``) outside a small
    stop list, a capitalised multi-word name in mid-sentence (``… by the Food Safety Board …``),
    or a name found by a registered ``EntityDetector`` (the drug lexicon plugs in here; names
    live in data files, never in code).
``comparative``
    ``more/less/higher/lower/greater/fewer/better/worse/superior/inferior/than/versus/vs./
    compared with/to/relative to/exceed/outperform/non-inferior/most/least``, ``the same … as``,
    ``as long as``-style equatives, ``similar/equal/identical to``, ``different from``;
    ``高于/低于/优于/劣于/多于/少于/大于/小于/较/相比/超过/不及/最高/最低``.
``causal`` (cause and effect, including efficacy and recommendation claims)
    ``cause(s|d)/lead(s) to/led to/result(s|ed) in/due to/because/associated with/reduce/
    increase/improve/decrease/prevent/induce/attributable to/contribute to/linked to/trigger/
    stimulate/weaken/strengthen/cure/kill/protect against/inhibit/suppress/boost/worsen/
    alleviate/relieve/enhance/effective/efficacy/recommend(s|ed)/approved for/indicated for/
    contraindicated/risk of``; ``导致/引起/由于/因此/降低/增加/改善/减少/提高/诱发/造成/所致/
    促进/抑制/增强/减弱/治愈/加重/有效/无效/推荐/批准/禁用/风险``.

A control's label ("Show more", "Read more", a disclosure's "More", "查看更多";
claim_support.json ``ui_phrases``) is no comparison: as a unit's whole text it gives no
comparative or causal signal.

Headings are not asked: a title ("Results", "3.2 Week 24 outcomes") is no claim. Only a heading
that states a measured figure ("Weekly arm: ORR 62%") is one, by its own test
(:mod:`citeproof.parse.heading_figures`). Transition sentences such as "In this
section we summarise the evidence.", "The next section turns to safety." and
"综上所述，我们讨论如下。" carry none of these signals and are not fact-bearing.
"""

from __future__ import annotations

import re
from typing import Iterable, Protocol, runtime_checkable

from citeproof.values.lexicon import word_set
from citeproof.values.navigation import navigation_re

SIGNALS = ("number", "entity", "comparative", "causal")


@runtime_checkable
class EntityDetector(Protocol):
    """Something that knows names (a drug lexicon, an entity file): True when ``text`` mentions one."""

    def mentions_entity(self, text: str) -> bool: ...


_DETECTORS: list[EntityDetector] = []


def register_entity_detector(detector: EntityDetector) -> None:
    """Add a detector consulted by every later ``fact_signals`` call (idempotent per object)."""
    if not any(d is detector for d in _DETECTORS):
        _DETECTORS.append(detector)


def unregister_entity_detector(detector: EntityDetector) -> None:
    _DETECTORS[:] = [d for d in _DETECTORS if d is not detector]


_NUMBER_WORDS = (
    "zero|none|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|"
    "fifteen|sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|"
    "ninety|hundred|hundreds|thousand|thousands|million|millions|billion|billions|trillion|"
    "dozen|dozens|half|twice|thrice|double|doubled|triple|tripled|percent|per\\s+cent|"
    "majority|minority|decade|decades|(?:two|three|four|five|six|seven|eight|nine|ten|hundred|thousand|multi)-?fold"
)
_NUMBER = re.compile(
    r"\d"
    rf"|\b(?:{_NUMBER_WORDS})\b"
    r"|[%％‰]"
    r"|[零〇一二两三四五六七八九十百千万亿]+(?:万|亿|例|名|人|位|倍|成|岁|年|个月|周|天|期|级|毫克|克|升)"
)

_ACRONYM_STOP = frozenset(
    {
        "I", "A", "OK", "AND", "OR", "NOT", "THE", "NB", "FAQ", "TBD", "TODO", "NOTE", "II", "III", "IV",
        "AM", "PM", "US", "UK", "EU", "IT", "IS", "AN", "OF", "TO", "IN", "ON", "AT", "BY", "FOR", "WE",
        "ID", "URL", "PDF", "HTML", "JSON", "XML", "API", "CSV", "TXT", "MD", "QA", "FYI", "ETC",
    }
)
_IDENTIFIER = re.compile(r"\b(?:NCT\d{4,}|PMID:?\s*\d+|PMC\d+|doi:\S+|10\.\d{4,}/\S+)", re.IGNORECASE)
_GENE_LIKE = re.compile(r"\b[A-Z][A-Za-z]{0,5}-?\d{1,4}[A-Za-z]{0,3}\b")  # HER2, CD20, IL-6, BRCA1
_ACRONYM = re.compile(r"\b[A-Z][A-Z&]{1,5}s?\b")
# Two or more capitalised words, not at the start of the sentence and not after a stop.
_NAME = re.compile(
    r"(?<=[\w,;:)\]”\"]) +"
    r"([A-Z][a-z][\w'’-]*(?: +(?:of|the|and|for|de|van|von|du|la|le) +| +)[A-Z][\w'’-]+)"
)

_COMPARATIVE = re.compile(
    r"\b(?:more|less|higher|lower|greater|fewer|better|worse|superior|inferior|than|versus|vs\.?"
    r"|compared\s+(?:with|to)|relative\s+to|exceed(?:s|ed|ing)?|outperform(?:s|ed|ing)?"
    r"|non-?inferior(?:ity)?|most|least|highest|lowest|largest|smallest"
    r"|same\s+(?:\w+\s+){0,2}as|as\s+(?!well\b)\w+\s+as|similar(?:ly)?\s+to|equal\s+to|identical\s+to"
    r"|differ(?:s|ed)?\s+from|different\s+from)\b"
    r"|高于|低于|优于|劣于|多于|少于|大于|小于|较|相比|超过|不及|最高|最低"
)
_CAUSAL = re.compile(
    r"\b(?:caus(?:e|es|ed|ing)|lead(?:s|ing)?\s+to|led\s+to|result(?:s|ed|ing)?\s+in|due\s+to|because"
    r"|associated\s+with|reduc(?:e|es|ed|ing|tion|tions)|increas(?:e|es|ed|ing)|improv(?:e|es|ed|ing|ement)"
    r"|decreas(?:e|es|ed|ing)|prevent(?:s|ed|ing)?|induc(?:e|es|ed|ing)|attributable\s+to"
    r"|contribut(?:e|es|ed|ing)\s+to|linked\s+to|trigger(?:s|ed|ing)?"
    r"|stimulat(?:e|es|ed|ing)|weaken(?:s|ed|ing)?|strengthen(?:s|ed|ing)?|cur(?:e|es|ed)|kill(?:s|ed|ing)?"
    r"|protect(?:s|ed|ing)?\s+against|inhibit(?:s|ed|ing)?|suppress(?:es|ed|ing)?|boost(?:s|ed|ing)?"
    r"|worsen(?:s|ed|ing)?|alleviat(?:e|es|ed|ing)|reliev(?:e|es|ed|ing)|enhanc(?:e|es|ed|ing)"
    r"|effective(?:ness)?|efficacy|ineffective|recommend(?:s|ed)?|approved\s+for|indicated\s+for"
    r"|contraindicated|risk\s+of)\b"
    r"|导致|引起|由于|因此|降低|增加|改善|减少|提高|诱发|造成|所致|促进|抑制|增强|减弱|治愈|加重|有效|无效|推荐|批准|禁用|风险"
)
_FOOTNOTE = re.compile(r"\[\^?\d+(?:\s*[,–-]\s*\d+)*\]")


def _ui_phrases() -> frozenset[str]:
    """Controls' labels ("Show more", "查看更多"): claim_support.json ``ui_phrases``."""
    return word_set("claim_support.json", "ui_phrases", "phrases")


_UI_TRIM = " \t.…:;!?·•»«›‹>→←<▸▾▼▶▲+-–—()[]（）【】：。！？"


def fact_signals(
    text: str, detectors: Iterable[EntityDetector] | None = None, *, may_be_control: bool = True
) -> tuple[str, ...]:
    """The fact signals of ``text`` in the fixed order number, entity, comparative, causal.
    ``may_be_control=False`` for a unit that answers a lead-in ("Compared with placebo, nausea
    was:" over "- Less"): there "Less" is the finding, not a control's label."""
    text = _FOOTNOTE.sub(" ", text)
    lower = text.lower()  # the word patterns are lower case: faster than re.IGNORECASE
    found: list[str] = []
    if _NUMBER.search(lower) and _NUMBER.search(navigation_re().sub(" ", lower)):
        found.append("number")
    if _has_entity(text, _DETECTORS if detectors is None else detectors):
        found.append("entity")
    if may_be_control and " ".join(lower.split()).strip(_UI_TRIM) in _ui_phrases():
        return tuple(found)  # a control's label compares and causes nothing
    if _COMPARATIVE.search(lower):
        found.append("comparative")
    if _CAUSAL.search(lower):
        found.append("causal")
    return tuple(found)


# a year as a lead-in names it ("2024:", "In FY2023:", "Results for Q3 2024:", "2024年：")
_YEAR_LABEL = re.compile(r"(?<![\d.])(?:fy\s?|[qh][1-4]\s?)?(?:19|20)\d{2}(?:年(?:度)?)?(?![\d.%])")


def names_a_year_only(text: str) -> bool:
    """Whether ``text`` is a lead-in (ending in ':') whose only number is a year it names: the
    label over the items that state the figures and cite them, as a heading "## 2024" is
    (rt36b y2: a "2024:" lead-in failed missing_anchor and withheld a correct report)."""
    stripped = _FOOTNOTE.sub(" ", text).rstrip()
    if not stripped.endswith((":", "：")):
        return False
    lower = stripped.lower()
    return _YEAR_LABEL.search(lower) is not None and not _NUMBER.search(_YEAR_LABEL.sub(" ", lower))


def is_fact_bearing(text: str) -> bool:
    return bool(fact_signals(text))


def _has_entity(text: str, detectors: Iterable[EntityDetector]) -> bool:
    if _IDENTIFIER.search(text) or _GENE_LIKE.search(text):
        return True
    for m in _ACRONYM.finditer(text):
        token = m.group(0).rstrip("s") if m.group(0).endswith("s") and len(m.group(0)) > 2 else m.group(0)
        if token not in _ACRONYM_STOP:
            return True
    if _NAME.search(text):
        return True
    return any(d.mentions_entity(text) for d in detectors)
