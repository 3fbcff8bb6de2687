"""A scripted Judge for tests: no network, the outcomes you list, in order, per claim.

    judge = ScriptedJudge({
        "c1": [fault("timeout"), answer("supported", "rate was 45%")],
        "c2": [fault("server_error", http_status=503)],      # repeats: every attempt fails
    }, default=answer("not_enough_info", ""))

Each script item is an ``AttemptResult`` (returned as is, with the judge's current output
mode filled in when the item left it at the default), a ``JudgeAnswer`` (checked against the
request with ``check_answer`` exactly like the real judge, so a scripted injected answer is
rejected the same way), or a callable ``(request, attempt_number) -> item``. When a
claim's script runs out the last item repeats (``repeat_last=False`` makes that a test
failure instead). Thread-safe: it records every call and the peak number of concurrent calls.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Mapping, Sequence
from typing import Union

from tier2.answer_check import check_request_answer
from tier2.interface import AttemptResult, JudgeAnswer, JudgeRequest, OutputMode, Verdict
from tier2.prompt import PROMPT_VERSION
from tier2.runner import MODE_REJECTED, TRANSPORT_ERRORS

ScriptItem = Union[AttemptResult, JudgeAnswer, Callable[[JudgeRequest, int], "ScriptItem"]]

RETRYABLE_ERRORS = TRANSPORT_ERRORS | {MODE_REJECTED}  # what the real judge marks retryable


def answer(verdict: str, quote: str, rationale: str = "scripted") -> JudgeAnswer:
    """A judge answer; returned through the same quote check the real judge applies."""
    return JudgeAnswer(verdict=Verdict(verdict), quote=quote, rationale=rationale)


def fault(error: str, *, retryable: bool | None = None, **fields: object) -> AttemptResult:
    """A failed attempt; ``retryable`` defaults to what the real judge says for that error."""
    return AttemptResult(
        error=error,
        retryable=error in RETRYABLE_ERRORS if retryable is None else retryable,
        **fields,  # type: ignore[arg-type]
    )


class ScriptedJudge:
    """Implements ``tier2.interface.Judge`` from a per-claim script."""

    def __init__(
        self,
        script: Mapping[str, Sequence[ScriptItem]] | None = None,
        *,
        default: ScriptItem | Sequence[ScriptItem] | None = None,
        model: str = "scripted-model",
        base_url: str = "scripted://judge",
        prompt_version: str = PROMPT_VERSION,
        temperature: float = 0.0,
        output_mode: OutputMode = "json_schema",
        delay_s: float = 0.0,
        repeat_last: bool = True,
        prompt_tokens: int | None = 120,
        completion_tokens: int | None = 30,
    ) -> None:
        self.model = model
        self.base_url = base_url
        self.prompt_version = prompt_version
        self.temperature = temperature
        self._mode: OutputMode = output_mode
        self._script = {claim: list(items) for claim, items in (script or {}).items()}
        if default is None or isinstance(default, Sequence):
            self._default = list(default or [])
        else:
            self._default = [default]
        self.delay_s = delay_s
        self.repeat_last = repeat_last
        self.prompt_tokens = prompt_tokens
        self.completion_tokens = completion_tokens
        self.calls: list[tuple[str, int]] = []  # (claim_id, attempt number from 1), in call order
        self.max_concurrent = 0
        self._in_flight = 0
        self._lock = threading.Lock()

    @property
    def output_mode(self) -> OutputMode:
        return self._mode

    def attempts_for(self, claim_id: str) -> int:
        with self._lock:
            return sum(1 for claim, _ in self.calls if claim == claim_id)

    @property
    def call_count(self) -> int:
        with self._lock:
            return len(self.calls)

    def attempt(self, request: JudgeRequest) -> AttemptResult:
        with self._lock:
            number = sum(1 for claim, _ in self.calls if claim == request.claim_id) + 1
            self.calls.append((request.claim_id, number))
            self._in_flight += 1
            self.max_concurrent = max(self.max_concurrent, self._in_flight)
        try:
            if self.delay_s:
                time.sleep(self.delay_s)
            item = self._item(request.claim_id, number)
            while callable(item) and not isinstance(item, (AttemptResult, JudgeAnswer)):
                item = item(request, number)
            return self._result(request, item)
        finally:
            with self._lock:
                self._in_flight -= 1

    def _item(self, claim_id: str, number: int) -> ScriptItem:
        items = self._script.get(claim_id, self._default)
        if not items:
            raise AssertionError(f"ScriptedJudge has no script for claim {claim_id!r}")
        if number <= len(items):
            return items[number - 1]
        if not self.repeat_last:
            raise AssertionError(f"ScriptedJudge: claim {claim_id!r} asked for attempt {number}, script has {len(items)}")
        return items[-1]

    def _result(self, request: JudgeRequest, item: ScriptItem) -> AttemptResult:
        if isinstance(item, AttemptResult):
            if "output_mode" not in item.model_fields_set:
                return item.model_copy(update={"output_mode": self._mode})
            return item
        if not isinstance(item, JudgeAnswer):
            raise AssertionError(f"ScriptedJudge: unusable script item {item!r}")
        checked = check_request_answer(item, request)
        return AttemptResult(
            answer=item,
            raw_response=item.model_dump_json(),
            error=checked.reason,
            error_detail=checked.detail,
            quote_found=checked.quote_found,
            output_mode=self._mode,
            http_status=200,
            prompt_tokens=self.prompt_tokens,
            completion_tokens=self.completion_tokens,
            latency_s=self.delay_s,
        )
