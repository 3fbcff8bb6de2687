"""The hard call budget: a typed limits object reserved *before* every request.

Every request attempt (retries included) is one call. ``reserve`` takes one call under a
lock and returns how many were left before it, so two threads can never both spend the
last call and the audit log can record ``budget_before``/``budget_after`` exactly. A cache
hit reserves nothing.
"""

from __future__ import annotations

import threading


class BudgetExhausted(Exception):
    """No call is left. Claims that reach this stay unverified (fail closed)."""

    hint = "raise --call-budget"

    def __init__(self, limit: int) -> None:
        super().__init__(f"call budget of {limit} exhausted; {self.hint} to judge the remaining claims")
        self.limit = limit


class CallBudget:
    """At most ``limit`` requests, exact under any number of threads."""

    def __init__(self, limit: int) -> None:
        if isinstance(limit, bool) or not isinstance(limit, int) or limit < 0:
            raise ValueError(f"call budget must be a whole number >= 0, got {limit!r}")
        self._limit = limit
        self._used = 0
        self._lock = threading.Lock()

    @property
    def limit(self) -> int:
        return self._limit

    @property
    def used(self) -> int:
        with self._lock:
            return self._used

    @property
    def remaining(self) -> int:
        with self._lock:
            return self._limit - self._used

    def reserve(self) -> int:
        """Take one call; return the calls left *before* it. Raises BudgetExhausted when none is left."""
        with self._lock:
            if self._used >= self._limit:
                raise BudgetExhausted(self._limit)
            before = self._limit - self._used
            self._used += 1
            return before

    def __repr__(self) -> str:
        return f"CallBudget(limit={self._limit}, used={self.used})"
