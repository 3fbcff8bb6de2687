"""Judge a batch of claims: risk order, cache, call budget, bounded retries, one audit line per attempt.

A Judge performs exactly one request per ``attempt``; everything around it lives here:

* **Order.** Requests are judged by ``risk`` (highest first), then claim id, so a small
  budget spends itself where a wrong pass costs most (the lead gives numeric and
  drug-bearing claims the highest risk).
* **Cache.** A hit spends no budget and is still written to the log (``cached: true``).
* **Budget.** One call is reserved *before* every request; when none is left the claim
  ends ``budget_exhausted`` — also in the middle of its retries.
* **Retries** (tenacity), bounded, every attempt one call and one log line:

  - transport faults — ``timeout``, ``rate_limited`` (waiting ``retry_after_s``, capped),
    ``server_error``, ``connection`` — retry up to ``max_retries`` times: they are
    transient by nature;
  - content faults — ``malformed_json``, ``schema_invalid``, ``truncated``, the answer
    check's ``quote_not_in_excerpt`` / ``quote_missing`` / ``quote_too_long`` / ``quote_lacks_claim_numbers`` /
    ``quote_unrelated_to_claim`` / ``quote_in_planted_instruction`` / ``quote_in_other_group`` /
    ``quote_lacks_direction`` —
    retry **once** (within ``max_retries``): a sampled glitch
    may not recur, but at temperature 0 the same prompt mostly gives the same answer, so
    more retries would only burn budget;
  - ``rejected_output_mode`` marked retryable — the judge has stepped its output mode
    down; retry at once, not counted against ``max_retries`` (a ladder has two rungs to
    step). A fixed mode the server refuses (not retryable) ends the claim;
  - anything else (``http_error`` such as 400/401/404, a judge that raised) — no retry:
    repeating the request cannot change the answer.

  A claim whose judging fails ends ``judge_error``: it is never a pass.
"""

from __future__ import annotations

import sys
import threading
import time
from collections.abc import Callable, Sequence
from concurrent.futures import Future, ThreadPoolExecutor, wait
from pathlib import Path
from typing import TYPE_CHECKING, Literal

from pydantic import Field
from tenacity import RetryCallState, Retrying, retry_if_result, stop_after_attempt

from audit.writer import AuditWriter
from citeproof.model import Frozen
from excerpt.types import Excerpt
from tier2.answer_check import check_request_answer
from tier2.budget import BudgetExhausted, CallBudget
from tier2.cache import AnswerCache, CachedAnswer, CacheKey, NullCache
from tier2.interface import AttemptResult, Judge, JudgeRequest, OutputMode
from tier2.output_modes import MODES

if TYPE_CHECKING:
    from citeproof.report import JudgeResult, SemanticAudit

JudgementStatus = Literal["judged", "judge_error", "budget_exhausted"]
VerdictName = Literal["supported", "contradicted", "not_enough_info"]

TRANSPORT_ERRORS = frozenset({"timeout", "rate_limited", "server_error", "connection"})
CONTENT_ERRORS = frozenset(
    {
        "malformed_json", "schema_invalid", "truncated", "quote_not_in_excerpt", "quote_missing", "quote_too_long",
        "quote_lacks_claim_numbers", "quote_unrelated_to_claim", "quote_in_planted_instruction",
        "quote_in_other_group", "quote_lacks_direction",
    }
)
MODE_REJECTED = "rejected_output_mode"
CONTENT_RETRIES = 1
MODE_STEPS = 2  # json_schema → json_object → prompt
RETRY_AFTER_CAP_S = 30.0  # a Retry-After beyond this is not worth holding a worker for
BACKOFF_BASE_S = 0.5
BACKOFF_MAX_S = 8.0

RetryWait = Callable[[int, AttemptResult], float]


class RunCancelled(Exception):
    """The run was interrupted; raised inside workers so no further request starts."""


