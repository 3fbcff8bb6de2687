"""A cheap necessary condition for a big phrase regex: one of its required literals occurs.

The phrase lists (``citeproof/data/*.json``) compile to case-insensitive alternations with
word-boundary cues and lookarounds; Python's engine tries every branch at every word
boundary, so a search costs ~20 µs per 100 characters even when nothing can match. Every
branch of such a pattern holds a literal run it cannot match without ("worker", "saved",
"后续"), read off the parsed pattern. When the text contains none of them the search would
fail, so it is skipped; otherwise the real pattern runs, so matches are unchanged.

The substring test is exact for ASCII text: there, the engine's case-insensitive comparison
of a text character with an ASCII literal character is ``str.lower`` equality, and a CJK
literal can never occur. Other text always runs the real pattern.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from re import _constants as sre  # type: ignore[attr-defined]
from re import _parser as sre_parse  # type: ignore[attr-defined]

_CJK = re.compile(r"[\u3400-\u9fff]")


def _required(seq: sre_parse.SubPattern | list) -> set[str] | None:
    """Literals one of which every match of ``seq`` contains (case aside), or None if unknown.

    Of the candidates a sequence offers (each literal run, each required group, each
    branch whose every alternative has literals), the one with the longest shortest literal
    is kept: the rarer the literals, the more texts are skipped."""
    best: set[str] | None = None

    def consider(candidate: set[str] | None) -> None:
        nonlocal best
        if not candidate:
            return
        if best is None or min(map(len, candidate)) > min(map(len, best)):
            best = candidate

    run: list[str] = []
    for op, av in [*seq, (None, None)]:
        if op is sre.LITERAL:
            run.append(chr(av))
            continue
        if run:
            consider({"".join(run)})
            run = []
        if op is sre.SUBPATTERN:
            _group, add_flags, _del_flags, sub = av
            # a group that switches a flag on could match more than the outer flags allow;
            # one that switches IGNORECASE off only matches less, so its literals still hold
            if not add_flags:
                consider(_required(sub))
        elif op is sre.BRANCH:
            alternatives = [_required(alt) for alt in av[1]]
            if all(alternatives):
                consider(set().union(*alternatives))  # type: ignore[arg-type]
        elif op in (sre.MAX_REPEAT, sre.MIN_REPEAT):
            low, _high, sub = av
            if low >= 1:
                consider(_required(sub))
        # anything else (classes, anchors, lookarounds, optional parts) requires no literal
    return best


def _cores(literals: set[str]) -> list[str]:
    """The literals no shorter one is inside: one of ``literals`` occurs exactly when one of these
    does ("/day" occurs only where "/d" does), and the alternation has fewer branches to try."""
    cores: list[str] = []
    for literal in sorted(literals, key=len):
        if not any(core in literal for core in cores):
            cores.append(literal)
    return cores


def literal_prefilter(pattern: re.Pattern[str]) -> Callable[[str], bool] | None:
    """``may_match(text)``: False only when ``pattern.search(text)`` is certainly None.
    None when the pattern has no required literal this test can use."""
    if pattern.flags & (re.VERBOSE | re.ASCII | re.LOCALE) or not pattern.flags & re.UNICODE:
        return None
    literals = _required(sre_parse.parse(pattern.pattern, pattern.flags))
    if not literals:
        return None
    ascii_literals: set[str] = set()
    for literal in literals:
        if literal.isascii():
            ascii_literals.add(literal.lower())
        elif not _CJK.search(literal):
            return None  # a cased non-ASCII letter may fold onto an ASCII one (ſ, K): no shortcut
        # a literal with a CJK character can never occur in ASCII text
    ignore_case = bool(pattern.flags & re.IGNORECASE)
    # "one of the needles occurs" as one search of their plain alternation (a generator of
    # substring tests costs more per text than the scan); the same answer as any(n in hay ...)
    needles = sorted(_cores(ascii_literals if ignore_case else literals), key=len, reverse=True)
    if not needles:  # every literal is CJK: none can occur in ASCII text
        return lambda text: not text.isascii()
    occurs = re.compile("|".join(re.escape(n) for n in needles)).search

    def may_match(text: str) -> bool:
        if not text.isascii():
            return True
        return occurs(text.lower() if ignore_case else text) is not None

    return may_match


_CACHE: dict[re.Pattern[str], Callable[[str], bool] | None] = {}
# The same prefilters by the pattern object's identity: hashing a pattern hashes its whole source
# (~5 µs for a phrase list of a few thousand characters), more than the test itself costs, and a
# hot pattern is one long-lived object. Each entry holds its pattern, so its id is never reused
# while the entry exists; bounded, as a pattern compiled anew per call would add one each time.
_BY_ID: dict[int, tuple[re.Pattern[str], Callable[[str], bool] | None]] = {}
_BY_ID_MAX = 4096


def may_match(pattern: re.Pattern[str], text: str) -> bool:
    """False only when ``pattern.search(text)`` (so any sub, findall) certainly finds nothing;
    the prefilter is built once per pattern."""
    hit = _BY_ID.get(id(pattern))
    if hit is None:
        try:
            test = _CACHE[pattern]
        except KeyError:
            test = _CACHE[pattern] = literal_prefilter(pattern)
        if len(_BY_ID) >= _BY_ID_MAX:
            _BY_ID.clear()
        hit = _BY_ID[id(pattern)] = (pattern, test)
    test = hit[1]
    return test is None or test(text)
