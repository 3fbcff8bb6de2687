"""Content terms and a BM25 score over a window's segments.

Terms: lower-cased Latin words without stop words, with a light plural/-ing/-ed fold
(``participants`` → ``participant``), and character bigrams for Han text, where words
are not space-separated. Numbers are not terms: they are matched as value keys
(:mod:`excerpt.numbers`), so the two strategies stay separate.

BM25 (Robertson/Spärck Jones, k1 = 1.2, b = 0.75) with the non-negative idf
``ln(1 + (N − n + 0.5) / (n + 0.5))``; the "documents" are the window's segments, so a
term frequent in this window (``trial`` in a trial record) weighs little and a rare one
(an outcome name) weighs much.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Sequence
from functools import lru_cache

from citeproof.text import normalize_text

_LATIN_WORD = re.compile(r"[a-z][a-z0-9'\-]*[a-z0-9]|[a-z]")
_HAN_RUN = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]+")

_STOP_WORDS = frozenset(
    """
    a about above after again against all also am an and any are as at be because been before being
    below between both but by can could did do does doing down during each either few for from further
    had has have having he her here hers him his how however i if in into is it its itself just me more
    most my neither no nor not of off on once only or other our ours out over own same she should so
    some such than that the their theirs them then there these they this those through thus to too under
    until up upon very via was we were what when where which while who whom why will with within without
    would you your yours
    """.split()
)
# Negations and comparatives carry meaning for the judge but are too common to locate
# evidence by; they are dropped from *scoring* only (the excerpt text is untouched).
_WEAK_WORDS = frozenset({"no", "not", "none", "never", "more", "less", "than", "greater", "fewer", "least"})

K1 = 1.2
B = 0.75


def _fold(word: str) -> str:
    """A light suffix fold so inflections meet: measure/measured/measures → measur."""
    if word.endswith("'s"):
        word = word[:-2]
    if len(word) > 5 and word.endswith("ies"):
        return word[:-3] + "y"
    if len(word) > 4 and word.endswith("s") and not word.endswith(("ss", "us", "is")):
        word = word[:-1]
    elif len(word) > 6 and word.endswith("ing"):
        word = word[:-3]
    elif len(word) > 5 and word.endswith("ed"):
        word = word[:-2]
    if len(word) > 4 and word.endswith("e"):
        word = word[:-1]
    return word


@lru_cache(maxsize=65536)
def terms(text: str) -> tuple[str, ...]:
    """Content terms of ``text`` in order (repeats kept: BM25 counts them)."""
    norm = normalize_text(text).lower()
    out: list[str] = []
    for m in _LATIN_WORD.finditer(norm):
        word = m.group(0).strip("'-")
        # a compound counts whole and by its parts: "placebo-controlled" meets "placebo controlled"
        parts = [word, *word.split("-")] if "-" in word else [word]
        for part in parts:
            if len(part) < 2 or part in _STOP_WORDS or part in _WEAK_WORDS or part.isdigit():
                continue
            out.append(_fold(part))
    for run in _HAN_RUN.findall(norm):
        if len(run) == 1:
            out.append(run)
        else:
            out.extend(run[i : i + 2] for i in range(len(run) - 1))
    return tuple(out)


class BM25:
    """BM25 over a fixed list of documents (here: segment texts)."""

    def __init__(self, documents: Sequence[Sequence[str]]) -> None:
        self._tfs = [Counter(doc) for doc in documents]
        self._lengths = [len(doc) for doc in documents]
        n_docs = len(documents)
        self._avg_len = (sum(self._lengths) / n_docs) if n_docs else 0.0
        df: Counter[str] = Counter()
        for tf in self._tfs:
            df.update(tf.keys())
        self._idf = {t: math.log(1.0 + (n_docs - n + 0.5) / (n + 0.5)) for t, n in df.items()}

    def idf(self, term: str) -> float:
        return self._idf.get(term, 0.0)

    def scores(self, query: Sequence[str]) -> list[float]:
        """One score per document; repeated query terms count once."""
        unique = [t for t in dict.fromkeys(query) if t in self._idf]
        out: list[float] = []
        for tf, length in zip(self._tfs, self._lengths):
            norm = K1 * (1.0 - B + B * (length / self._avg_len if self._avg_len else 0.0))
            total = 0.0
            for term in unique:
                f = tf.get(term, 0)
                if f:
                    total += self._idf[term] * f * (K1 + 1.0) / (f + norm)
            out.append(total)
        return out