class ClaimJudgement(Frozen):
    claim_id: str
    status: JudgementStatus
    verdict: VerdictName | None = None
    quote: str | None = None
    rationale: str | None = None
    error: str | None = Field(default=None, description="Why there is no verdict (last attempt's error, or budget_exhausted).")
    error_detail: str | None = None
    sequences: tuple[int, ...] = Field(default=(), description="This claim's audit line sequence numbers.")
    cached: bool = False
    attempts: int = Field(default=0, description="Requests made for this claim in this run (0 for a cache hit).")

    @property
    def passed(self) -> bool:
        return self.status == "judged" and self.verdict == "supported"

    def to_judge_result(self) -> JudgeResult:
        from citeproof.report import JudgeResult

        return JudgeResult(
            verdict=self.verdict,
            quote=self.quote,
            rationale=self.rationale,
            error=None if self.status == "judged" else (self.error or self.status),
            audit_sequences=self.sequences,
            cached=self.cached,
        )


class Tier2Outcome(Frozen):
    judgements: tuple[ClaimJudgement, ...] = Field(description="In judging order (risk desc, claim id).")
    calls_made: int
    cache_hits: int
    judge_errors: int = Field(description="Claims that ended judge_error (not failed attempts).")
    budget_exhausted: int = Field(description="Claims left unverified because the budget ran out.")
    prompt_tokens: int
    completion_tokens: int
    calls_remaining: int
    call_budget: int
    audit_log_entries: int = Field(description="Lines this run wrote to the audit log (calls + cache hits).")
    audit_log_path: str
    audit_log_head: str | None = Field(default=None, description="Hash of the last line this run wrote.")
    run_id: str
    output_mode: str
    model: str
    served_models: tuple[str, ...] = Field(default=(), description="Every model the server's replies named, sorted.")
    base_url: str
    prompt_version: str

    def judgement(self, claim_id: str) -> ClaimJudgement | None:
        return next((j for j in self.judgements if j.claim_id == claim_id), None)

    def to_semantic_audit(self, audit_log_path: str | None = None) -> SemanticAudit:
        from citeproof.report import SemanticAudit

        return SemanticAudit(
            enabled=True,
            audit_log_path=audit_log_path or self.audit_log_path,
            audit_log_entries=self.audit_log_entries,
            audit_log_head=self.audit_log_head,
            call_budget=self.call_budget,
            calls_made=self.calls_made,
            calls_remaining=self.calls_remaining,
            cache_hits=self.cache_hits,
            judge_errors=self.judge_errors,
            budget_exhausted=self.budget_exhausted,
            prompt_tokens=self.prompt_tokens,
            completion_tokens=self.completion_tokens,
            model=self.model,
            served_models=list(self.served_models),
            base_url=self.base_url,
            output_mode=self.output_mode,
            prompt_version=self.prompt_version,
            run_id=self.run_id,
        )


def default_retry_wait(attempt: int, result: AttemptResult) -> float:
    """Seconds before the next attempt: the server's Retry-After (capped), else exponential backoff."""
    if result.error == MODE_REJECTED:
        return 0.0
    if result.retry_after_s is not None and result.retry_after_s >= 0:
        return min(result.retry_after_s, RETRY_AFTER_CAP_S)
    return min(BACKOFF_BASE_S * 2 ** (attempt - 1), BACKOFF_MAX_S)


def judging_order(requests: Sequence[JudgeRequest]) -> list[JudgeRequest]:
    return sorted(requests, key=lambda r: (-r.risk, r.claim_id))


def cache_modes(judge: Judge) -> tuple[OutputMode, ...]:
    """Output modes whose cached answers this judge may reuse: its current mode, then the ones it could step down to.

    A run that learned its server refuses json_schema cached its answers under json_object;
    a fresh judge starts at json_schema again and must still find them.
    """
    current = judge.output_mode
    lower: tuple[OutputMode, ...] = ()
    if getattr(judge, "auto_output_mode", False):
        lower = MODES[MODES.index(current) + 1 :] if current in MODES else ()
    return (current, *(m for m in lower if m != current))


