"""``DrugDetector``: drug mentions in text, from data only (lexicon, PubTator entities, INN stems).

No drug name is written in code; a test greps the project for them. Everything the
detector knows comes from ``citeproof/data/drug_lexicon.txt``, ``settings.drug_lexicon_path``,
the PubTator files of the run's sources folder and ``citeproof/data/inn_stems.json``.

Matching is on folded text (NFKC + casefold): Latin names match whole words (a hyphen or
space separates words; "X-resistant" mentions X), Chinese names match as substrings since
Chinese has no spaces. Overlapping finds keep the longest; at equal length a listed name
wins over a stem guess, and a listed name that ends a longer stem-shaped word ("国内X单抗"
read whole) is the mention: the stem reading's extra head is kept as ``stretched`` for CP301.
"""

from __future__ import annotations

import re
from collections import OrderedDict
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Literal

from citeproof.lexicon.lexicon_file import DEFAULT_LEXICON, read_lexicon
from citeproof.lexicon.names import NameIndex
from citeproof.lexicon.pubtator import pubtator_files, read_entities
from citeproof.lexicon.stems import StemBook, load_stem_book
from citeproof.lexicon.text import LATIN_TOKEN, fold, has_cjk, latin_tokens
from citeproof.settings import Settings

Origin = Literal["lexicon", "pubtator", "stem"]


@dataclass(frozen=True, slots=True)
class DrugMention:
    """One drug mention. Offsets index the folded text (``citeproof.lexicon.text.fold``)."""

    name: str  # as listed / as found, folded
    start: int
    end: int
    origin: Origin
    aliases: tuple[str, ...]  # every name that denotes the same drug (folded)
    stem: str | None = None  # the INN stem that made a stem mention
    written: str = ""  # the mention as written in the text, for messages
    # A listed Chinese name that ends a longer stem-shaped word: that longer word (folded). The
    # head before the name is either an ordinary word the boundaries do not list ("国内") or the
    # start of a different drug named on this one (a conjugate the lexicon lacks); CP301 asks.
    stretched: str = ""

    @property
    def shown(self) -> str:
        return self.written or self.name

    @property
    def key(self) -> str:
        """Stable identity for de-duplication: the first alias."""
        return self.aliases[0] if self.aliases else self.name


class DrugDetector:
    def __init__(self, names: NameIndex, stems: StemBook | None) -> None:
        self.names = names
        self.stems = stems

    # -- building ---------------------------------------------------------------------
    @classmethod
    def from_sources(
        cls,
        settings: Settings | None = None,
        sources_dir: Path | None = None,
        *,
        lexicon_paths: tuple[Path, ...] | None = None,
        stems_path: Path | None = None,
        use_stems: bool = True,
    ) -> DrugDetector:
        """The default lexicon + ``settings.drug_lexicon_path`` + the sources' PubTator entities + stems."""
        settings = settings or Settings()
        index = NameIndex()
        paths = lexicon_paths if lexicon_paths is not None else _lexicon_paths(settings)
        for path in paths:
            for group in read_lexicon(path):
                index.add_group(group, "lexicon")
        if sources_dir is not None:
            folder = settings.channel_for("pubtator") or "pubtator"
            root = sources_dir.resolve()
            for path in pubtator_files(sources_dir, folder, settings.max_source_bytes):
                shown = path.relative_to(root).as_posix()
                for group in read_entities(path, shown):
                    index.add_group(group, "pubtator")
        return cls(index, load_stem_book(stems_path) if use_stems else None)

    # -- finding ----------------------------------------------------------------------
    def find(self, text: str) -> list[DrugMention]:
        """Drug mentions in ``text``, left to right, non-overlapping."""
        folded = fold(text)
        tokens = latin_tokens(folded)  # read once for the name index and the stem book
        found: list[DrugMention] = []
        for hit in self.names.find(folded, tokens):
            found.append(DrugMention(hit.name, hit.start, hit.end, self.names.origin(hit.group),
                                     self.names.aliases(hit.group)))
        if self.stems is not None:
            listed = len(found)
            for hit in self.stems.find(folded, tokens):
                group = self.names.group(hit.word)
                if group is not None:  # a listed name that also ends in a stem: already found
                    continue
                inner = _listed_tail(found[:listed], hit.start, hit.end)
                if inner is not None:
                    # A listed name ends the stem word: it is the drug named, not the longer word the
                    # stem reading swept in with the word before it (which would drop the real name).
                    found[inner] = replace(found[inner], stretched=hit.word)
                    continue
                found.append(DrugMention(hit.word, hit.start, hit.end, "stem", (hit.word,), stem=hit.stem))
        # longest first, listed before stem at equal length, then keep non-overlapping
        found.sort(key=lambda m: (-(m.end - m.start), m.origin == "stem", m.start))
        kept: list[DrugMention] = []
        for m in found:
            if all(m.end <= k.start or m.start >= k.end for k in kept):
                kept.append(m)
        kept.sort(key=lambda m: m.start)
        if len(folded) == len(text):  # folding kept offsets: show the mention as written
            kept = [_written(m, text[m.start : m.end]) for m in kept]
        return kept

    def distinct(self, text: str) -> list[DrugMention]:
        """One mention per drug (first occurrence), so messages name each drug once."""
        seen: set[str] = set()
        out: list[DrugMention] = []
        for m in self.find(text):
            if m.key not in seen:
                seen.add(m.key)
                out.append(m)
        return out

    def mentions_drug(self, text: str) -> bool:
        return bool(self.find(text))

    # citeproof.parse.facts.EntityDetector: a drug mention makes a sentence fact-bearing.
    mentions_entity = mentions_drug

    # -- support ----------------------------------------------------------------------
    def occurs_in(self, mention: DrugMention, text: str, *, readings: Readings | None = None) -> bool:
        """True when any alias of the mention's drug occurs in ``text`` (same matching rules),
        as written or with words hyphenated across a line break rejoined (``text_readings``).
        ``readings``: ``text_readings(text)``, when the caller keeps it for a long source it
        checks again and again (CP301: per cited file, in the run memo)."""
        for folded, tokens in readings if readings is not None else text_readings(text):
            if any(_alias_in(alias, folded, tokens) for alias in mention.aliases):
                return True
        return False

    def stretch_in(self, mention: DrugMention, text: str, *, readings: Readings | None = None) -> bool:
        """True when the mention was not stretched, or ``text`` writes the whole stretched word too."""
        if not mention.stretched:
            return True
        return any(mention.stretched in folded for folded, _ in (readings if readings is not None else text_readings(text)))


