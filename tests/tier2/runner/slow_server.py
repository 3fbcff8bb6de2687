"""The shared loopback endpoint, answering "supported" after a delay, counting requests per cohort."""

from __future__ import annotations

import re
import threading
from collections import Counter

from tier2.local_endpoint import LocalEndpoint

_COHORT = re.compile(r"cohort-(\d+)")


def _supported(_body: dict) -> dict:
    return {"verdict": "supported", "quote": "the response rate was 45%", "rationale": "stated"}


class SlowJudgeServer(LocalEndpoint):
    """With ``hold_after=k`` the first k requests are answered and every later one waits for
    ``release()``: a test stops the client at a point it chose (k answers logged, the rest in
    flight), not at one a loaded machine's timing chose for it."""

    def __init__(self, delay_s: float = 0.3, *, hold_after: int | None = None) -> None:
        self._hold_after = hold_after
        self._released = threading.Event()
        self._answers = 0
        self._answers_lock = threading.Lock()
        super().__init__(latency_s=delay_s, answer=self._answer, count_tokens=False)

    def _answer(self, body: dict) -> dict:
        if self._hold_after is not None:
            with self._answers_lock:
                self._answers += 1
                held = self._answers > self._hold_after
            if held:
                self._released.wait(timeout=60)
        return _supported(body)

    def release(self) -> None:
        self._released.set()

    def close(self) -> None:
        self.release()  # a held request must not keep its server thread past the test
        super().close()

    @property
    def total(self) -> int:
        return self.requests

    def per_cohort(self) -> Counter[str]:
        with self._lock:
            keys = [_COHORT.search(b["messages"][-1]["content"]) for b in self.bodies]
        return Counter(k.group(0) if k else "?" for k in keys)
