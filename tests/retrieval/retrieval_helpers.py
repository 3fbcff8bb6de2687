from __future__ import annotations

from citeproof.model import Anchor, Location

SRC = "https://docs.example.org/reference"


def url_anchor(url: str, line: int = 3) -> Anchor:
    return Anchor(raw=url, kind="url", source_id=url, location=Location(line=line))
