"""Names a source writes as its lines' labels, and a report context naming one of them (ctx2 1).

A market report gives its figures per company ("### Acme Corp", "Acme:" over "Revenue grew 12% to
$4.2 billion"); the cited line may be another company's ("Globex: revenue grew 12% to $4.2
billion."). No list can know company or product names, but a source that labels its lines with
names (a line opening "Globex:", a heading "## Globex", a table row's first cell "| Globex |")
says which of its words are names. A report heading or lead-in equal to one of those labels names
a subject, and a claim naming none, cited to a line carrying another label, is held.

A label is a name only where the source never writes it in lower case: "Revenue:", "Efficacy",
"Overall survival" are words its sentences use too ("revenue grew"), a company's name is not.
Structure words ("Results:", "Methods:"; ``abstract_labels.json``, the section words) are never
names. A report heading no label of the source equals ("### Key findings") changes nothing.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from citeproof.sources.headings import SECTION_WORDS, abstract_labels, section_key

# a label opening a line ("Globex: revenue grew …", "- **Acme:** …"): a capital, then up to a colon
_LINE_LABEL = re.compile(r"^\s*(?:[-*+]\s+)?[*_]{0,2}(?P<label>[A-Z][^:：|\n]{0,40}?)[*_]{0,2}\s?[:：]")
# a table row's first cell ("| Globex | 4.2 |"); a rule row holds no letter
_ROW_LABEL = re.compile(r"^\s*\|\s*[*_]{0,2}(?P<label>[A-Za-z][^|\n]{0,40}?)[*_]{0,2}\s*\|")
_MARKUP = re.compile(r"\[[^\[\]\n]*\]|[*_`#]")
# a context naming its subject with a preposition ("In Acme:", "For Globex")
_LEADING_PREPOSITION = re.compile(r"^(?:in|for|at)\s+")
# a label this long is a sentence's opening, not a name
_MAX_WORDS = 4


def label_key(text: str) -> str:
    """How a label and a report context are compared: mark-up, a trailing colon, a leading
    preposition and case ignored ("**In Acme:**" ~ "acme")."""
    bare = _MARKUP.sub(" ", text).strip().rstrip(":：").strip()
    return _LEADING_PREPOSITION.sub("", " ".join(bare.lower().split()))


def line_label(line: str) -> str:
    """The label ``line`` opens with ("Globex:", "| Globex |"), as written, or ""."""
    m = _LINE_LABEL.match(line) or _ROW_LABEL.match(line)
    return m.group("label").strip() if m else ""


def name_labels(lines: Sequence[str], headings: Iterable[str]) -> frozenset[str]:
    """The labels (:func:`label_key`) the source writes as names: its lines' opening labels, its
    table rows' first cells and its headings (``headings``: the title left out), each one it never
    writes in lower case and no structure word."""
    written = {line_label(line) for line in lines} | {h.lstrip("#").strip() for h in headings}
    text = "\n".join(lines)
    words = frozenset(_WORD.findall(text))
    return frozenset(key for label in written if label and (key := label_key(label)) and _is_name(key, text, words))


_WORD = re.compile(r"[A-Za-z]+")


def _is_name(key: str, text: str, words: frozenset[str]) -> bool:
    if not key.isascii() or not any(c.isalpha() for c in key) or any(c.isdigit() for c in key):
        return False
    if len(key.split()) > _MAX_WORDS or section_key(key) in SECTION_WORDS or key in abstract_labels():
        return False
    # a word the source's sentences use in lower case ("revenue grew") is no name; one word is
    # looked up among the text's words, not searched for through it (a long table has many labels)
    if key.isalpha():
        return key not in words
    return re.search(rf"(?<![A-Za-z]){re.escape(key)}(?![A-Za-z])", text) is None


def context_label(contexts: Iterable[str], labels: frozenset[str]) -> str:
    """The source label the claim's nearest context equal to one names (``contexts``: lead-ins
    innermost first, then the nearest heading), "" for none. "### Acme Corp" names the label
    "acme", and "### Acme" the label "acme corp": a name and its longer form."""
    for text in contexts:
        key = label_key(text)
        if len(key.split()) > _MAX_WORDS:
            continue
        if found := next((label for label in sorted(labels) if same_name(key, label)), ""):
            return found
    return ""


def same_name(a: str, b: str) -> bool:
    """Whether two label keys name the same one: equal, or one the other's opening words."""
    return a == b or a.startswith(b + " ") or b.startswith(a + " ")


def label_differs(context: str, line_labels: Sequence[str], claim_text: str, labels: frozenset[str]) -> str | None:
    """Why a claim read under the source label ``context`` ("### Acme") is not carried by a line
    carrying another (``line_labels``: its own opening label, its row's, its section's; nearest
    first), or None. A claim writing a label itself is read as written (the binding check)."""
    low = claim_text.lower()
    if any(re.search(rf"(?<![a-z]){re.escape(word)}(?![a-z])", low)
           for label in labels for word in label.split() if len(word) > 2):
        return None
    for written in line_labels:
        key = label_key(written)
        if key in labels:
            if same_name(key, context):
                return None
            return f"the report states it under '{context}'; the source line is labelled '{written.strip()}'"
    return None
