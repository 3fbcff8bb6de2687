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


_MISSING = object()


class RecentMemo:
    """A run-wide memo that holds the entries stored or read lately, at most ``2 * limit``.

    For memos whose keys are the lines of every source a run reads (a line's value entries, a
    segment's words): what is worth sharing recurs across records (headers, boilerplate) and so
    is read again and again, while a run citing ten thousand files would otherwise hold every
    line it ever read. Two generations: entries go to the new one; when it is full it becomes
    the old one and the old one is dropped; an entry read from the old one moves to the new one.
    So a recurring line stays (unlike dropping the oldest stored, which drops the most shared
    first), and a dropped entry is derived again when next asked. The dict methods its users
    call: ``get``, ``in``, ``[]``, ``[]=``, ``setdefault``, ``len``.
    """

    __slots__ = ("limit", "_new", "_old")

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self._new: dict = {}
        self._old: dict = {}

    def get(self, key: object, default: object = None) -> object:
        value = self._new.get(key, _MISSING)
        if value is _MISSING:
            value = self._old.pop(key, _MISSING)
            if value is _MISSING:
                return default
            self[key] = value
        return value

    def __contains__(self, key: object) -> bool:
        return key in self._new or key in self._old

    def __getitem__(self, key: object) -> object:
        value = self.get(key, _MISSING)
        if value is _MISSING:
            raise KeyError(key)
        return value

    def __setitem__(self, key: object, value: object) -> None:
        if len(self._new) >= self.limit and key not in self._new:
            self._old, self._new = self._new, {}
        self._old.pop(key, None)  # held once, in the newer generation
        self._new[key] = value

    def setdefault(self, key: object, default: object = None) -> object:
        value = self.get(key, _MISSING)
        if value is _MISSING:
            self[key] = value = default
        return value

    def __len__(self) -> int:
        return len(self._new) + len(self._old)
