"""The shared loopback endpoint, answering "supported" after a delay, counting requests per cohort."""

from __future__ import annotations

import re
from collections import Counter

from tier2.local_endpoint import LocalEndpoint

_COHORT = re.compile(r"cohort-(\d+)")


def _supported(_body: dict) -> dict:
    return {"verdict": "supported", "quote": "the response rate was 45%", "rationale": "stated"}


class SlowJudgeServer(LocalEndpoint):
    def __init__(self, delay_s: float = 0.3) -> None:
        super().__init__(latency_s=delay_s, answer=_supported, count_tokens=False)

    @property
    def total(self) -> int:
        return self.requests

    def per_cohort(self) -> Counter[str]:
        with self._lock:
            keys = [_COHORT.search(b["messages"][-1]["content"]) for b in self.bodies]
        return Counter(k.group(0) if k else "?" for k in keys)
