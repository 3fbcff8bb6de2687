"""Whether a report's lead-in denies the items it introduces, and whose items they are.

"The following did not happen:" over "- Serious adverse events were observed in Arm B
[nct:X#Results]" says the item did not happen; the item alone, word for word the source's,
would pass. A lead-in denies its items when

* its clause that names the list ("following", "below", 以下: ``list_words`` in
  ``citeproof/data/retractions.json``) is negated, as CP105 reads negation
  (:func:`citeproof.values.segment_support.polarity`): "None of the following occurred:",
  "The following were not observed:", "未发生以下情况：";
* or it calls its items untrue: a word of the 'denied' frame of ``agreement_words`` in
  ``claim_support.json`` ("Myths:", "The following claims are false:", "以下说法不实：").

A lead-in that restricts its list by a negation ("Patients who did not respond had the
following:") reads the same way and holds its items back too: the judge tells them apart.

A lead-in, a caption or the nearest heading may also name whose figures the items state
("- Control arm:" over "  - median PFS 11.2 months", "### Control arm", "<dt>Control arm</dt>"):
``context_subject`` gives that subject, which the binding check reads the claim under
(:func:`citeproof.values.binding.binding_differs`), as if the sentence named it.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache

from citeproof.values.binding import labels_in, names_in, subjects_of
from citeproof.values.extract import prepare
from citeproof.values.lexicon import data_json
from citeproof.values.pairing import WHO
from citeproof.values.segment_names import segment_names_in
from citeproof.values.segment_support import cue_document, polarity, words_pattern

_CLAUSE_BREAK = re.compile(r"[,;，；]")




@lru_cache(maxsize=1)
def _list_words() -> re.Pattern[str]:
    return words_pattern([w.lower() for w in data_json("retractions.json")["lead_ins"]["list_words"]])


@lru_cache(maxsize=1)
def _denied_words() -> re.Pattern[str]:
    return words_pattern([w.lower() for w in cue_document()["agreement_words"]["both_ways"]["frame"]["denied"]])


def denying_lead_in(lead_in: Sequence[str]) -> str | None:
    """The first lead-in of ``lead_in`` (outermost first) that denies the items under it, or None.
    Any level denies: "The following did not happen:" over "- In Arm B:" covers the items below both."""
    return next((text for text in lead_in if denies(text)), None)


def denies(text: str) -> bool:
    """Whether one lead-in denies the items under it (the two ways of the module doc)."""
    low = text.lower()
    if _denied_words().search(low):
        return True
    return any(
        _list_words().search(clause) is not None and polarity(clause)[0]
        for clause in _CLAUSE_BREAK.split(low.rstrip(":： "))
    )


# an anchor in a lead-in ("Control arm [nct:X#Results]:") names no subject
_ANCHOR = re.compile(r"\[[^\[\]\n]*\]")
# "the velotinib and control arms": a plural head names several subjects, however many it shows
_PLURAL_HEAD = re.compile(r"(?:arm|group|cohort)s$")


def context_subject(lead_in: Sequence[str], section_path: Sequence[str]) -> str:
    """The one subject (an arm, a group, a subject word: "control arm", "对照组", "women") that
    the innermost context of a claim naming any subject names: its lead-ins (a parent item, a
    paragraph ending in ':', a caption, a <dt>), innermost first, then its headings, nearest
    first, the outermost excepted (a title heading names the report's topic, not one item's
    arm; "## Asia-Pacific" over "### Quarterly detail" names the claim's, rt37 r1). A context naming none
    ("### Efficacy", "Outcomes were as follows:") is read past; one naming several ("In both
    arms:", "Arm A and Arm B:") stops the search: its items may be either's. "" for none."""
    for text in (*reversed(lead_in), *reversed(section_path[1:] or section_path[-1:])):
        named = _subjects_named(text)
        if named is not None:
            return named
    return ""


@lru_cache(maxsize=512)
def _subjects_named(text: str) -> str | None:
    """The one subject ``text`` names (its name as written, lower-cased), "" for several, None for none.
    Time points are no subject here: a heading's year is read by the year check."""
    bare = _ANCHOR.sub(" ", text)
    low = prepare(bare).lower()
    labels = [lab for lab in labels_in(low, subjects_of(bare, low, names_in(bare, low, _segments_named(low), capitalised=False)))
              if lab.cls == WHO]
    if not labels:
        return None
    if len({lab.key for lab in labels}) > 1 or any(_PLURAL_HEAD.search(lab.name) for lab in labels):
        return ""
    return labels[0].name


# a context this long is a title about a place ("# 中国市场十年发展趋势与展望"), not a segment's name
_SEGMENT_CONTEXT_WORDS = 4
_SEGMENT_CONTEXT_CHARS = 8


def _segments_named(low: str) -> set[str]:
    """The regions and markets a short context names ("### Asia-Pacific", "In Europe:", "亚太地区";
    :mod:`citeproof.values.segment_names`): whose figures follow, as an arm's name says."""
    if len(low.split()) > _SEGMENT_CONTEXT_WORDS or len(re.sub(r"[\x00-\x7f]", "", low)) > _SEGMENT_CONTEXT_CHARS:
        return set()
    return segment_names_in(low)