Readings = tuple[tuple[str, frozenset[str]], ...]


def text_readings(text: str) -> Readings:
    """The folded text with its tokens, and, when a word is hyphenated across a line break
    (a PDF's "sampli-⏎zumab"), the text with those words rejoined. Both are kept: the
    rejoined reading alone would lose a compound split at its own hyphen (a conjugate
    "samplizumab-⏎vedotin" names two words)."""
    folded = fold(text)
    readings = ((folded, frozenset(LATIN_TOKEN.findall(folded))),)  # the token texts of latin_tokens(folded)
    if "-\n" in folded:
        joined = _LINE_END_HYPHEN.sub("", folded)
        readings += ((joined, frozenset(LATIN_TOKEN.findall(joined))),)
    return readings


_LINE_END_HYPHEN = re.compile(r"(?<=[^\W\d_])-[^\S\n]*\n[^\S\n]*(?=[^\W\d_])")


def _written(m: DrugMention, written: str) -> DrugMention:
    return replace(m, written=written)


def _listed_tail(listed: list[DrugMention], start: int, end: int) -> int | None:
    """Index of the longest listed mention ending at ``end`` and starting after ``start``."""
    best = None
    for i, m in enumerate(listed):
        if m.end == end and m.start > start and (best is None or m.start < listed[best].start):
            best = i
    return best


def _alias_in(alias: str, folded: str, tokens: frozenset[str]) -> bool:
    if has_cjk(alias):
        return alias in folded
    parts = [t for t, _, _ in latin_tokens(alias)]
    if not parts or any(p not in tokens for p in parts):
        return False
    pattern = _alias_pattern(tuple(parts))
    return pattern.search(folded) is not None


_PATTERNS: dict[tuple[str, ...], re.Pattern[str]] = {}


def _alias_pattern(parts: tuple[str, ...]) -> re.Pattern[str]:
    pattern = _PATTERNS.get(parts)
    if pattern is None:
        # (?<!letter)first[gap]second…(?!letter), written to open with the first token so the
        # engine finds candidates with a substring search instead of trying every position of a
        # whole source: right after the first token, "not <letter><first token>" behind is the
        # same test as "no letter before it" (tests/lexicon pin the equivalence).
        head = re.escape(parts[0])
        rest = "".join(r"[\s\-\u2010\u2011]+" + re.escape(p) for p in parts[1:])
        pattern = re.compile(
            head + r"(?<![0-9a-z\u00c0-\u024f\u0370-\u03ff]" + head + ")" + rest + r"(?![0-9a-z\u00c0-\u024f\u0370-\u03ff])"
        )
        if len(_PATTERNS) < 10_000:
            _PATTERNS[parts] = pattern
    return pattern


def _lexicon_paths(settings: Settings) -> tuple[Path, ...]:
    extra = settings.drug_lexicon_path
    return (DEFAULT_LEXICON,) if extra is None else (DEFAULT_LEXICON, Path(extra))


_DETECTORS: OrderedDict[tuple, DrugDetector] = OrderedDict()


DETECTOR_MEMO = "drugs.detector"  # run-memo key: the pipeline seeds it with the detector it built


def load_drug_detector(settings: Settings | None = None, sources_dir: Path | None = None) -> DrugDetector:
    """The detector for a run, memoised on its inputs (lexicon files and PubTator files with mtimes).

    Call it once before the rules run so a broken lexicon or PubTator file is an input
    error (exit 2) rather than a crash inside CP301.
    """
    settings = settings or Settings()
    key_parts: list[object] = []
    for path in _lexicon_paths(settings):
        key_parts.append((str(path), _mtime(path)))
    if sources_dir is not None:
        folder = settings.channel_for("pubtator") or "pubtator"
        key_parts.append(str(sources_dir.resolve()))
        for path in pubtator_files(sources_dir, folder, settings.max_source_bytes):
            key_parts.append((str(path), _mtime(path)))
    key = (tuple(key_parts), settings.max_source_bytes)
    detector = _DETECTORS.get(key)
    if detector is None:
        detector = DrugDetector.from_sources(settings, sources_dir)
        _DETECTORS[key] = detector
        if len(_DETECTORS) > 16:
            _DETECTORS.popitem(last=False)
    return detector


def _mtime(path: Path) -> tuple[int, int] | None:
    try:
        st = path.stat()
    except OSError:
        return None
    return (st.st_mtime_ns, st.st_size)
