"""Where a measuring script's corpus is: the folder a user passes, or the statements file in it.

The issues name the statements file (``…/nli4ct/semeval2024_gold_test_numerical_subset.json``)
while the scripts need the folder too (``ct/`` beside it), so both spellings are accepted and
mean the same run. Anything else ends the script with one line and exit 2, never a traceback.
"""

from __future__ import annotations

import sys
from pathlib import Path


class CorpusNotFound(Exception):
    """The path given does not hold what the script reads; the message says what is missing."""


def corpus_file(given: Path, default_name: str, *, beside: tuple[str, ...] = ()) -> tuple[Path, Path]:
    """``(folder, statements file)`` for ``given``: a folder holding ``default_name``, or that
    file itself (any name; its folder is the corpus). Each name in ``beside`` must be a folder
    next to the file (``ct/`` for NLI4CT's trial records)."""
    if given.is_dir():
        folder, statements = given, given / default_name
    elif given.is_file():
        folder, statements = given.parent, given
    else:
        raise CorpusNotFound(f"{given} not found — pass the corpus folder or its {default_name}")
    if not statements.is_file():
        raise CorpusNotFound(f"{statements} not found — pass the corpus folder or its {default_name}")
    for name in beside:
        if not (folder / name).is_dir():
            raise CorpusNotFound(f"{folder} has no {name}/ beside {statements.name}")
    return folder, statements


def corpus_or_exit(given: Path, default_name: str, *, beside: tuple[str, ...] = ()) -> tuple[Path, Path]:
    """:func:`corpus_file`, or the reason on stderr and exit 2."""
    try:
        return corpus_file(given, default_name, beside=beside)
    except CorpusNotFound as err:
        print(f"error: {err}", file=sys.stderr)
        raise SystemExit(2) from None
