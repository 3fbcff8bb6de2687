"""The source store: anchor → saved file → normalised document → cited window.

Layout (SPEC §2): ``<root>/<channel>/<id>.<ext>`` for id kinds (``pmid``, ``nct``, …),
``<root>/<channel>/<relative path>`` for path kinds (``evidence``, ``model``, ``formula``),
and an optional ``<root>/manifest.jsonl`` mapping ids and URLs to files.

Guarantees:

* nothing outside ``root`` is read: ids with ``..`` segments or absolute paths are refused
  before touching the disk, and a file whose real path (symlinks resolved) is not under the
  real root is refused — both as a critical ``anchor_escapes_sources`` finding;
* each file is read, decoded and normalised once per store (memoised by real path), and
  each window is cut and segmented once (memoised by file and locator / line range), until
  ``release`` forgets the file after its last citing claim (the pipeline's count of them);
* resolving an anchor costs O(1) file-system calls: each channel folder is listed once,
  lazily, on first use.

Every problem with one anchor is a ``Finding`` (rule CP102) in its ``Resolution``; only a
sources folder that cannot be used at all (missing, not a folder, a bad manifest line)
raises ``InputError``.
"""

from __future__ import annotations

import os
import stat
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar
from pathlib import Path, PurePosixPath

from citeproof.memo import RunMemo
from citeproof.errors import InputError
from citeproof.model import Anchor, Finding
from citeproof.settings import PATH_KINDS, Settings
from citeproof.sources.locate import RESOLUTION_RULE, section_index, window_for
from citeproof.sources.manifest import ManifestEntry, load_manifest, unsafe_relative_path
from citeproof.sources.readers import MEDIA_BY_EXT, UnreadableSource, read_source
from citeproof.sources.segment import segment_window
from citeproof.sources.types import Resolution, Segment, SourceDocument, SourceWindow, layout_of

T = TypeVar("T")

SOURCE_EXTENSIONS: tuple[str, ...] = ("json", "txt", "md", "html", "xml")  # lookup order for bare ids


@dataclass(frozen=True, slots=True)
class _Problem:
    """Why an anchor has no window, without the anchor (so it can be memoised per file)."""

    code: str
    detail: str


@dataclass(frozen=True, slots=True)
class _Target:
    rel: str  # POSIX path relative to root
    real: str  # resolved path, under the real root
    size: int  # bytes, from the stat that checked it


def _posix(rel: str) -> str:
    """``str(PurePosixPath(rel))`` without building a path object (one per cited file): a
    relative path with no empty or "." segment is already in that form."""
    if rel and rel[0] != "/" and all(part and part != "." for part in rel.split("/")):
        return rel
    return str(PurePosixPath(rel))


