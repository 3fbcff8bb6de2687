"""The Tier 2 stage the pipeline calls: undecided claims in, judgements and totals out.

Which windows a claim is judged against: for each source it cites (at most
``MAX_SOURCES``), the first of its anchors to that source that resolved to a *precise*
window (a locator that names lines, a page or a short section), else the first that
resolved at all; when no excerpt can be built from a window (it holds only page furniture,
or nothing of the claim in a window larger than the budget) the next is tried. A precise
window is where the author said the claim is backed; a coarse one only gets an excerpt
centred on the claim's atoms or terms. A claim that cites several sources (a comparison of
two trials) is one request showing one excerpt of each: it can only be judged against all.
The sources share ``--excerpt-tokens`` equally, so the option bounds every request.
A claim with no usable window cannot be judged and ends ``judge_error`` (no request,
no budget, no log line; the pipeline reports it unverified).
"""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence
from functools import partial
from pathlib import Path

from audit.scrub import without_userinfo
from audit.writer import AuditLogError, AuditWriter
from citeproof.errors import UsageError
from citeproof.model import Claim
from citeproof.sources.types import Resolution, SourceWindow
from excerpt.types import Excerpt
from tier2.budget import CallBudget
from tier2.cache import AnswerCache, JudgeCache, NullCache
from tier2.interface import Judge, JudgeRequest
from tier2.options import Tier2Options, env_key_problem, key_header_problem
from tier2.runner import ClaimJudgement, Tier2Outcome, check_unique, run_jobs



def _audit_key(options: Tier2Options) -> bytes | None:
    """The audit log's key from the variable ``audit_key_env`` names, or None when none is named.
    A variable named but unset, empty or blank stops the run before any request: a log asked to
    be keyed must not quietly be written unkeyed (or keyed with " ")."""
    if not options.audit_key_env:
        return None
    if (problem := env_key_problem("audit_key_env", options.audit_key_env)) is not None:
        raise AuditLogError(f"{options.audit_log}: {problem}; the log is not written unkeyed")
    return os.environ[options.audit_key_env].encode("utf-8")

def candidate_windows(resolutions: Sequence[Resolution]) -> list[Resolution]:
    """Resolved anchors in the order they are tried: precise windows first, then coarse ones, each in citation order."""
    resolved = [r for r in resolutions if r.window is not None]
    return [r for r in resolved if r.window and not r.window.coarse] + [r for r in resolved if r.window and r.window.coarse]


def judged_text(claim: Claim) -> str:
    """What the judge is asked about: the claim's text, and for a table row under a header each
    cell after its header ("Measure: ORR | Arm B: 40% | Arm A: 25%"). The bare row would let a
    judge pass values that sit under swapped headers; the audit log records this text, so it
    shows what was judged. The excerpt is still centred on the row's own text."""
    if not claim.columns:
        return claim.text
    cells = [f"{c.header}: {c.cell}" if c.header else c.cell for c in claim.columns if c.cell]
    return " | ".join(cells) or claim.text


MAX_SOURCES = 3  # cited sources a judged claim is shown at most (one excerpt each)