class _ClaimJudge:
    """Judges one claim; shared state (budget, cache, audit) is thread-safe."""

    def __init__(
        self,
        judge: Judge,
        budget: CallBudget,
        cache: AnswerCache,
        audit: AuditWriter,
        max_retries: int,
        retry_wait: RetryWait,
    ) -> None:
        self.judge = judge
        self.budget = budget
        self.cache = cache
        self.audit = audit
        self.max_retries = max_retries
        self.retry_wait = retry_wait
        self.cancelled = threading.Event()  # set on Ctrl-C: no new request starts
        self.served_models: set[str] = set()  # every model the replies named (the log's response_model)
        self._served_lock = threading.Lock()

    def _served(self, model: str | None) -> None:
        if model is not None:
            with self._served_lock:
                self.served_models.add(model)

    def key(self, request: JudgeRequest, mode: OutputMode) -> CacheKey:
        return CacheKey.build(
            model=self.judge.model,
            base_url=self.judge.base_url,
            output_mode=mode,
            prompt_version=self.judge.prompt_version,
            claim_text=request.claim_text,
            excerpt_text=request.excerpt_text,
            temperature=self.judge.temperature,
        )

    def __call__(self, request: JudgeRequest) -> tuple[ClaimJudgement, list[AttemptResult]]:
        for mode in cache_modes(self.judge):
            hit = self.cache.get(self.key(request, mode))
            if hit is None:
                continue
            checked = check_request_answer(hit.answer, request)
            if checked.ok:
                return self._from_cache(request, hit, checked.quote_found), []
            # an entry that fails the answer check (written by an older check, or tampered
            # with) is a miss like a damaged entry: never an answer
        return self._request(request)

    def _from_cache(self, request: JudgeRequest, hit: CachedAnswer, quote_found: bool | None) -> ClaimJudgement:
        left = self.budget.remaining
        self._served(hit.response_model)
        line = self.audit.write(
            **self._line_common(request),
            output_mode=hit.output_mode,
            response_model=hit.response_model,
            raw_response=hit.raw_response,
            verdict=hit.answer.verdict.value,
            quote=hit.answer.quote,
            rationale=hit.answer.rationale,
            # checked again on this hit (see __call__); no quote (not_enough_info) means nothing to search
            quote_check=None if quote_found is None else ("found" if quote_found else "not_found"),
            prompt_tokens=None,
            completion_tokens=None,
            latency_s=0.0,
            attempt=0,
            cached=True,
            error=None,
            error_detail=None,
            http_status=None,
            budget_before=left,
            budget_after=left,
        )
        return ClaimJudgement(
            claim_id=request.claim_id,
            status="judged",
            verdict=hit.answer.verdict.value,
            quote=hit.answer.quote,
            rationale=hit.answer.rationale,
            sequences=(line.sequence,),
            cached=True,
        )

    def _request(self, request: JudgeRequest) -> tuple[ClaimJudgement, list[AttemptResult]]:
        results: list[AttemptResult] = []
        sequences: list[int] = []

        def one_attempt() -> AttemptResult:
            if self.cancelled.is_set():
                raise RunCancelled
            before = self.budget.reserve()  # BudgetExhausted ends the claim (not retried)
            result = self._attempt(request)
            self._served(result.response_model)
            if result.error is None and result.answer is not None:
                # cache before logging: a kill between the two must never leave a logged answer uncached
                self.cache.put(
                    self.key(request, result.output_mode),
                    CachedAnswer(
                        answer=result.answer, raw_response=result.raw_response, output_mode=result.output_mode,
                        response_model=result.response_model,
                    ),
                )
            line = self.audit.write(
                **self._line_common(request),
                output_mode=result.output_mode,
                response_model=result.response_model,
                raw_response=result.raw_response,
                verdict=result.answer.verdict.value if result.answer and result.error is None else None,
                quote=result.answer.quote if result.answer else None,
                rationale=result.answer.rationale if result.answer else None,
                quote_check=None if result.quote_found is None else ("found" if result.quote_found else "not_found"),
                prompt_tokens=result.prompt_tokens,
                completion_tokens=result.completion_tokens,
                latency_s=round(result.latency_s, 6),
                attempt=len(results) + 1,
                cached=False,
                error=result.error,
                error_detail=result.error_detail,
                http_status=result.http_status,
                budget_before=before,
                budget_after=before - 1,
            )
            results.append(result)
            sequences.append(line.sequence)
            return result

        def wait(state: RetryCallState) -> float:
            return max(0.0, float(self.retry_wait(state.attempt_number, results[-1])))

        retrying = Retrying(
            retry=retry_if_result(lambda _: self._should_retry(results)),
            # hard ceiling; _should_retry is the real policy
            stop=stop_after_attempt(self.max_retries + 1 + MODE_STEPS),
            wait=wait,
            # a Ctrl-C ends the wait at once instead of holding shutdown for a Retry-After
            sleep=self.cancelled.wait,
            retry_error_callback=lambda state: state.outcome.result() if state.outcome else None,
            reraise=True,
        )
        try:
            final = retrying(one_attempt)
        except BudgetExhausted as exc:
            last = results[-1] if results else None
            return (
                ClaimJudgement(
                    claim_id=request.claim_id,
                    status="budget_exhausted",
                    error="budget_exhausted",
                    error_detail=str(exc) + (f" (last attempt: {last.error})" if last else ""),
                    sequences=tuple(sequences),
                    attempts=len(results),
                ),
                results,
            )
        return self._conclude(request, final, sequences, results), results

    def _attempt(self, request: JudgeRequest) -> AttemptResult:
        """One request; a judge that raises is a failed attempt (never a crash, never a pass)."""
        start = time.perf_counter()
        try:
            result = self.judge.attempt(request)
        except Exception as exc:  # noqa: BLE001 - a broken judge must not abort the run
            return AttemptResult(
                error="judge_exception",
                error_detail=f"{type(exc).__name__}: {exc}"[:500],
                output_mode=self.judge.output_mode,
                latency_s=time.perf_counter() - start,
            )
        if result.error is None and result.answer is None:
            return result.model_copy(update={"error": "schema_invalid", "error_detail": "no error and no answer"})
        if result.answer is not None and result.error is None:
            # the runner's own check, whatever the judge did: only an answer that passes it counts
            checked = check_request_answer(result.answer, request)
            update: dict[str, object] = {"quote_found": checked.quote_found}
            if not checked.ok:
                update |= {"error": checked.reason, "error_detail": checked.detail, "retryable": False}
            return result.model_copy(update=update)
        return result

    def _should_retry(self, results: list[AttemptResult]) -> bool:
        last = results[-1]
        if last.error is None:
            return False
        if last.error == MODE_REJECTED:
            return last.retryable and sum(r.error == MODE_REJECTED for r in results) <= MODE_STEPS
        counted = [r for r in results if r.error != MODE_REJECTED]
        retries_used = len(counted) - 1
        if retries_used >= self.max_retries:
            return False
        if last.error in TRANSPORT_ERRORS:
            return True
        if last.error in CONTENT_ERRORS:
            return sum(r.error in CONTENT_ERRORS for r in counted) <= CONTENT_RETRIES
        return False

    def _conclude(
        self, request: JudgeRequest, final: AttemptResult, sequences: list[int], results: list[AttemptResult]
    ) -> ClaimJudgement:
        if final.error is None and final.answer is not None:
            return ClaimJudgement(
                claim_id=request.claim_id,
                status="judged",
                verdict=final.answer.verdict.value,
                quote=final.answer.quote,
                rationale=final.answer.rationale,
                sequences=tuple(sequences),
                attempts=len(results),
            )
        return ClaimJudgement(
            claim_id=request.claim_id,
            status="judge_error",
            error=final.error or "judge_error",
            error_detail=final.error_detail,
            sequences=tuple(sequences),
            attempts=len(results),
        )

    def _line_common(self, request: JudgeRequest) -> dict[str, object]:
        common: dict[str, object] = {
            "claim_id": request.claim_id,
            "claim_text": request.claim_text,
            "stated_text": request.stated_text,  # what the answer check held the quote's numbers to
            "source_ids": list(request.source_ids),
            "locator": request.locator,
            "excerpt": _excerpt_line(request.excerpt),
        }
        if request.more:
            common["more_excerpts"] = [_excerpt_line(ex) for ex in request.more]
        return common | {
            "model": self.judge.model,
            "base_url": self.judge.base_url,
            "parameters": {
                "temperature": self.judge.temperature,
                "max_tokens": getattr(self.judge, "max_tokens", None),
                "timeout_s": getattr(self.judge, "timeout_s", None),
            },
            "prompt_version": self.judge.prompt_version,
        }


