"""Where each value of a saved JSON file stands: its line in the file as a person opens it.

SPEC §2 makes ``#L12`` a line of the saved file. The JSON reader (``citeproof.sources.readers``)
gives one line per list item or value, so a record's line 12 in an editor (``"  Age >= 18
years."``, under ``{``, the trial id and two keys) is another of the reader's lines. This scanner
reads the file's tokens once, in order, and gives the line of every scalar value (a string that
is no key, a number, ``true``, ``false``, ``null``): the reader walks the values in the same
order, so its k-th value is the k-th here. Linear in the file's size; it runs only after
``json.loads`` accepted the text, so the text is well-formed.
"""

from __future__ import annotations

import re

# A scalar value: a string that is no key (a key is a string followed by a colon: the group
# marks it, so the scan steps over it), or a bare literal (number, true, false, null).
# Punctuation matches nothing, so the engine skips it in C. The string is written as an
# unrolled loop with possessive runs (a run of plain characters, then an escape and another
# run): the same strings as '"(?:[^"\\]|\\.)*"', read a run at a time, not a character
# at a time, and never re-tried shorter when no colon follows it.
_SCALAR = re.compile(r'"[^"\\]*+(?:\\.[^"\\]*+)*+"(?P<key>\s*:)?|[^\s{}\[\]:,"]+')


def scalar_value_lines(text: str) -> list[int]:
    """The 1-based file line of each scalar value of ``text`` (valid JSON), in document order."""
    out: list[int] = []
    line, counted = 1, 0
    for m in _SCALAR.finditer(text):
        if m.lastindex is None:  # not a key
            start = m.start()
            line += text.count("\n", counted, start)  # the newlines since the last value, counted in C
            counted = start
            out.append(line)
    return out


def scalar_count(value: object) -> int:
    """How many scalar values ``value`` holds (itself, if it is one): what the scanner counts.
    A walk with a stack: a source nested thousands deep is read, not a recursion error."""
    count, stack = 0, [value]
    while stack:
        v = stack.pop()
        if isinstance(v, dict):
            stack.extend(v.values())
        elif isinstance(v, list):
            stack.extend(v)
        else:
            count += 1
    return count
