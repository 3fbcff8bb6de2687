"""``sources/manifest.jsonl``: one JSON object per line naming a saved source.

Fields: ``source_id`` (required), ``kind``, ``path`` (relative to the sources folder),
``url``, ``title``, ``retrieved_at``; other fields are ignored. A line that is not a JSON
object, lacks ``source_id``, has a field of the wrong type, names a path that leaves the
sources folder, or gives a second path for the same (kind, id) is an ``InputError`` naming
the manifest line — a manifest is written by a tool, so a bad line is a bug to fix, not
something to skip.
"""

from __future__ import annotations

import json
import os
from pathlib import Path, PurePosixPath

from pydantic import BaseModel, ConfigDict, ValidationError, field_validator

from citeproof.errors import InputError

MANIFEST_NAME = "manifest.jsonl"


class ManifestEntry(BaseModel):
    model_config = ConfigDict(extra="ignore", frozen=True)

    source_id: str
    kind: str | None = None
    path: str | None = None
    url: str | None = None
    title: str | None = None
    retrieved_at: str | None = None
    line: int = 0  # 1-based line of manifest.jsonl, for messages

    @field_validator("source_id")
    @classmethod
    def _non_empty(cls, v: str) -> str:
        if not v.strip():
            raise ValueError("source_id is empty")
        return v.strip()


def unsafe_relative_path(rel: str) -> str | None:
    """Why ``rel`` may not be joined to the sources folder (absolute, ``..``, NUL), or None."""
    if not rel or not rel.strip():
        return "empty path"
    if "\x00" in rel:
        return "path contains a NUL byte"
    if rel.startswith(("/", "\\", "~")) or (len(rel) > 1 and rel[1] == ":" and rel[0].isalpha()):
        return "absolute path"
    parts = rel.replace("\\", "/").split("/")
    if ".." in parts:
        return "'..' segment"
    return None


def load_manifest(root: Path) -> list[ManifestEntry]:
    path = root / MANIFEST_NAME
    if not path.is_file():
        if os.path.lexists(path):
            # a folder (or a broken link) by the manifest's name: the ids it was to map would
            # silently resolve by file name instead, or not at all
            raise InputError(f"{path}: manifest is not a file ({'a folder' if path.is_dir() else 'a broken link or special file'})")
        return []
    try:
        raw = path.read_bytes()
    except OSError as exc:
        raise InputError(f"{path}: cannot read manifest: {exc.strerror or exc}") from None
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise InputError(f"{path}: manifest is not valid UTF-8 (byte {exc.start})") from None
    entries: list[ManifestEntry] = []
    seen: dict[tuple[str | None, str], ManifestEntry] = {}
    for lineno, line in enumerate(text.split("\n"), start=1):
        if not line.strip():
            continue
        where = f"{path} line {lineno}"
        try:
            obj = json.loads(line)
        except json.JSONDecodeError as exc:
            raise InputError(f"{where}: not valid JSON ({exc.msg} at column {exc.colno})") from None
        if not isinstance(obj, dict):
            raise InputError(f"{where}: expected a JSON object, got {type(obj).__name__}")
        try:
            entry = ManifestEntry.model_validate({**obj, "line": lineno})
        except ValidationError as exc:
            err = exc.errors()[0]
            field = ".".join(str(x) for x in err.get("loc", ())) or "entry"
            raise InputError(f"{where}: field {field!r}: {err.get('msg')}") from None
        if entry.path is None and entry.url is None:
            raise InputError(f"{where}: entry {entry.source_id!r} has neither 'path' nor 'url'")
        if entry.path is not None:
            why = unsafe_relative_path(entry.path)
            if why:
                raise InputError(f"{where}: path {entry.path!r} leaves the sources folder ({why})")
            entry = entry.model_copy(update={"path": str(PurePosixPath(entry.path.replace("\\", "/")))})
        key = ((entry.kind or "").lower() or None, entry.source_id)
        previous = seen.get(key)
        if previous is not None and previous.path and entry.path and previous.path != entry.path:
            raise InputError(
                f"{where}: source {entry.source_id!r} already maps to {previous.path!r} on line {previous.line}"
            )
        seen.setdefault(key, entry)
        entries.append(entry)
    return entries