def _excerpt_line(ex: Excerpt) -> dict[str, object]:
    return {
        "text": ex.text,
        "sha256": ex.sha256,
        "source_path": ex.source_path,
        "line_start": ex.line_start,
        "line_end": ex.line_end,
        "char_start": ex.char_start,
        "char_end": ex.char_end,
        "tokens": ex.tokens,
        "strategy": ex.strategy,
        "spans": [span.model_dump() for span in ex.spans],
    }


# A claim to judge, or a deferred one: built inside the worker so that preparing a claim
# (its excerpt) overlaps other claims' requests. It may instead return the judgement that
# says why the claim cannot be judged.
Job = Callable[[], "JudgeRequest | ClaimJudgement"]


def judge_claims(
    requests: Sequence[JudgeRequest],
    judge: Judge,
    *,
    budget: CallBudget,
    cache: AnswerCache | None,
    audit: AuditWriter,
    concurrency: int = 1,
    max_retries: int = 2,
    retry_wait: RetryWait | None = None,
    progress: bool = False,
) -> Tier2Outcome:
    """Judge every request; never raises for a judge or provider failure (those end judge_error)."""
    check_unique([r.claim_id for r in requests])
    jobs = [(lambda r=r: r) for r in judging_order(requests)]
    return run_jobs(
        jobs, judge, budget=budget, cache=cache, audit=audit, concurrency=concurrency,
        max_retries=max_retries, retry_wait=retry_wait, progress=progress,
    )


