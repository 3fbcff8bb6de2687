"""Output paths are checked before any work is done.

A report or an audit log that cannot be written is found out at the start, not after
Tier 1 has run and the judge has been paid: a run whose output is lost spent its budget
for nothing, and a gate that fails at the end cannot say which flag was wrong. Each check
names the flag and the path and exits 2 (input error) through :class:`InputError`.
"""

from __future__ import annotations

import os
import stat
import tempfile
from pathlib import Path

from citeproof.errors import InputError


def check_writable(flag: str, path: Path, *, folder: bool = False) -> None:
    """Raise InputError unless ``path`` (a file, or with ``folder`` a folder) can be written.

    The folder is created (the write would create it anyway) and a scratch file is made and
    removed in it: permission bits alone do not tell (root ignores them; a read-only mount
    or /proc does not)."""
    where = path if folder else path.parent
    if not folder and path.is_dir():
        raise InputError(f"{flag} {path} is a folder; give a file path")
    if not folder and written_through(path):
        # a FIFO or a device (/dev/stdout) is written into, not replaced: no file is made beside it
        if not os.access(path, os.W_OK):
            raise InputError(f"{flag} {path}: cannot write to it: permission denied")
        return
    if not folder and path.is_symlink():
        where = Path(os.path.realpath(path)).parent  # the link's target is written, beside it
    if folder and path.exists() and not path.is_dir():
        raise InputError(f"{flag} {path} is a file; give a folder")
    blocking = _file_in_the_way(where)
    if blocking is not None:
        # mkdir would say only "File exists", naming neither the file nor why it matters
        raise InputError(f"{flag} {path}: cannot make the folder {where}: {blocking} is a file, not a folder")
    try:
        where.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryFile(dir=where):
            pass
    except OSError as exc:
        raise InputError(f"{flag} {path}: cannot write in {where}: {exc.strerror or exc}") from None


def _file_in_the_way(where: Path) -> Path | None:
    """The nearest existing ancestor of ``where`` (or itself) when it is not a folder."""
    for candidate in (where, *where.parents):
        if candidate.exists():
            return None if candidate.is_dir() else candidate
    return None


def written_through(path: Path) -> bool:
    """``path`` exists and is no regular file or folder (``report.write_atomic`` writes into it)."""
    try:
        mode = os.stat(path).st_mode
    except OSError:
        return False
    return not stat.S_ISREG(mode) and not stat.S_ISDIR(mode)


def check_distinct(outputs: dict[str, Path | None], inputs: dict[str, Path | None]) -> None:
    """Raise InputError when an output would be written over an input or over another output
    ("--out report.md" replaces the report with JSON; "--out x.json --audit-log x.json" pays the
    judge and then overwrites its log). Paths are compared after symlinks and ".." resolve."""
    seen: dict[str, str] = {}
    for flag, path in [*inputs.items(), *outputs.items()]:
        if path is None:
            continue
        real = os.path.realpath(path)
        if real in seen:
            raise InputError(f"{flag} {path} is the same file as {seen[real]}; give each its own path")
        seen[real] = f"{flag} {path}" if flag.startswith("-") else f"the {flag} {path}"