class SourceStore:
    def __init__(self, root: Path, settings: Settings) -> None:
        root = Path(root)
        if not root.exists():
            raise InputError(f"sources folder not found: {root} — pass --sources DIR")
        if not root.is_dir():
            raise InputError(f"sources folder is not a directory: {root} — pass --sources DIR")
        self.root = root
        self.settings = settings
        self._root_str = os.path.realpath(root)
        self._root_prefix = self._root_str.rstrip(os.sep) + os.sep
        self._real_dirs: dict[str, str] = {}  # relative folder → its real path
        self._manifest = load_manifest(root)
        self._by_key: dict[tuple[str | None, str], ManifestEntry] = {}
        self._by_url: dict[str, ManifestEntry] = {}
        self._by_path: dict[str, ManifestEntry] = {}
        for entry in self._manifest:
            self._by_key.setdefault(((entry.kind or "").lower() or None, entry.source_id), entry)
            if entry.url:
                self._by_url.setdefault(entry.url.strip(), entry)
            if entry.path:
                self._by_path.setdefault(entry.path, entry)
        self._channel_names: dict[str, dict[str, str] | None] = {}  # channel → {name or lower name → name}
        self._channel_files: dict[str, list[Path]] = {}
        self._targets: dict[tuple[str, str, str], _Target | _Problem] = {}
        self._docs: dict[str, SourceDocument | _Problem] = {}
        # per real path, so ``release`` forgets a file's windows and segments without a scan
        self._windows: dict[str, dict[str | None, SourceWindow | Finding]] = {}
        self._segments: dict[str, dict[tuple[int, int], tuple[Segment, ...]]] = {}
        self._section_index: dict[str, dict[str, str]] = {}
        self._real_by_doc: dict[int, str] = {}
        self.memo = RunMemo()
        self.files_read = 0  # how many files were read from disk (each at most once)

    # ------------------------------------------------------------------ public API

    def resolve(self, anchor: Anchor) -> Resolution:
        """The window ``anchor`` cites, or a CP102 finding saying why there is none."""
        if anchor.kind.lower() == "url":
            return self.resolve_url(anchor)
        channel = self.settings.channel_for(anchor.kind) or anchor.channel
        if channel is None:
            known = ", ".join(sorted(self.settings.channel_map))
            return self._fail(anchor, _Problem("unknown_anchor_kind", f"unknown anchor kind {anchor.kind!r} (known: {known})"))
        target = self._target(anchor.kind.lower(), channel, anchor.source_id)
        if isinstance(target, _Problem):
            return self._fail(anchor, target)
        return self._window_resolution(anchor, target)

    def resolve_url(self, anchor: Anchor) -> Resolution:
        """A URL anchor matched *exactly* against the manifest's URLs. Boundary-aware URL
        matching (trailing slash, query, fragment) belongs to the URL rule, which finds the
        entry in ``manifest_entries()`` and calls ``resolve_entry``."""
        entry = self._by_url.get(anchor.source_id.strip())
        if entry is None:
            return self._fail(anchor, _Problem("anchor_unresolved", "URL is not among the manifest's retrieved URLs"))
        return self.resolve_entry(anchor, entry)

    def resolve_entry(self, anchor: Anchor, entry: ManifestEntry) -> Resolution:
        """The window of the file a manifest entry names (whole file unless the anchor has a locator)."""
        if not entry.path:
            return self._fail(
                anchor, _Problem("anchor_unresolved", f"manifest line {entry.line} names no saved file for this source")
            )
        target = self._check_path(entry.path, f"manifest line {entry.line} path {entry.path!r}")
        if isinstance(target, _Problem):
            return self._fail(anchor, target)
        return self._window_resolution(anchor, target)

    def document_for_url(self, url: str) -> SourceDocument | None:
        entry = self._by_url.get(url.strip())
        if entry is None or not entry.path:
            return None
        return self.document_at(entry.path)

    def document_at(self, rel_path: str) -> SourceDocument | None:
        """The document saved at ``rel_path`` (relative to root), or None when it cannot be used."""
        target = self._check_path(rel_path, repr(rel_path))
        if isinstance(target, _Problem):
            return None
        doc = self._document(target, None)
        return doc if isinstance(doc, SourceDocument) else None

    def manifest_entries(self) -> tuple[ManifestEntry, ...]:
        return tuple(self._manifest)

    def channel_files(self, channel: str) -> list[Path]:
        """Saved source files under ``root/<channel>/`` (recursive, supported extensions only)."""
        cached = self._channel_files.get(channel)
        if cached is not None:
            return cached
        files: list[Path] = []
        folder = self.root / channel
        if unsafe_relative_path(channel) is None and folder.is_dir():
            for dirpath, dirnames, filenames in os.walk(folder):
                dirnames.sort()
                for name in sorted(filenames):
                    if name.rsplit(".", 1)[-1].lower() in MEDIA_BY_EXT and not name.startswith("."):
                        files.append(Path(dirpath) / name)
        self._channel_files[channel] = files
        return files

    def segments(self, document: SourceDocument, first_line: int, last_line: int) -> tuple[Segment, ...]:
        """Reflowed sentence segments of a line range, computed once per (file, range)."""
        real = self._real_by_doc.get(id(document))
        if real is None:  # a document this store did not load: segment without caching
            return segment_window(document, first_line, last_line)
        of_file = self._segments.setdefault(real, {})
        key = (first_line, last_line)
        cached = of_file.get(key)
        if cached is None:
            cached = of_file[key] = segment_window(document, first_line, last_line)
        return cached

    def cited_file(self, anchor: Anchor) -> str | None:
        """The real path of the file ``resolve(anchor)`` reads, found without reading it (the
        lookup is the one ``resolve`` makes, memoised); None for a URL or an anchor naming no file."""
        if anchor.kind.lower() == "url":
            return None
        channel = self.settings.channel_for(anchor.kind) or anchor.channel
        if channel is None:
            return None
        target = self._target(anchor.kind.lower(), channel, anchor.source_id)
        return target.real if isinstance(target, _Target) else None

    def release(self, real: str) -> None:
        """Forget the file at ``real``: its document, windows, segments, section index and what
        the run memo derived from them. Only after its last use, or it is read again (to the
        same result): a report citing thousands of files holds one claim's files, not all."""
        doc = self._docs.pop(real, None)
        if isinstance(doc, SourceDocument):
            self._real_by_doc.pop(id(doc), None)
            self.memo.forget(doc)
        for window in self._windows.pop(real, {}).values():
            if isinstance(window, SourceWindow):
                self.memo.forget(window)
        self._segments.pop(real, None)
        self._section_index.pop(real, None)

    def derived(self, obj: object, name: str, compute: Callable[[Any], T]) -> T:
        """``self.memo.derived``: rules derive data from a window this store handed out once per run."""
        return self.memo.derived(obj, name, compute)

    # ------------------------------------------------------------------ locating files

    def _target(self, kind: str, channel: str, source_id: str) -> _Target | _Problem:
        key = (kind, channel, source_id)
        cached = self._targets.get(key)
        if cached is None:
            cached = self._targets[key] = self._find(kind, channel, source_id)
        return cached

    def _find(self, kind: str, channel: str, source_id: str) -> _Target | _Problem:
        why = unsafe_relative_path(source_id)
        if why:
            return _Problem("anchor_escapes_sources", f"source id {source_id!r} leaves the sources folder ({why}); refused")
        why = unsafe_relative_path(channel)
        if why:
            return _Problem("anchor_escapes_sources", f"channel {channel!r} leaves the sources folder ({why}); refused")
        entry = self._by_key.get((kind, source_id)) or self._by_key.get((None, source_id))
        if entry is not None and entry.path:
            return self._check_path(entry.path, f"manifest line {entry.line} path {entry.path!r}")
        exts = "{" + ",".join(SOURCE_EXTENSIONS) + "}"
        if kind in PATH_KINDS or "/" in source_id or "\\" in source_id:
            rel = f"{channel}/{source_id.replace(chr(92), '/')}"
            # "evidence:calc" may name calc.md; a file with another extension is then refused
            # by the reader ("not a supported source type"), after the escape check.
            candidates = [rel] if self._has_source_ext(rel) else [f"{rel}.{ext}" for ext in SOURCE_EXTENSIONS] + [rel]
            for cand in candidates:
                if os.path.lexists(self.root / cand):
                    return self._check_path(cand, repr(cand))
            shown = rel if self._has_source_ext(rel) else f"{rel}.{exts}"
            return self._through_linked_folder(rel) or _Problem("anchor_unresolved", f"no file {shown} in the sources folder")
        names = self._channel_index(channel)
        if names is None:
            return _Problem("anchor_unresolved", f"no folder {channel}/ in the sources folder (looked for {channel}/{source_id}.{exts})")
        wanted = [source_id] if self._has_source_ext(source_id) else [f"{source_id}.{ext}" for ext in SOURCE_EXTENSIONS]
        for name in wanted:
            found = names.get(name) or names.get(name.lower())
            if found is not None:
                return self._check_path(f"{channel}/{found}", repr(f"{channel}/{found}"))
        shown = source_id if self._has_source_ext(source_id) else f"{source_id}.{exts}"
        return _Problem("anchor_unresolved", f"no file {channel}/{shown} in the sources folder")

    def _through_linked_folder(self, rel: str) -> _Problem | None:
        """Why a path that names no file runs through a folder link: one that leads out of the
        sources folder is refused as an escape (as a link to a file is), one that leads nowhere
        is named, so "no file sub/o.md" does not hide where "sub" points."""
        parts = rel.split("/")[:-1]
        for depth in range(1, len(parts) + 1):
            folder = os.path.join(self._root_str, *parts[:depth])
            if not os.path.islink(folder):
                continue
            real = os.path.realpath(folder)
            shown = "/".join(parts[:depth])
            if not self._inside(real):
                return _Problem("anchor_escapes_sources", f"'{shown}' is a link to {real}, outside the sources folder; refused")
            if not os.path.isdir(real):
                return _Problem("anchor_unresolved", f"'{shown}' is a link to {real}, which is no folder (a broken link?)")
        return None

    @staticmethod
    def _has_source_ext(name: str) -> bool:
        return "." in name and name.rsplit(".", 1)[1].lower() in MEDIA_BY_EXT

    def _channel_index(self, channel: str) -> dict[str, str] | None:
        if channel in self._channel_names:
            return self._channel_names[channel]
        folder = self.root / channel
        index: dict[str, str] | None
        if not folder.is_dir():
            index = None
        else:
            index = {}
            lowered: dict[str, list[str]] = {}
            with os.scandir(folder) as it:
                for entry in it:
                    if entry.name.startswith("."):
                        continue
                    index[entry.name] = entry.name
                    lowered.setdefault(entry.name.lower(), []).append(entry.name)
            for low, names in lowered.items():
                if len(names) == 1 and low not in index:  # case-insensitive only when unambiguous
                    index[low] = names[0]
        self._channel_names[channel] = index
        return index

    def _check_path(self, rel: str, shown: str) -> _Target | _Problem:
        """Refuse anything whose real path is not under the real root. The real path of each
        folder is computed once; per file it costs one lstat (plus a realpath for a link)."""
        why = unsafe_relative_path(rel)
        if why:
            return _Problem("anchor_escapes_sources", f"{shown} leaves the sources folder ({why}); refused")
        parent, _, name = rel.replace("\\", "/").rpartition("/")
        try:
            parent_real = self._real_dirs.get(parent)
            if parent_real is None:
                parent_real = self._real_dirs[parent] = (
                    os.path.realpath(os.path.join(self._root_str, parent)) if parent else self._root_str
                )
            if not self._inside(parent_real):
                return _Problem(
                    "anchor_escapes_sources",
                    f"{shown} lies in a folder linked to {parent_real}, outside the sources folder; refused",
                )
            full = os.path.join(parent_real, name)
            st = os.lstat(full)
            real = full
            if stat.S_ISLNK(st.st_mode):
                real = os.path.realpath(full)
                if not self._inside(real):
                    return _Problem(
                        "anchor_escapes_sources", f"{shown} is a link to {real}, outside the sources folder; refused"
                    )
                st = os.stat(real)
        except FileNotFoundError:
            return _Problem("anchor_unresolved", f"{shown}: no such file in the sources folder")
        except (OSError, ValueError) as exc:  # link loops, names the OS refuses
            return _Problem("anchor_unresolved", f"{shown} cannot be resolved: {exc}")
        if not stat.S_ISREG(st.st_mode):
            return _Problem("anchor_unresolved", f"{shown} is not a file")
        return _Target(rel=_posix(rel), real=real, size=st.st_size)

    def _inside(self, real: str) -> bool:
        return real == self._root_str or real.startswith(self._root_prefix)

    # ------------------------------------------------------------------ reading

    def _document(self, target: _Target, anchor: Anchor | None) -> SourceDocument | _Problem:
        cached = self._docs.get(target.real)
        if cached is None:
            cached = self._docs[target.real] = self._load(target, anchor)
            if isinstance(cached, SourceDocument):
                self._real_by_doc[id(cached)] = target.real
        return cached

    def _load(self, target: _Target, anchor: Anchor | None) -> SourceDocument | _Problem:
        rel, real = target.rel, target.real
        limit = self.settings.max_source_bytes
        media = MEDIA_BY_EXT.get(rel.rsplit(".", 1)[-1].lower()) if "." in rel else None
        if media is None and "." in real:
            media = MEDIA_BY_EXT.get(real.rsplit(".", 1)[-1].lower())
        if media is None:
            return _Problem("source_unreadable", f"{rel} is not a supported source type (.{', .'.join(SOURCE_EXTENSIONS)})")
        try:
            size = target.size
            if size > limit:
                return _Problem("source_too_large", f"{rel} is {size:,} bytes, above the limit of {limit:,} (max_source_bytes)")
            with open(real, "rb") as fh:
                # read(n) allocates n bytes before reading: asking for the limit (20 MB) costs a
                # large allocation per file. Ask for the stat's size (+1 to see growth), and only
                # a file that grew since the stat reads on, up to the same limit + 1 bytes.
                data = fh.read(size + 1)
                if len(data) > size:
                    data += fh.read(limit + 1 - len(data))
        except OSError as exc:
            return _Problem("source_unreadable", f"{rel} cannot be read: {exc.strerror or exc}")
        self.files_read += 1
        if len(data) > limit:  # grew since stat
            return _Problem("source_too_large", f"{rel} is above the limit of {limit:,} bytes (max_source_bytes)")
        if b"\x00" in data:
            return _Problem("source_unreadable", f"{rel} is a binary file (NUL bytes), not text")
        try:
            text = data.decode("utf-8-sig")
        except UnicodeDecodeError as exc:
            return _Problem("source_unreadable", f"{rel} is not valid UTF-8 (byte {exc.start})")
        try:
            result = read_source(text, media)
        except UnreadableSource as exc:
            return _Problem("source_unreadable", f"{rel}: {exc}")
        except RecursionError:
            return _Problem("source_unreadable", f"{rel}: nested too deeply to read")
        if not any(line for line in result.lines):
            return _Problem("source_empty", f"{rel} has no visible text")
        entry = self._by_path.get(rel)
        parts = rel.split("/")  # rel is a _Target's: already in PurePosixPath's form (_posix)
        source_id = entry.source_id if entry else (anchor.source_id if anchor else PurePosixPath(rel).stem)
        return SourceDocument(
            source_id=source_id,
            channel=parts[0] if len(parts) > 1 else "",
            path=rel,
            media=media,
            text="\n".join(result.lines),
            lines=tuple(result.lines),
            url=entry.url if entry else None,
            **layout_of(result, title=entry.title if entry and entry.title else result.title),
        )

    # ------------------------------------------------------------------ windows

    def _window_resolution(self, anchor: Anchor, target: _Target) -> Resolution:
        doc = self._document(target, anchor)
        if isinstance(doc, _Problem):
            return self._fail(anchor, doc)
        raw = anchor.locator.raw if anchor.locator is not None else None
        of_file = self._windows.setdefault(target.real, {})
        window = of_file.get(raw)
        if window is None:
            index = None
            loc = anchor.locator
            if loc is not None and loc.kind == "section" and (loc.name or loc.raw) not in doc.sections:
                # Only a name that is not an exact key needs the tolerant index; build it once per file.
                index = self._section_index.get(target.real)
                if index is None:
                    index = self._section_index[target.real] = section_index(doc)
            window = of_file[raw] = window_for(doc, loc, self.settings, segmenter=self.segments, index=index)
        if isinstance(window, Finding):
            return self._fail(anchor, _Problem(window.code, window.message))
        return Resolution(anchor=anchor, window=window)

    def _fail(self, anchor: Anchor, problem: _Problem) -> Resolution:
        raw = anchor.raw if anchor.raw.startswith("[") or anchor.kind == "url" else f"[{anchor.raw}]"
        finding = Finding(
            rule=RESOLUTION_RULE,
            code=problem.code,
            severity="critical",
            message=f"anchor {raw} at {anchor.location.describe()}: {problem.detail}",
            location=anchor.location,
        )
        return Resolution(anchor=anchor, window=None, finding=finding)