def check_unique(ids: Sequence[str]) -> None:
    if len(set(ids)) != len(ids):
        dupes = sorted({i for i in ids if ids.count(i) > 1})
        raise ValueError(f"duplicate claim ids sent to the judge: {', '.join(dupes[:5])}")


def run_jobs(
    jobs: Sequence[Job],
    judge: Judge,
    *,
    budget: CallBudget,
    cache: AnswerCache | None,
    audit: AuditWriter,
    concurrency: int = 1,
    max_retries: int = 2,
    retry_wait: RetryWait | None = None,
    progress: bool = False,
) -> Tier2Outcome:
    """Judge already-ordered jobs (highest risk first); the engine behind ``judge_claims``."""
    if concurrency < 1:
        raise ValueError(f"concurrency must be >= 1, got {concurrency}")
    if max_retries < 0:
        raise ValueError(f"max_retries must be >= 0, got {max_retries}")
    worker = _ClaimJudge(
        judge, budget, cache if cache is not None else NullCache(), audit, max_retries, retry_wait or default_retry_wait
    )
    entries_before = audit.entries
    results: list[tuple[ClaimJudgement, list[AttemptResult]]]
    with _Progress(len(jobs), enabled=progress) as bar:

        def run(job: Job) -> tuple[ClaimJudgement, list[AttemptResult]]:
            item = job()
            done = (item, []) if isinstance(item, ClaimJudgement) else worker(item)
            bar.advance()
            return done

        # Every request runs on a worker, also with one worker or one claim: a Ctrl-C reaches the
        # main thread, which then only waits, so a request already sent finishes and is logged
        # (run on the main thread, the interrupt abandoned it unlogged after the server had it).
        # One thread prepares the jobs (builds the excerpts) in order, ahead of the judging
        # workers: excerpt building is CPU work that, done by eight workers at once, holds
        # every first request back until all eight excerpts are built (they share one GIL),
        # and again whenever replies arrive together. Prepared in order, the first request
        # leaves after one excerpt, and later ones find theirs ready while others wait on I/O.
        preparer = ThreadPoolExecutor(max_workers=1, thread_name_prefix="citeproof-excerpt")
        pool = ThreadPoolExecutor(max_workers=concurrency, thread_name_prefix="citeproof-judge")
        judging: list[Future[tuple[ClaimJudgement, list[AttemptResult]]]] = []
        try:
            prepared = [preparer.submit(job) for job in jobs]
            # submitted in order, so the highest-risk claims reserve budget first
            for ready in prepared:
                judging.append(pool.submit(run, ready.result))
            results = [claim.result() for claim in judging]
        except BaseException:
            # Ctrl-C (or a bug): queued claims are dropped and no new request starts;
            # requests in flight finish and are logged, so the log stays whole
            worker.cancelled.set()
            preparer.shutdown(wait=False, cancel_futures=True)
            _finish_in_flight(judging)
            pool.shutdown(wait=False)
            raise
        finally:
            preparer.shutdown(wait=True)
        pool.shutdown(wait=True)

    judgements = tuple(j for j, _ in results)
    attempts = [a for _, made in results for a in made]
    return Tier2Outcome(
        judgements=judgements,
        calls_made=len(attempts),
        cache_hits=sum(j.cached for j in judgements),
        judge_errors=sum(j.status == "judge_error" for j in judgements),
        budget_exhausted=sum(j.status == "budget_exhausted" for j in judgements),
        prompt_tokens=sum(a.prompt_tokens or 0 for a in attempts),
        completion_tokens=sum(a.completion_tokens or 0 for a in attempts),
        calls_remaining=budget.remaining,
        call_budget=budget.limit,
        audit_log_entries=audit.entries - entries_before,
        # absolute: an auditor runs `audit check` from anywhere (a path as typed holds only
        # from the folder the run started in)
        audit_log_path=str(Path(audit.path).resolve()),
        audit_log_head=audit.last_hash,
        run_id=audit.run_id,
        output_mode=judge.output_mode,
        model=judge.model,
        served_models=tuple(sorted(worker.served_models)),
        base_url=judge.base_url,
        prompt_version=judge.prompt_version,
    )


