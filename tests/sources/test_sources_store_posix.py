"""store._posix is str(PurePosixPath(rel)), without the path object."""

from __future__ import annotations

import itertools
from pathlib import PurePosixPath

from citeproof.sources.store import _posix


def test_same_as_pure_posix_path() -> None:
    pieces = ["a", "b.json", ".", "..", "", "x\\y", " ", ".hidden", "c d"]
    for n in range(1, 4):
        for combo in itertools.product(pieces, repeat=n):
            for lead in ("", "/", "//", "./"):
                rel = lead + "/".join(combo)
                if rel:
                    assert _posix(rel) == str(PurePosixPath(rel)), rel
