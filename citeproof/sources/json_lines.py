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
from bisect import bisect_left

# a string (escapes included), one punctuation mark, or a bare literal (number, true, false, null)
_TOKEN = re.compile(r'"(?:[^"\\]|\\.)*"|[{}\[\]:,]|[^\s{}\[\]:,"]+')
_SPACE = re.compile(r"\s*")


def scalar_value_lines(text: str) -> list[int]:
    """The 1-based file line of each scalar value of ``text`` (valid JSON), in document order."""
    newlines = [m.start() for m in re.finditer("\n", text)]
    out: list[int] = []
    for m in _TOKEN.finditer(text):
        token = m.group(0)
        if token in "{}[]:,":
            continue
        if token[0] == '"' and text.startswith(":", _SPACE.match(text, m.end()).end()):
            continue  # a key
        out.append(bisect_left(newlines, m.start()) + 1)
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
