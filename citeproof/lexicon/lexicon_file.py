"""Drug lexicon files: the packaged default and an optional user file (same format).

One drug per line; tab-separated columns ``INN <TAB> Chinese names <TAB> synonyms``, the
last two comma-separated and optional. A line without tabs is one name, so a plain
one-name-per-line list works too. ``#`` starts a comment line.
"""

from __future__ import annotations

import re
from pathlib import Path

from citeproof.errors import InputError

DEFAULT_LEXICON = Path(__file__).resolve().parent.parent / "data" / "drug_lexicon.txt"
_LIST_SPLIT = re.compile(r"[,，、;；]")


def read_lexicon(path: Path) -> list[list[str]]:
    """Alias groups, one per line. A missing or undecodable file is an InputError naming it."""
    try:
        raw = path.read_bytes()
    except OSError as exc:
        raise InputError(f"drug lexicon {path}: cannot read it ({exc.strerror or exc}); "
                         "check settings.drug_lexicon_path") from exc
    groups: list[list[str]] = []
    for lineno, line_bytes in enumerate(raw.splitlines(), start=1):
        try:
            line = line_bytes.decode("utf-8-sig" if lineno == 1 else "utf-8")
        except UnicodeDecodeError as exc:
            raise InputError(f"drug lexicon {path} line {lineno}: not UTF-8 ({exc.reason}); "
                             "save the file as UTF-8") from exc
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        columns = line.split("\t")
        names = [columns[0].strip()]
        for column in columns[1:]:
            names.extend(part.strip() for part in _LIST_SPLIT.split(column))
        names = [n for n in names if n]
        if names:
            groups.append(names)
    return groups