def build_request(claim: Claim, resolutions: Sequence[Resolution], risk: int, options: Tier2Options) -> JudgeRequest | ClaimJudgement:
    """The request with an excerpt of each cited source (the first window of each that an
    excerpt can be built from, precise windows first, in citation order; at most
    ``MAX_SOURCES`` sources, sharing the excerpt budget equally), else the judge_error saying
    why not. A claim is judged against every source it cites or not at all: shown the sources
    that could be read, a judge could support "trial A and trial B evaluate X" on A's excerpt."""
    from excerpt.builder import MIN_BUDGET, ExcerptUnavailable, build_excerpt

    candidates = candidate_windows(resolutions)
    if not candidates:
        return ClaimJudgement(
            claim_id=claim.id,
            status="judge_error",
            error="no_evidence_window",
            error_detail="none of the claim's anchors resolved to a source window",
        )
    # --excerpt-tokens bounds what one request shows: the sources share it equally
    shown = list(dict.fromkeys(r.window.document.path for r in candidates if r.window is not None))
    sources = max(1, min(MAX_SOURCES, len(shown), options.excerpt_tokens // MIN_BUDGET))
    shown = shown[:sources]
    chosen: dict[str, tuple[Resolution, Excerpt]] = {}
    failed: dict[str, list[str]] = {}
    for resolution in candidates:
        window: SourceWindow = resolution.window  # type: ignore[assignment]
        path = window.document.path
        if path not in shown or path in chosen:
            continue  # one excerpt per source: its first window an excerpt can be built from
        try:
            chosen[path] = (resolution, build_excerpt(claim.text, window, max_tokens=options.excerpt_tokens // sources))
        except ExcerptUnavailable as exc:
            failed.setdefault(path, []).append(f"{resolution.anchor.raw}: {exc}")
    unread = [path for path in shown if path not in chosen]
    if unread:
        why = "; ".join(reason for path in unread for reason in failed.get(path, []))
        if chosen:
            why = f"no excerpt of {len(unread)} of the {len(shown)} cited sources, so it cannot be judged: {why}"
        return ClaimJudgement(claim_id=claim.id, status="judge_error", error="excerpt_unavailable", error_detail=why[:1000])
    picked = [chosen[path] for path in shown]
    first = picked[0][0]
    return JudgeRequest(
        claim_id=claim.id,
        claim_text=judged_text(claim),
        stated_text=claim.text if claim.columns else None,
        excerpt=picked[0][1],
        more=tuple(excerpt for _, excerpt in picked[1:]),
        source_ids=tuple(r.anchor.source_id for r, _ in picked),
        locator=first.anchor.locator.raw if first.anchor.locator else None,
        risk=risk,
    )


def make_judge(options: Tier2Options) -> Judge:
    """The OpenAI-compatible judge; the key is read from the named variable here and nowhere else."""
    from tier2.openai_judge import OpenAIJudge

    key = os.environ.get(options.api_key_env) or None
    if key and (problem := key_header_problem(options.api_key_env, key)) is not None:
        raise UsageError(problem)  # before the audit log is opened: no call is paid for a key no request can carry
    if key and without_userinfo(options.base_url) != options.base_url:
        # one Authorization header: the key wins, and a proxy login in the URL would go unsent unseen
        print(f"citeproof: warning: --base-url carries user-info and {options.api_key_env} holds a key: the key is "
              "sent (Bearer) and the URL's user-info is not", file=sys.stderr)
    return OpenAIJudge(
        options.model,
        options.base_url,
        key,
        timeout_s=options.timeout_s,
        temperature=options.temperature,
        output_mode=options.output_mode,
    )


class JudgingInterrupted(KeyboardInterrupt):
    """A Ctrl-C (or a SIGTERM, which the CLI takes as one) that ended the judging once the
    requests in flight had finished and were logged: what the log holds of this run, for the
    line the CLI prints. Still a KeyboardInterrupt, so every caller stops as before."""

    def __init__(self, audit_log: Path, lines: int) -> None:
        super().__init__(audit_log, lines)
        self.audit_log = audit_log
        self.lines = lines


def run_tier2(
    items: Sequence[tuple[Claim, list[Resolution], int]],
    options: Tier2Options,
    *,
    judge: Judge | None = None,
    progress: bool = False,
) -> Tier2Outcome:
    """Judge each (claim, its resolutions, risk) within ``options.call_budget``; writes ``options.audit_log``.

    Claims go in risk order (highest first, then claim id). Each claim's excerpt is built
    by the worker that judges it, so excerpt building overlaps other claims' requests.
    """
    check_unique([claim.id for claim, _, _ in items])
    ordered = sorted(items, key=lambda item: (-item[2], item[0].id))
    jobs = [partial(_prepare, claim, resolutions, risk, options) for claim, resolutions, risk in ordered]

    own_judge = judge is None
    judge = make_judge(options) if judge is None else judge
    key = _audit_key(options)
    # the audit key also signs the cache's entries: an entry altered on disk is a miss (rt32b j2)
    cache: AnswerCache = JudgeCache(options.cache_dir, secret=key) if options.cache_dir is not None else NullCache()
    try:
        audit = AuditWriter(options.audit_log, secret_env=(options.api_key_env, "OPENAI_API_KEY", *([options.audit_key_env] if options.audit_key_env else [])),
                            key=key)
    except BaseException:
        cache.close()
        raise
    try:
        return run_jobs(
            jobs,
            judge,
            budget=CallBudget(options.call_budget),
            cache=cache,
            audit=audit,
            concurrency=options.concurrency,
            max_retries=options.max_retries,
            progress=progress,
        )
    except KeyboardInterrupt:
        # run_jobs re-raises only after the requests in flight were logged: the count is final
        raise JudgingInterrupted(audit.path, audit.entries) from None
    finally:
        audit.close()
        cache.close()
        close = getattr(judge, "close", None) if own_judge else None
        if callable(close):
            close()


def _prepare(claim: Claim, resolutions: Sequence[Resolution], risk: int, options: Tier2Options) -> JudgeRequest | ClaimJudgement:
    """build_request, with a crash in excerpt building reported on the claim rather than aborting the run."""
    try:
        return build_request(claim, resolutions, risk, options)
    except Exception as exc:  # noqa: BLE001 - one bad excerpt must not stop the other claims
        return ClaimJudgement(
            claim_id=claim.id, status="judge_error", error="excerpt_error", error_detail=f"{type(exc).__name__}: {exc}"[:500]
        )
