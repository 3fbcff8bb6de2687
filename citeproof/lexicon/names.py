"""Named drugs (lexicon lines, PubTator entities) grouped into alias sets, and matched in text.

A group is every name known to denote one drug: the INN, its Chinese name, synonyms, and
the names PubTator normalised to the same identifier. Two groups that share a name are
merged, so a claim naming one alias is supported by a source naming another.
"""

from __future__ import annotations

from dataclasses import dataclass

from citeproof.lexicon.text import CJK_RUN, NAME_GAP, fold, has_cjk, latin_tokens

# Latin names shorter than this are abbreviations that collide with ordinary text
# (PubTator tags "NO", "Ca", "ATP"); they are skipped rather than matched.
MIN_LATIN_NAME = 3


@dataclass(frozen=True, slots=True)
class NameHit:
    start: int
    end: int
    name: str  # folded name as listed
    group: int


class NameIndex:
    """Alias groups plus a token index for Latin names and a table for CJK names."""

    def __init__(self) -> None:
        self._parent: list[int] = []
        self._group_of: dict[str, int] = {}  # folded name → provisional group
        self._origin: dict[int, str] = {}
        self._frozen = False
        self._latin: dict[str, list[tuple[tuple[str, ...], str]]] = {}
        self._cjk: dict[str, str] = {}
        self._mixed: list[str] = []  # CJK names with Latin letters or digits in them
        self._cjk_lengths: list[int] = []
        self._aliases: dict[int, tuple[str, ...]] = {}

    # -- building ---------------------------------------------------------------------
    def add_group(self, names: list[str], origin: str) -> None:
        """Add names that denote one drug. ``origin`` says where the group came from."""
        folded = [n for n in (" ".join(fold(x).split()) for x in names) if self._usable(n)]
        if not folded:
            return
        gid = len(self._parent)
        self._parent.append(gid)
        self._origin[gid] = origin
        for name in folded:
            if name in self._group_of:
                self._union(self._group_of[name], gid)
            else:
                self._group_of[name] = gid
        self._frozen = False

    @staticmethod
    def _usable(name: str) -> bool:
        if has_cjk(name):
            return len(name) >= 2
        tokens = latin_tokens(name)
        if not tokens:
            return False
        letters = sum(c.isalpha() for c in name)
        return len(name.replace(" ", "")) >= MIN_LATIN_NAME and letters >= 2

    def _find(self, gid: int) -> int:
        while self._parent[gid] != gid:
            self._parent[gid] = self._parent[self._parent[gid]]
            gid = self._parent[gid]
        return gid

    def _union(self, a: int, b: int) -> None:
        ra, rb = self._find(a), self._find(b)
        if ra != rb:
            self._parent[max(ra, rb)] = min(ra, rb)

    def _freeze(self) -> None:
        if self._frozen:
            return
        self._latin.clear()
        self._cjk.clear()
        self._mixed.clear()
        members: dict[int, list[str]] = {}
        for name, gid in self._group_of.items():
            members.setdefault(self._find(gid), []).append(name)
            if has_cjk(name):
                if CJK_RUN.fullmatch(name):
                    self._cjk[name] = name
                else:
                    self._mixed.append(name)
            else:
                toks = tuple(t for t, _, _ in latin_tokens(name))
                self._latin.setdefault(toks[0], []).append((toks, name))
        for entries in self._latin.values():
            entries.sort(key=lambda e: -len(e[0]))  # longest name first
        self._cjk_lengths = sorted({len(n) for n in self._cjk}, reverse=True)
        self._aliases = {g: tuple(sorted(ns)) for g, ns in members.items()}
        self._frozen = True

    # -- querying ---------------------------------------------------------------------
    def __len__(self) -> int:
        return len(self._group_of)

    def group(self, name: str) -> int | None:
        self._freeze()
        gid = self._group_of.get(" ".join(fold(name).split()))
        return None if gid is None else self._find(gid)

    def aliases(self, group: int) -> tuple[str, ...]:
        self._freeze()
        return self._aliases.get(group, ())

    def origin(self, group: int) -> str:
        return self._origin.get(group, "lexicon")

    def find(self, folded: str, tokens: list[tuple[str, int, int]] | None = None) -> list[NameHit]:
        """Every listed name in already-folded text (overlaps allowed; the caller resolves).
        ``tokens``: ``latin_tokens(folded)`` when the caller has them already."""
        self._freeze()
        hits: list[NameHit] = []
        if tokens is None:
            tokens = latin_tokens(folded)
        for i, (tok, start, _end) in enumerate(tokens):
            for toks, name in self._latin.get(tok, ()):
                n = len(toks)
                window = tokens[i : i + n]
                if len(window) < n or tuple(t for t, _, _ in window) != toks:
                    continue
                if any(not NAME_GAP.fullmatch(folded[a[2] : b[1]]) for a, b in zip(window, window[1:])):
                    continue
                hits.append(NameHit(start, window[-1][2], name, self._find(self._group_of[name])))
                break  # longest name at this token wins
        if self._cjk:
            for run in CJK_RUN.finditer(folded):
                text, base = run.group(), run.start()
                for i in range(len(text)):
                    for length in self._cjk_lengths:
                        piece = text[i : i + length]
                        if len(piece) == length and piece in self._cjk:
                            hits.append(NameHit(base + i, base + i + length, piece, self._find(self._group_of[piece])))
                            break
        for name in self._mixed:
            at = folded.find(name)
            while at >= 0:
                hits.append(NameHit(at, at + len(name), name, self._find(self._group_of[name])))
                at = folded.find(name, at + 1)
        return hits