def _finish_in_flight(judging: Sequence[Future[object]]) -> None:
    """Drop the claims still queued and wait for those in flight. A second Ctrl-C does not end
    the wait: the interpreter joins these threads at exit anyway, and ended here it only closed
    the audit log under them, their paid calls left without a line (rt36a). Their futures are
    waited on, not their threads: a Thread.join a Ctrl-C interrupts may mark a running thread
    stopped (CPython 3.11), and the next join returns at once. The wait is bounded: no retry
    starts once cancelled, and ``--timeout`` bounds each request whole."""
    for claim in judging:
        claim.cancel()  # a queued claim is dropped; one running is not stopped
    while True:
        try:
            wait(judging)
            return
        except KeyboardInterrupt:
            continue


class _Progress:
    """A rich progress bar on stderr, or nothing."""

    def __init__(self, total: int, *, enabled: bool) -> None:
        self._progress = None
        self._task = None
        if enabled and total:
            from rich.console import Console
            from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

            self._progress = Progress(
                TextColumn("judging"),
                BarColumn(),
                MofNCompleteColumn(),
                TimeElapsedColumn(),
                console=Console(file=sys.stderr),
                transient=False,
            )
            self._task = self._progress.add_task("judge", total=total)

    def advance(self) -> None:
        if self._progress is not None and self._task is not None:
            self._progress.advance(self._task)

    def __enter__(self) -> _Progress:
        if self._progress is not None:
            self._progress.start()
        return self

    def __exit__(self, *exc: object) -> None:
        if self._progress is not None:
            self._progress.stop()
