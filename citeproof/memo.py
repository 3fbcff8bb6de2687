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


class BoundedDict(dict):
    """A dict holding at most ``limit`` entries: storing one more drops the oldest stored.

    For a memo shared by a whole run whose keys are the lines of every source read (a line's
    value entries, a segment's words): what is worth sharing recurs across records (headers,
    boilerplate), so the recent entries keep it, while a run citing ten thousand files would
    otherwise hold every line it ever read. A dropped entry is derived again when next asked.
    """

    __slots__ = ("limit",)

    def __init__(self, limit: int) -> None:
        super().__init__()
        self.limit = limit

    def __setitem__(self, key: object, value: object) -> None:
        if len(self) >= self.limit and key not in self:
            del self[next(iter(self))]  # insertion order: the first key is the oldest
        super().__setitem__(key, value)

    def setdefault(self, key: object, default: object = None) -> object:
        # dict.setdefault would store without passing through __setitem__, past the limit
        if key in self:
            return self[key]
        self[key] = default
        return default
