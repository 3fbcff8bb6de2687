"""One way to turn an anchor into a Resolution, for every caller (claims and diagrams alike).

URL anchors resolve against the retrieved chunks in RAG-answer mode, else against the
sources manifest (boundary-checked URL match); ``[kind:id#locator]`` anchors resolve in the
source store. With nothing to resolve against, the Resolution carries no window, and the
rules fail it closed (anchor-resolution for ids, url-citations for URLs).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from citeproof.model import Anchor
from citeproof.sources.types import Resolution

if TYPE_CHECKING:
    from citeproof.retrieval import RetrievedSet
    from citeproof.sources.store import SourceStore


def resolve_anchor(anchor: Anchor, store: SourceStore | None, retrieved: RetrievedSet | None) -> Resolution:
    if anchor.kind == "url":
        if retrieved is not None:
            return retrieved.resolve(anchor)
        if store is not None:
            from citeproof.retrieval import resolve_manifest_url

            return resolve_manifest_url(store, anchor)
    elif store is not None:
        return store.resolve(anchor)
    return Resolution(anchor=anchor, window=None)
