"""Lines an excerpt has already shown are not sent twice.

Clinical records repeat themselves: every arm of a results table carries the same
intervention description, word for word, and a claim about all arms is read against the
whole table. A run of excerpt lines that repeats, line for line, a run shown earlier in
the same excerpt is replaced by one marker line::

    [9 lines repeated from above: "Magnetic resonance imaging: Patients …"]

The judge still reads every line once, and knows where it recurs; the tokens go to the
evidence instead. The marker is lossless: it quotes the shortest word prefix (at least
``PREFIX_WORDS`` words) of the run's first line whose nearest earlier occurrence *is* the
run's start, so :func:`expand_repeats` restores the excerpt exactly (the excerpt's
property tests compare the expanded text with the source).

Only whole lines collapse, never part of one, never the ``[…]`` gap line, and only a run
of at least ``MIN_TOKENS`` tokens: a short repeated line ("Arm A", "Total: 2/35") is
cheaper to show than to point at, and stays where the reader expects it.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

PREFIX_WORDS = 3
MIN_TOKENS = 16  # a run shorter than this is cheaper shown again than replaced by the marker

_MARKER = re.compile(r'^\[(\d+) lines? repeated from above: "(.*) …"\]$')


def marker(n_lines: int, prefix: str) -> str:
    return f'[{n_lines} {"line" if n_lines == 1 else "lines"} repeated from above: "{prefix} …"]'


def collapse_repeats(lines: Sequence[str], count_tokens: Callable[[str], int], *, gap: str) -> list[str]:
    """``lines`` with every long enough run that repeats an earlier run replaced by a marker.
    ``gap`` is the elision line, which never belongs to a run. A text that already holds a
    line shaped like a marker is returned as it is, so every marker is one of ours."""
    if len(set(lines)) == len(lines) or any(_MARKER.match(line) for line in lines):
        return list(lines)
    shown: list[str] = []  # every line the expanded excerpt holds so far, markers expanded
    nearest: dict[str, int] = {}  # line text -> its last position in ``shown``
    out: list[str] = []
    i = 0
    while i < len(lines):
        taken = 0
        start = nearest.get(lines[i])
        if start is not None:
            # Only the nearest copy can be named: expanding looks a prefix up nearest first.
            length = _run_length(lines, i, shown, start, gap)
            prefix = _prefix(lines[i], shown, start) if length else None
            if prefix is not None and count_tokens("\n".join(lines[i : i + length])) >= MIN_TOKENS:
                out.append(marker(length, prefix))
                taken = length
        if not taken:
            out.append(lines[i])
            taken = 1
        for line in lines[i : i + taken]:
            nearest[line] = len(shown)
            shown.append(line)
        i += taken
    return out


def expand_repeats(text: str) -> str:
    """The excerpt text with every repeat marker replaced by the lines it stands for."""
    shown: list[str] = []
    for line in text.split("\n"):
        m = _MARKER.match(line)
        if m is None:
            shown.append(line)
            continue
        n, prefix = int(m.group(1)), m.group(2)
        start = _nearest(shown, prefix)
        if start is None:
            raise ValueError(f"repeat marker with no earlier line to expand: {line!r}")
        shown.extend(shown[start : start + n])
    return "\n".join(shown)


def _run_length(lines: Sequence[str], i: int, shown: Sequence[str], start: int, gap: str) -> int:
    """How many lines from ``lines[i]`` on repeat ``shown`` from ``start`` on."""
    length = 0
    # The earlier run ends where this one begins: it may not overlap what it repeats.
    while (
        i + length < len(lines)
        and start + length < len(shown)
        and lines[i + length] != gap
        and shown[start + length] == lines[i + length]
    ):
        length += 1
    return length


def _prefix(first: str, shown: Sequence[str], start: int) -> str | None:
    """The shortest word prefix (at least ``PREFIX_WORDS`` words) of ``first`` whose nearest
    earlier line in ``shown`` is the one at ``start`` — what :func:`expand_repeats` looks up."""
    words = first.split(" ")
    for n in range(min(PREFIX_WORDS, len(words)), len(words) + 1):
        prefix = " ".join(words[:n])
        if _nearest(shown, prefix) == start:
            return prefix
    return None


def _nearest(shown: Sequence[str], prefix: str) -> int | None:
    for k in range(len(shown) - 1, -1, -1):
        if shown[k] == prefix or shown[k].startswith(prefix + " "):
            return k
    return None
