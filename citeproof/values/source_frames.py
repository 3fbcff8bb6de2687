"""What stands around a saved source's line and says the line does not assert its figure.

Word for word a claim, a source line may still only report, restrict or take back its figure.
Claim support (CP105, ``tier1/claim_support.py``) asks these readers about the line that
carries a claim; any of them leaves the claim to the judge, never failing it:

* a lead-in over it that denies or frames its list (``denying_source_lead_in``: "Myths:",
  "The following were not observed:", "Results from the mouse study:"), or a heading, JSON key
  or cited section opened by a frame word (``denying_source_heading``: "## Retracted findings");
* a heading, lead-in or neighbouring sentence that restricts it to a subgroup the claim does not
  name (``restricting_heading``, ``restricting_neighbour``);
* a note its figure is marked with, or the next sentence, that takes it back (``noted_away``,
  ``retracts_before``), and a JSON key of the same record saying it does not stand
  (``withdrawn_by_sibling``);
* an attribution after it ('"…45%," the CEO said': ``attributed_after``).

The words are data: ``source_frames`` of ``citeproof/data/retractions.json`` and
``trailing_attribution`` of ``claim_support.json``.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import lru_cache

from citeproof.sources.headings import section_key
from citeproof.values.lead_in import denies
from citeproof.values.lexicon import data_json
from citeproof.values.segment_support import content_terms, cue_document, words_pattern

_CLAUSE_BREAK = re.compile(r"[,;，；]")


def denying_source_lead_in(line: str) -> str | None:
    """``line`` when it is a source's lead-in (a line ending in a colon) that holds back the
    lines under it: one that denies them as a report's lead-in does (:func:`denying_lead_in`:
    "The following were not observed:"), or one that frames them as withdrawn, unverified, a
    myth or a scenario (``source_frames`` of ``retractions.json``: "Myths:", "In an optimistic
    scenario:", "Results from the mouse study:"). A lead-in that only names a subgroup ("Patients
    without liver metastases:") heads ordinary lines."""
    text = line.strip()
    if not text.endswith((":", "：")):
        return None
    # the clause that names the list: "主要终点未达到…，次要终点结果如下：" lists secondary results
    last = _CLAUSE_BREAK.split(text.lower())[-1]
    if denies(text) or _source_frame().search(last):
        return text
    return None


def denying_source_heading(title: str) -> str | None:
    """``title`` (a source's Markdown heading, or the name of the section a locator cites) when
    it frames what is under it as not established (``source_frames``: "## Retracted findings",
    "#Withdrawn results", "## Bull case (unlikely)"); None otherwise. A heading's negation is
    not read: "No. of patients" or "Patients who did not progress" heads ordinary lines."""
    text = title.strip().lstrip("#").strip()
    if section_key(text) in _whole_frames():
        return text  # "## Hypotheses", "# Study aims": what a study set out to show
    # the frame must head it ("## Retracted findings", a key "myths"): "## Medication errors in
    # the study" or "## Patients withdrawn from treatment" name a topic that holds facts. It may
    # head the part after a label's colon or a year ("## Scenario: bull case forecast", "## 2030
    # bull case"), and be written with a hyphen ("## Bull-case forecast"): a forecast word after
    # it does not make the scenario the source's own view (rt34a c48, c49)
    for part in _HEADING_PARTS.split(text.lower().replace("-", " ")):
        m = _source_frame().search(part)
        if m is not None and not part[: m.start()].strip(" _:()[]0123456789"):
            return text
    return None


_HEADING_PARTS = re.compile(r"[.:：]")


@lru_cache(maxsize=1)
def _whole_frames() -> frozenset[str]:
    return frozenset(section_key(w) for w in data_json("retractions.json")["source_frames"]["whole"]["words"])


@lru_cache(maxsize=1)
def _source_frame() -> re.Pattern[str]:
    frames = data_json("retractions.json")["source_frames"]
    return words_pattern([w.lower() for w in (*frames["en"], *frames["zh"])])


def attributed_after(segment: str) -> str | None:
    """The attribution a source line closes its figure with, or None: a short clause after a
    closing quote ending in a reporting verb ('"…45%," the CEO told investors'), or after a comma
    one that calls the attribution wrong ('…6.4 months, the investigators wrongly concluded').
    The words are ``trailing_attribution`` of ``claim_support.json``."""
    m = _attribution().search(segment)
    if m is None:
        return None
    return " ".join(next(g for g in m.groups() if g).split())


@lru_cache(maxsize=1)
def _attribution() -> re.Pattern[str]:
    words = cue_document()["trailing_attribution"]

    def alternation(items: list[str]) -> str:
        return "|".join(r"\s+".join(map(re.escape, w.split())) for w in sorted(items, key=len, reverse=True))

    who = r"(?:[^\W\d_][\w'’.-]*\s+){0,5}?"
    verbs = alternation(words["verbs"])
    quoted = rf"[\"”]\s*,?\s*({who}(?:{verbs}))\b"
    wrongly = rf",\s*({who}(?:{alternation(words['adverbs'])})\s+(?:{verbs}))\b"
    zh = rf"[”\"]\s*[，,]?\s*([^\s，,。；;]{{1,12}}?(?:{'|'.join(map(re.escape, words['zh_verbs']))}))"
    return re.compile(rf"{quoted}|{wrongly}|{zh}", re.IGNORECASE)


# a note mark glued to a figure or closing its sentence: "45%*", "45%.*", "45%†", "45%[^1]"
_MARK_AFTER = re.compile(r"(?<=[\d%)\].])(?P<mark>\*{1,3}|[†‡§¶]|\[\^[\w-]{1,12}\])(?=\s|$|[.,;)\]])")
# the note a mark opens: "* This figure was retracted …", "† Not confirmed …", "[^1]: Retracted …"
_NOTE_LINE = re.compile(r"^\s*(?P<mark>\*{1,3}|[†‡§¶]|\[\^[\w-]{1,12}\]:?)\s*(?P<text>\S.*)$")


def source_notes(lines: list[str]) -> dict[str, str]:
    """Each note mark of a document (its ``[^1]:`` written as ``[^1]``) → the note's text."""
    notes: dict[str, str] = {}
    for line in lines:
        if (m := _NOTE_LINE.match(line)) is not None:
            notes.setdefault(m.group("mark").rstrip(":"), m.group("text"))
    return notes


def noted_away(segment: str, notes: dict[str, str]) -> str | None:
    """The note a mark in ``segment`` points to when that note takes the marked figure back
    ("* This figure was retracted in the 2024 erratum", "† Not confirmed by central review"),
    or None."""
    if not notes:
        return None
    for m in _MARK_AFTER.finditer(segment):
        note = notes.get(m.group("mark"))
        if note is not None and any(r.search(note.strip().lower()) for r in _note_retractions()):
            return note
    return None


@lru_cache(maxsize=1)
def _note_retractions() -> tuple[re.Pattern[str], ...]:
    """Notes that take back the figure they mark (a note that says what it is, "p < 0.05;
    corrected for multiplicity", "Corrected value", qualifies it and is not one)."""
    return tuple(re.compile(r) for r in data_json("retractions.json")["source_frames"]["note_retractions"])


def restricting_heading(title: str, claim: str) -> str | None:
    """``title`` (a source heading over the line) when it restricts what is under it to a
    subgroup ("## Subgroup: patients aged 75 years or older", "## 亚组：75岁及以上患者") and the
    claim names none of the heading's own words or numbers; None otherwise."""
    text = title.strip().lstrip("#").strip()
    low = text.lower()
    if not text or _subgroup_words().search(low) is None:
        return None
    claim_low = claim.lower()
    if _named_restrictions().search(low) is not None and _named_restrictions().search(claim_low) is None:
        return text  # "The following are interim results.": the word is the restriction
    own = _subgroup_words().sub(" ", low)
    terms = (content_terms(own) | set(re.findall(r"\d+", own))) - _generic_words()
    claim_terms = content_terms(claim_low) | set(re.findall(r"\d+", claim_low))
    if not terms:
        return None
    shared = terms & claim_terms
    # a Chinese term is a character pair, one of several in a phrase: sharing one ("剂量" of
    # "仅剂量递增阶段") names no phrase, half of them do ("75岁及以上患者中")
    chinese = {t for t in terms if not t.isascii()}
    if shared - chinese or (chinese and 2 * len(shared & chinese) >= len(chinese)):
        return None
    return text


@lru_cache(maxsize=1)
def _named_restrictions() -> re.Pattern[str]:
    return words_pattern([w.lower() for w in data_json("retractions.json")["source_frames"]["named_restrictions"]["words"]])


@lru_cache(maxsize=1)
def _subgroup_words() -> re.Pattern[str]:
    return words_pattern([w.lower() for w in data_json("retractions.json")["source_frames"]["subgroup_words"]])


def retracts_before(sentence: str) -> bool:
    """Whether a source sentence takes back the figure before it in its paragraph by the words of
    a retracting note ("This result was later retracted by the sponsor.", "The sponsor withdrew
    this figure.", "Correction: the correct figure is 35%.", "该数据后被申办方撤回。")."""
    low = re.sub(r"^\s*note\s*:\s*", "", sentence.strip().lower())
    return any(r.search(low) for r in _note_retractions()) or is_verdict_line(sentence)


def is_verdict_line(sentence: str) -> bool:
    """Whether a source sentence is a fact check's verdict taking back the one above it
    ("Rating: False.", "Verdict: misleading", "结论：错误。"): ``verdict_lines`` of ``retractions.json``."""
    low = sentence.strip().lower()
    return any(r.search(low) for r in _verdict_lines())


@lru_cache(maxsize=1)
def _verdict_lines() -> tuple[re.Pattern[str], ...]:
    return tuple(re.compile(r) for r in data_json("retractions.json")["source_frames"]["verdict_lines"]["patterns"])


def restricting_neighbour(before: str | None, after: str | None, claim: str) -> str | None:
    """A sentence beside a source line that restricts it to a subgroup the claim does not name:
    the one before pointing forward ("The following results are for the Japanese cohort only.",
    "以下结果仅针对日本队列。"), or the one after pointing back ("These figures apply only to women.",
    "上述数据仅适用于75岁及以上患者。")."""
    pointers = data_json("retractions.json")["source_frames"]["restriction_pointers"]
    for sentence, words in ((before, pointers["before"]), (after, pointers["after"])):
        if sentence and any(w in sentence.lower() for w in words) and (found := restricting_heading(sentence, claim)):
            return found
    return None


@lru_cache(maxsize=1)
def _generic_words() -> frozenset[str]:
    words = data_json("retractions.json")["source_frames"]["restriction_pointers"]["generic"]
    return frozenset(t for w in words for t in (content_terms(w) | {w}))


@dataclass
class SectionIndex:
    """A document's named sections (a Markdown or HTML heading, a JSON key path) by line, built
    once per document: which sections hold a line, and the one-line sections (a JSON record's
    scalar keys) of each record."""

    enclosing: dict[int, list[str]] = field(default_factory=dict)  # line → names of the sections holding it
    own_key: dict[int, str] = field(default_factory=dict)  # line → the one-line section that is that line
    records: dict[str, list[tuple[str, int]]] = field(default_factory=dict)  # "a.b." → its keys (name, line)

    @classmethod
    def of(cls, sections: dict[str, tuple[int, int]]) -> SectionIndex:
        index = cls()
        for name, (a, b) in sections.items():
            for line in range(a, b + 1):
                index.enclosing.setdefault(line, []).append(name)
            if a == b:
                index.own_key.setdefault(a, name)
                prefix = name.rsplit(".", 1)[0] + "." if "." in name else ""
                index.records.setdefault(prefix, []).append((name, a))
        return index


def withdrawn_by_sibling(index: SectionIndex, lines: Sequence[str], line: int) -> str | None:
    """In a JSON source, a key beside the value at ``line`` (same record) that says the record does
    not stand — ``"retracted": true``, ``"verified": false``, ``"status": "withdrawn by sponsor"``
    (``sibling_flags``) — as ``key: value``, or None. The sibling counts wherever it sits, inside
    the cited lines or not: it is part of the same record."""
    path = index.own_key.get(line)
    if path is None:
        return None
    flags = data_json("retractions.json")["source_frames"]["sibling_flags"]
    prefix = path.rsplit(".", 1)[0] + "." if "." in path else ""
    for name, at in index.records.get(prefix, ()):
        if name == path or not 0 < at <= len(lines):
            continue
        written = _json_value(lines[at - 1], name[len(prefix):])
        key, value = name[len(prefix):].lower(), written.lower()
        if (key in flags["true"] and value == "true") or (key in flags["false"] and value == "false") \
                or (key in flags["text"] and any(r.search(value) for r in _note_retractions())):
            return f"{name[len(prefix):]}: {written}"
    return None


def _json_value(line: str, key: str) -> str:
    """The value a JSON scalar's line writes after its label ("arm A › retracted: true" → "true",
    ``readers._json_label``)."""
    line = line.strip()
    at = line.find(f"{key}: ")
    return line[at + len(key) + 2:] if at >= 0 else line
