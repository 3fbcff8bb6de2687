"""A count a source sentence gives after the base it is out of.

"Of the 210 patients with X, 18 died" may state 18 of 210 as "18 of 210 patients died" does:
the sentence names the base first and the count after the comma that closes the base's phrase.
A claim's "18 of 210" (a fraction atom) meets it only through this reading, which is added to the
source index as a fraction — a *plausible* one (qualifier "~"): the claim goes to the judge, it
never passes on it. The checks that hold a number to its own label, time point, arm and the
restrictions on its base read the line's own atoms; a fraction rebuilt across the phrase escapes
them ("Of the 64 patients, 12 had a complete response; 5 died" does not say 12 of 64 died; "Of
the 210 patients with a prior infection, 18 died" says nothing of all patients — rt27t). The binding is kept tight, so that a number merely standing in the
same sentence is never read over the base: the count must be the first number after the comma
that ends the base's phrase and come right after it ("Of the 210 patients, 12 died and 18 were
discharged" binds 12 only; a number inside the phrase, "Of the 210 patients aged 75 or older, 18
died", restricts the base and is no count), be a whole count no larger than the base with no
unit and no percent sign, and the phrase must open its sentence or clause. The words are
``count_after_base`` in ``value_cues.json``.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache

from citeproof.values.atoms import ValueAtom
from citeproof.values.lexicon import data_json


@lru_cache(maxsize=1)
def _patterns() -> tuple[re.Pattern[str], re.Pattern[str], re.Pattern[str], re.Pattern[str]]:
    doc = data_json("value_cues.json")["count_after_base"]
    words = "|".join(re.escape(w) for w in doc["en"])
    dets = "|".join(re.escape(w) for w in doc["determiners"])
    # the phrase opens the line or a clause: "Of the 210 …", "In the trial, of the 210 …"
    en_before = re.compile(r"(?:^|[,;:(]\s?)(?:" + words + r")\s(?:(?:" + dets + r")\s)?$")
    # the base's phrase runs to one comma, with no other clause mark in it
    en_between = re.compile(r"[^,;:.!?]{0,80},\s?")
    opens = "|".join(re.escape(w) for w in sorted(doc["zh"]["open"], key=len, reverse=True))
    closes = "|".join(re.escape(w) for w in doc["zh"]["close"])
    zh_before = re.compile(r"(?:^|[，,；;：:（(])\s?(?:" + opens + r")$")
    zh_between = re.compile(r"[^，,；;：:。！？]{0,20}(?:" + closes + r")[，,]\s?(?:有)?")
    return en_before, en_between, zh_before, zh_between


def _whole_count(atom: ValueAtom) -> bool:
    return (atom.kind == "value" and atom.decimals == 0 and atom.number >= 0 and atom.qualifier is None
            and (atom.is_bare or atom.count_noun is not None) and not atom.derived)


def counts_after_base(line: str, atoms: Sequence[ValueAtom]) -> list[ValueAtom]:
    """Fraction atoms for each count the line gives right after the base it is out of (see the
    module doc); ``line`` is the prepared text the atoms were read from."""
    if "," not in line and "，" not in line:
        return []  # the base's phrase ends at a comma (both "between" patterns): the common line has none
    en_before, en_between, zh_before, zh_between = _patterns()
    low = line.lower()
    out: list[ValueAtom] = []
    for i, base in enumerate(atoms):
        if not (_whole_count(base) and 0 < base.number):
            continue
        head = low[max(0, base.start - 24):base.start]
        phrase = (en_between.match(low, base.end) if en_before.search(head) is not None else None) \
            or (zh_between.match(low, base.end) if zh_before.search(head) is not None else None)
        if phrase is None:
            continue
        # the count starts right where the base's phrase ends; a number inside the phrase ("aged
        # 75 or older", "in 18 centres") restricts the base and is no count over it
        count = next((a for a in atoms[i + 1:] if a.start >= phrase.end()), None)
        if count is None or count.start != phrase.end() or not (_whole_count(count) and count.number <= base.number):
            continue
        out.append(ValueAtom(raw=line[base.start:count.end], kind="fraction", number=count.number / base.number,
                             num=int(count.number), den=int(base.number), decimals=0, step=0.0,
                             qualifier="~", start=base.start, end=count.end))
    return out
