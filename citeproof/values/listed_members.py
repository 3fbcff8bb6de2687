"""Whether a claim's list of named points or groups leaves out a member of the source's list.

"Patients received 4 units on days 1 and 15" against "… on days 1, 8 and 15": every number of
the claim is in the line, in order, with its words — yet the claim gives a schedule of two days
where the source gives three. Likewise "in Arms A and C" against "in Arms A, B and C", and
"days 1 and 8" against "第1、8、15天". A list names its members as a whole: a claim list that is
a strict part of the carrying line's list of the same kind, with no list of the line equal to
it, is left to the judge (it may be a true statement of part of the schedule; Tier 1 cannot
tell). The words that name a kind of list, in both languages, are ``listed_points`` in
``citeproof/data/claim_support.json``.

Lists are read from the prepared, lower-cased text (Chinese numerals in digits, Roman grades in
digits: ``citeproof.values.extract.prepare``), so "days 1, 8 and 15", "day 1, day 8 and day 15",
"第1、8、15天", "第1天、第8天和第15天" are one list of days {1, 8, 15}.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from citeproof.values.extract import prepare
from citeproof.values.lexicon import alternation
from citeproof.values.segment_support import cue_document

# an item: a number up to three digits that is not part of a larger number, a percentage or a
# decimal ("1,000", "25%", "1.5"), or one letter, or a short Roman numeral
_ITEM = r"(?:\d{1,3}(?![\d%]|[.,]\d)|[a-z](?![a-z0-9])|[ivx]{2,4}(?![a-z0-9]))"
_ITEM_ZH = r"(?:\d{1,3}(?![\d%]|\.\d)|[a-z](?![a-z0-9]))"


@dataclass(frozen=True, slots=True)
class Listed:
    kind: str  # "day", "arm", … (the key in ``listed_points``)
    items: tuple[str, ...]  # as written, normalised ("08" → "8")
    text: str  # the list as the text writes it


@dataclass(frozen=True, slots=True)
class _Readers:
    en_kind: dict[str, str]
    en_head: re.Pattern[str]
    en_next: re.Pattern[str]
    zh_ordinal: re.Pattern[str]
    zh_ordinal_next: re.Pattern[str]
    zh_ordinal_kind: dict[str, str]
    zh_after: re.Pattern[str]
    zh_after_kind: dict[str, str]
    zh_after_word: re.Pattern[str]
    zh_before: re.Pattern[str]
    zh_before_next: re.Pattern[str]
    zh_before_kind: dict[str, str]


def _kinds(table: dict[str, list[str]]) -> dict[str, str]:
    return {word: kind for kind, words in table.items() for word in words}


@lru_cache(maxsize=1)
def _readers() -> _Readers:
    doc = cue_document()["listed_points"]
    en_kind = _kinds(doc["en"])
    en_words = alternation(list(en_kind))
    links_en = alternation(doc["links_en"])
    links_zh = alternation(doc["links_zh"])
    # ", " / ", and " / " and " / " / "… then the next item, with its kind word again or not
    link = rf"(?:\s?,\s?(?:(?:{links_en})\s)?|\s(?:{links_en})\s|\s?/\s?)"
    zh_link = rf"\s?(?:{links_zh})\s?"
    ordinal_kind = _kinds(doc["zh_ordinal"])
    ordinal_units = alternation(list(ordinal_kind))
    after_kind = _kinds(doc["zh_after"])
    after_words = alternation(list(after_kind))
    before_kind = _kinds(doc["zh_before"])
    before_words = alternation(list(before_kind))
    return _Readers(
        en_kind=en_kind,
        en_head=re.compile(rf"(?<![a-z])({en_words})\s({_ITEM})"),
        en_next=re.compile(rf"({link})(?:({en_words})\s)?({_ITEM})"),
        zh_ordinal=re.compile(rf"第\s?(\d{{1,3}})(?!\d)({ordinal_units})?"),
        zh_ordinal_next=re.compile(rf"{zh_link}(?:第\s?)?(\d{{1,3}})(?!\d)({ordinal_units})?"),
        zh_ordinal_kind=ordinal_kind,
        zh_after=re.compile(rf"(?<![a-z0-9])({_ITEM_ZH})({after_words})?((?:{zh_link}{_ITEM_ZH}(?:{after_words})?)+)"),
        zh_after_kind=after_kind,
        zh_after_word=re.compile(after_words),
        zh_before=re.compile(rf"({before_words})\s?(\d{{1,2}})(?!\d)"),
        zh_before_next=re.compile(rf"{zh_link}(?:(?:{before_words})\s?)?(\d{{1,2}})(?!\d)"),
        zh_before_kind=before_kind,
    )


def _item(raw: str) -> str:
    return str(int(raw)) if raw.isdigit() else raw


def lists_in(low: str) -> list[Listed]:
    """Every list of two or more named points or groups in ``low`` (prepared, lower-cased)."""
    r = _readers()
    return [*_english(low, r), *_ordinal_zh(low, r), *_after_zh(low, r), *_before_zh(low, r)]


def _english(low: str, r: _Readers) -> list[Listed]:
    out: list[Listed] = []
    pos = 0
    while (m := r.en_head.search(low, pos)) is not None:
        kind = r.en_kind[m.group(1)]
        items = [m.group(2)]
        end = m.end()
        bare_comma_last = False
        while (n := r.en_next.match(low, end)) is not None:
            if n.group(2) is not None and r.en_kind[n.group(2)] != kind:
                break  # "day 1 and week 8": two lists, not one
            if n.group(3).isdigit() != items[0].isdigit():
                break  # "Arm A and 12 patients": the list ended
            items.append(n.group(3))
            bare_comma_last = "," in n.group(1) and not re.search(r"[a-z&]", n.group(1))
            end = n.end()
        if bare_comma_last and len(items) == 2 and re.match(r"\s[a-z]", low[end:end + 2]):
            # "on day 1, 8 patients …": a number after a bare comma and before a word may count
            # something; "days 1, 8, 15 of …" is a list by its second comma
            items.pop()
            end = low.rindex(",", m.start(), end)
        if len(items) >= 2:
            out.append(Listed(kind, tuple(_item(i) for i in items), low[m.start():end]))
        pos = max(end, m.start() + 1)
    return out


def _ordinal_zh(low: str, r: _Readers) -> list[Listed]:
    """"第1、8、15天", "第1天、第8天和第15天": the unit after the items names the kind."""
    out: list[Listed] = []
    pos = 0
    while (m := r.zh_ordinal.search(low, pos)) is not None:
        items, units = [m.group(1)], [m.group(2)]
        end = m.end()
        while (n := r.zh_ordinal_next.match(low, end)) is not None:
            items.append(n.group(1))
            units.append(n.group(2))
            end = n.end()
        kinds = {r.zh_ordinal_kind[u] for u in units if u}
        if len(items) >= 2 and units[-1] and len(kinds) == 1:
            out.append(Listed(kinds.pop(), tuple(_item(i) for i in items), low[m.start():end]))
        pos = end
    return out


def _after_zh(low: str, r: _Readers) -> list[Listed]:
    """"A、B和C组", "3、4级": the label word after the last item names the kind."""
    out: list[Listed] = []
    for m in r.zh_after.finditer(low):
        text = m.group(0)
        words = r.zh_after_word.findall(text)
        if not words or not text.endswith(words[-1]) or len({r.zh_after_kind[w] for w in words}) != 1:
            continue
        items = re.findall(_ITEM_ZH, text)
        if len(items) >= 2 and len({i.isdigit() for i in items}) == 1:
            out.append(Listed(r.zh_after_kind[words[-1]], tuple(_item(i) for i in items), text))
    return out


def _before_zh(low: str, r: _Readers) -> list[Listed]:
    """"队列1、2和3": the label word before the first item names the kind."""
    out: list[Listed] = []
    pos = 0
    while (m := r.zh_before.search(low, pos)) is not None:
        items = [m.group(2)]
        end = m.end()
        while (n := r.zh_before_next.match(low, end)) is not None:
            items.append(n.group(1))
            end = n.end()
        if len(items) >= 2:
            out.append(Listed(r.zh_before_kind[m.group(1)], tuple(_item(i) for i in items), low[m.start():end]))
        pos = end
    return out


def member_dropped(claim_text: str, segment_text: str) -> str | None:
    """Why the claim's list of points or groups is not the segment's: it names only part of the
    segment's list of the same kind and the segment lists nothing equal to it."""
    claimed = [c for c in lists_in(prepare(claim_text).lower()) if len(set(c.items)) >= 2]
    if not claimed:
        return None
    stated = lists_in(prepare(segment_text, keep_newlines=True).lower())
    for c in claimed:
        members = set(c.items)
        same_kind = [s for s in stated if s.kind == c.kind]
        if any(set(s.items) == members for s in same_kind):
            continue
        wider = next((s for s in same_kind if members < set(s.items)), None)
        if wider is not None:
            left_out = ", ".join(i for i in dict.fromkeys(wider.items) if i not in members)
            return (f"the claim lists '{c.text}' where the source lists '{wider.text}': it leaves out "
                    f"{c.kind} {left_out}, so it may state another schedule or other groups")
    return None
