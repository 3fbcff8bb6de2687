"""Sentences in which the report takes back what it has just said.

"Serious adverse events were observed in Arm B [nct:X#Results]. This is not true." cites a
source that carries the first sentence word for word, and the report says the opposite. The
second sentence names nothing and cites nothing, so it is no claim of its own; it is read
here, and the sentences it denies carry it (``Claim.retracted_by``) so that none of them
passes Tier 1.

A denial is a sentence that is a subject ("this", "the above claim", 以上说法) and a
predicate ("is not true", "did not happen", 不实), or a whole phrase ("None of this
happened."), from ``citeproof/data/retractions.json``. It may go on after a comma, a
semicolon, a colon or a dash ("This is false; the trial found none."). When a word follows
the denial directly ("This is not true of Arm B, where …", "This was not the case in the
placebo arm", "It is not true that …"), the sentence says something of its own about
another subject or states its own content: it denies nothing here and is checked as the
claim it is.

A denial whose subject points ahead ("The following statement is false.", 以下说法不实。)
takes back the sentence after it: the next one in its block, or the first of the next block.

Which earlier sentences a denial takes back cannot be told ("This" may be the last
sentence or the paragraph), so it holds back every sentence before it in its block; a
denial that opens its block (a paragraph of its own) holds back the block before it. It
never makes a claim fail: the judge reads what the report meant.
"""

from __future__ import annotations

import re
from functools import lru_cache

from citeproof.values.lexicon import data_json

_EDGE = " \t*_\"'“”‘’「」"
_END = "。！？.!?…"


@lru_cache(maxsize=2)
def _denial(forward: bool = False) -> re.Pattern[str]:
    """A sentence denying what came before it, or (``forward``) what comes after it."""
    words = data_json("retractions.json")["sentences"]

    def alternation(key: str, english: bool) -> str:
        items = sorted(words[key], key=len, reverse=True)
        if english:
            return "|".join(r"\s+".join(map(re.escape, w.split())) for w in items)
        return "|".join(map(re.escape, items))

    adverb = rf"(?:\s+(?:{alternation('adverbs_en', True)}))?"
    # an adverb before the predicate or after its verb: "this simply is not true", "this is simply not true"
    predicates = "|".join(
        re.escape(head) + adverb + "".join(r"\s+" + re.escape(w) for w in rest)
        for head, *rest in (p.split() for p in sorted(words["predicates_en"], key=len, reverse=True))
    )
    subjects_en, subjects_zh = ("subjects_forward_en", "subjects_forward_zh") if forward else ("subjects_en", "subjects_zh")
    en = rf"(?:{alternation(subjects_en, True)}){adverb}\s+(?:{predicates})"
    zh = rf"(?:{alternation(subjects_zh, False)})(?:{alternation('adverbs_zh', False)})?(?:{alternation('predicates_zh', False)})"
    if not forward:  # a whole-sentence denial ("None of this happened.") or a withdrawal looks back
        en += rf"|(?:{alternation('whole_en', True)})|{_withdrawal_en()}"
        zh += rf"|(?:{alternation('whole_zh', False)})|{_withdrawal_zh()}"
    # the whole sentence, or the denial and then a clause set off by punctuation
    return re.compile(rf"(?:{en}|{zh})(?:\s*[,;:，；：—–(（]|\s+-\s|$)")


def _withdrawals() -> dict[str, list[str]]:
    return data_json("retractions.json")["sentences"]["withdrawals"]


def _words(key: str) -> str:
    items = sorted(_withdrawals()[key], key=len, reverse=True)
    if key.endswith("_zh"):
        return "(?:" + "|".join(map(re.escape, items)) + ")"
    return "(?:" + "|".join(r"\s+".join(map(re.escape, w.split())) for w in items) + ")"


def _withdrawal_en() -> str:
    """'The authors later withdrew this result', 'This finding was subsequently retracted'."""
    adverbs = rf"(?:\s+{_words('adverbs_en')})*"
    passive = "(?:" + "|".join(  # an adverb before the participle: "was later retracted"
        "".join(rf"{re.escape(w)}{adverbs}\s+" for w in head) + re.escape(last)
        for *head, last in (w.split() for w in sorted(_withdrawals()["passives_en"], key=len, reverse=True))
    ) + ")"
    active = rf"{_words('agents_en')}{adverbs}\s+{_words('verbs_en')}\s+{_words('objects_en')}"
    return rf"(?:{active}|{_words('objects_en')}{adverbs}\s+{passive})"


def _withdrawal_zh() -> str:
    """'作者随后撤回了这一结果', '该结果随后被撤回'."""
    adverbs = rf"{_words('adverbs_zh')}*"
    active = rf"{_words('agents_zh')}?{adverbs}{_words('verbs_zh')}{_words('objects_zh')}"
    return rf"(?:{active}|{_words('objects_zh')}{adverbs}{_words('passives_zh')})"


def is_denial(sentence: str, *, forward: bool = False) -> bool:
    """Whether ``sentence`` (anchors removed) only takes back what came before it, or
    (``forward``) what comes after it ("The following statement is false.")."""
    text = " ".join(sentence.lower().split()).strip(_EDGE).rstrip(_END).strip(_EDGE)
    return bool(text) and _denial(forward).match(text) is not None
