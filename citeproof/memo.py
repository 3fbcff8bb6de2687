"""Per-run memo: derive data from a window, document or segment once per run, not per claim."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

T = TypeVar("T")


class RunMemo:
    def __init__(self) -> None:
        self._entries: dict[tuple[int, str], tuple[object, object]] = {}
        self._names: dict[int, list[str]] = {}  # id of an object → the names derived from it (``forget``)

    def derived(self, obj: object, name: str, compute: Callable[[Any], T]) -> T:
        """Memoise ``compute(obj)`` under ``name``. Keeps ``obj`` alive, so its id is never
        reused while the entry exists; the memo (and all it holds) dies with the run, or
        with ``forget(obj)``."""
        key = (id(obj), name)
        hit = self._entries.get(key)
        if hit is None:
            hit = self._entries[key] = (obj, compute(obj))
            self._names.setdefault(key[0], []).append(name)
        return hit[1]  # type: ignore[return-value]

    def forget(self, obj: object) -> None:
        """Drop every entry derived from ``obj`` (a source released after its last use): the
        memo no longer keeps it alive, and a later ``derived`` on it computes afresh."""
        for name in self._names.pop(id(obj), ()):
            self._entries.pop((id(obj), name), None)
