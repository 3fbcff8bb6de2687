"""INN stems (``citeproof/data/inn_stems.json``): drug-shaped words that no list names.

A new kinase inhibitor is a drug mention the day it is written, long before any lexicon
lists it; its stem says so. Minimum lengths and a short exclusion list keep ordinary
words that happen to end like a stem from firing.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path

from citeproof.errors import InputError
from citeproof.lexicon.text import CJK_RUN, latin_tokens

DATA_DIR = Path(__file__).resolve().parent.parent / "data"
_TAIL = 3  # every Latin stem is at least this long


@dataclass(frozen=True, slots=True)
class StemHit:
    start: int
    end: int
    word: str  # folded word as found
    stem: str


@dataclass(frozen=True)
class StemBook:
    latin: tuple[str, ...]  # longest first
    min_prefix: int
    min_word_length: int
    not_drugs: frozenset[str]
    zh: tuple[str, ...]
    zh_min_prefix: int
    zh_max_prefix: int
    zh_not_drugs: tuple[str, ...]
    zh_boundaries: tuple[str, ...]
    _by_tail: dict[str, tuple[str, ...]] = field(init=False, repr=False, compare=False)
    _two_word: tuple[tuple[str, str], ...] = field(init=False, repr=False, compare=False)
    _two_word_tails: frozenset[str] = field(init=False, repr=False, compare=False)

    def find(self, folded: str, tokens: list[tuple[str, int, int]] | None = None) -> list[StemHit]:
        """``tokens``: ``latin_tokens(folded)`` when the caller has them already."""
        return self._find_latin(folded, tokens) + self._find_zh(folded)

    def _find_latin(self, folded: str, tokens: list[tuple[str, int, int]] | None = None) -> list[StemHit]:
        hits: list[StemHit] = []
        if tokens is None:
            tokens = latin_tokens(folded)
        by_tail, two_word = self._by_tail, self._two_word
        for i, (word, start, end) in enumerate(tokens):
            if i + 1 < len(tokens) and tokens[i + 1][0] in self._two_word_tails:  # two-word stem ("-dronic acid"): word + next token
                nxt = tokens[i + 1]
                tail_stem = next((h for h, t in two_word if t == nxt[0] and word.endswith(h)), None)
                if tail_stem is not None and self._latin_ok(word, tail_stem):
                    hits.append(StemHit(start, nxt[2], folded[start : nxt[2]], f"{tail_stem} {nxt[0]}"))
                    continue
            for stem in by_tail.get(word[-_TAIL:], ()):
                if word.endswith(stem) and self._latin_ok(word, stem):
                    hits.append(StemHit(start, end, word, stem))
                    break
        return hits

    def __post_init__(self) -> None:
        # Stems bucketed by their last letters, so a word costs one lookup, not one test per stem.
        by_tail: dict[str, list[str]] = {}
        two_word: list[tuple[str, str]] = []
        for stem in self.latin:  # already longest first
            if " " in stem:
                head, tail = stem.split(" ", 1)
                two_word.append((head, tail))
            else:
                by_tail.setdefault(stem[-_TAIL:], []).append(stem)
        object.__setattr__(self, "_by_tail", {k: tuple(v) for k, v in by_tail.items()})
        object.__setattr__(self, "_two_word", tuple(two_word))
        object.__setattr__(self, "_two_word_tails", frozenset(t for _, t in two_word))

    def _latin_ok(self, word: str, stem: str) -> bool:
        if word in self.not_drugs or not word.isalpha():
            return False
        return len(word) >= self.min_word_length and len(word) - len(stem) >= self.min_prefix

    def _find_zh(self, folded: str) -> list[StemHit]:
        hits: list[StemHit] = []
        for run in CJK_RUN.finditer(folded):
            text, base = run.group(), run.start()
            for stem in self.zh:
                at = text.find(stem)
                while at >= 0:
                    hit = self._zh_hit(text, base, at, stem)
                    if hit is not None:
                        hits.append(hit)
                    at = text.find(stem, at + len(stem))
        return hits

    def _zh_hit(self, run: str, base: int, at: int, stem: str) -> StemHit | None:
        end = at + len(stem)
        for word in self.zh_not_drugs:
            # the stem sits inside an ordinary word listed as not a drug
            lo = max(0, at - len(word))
            if any(run.startswith(word, k) and k <= at and k + len(word) >= end for k in range(lo, at + 1)):
                return None
        head = run[:at]
        cut = 0
        for boundary in self.zh_boundaries:
            k = head.rfind(boundary)
            if k >= 0:
                cut = max(cut, k + len(boundary))
        prefix = head[cut:]
        if len(prefix) < self.zh_min_prefix:
            return None
        # A longer unbroken run is cut to the usual length of a transliterated name.
        prefix = prefix[-self.zh_max_prefix :]
        start = at - len(prefix)
        return StemHit(base + start, base + end, run[start:end], stem)


def load_stem_book(path: Path | None = None) -> StemBook:
    """Read the stem book; the packaged default unless ``path`` is given."""
    try:
        if path is None:
            path = DATA_DIR / "inn_stems.json"
        raw = path.read_text(encoding="utf-8")
        data = json.loads(raw)
        latin = sorted({e["stem"].lstrip("-").casefold() for e in data["latin"]}, key=len, reverse=True)
        zh = sorted({e["stem"] for e in data.get("zh", [])}, key=len, reverse=True)
        return StemBook(
            latin=tuple(latin),
            min_prefix=int(data["min_prefix"]),
            min_word_length=int(data["min_word_length"]),
            not_drugs=frozenset(w.casefold() for w in data.get("not_drugs", [])),
            zh=tuple(zh),
            zh_min_prefix=int(data.get("zh_min_prefix", 2)),
            zh_max_prefix=int(data.get("zh_max_prefix", 6)),
            zh_not_drugs=tuple(data.get("zh_not_drugs", [])),
            zh_boundaries=tuple(data.get("zh_boundaries", [])),
        )
    except (OSError, ValueError, KeyError, TypeError, AttributeError) as exc:
        raise InputError(f"INN stem file {path}: unreadable ({exc}); fix it or point at a valid one") from exc
