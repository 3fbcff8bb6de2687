"""The ``citeproof`` command. Thin: read inputs, call the pipeline, print, exit.

Exit codes (documented in README, tested in tests/cli):
  0 publishable (or any verdict in --mode report)
  1 blocked by a critical finding
  2 usage or input error — one line on stderr, never a traceback
  3 incomplete: claims left undecided or unverified (enforce mode)
  130 interrupted (Ctrl-C)
  143 terminated (SIGTERM, as CI stops a job that overruns): handled as a Ctrl-C is
  141 an output pipe closed before a command's verdict was known (128 + SIGPIPE, as a shell
      reports it); ``verify`` whose reader closes stdout or stderr early still exits with its
      verdict's code
Machine output (JSON) goes to stdout or --out; the human summary goes to stderr.
"""

from __future__ import annotations

import os
import signal
import sys
import threading
from enum import Enum
from pathlib import Path
from typing import Annotated, Optional

import typer
from typer.exceptions import TyperException

from citeproof.errors import CiteproofError, InputError, ReportParseError, UsageError
from citeproof.output_paths import check_distinct, check_writable
from citeproof.report_input import read_report
from citeproof.report import VerificationReport, write_atomic
from citeproof.settings import load_settings

app = typer.Typer(
    add_completion=False,
    no_args_is_help=True,
    help="Verify that every claim in a report is backed by the exact place it cites.",
    pretty_exceptions_enable=False,
)


class ModeOpt(str, Enum):
    enforce = "enforce"
    report = "report"


class FormatOpt(str, Enum):
    json = "json"
    text = "text"


class OutputModeOpt(str, Enum):
    auto = "auto"
    json_schema = "json_schema"
    json_object = "json_object"
    prompt = "prompt"


def _where(location) -> str:
    """Short location for the terminal: the line and the innermost heading (the JSON has the full path)."""
    return f"line {location.line}" + (f" ({location.section_path[-1]})" if location.section_path else "")


def _clip(text: str, limit: int = 200) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _summary(report: VerificationReport, out_path: Path | None) -> str:
    t = report.totals
    lines = [
        f"citeproof: {report.verdict.upper()} ({report.mode} mode, exit {report.exit_code})"
        + ("  [would block under enforce]" if report.mode == "report" and report.would_block else ""),
        f"  claims {t.claims}: pass {t.passed}, fail {t.failed}, undecided {t.undecided}, unverified {t.unverified}"
        f"  | anchors {report.anchor_audit.total_anchors} ({report.anchor_audit.anchors_without_locator} without locator,"
        f" {report.anchor_audit.unresolved_anchors} unresolved)",
    ]
    failing = [c for c in report.claims if c.status == "fail"]
    for c in failing[:15]:
        reason = c.reasons[0] if c.reasons else None
        why = f"{reason.code}: {reason.message}" if reason else "failed"
        lines.append(_clip(f"  FAIL {c.id} {_where(c.location)}: {why}"))
    if len(failing) > 15:
        lines.append(f"  … and {len(failing) - 15} more failing claims (see the JSON report)")
    for f in report.findings[:10]:
        where = f" {_where(f.location)}" if f.location else ""
        lines.append(_clip(f"  {f.severity.upper()} {f.rule} {f.code}{where}: {f.message}"))
    undecided = [c for c in report.claims if c.status in ("undecided", "unverified")]
    for c in undecided[:5]:
        lines.append(_clip(f"  {c.status.upper()} {c.id} {_where(c.location)}: {'; '.join(c.undecided_reasons) or '-'}"))
    if len(undecided) > 5:
        lines.append(f"  … and {len(undecided) - 5} more {'/'.join(sorted({c.status for c in undecided}))} claims")
    rules = ", ".join(
        f"{r.id} {r.name} " + ("n/a" if r.status == "n/a" else f"{r.passed}/{r.applicable}") for r in report.rules
    )
    lines.append(f"  rules: {rules}")
    sa = report.semantic_audit
    if sa.enabled:
        lines.append(
            f"  judge: {sa.calls_made} calls of {sa.call_budget} ({sa.calls_remaining} left), {sa.cache_hits} cache hits,"
            f" {sa.judge_errors} errors, {sa.budget_exhausted} budget-exhausted; log {sa.audit_log_path} ({sa.audit_log_entries} lines)"
        )
        others = sa.other_models
        if others:
            # a server may run another model than the one asked for: the verdicts are that model's
            lines.append(_clip(
                f"  WARNING judge: the server answered as {', '.join(map(repr, others))}, not the requested model "
                f"{sa.model!r}: its verdicts are that model's (response_model in the audit log)"
            ))
    elif sa.note:
        lines.append(f"  {sa.note}")
    if out_path:
        lines.append(f"  report written to {out_path}")
    return "\n".join(lines)


def _text_table(report: VerificationReport) -> str:
    rows = []
    for c in report.claims:
        why = c.reasons[0].code if c.reasons else ("; ".join(c.undecided_reasons) if c.undecided_reasons else "")
        rows.append(f"{c.status:<10} {c.id:<16} L{c.location.line:<5} {c.text[:80]!s:<80} {why}")
    return "\n".join(rows)


@app.command()
def verify(
    report: Annotated[Path, typer.Argument(help="Report to verify (.html, .md).")],
    sources: Annotated[Optional[Path], typer.Option("--sources", help="Sources folder: sources/<channel>/<id>.<ext>.")] = None,
    retrieved: Annotated[Optional[Path], typer.Option("--retrieved", help="RAG-answer mode: retrieved.jsonl (url, title, text).")] = None,
    out: Annotated[Optional[Path], typer.Option("--out", help="Write verification_report.json here (atomic).")] = None,
    mode: Annotated[ModeOpt, typer.Option("--mode", help="enforce: exit non-zero when blocked/incomplete; report: record would_block, exit 0.")] = ModeOpt.enforce,
    fmt: Annotated[FormatOpt, typer.Option("--format", help="stdout format: json (the report) or text (one line per claim).")] = FormatOpt.json,
    config: Annotated[Optional[Path], typer.Option("--config", help="JSON settings file (thresholds, channel map).")] = None,
    require_channel: Annotated[list[str], typer.Option("--require-channel", help="Channel that must be cited in the body when it has saved files (repeatable).")] = [],
    exclude_channel: Annotated[list[str], typer.Option("--exclude-channel", help="CHANNEL=REASON: a required channel excluded beforehand, with its reason (repeatable).")] = [],
    tier2: Annotated[bool, typer.Option("--tier2", help="Send undecided claims to the LLM judge.")] = False,
    call_budget: Annotated[int, typer.Option("--call-budget", min=0, help="Hard ceiling on judge requests (every attempt counts).")] = 40,
    audit_log: Annotated[Path, typer.Option("--audit-log", help="JSONL audit log, appended (one line per judge attempt or cache hit).")] = Path("out/audit.jsonl"),
    model: Annotated[Optional[str], typer.Option("--model", help="Judge model name.")] = None,
    base_url: Annotated[Optional[str], typer.Option("--base-url", help="OpenAI-compatible endpoint, e.g. http://127.0.0.1:8080/v1.")] = None,
    api_key_env: Annotated[Optional[str], typer.Option("--api-key-env", help="Name of the environment variable holding the API key (never pass the key itself); default OPENAI_API_KEY, which may be unset for a server that needs no key.")] = None,
    audit_key_env: Annotated[Optional[str], typer.Option("--audit-key-env", help="Name of the environment variable holding a key for the audit log (never the key itself): its lines are chained with HMAC-SHA256, the report is sealed with it (HMAC-SHA256 over the whole report, Tier 1 verdicts included), and `audit check` needs the same variable.")] = None,
    concurrency: Annotated[int, typer.Option("--concurrency", min=1, max=64)] = 1,
    cache_dir: Annotated[Optional[Path], typer.Option("--cache-dir", help="Judge answer cache (diskcache).")] = None,
    no_cache: Annotated[bool, typer.Option("--no-cache", help="Do not read or write the judge cache.")] = False,
    excerpt_tokens: Annotated[int, typer.Option("--excerpt-tokens", min=32, help="Ceiling on excerpt tokens per judged claim (a claim citing several sources shares it among them).")] = 512,
    timeout: Annotated[float, typer.Option("--timeout", min=0.1, max=3600, help="Seconds per judge request (0.1 to 3600).")] = 30.0,
    max_retries: Annotated[int, typer.Option("--max-retries", min=0, max=10, help="Retries per claim (each attempt counts against the budget).")] = 2,
    output_mode: Annotated[OutputModeOpt, typer.Option("--output-mode", help="Structured output: auto degrades json_schema → json_object → prompt.")] = OutputModeOpt.auto,
) -> None:
    """Verify REPORT claim by claim; exit 0 publishable, 1 blocked, 2 input error, 3 incomplete."""
    from citeproof.pipeline import VerifyOptions, detect_format, run

    settings = load_settings(config)
    if sources is None and retrieved is None:
        raise UsageError("no evidence given: pass --sources DIR (saved sources) or --retrieved FILE (RAG-answer mode)")
    if sources is not None and not sources.is_dir():
        problem = "is a file, not a folder" if sources.exists() else "not found"
        raise InputError(f"sources folder {problem}: {sources} — pass --sources DIR pointing at sources/<channel>/<id>.<ext>")
    if retrieved is not None and not retrieved.is_file():
        raise InputError(f"retrieved file not found: {retrieved}")
    updates: dict[str, object] = {}
    if require_channel:
        updates["required_source_channels"] = tuple(dict.fromkeys(require_channel))
    if exclude_channel:
        excluded = dict(getattr(settings, "excluded_channels", {}) or {})
        for item in exclude_channel:
            channel, _, reason = item.partition("=")
            if not channel.strip() or not reason.strip():
                raise UsageError(f"--exclude-channel needs CHANNEL=REASON with a non-empty reason, got {item!r}")
            excluded[channel.strip()] = reason.strip()
        updates["excluded_channels"] = excluded
    if updates:
        settings = settings.model_copy(update=updates)
    _check_judge_flags(tier2, model, api_key_env, cache_dir, no_cache)
    _check_audit_key_env(audit_key_env)
    text = read_report(report, settings.max_report_bytes)
    if out is not None:
        check_writable("--out", out)

    tier2_options = None
    if tier2 and base_url and model:
        from pydantic import ValidationError

        from tier2.options import Tier2Options

        try:
            tier2_options = Tier2Options(
                model=model,
                base_url=base_url,
                **({"api_key_env": api_key_env} if api_key_env is not None else {}),  # else the options' default
                audit_key_env=audit_key_env,
                call_budget=call_budget,
                audit_log=audit_log,
                cache_dir=None if no_cache else (cache_dir or Path(".citeproof-cache")),
                concurrency=concurrency,
                excerpt_tokens=excerpt_tokens,
                timeout_s=timeout,
                max_retries=max_retries,
                output_mode=output_mode.value,
            )
        except ValidationError as exc:
            err = exc.errors()[0]
            field = ".".join(str(p) for p in err.get("loc", ())) or "tier2"
            raise UsageError(f"invalid judge option {field}: {err.get('msg', 'invalid')}") from None
        check_writable("--audit-log", tier2_options.audit_log)
        if tier2_options.cache_dir is not None:
            check_writable("--cache-dir", tier2_options.cache_dir, folder=True)
    elif tier2:  # a model and no endpoint (_check_judge_flags): the documented judge-off run
        print("citeproof: --tier2 given without --base-url; the judge will not run", file=sys.stderr)
    check_distinct(
        {"--out": out, "--audit-log": tier2_options.audit_log if tier2_options else None},
        {"report": report, "--config": config, "--retrieved": retrieved},
    )

    options = VerifyOptions(
        mode=mode.value,
        settings=settings,
        retrieved_path=retrieved,
        tier2=tier2_options,
        report_path=str(report),
        progress=sys.stderr.isatty(),
        seal_key_env=audit_key_env,
    )
    try:
        result = run(text, detect_format(str(report), text), sources, options)
    except ReportParseError as exc:
        raise ReportParseError(f"{report}: {exc}") from None
    except KeyboardInterrupt as stop:
        # typer turns a KeyboardInterrupt into a bare 130: what the log holds is carried past it
        raise _Stopped(_what_was_logged(stop)) from None
    payload = result.model_dump_json(indent=2)
    if out is not None:
        try:
            write_atomic(out, payload + "\n")
        except OSError as exc:  # a full disk, a vanished folder: name the flag, as every other I/O error does
            raise InputError(f"--out {out}: cannot write: {exc.strerror or exc}") from None
    _emit(result, out, payload, fmt)
    raise typer.Exit(result.exit_code)


def _check_judge_flags(tier2: bool, model: str | None, api_key_env: str | None, cache_dir: Path | None, no_cache: bool) -> None:
    """Judge flags that cannot mean what they say are usage errors, before anything runs.

    Without an endpoint the judge stays off and the summary says how to enable it (a run can
    be set up before a server is): ``--tier2`` without ``--base-url`` only warns. But a model
    is what ``--tier2`` asks for by name, and a key variable named on purpose that holds no
    key would send every request unauthenticated: those stop the run. The default variable may
    be unset (a local server needs no key)."""
    from tier2.options import looks_like_env_name, shown_env_name

    if no_cache and cache_dir is not None:
        raise UsageError("--no-cache and --cache-dir contradict each other: pass one of them")
    if not tier2:
        return
    if not (model or "").strip():
        raise UsageError("--tier2 needs --model NAME (the judge model as the endpoint knows it)")
    if api_key_env is not None and not looks_like_env_name(api_key_env):
        # never echo the value: it may be the key itself, pasted by mistake
        raise UsageError("--api-key-env must be the NAME of an environment variable (e.g. OPENAI_API_KEY), not a key")
    if api_key_env is not None and not os.environ.get(api_key_env):
        raise UsageError(f"--api-key-env names {shown_env_name(api_key_env)}, which is not set (or is empty) in the "
                         "environment: export it, or leave --api-key-env out for a server that needs no key")
    if _reads_as_a_key(model or "", api_key_env):
        # never echoed: it is sent to the server, and the report records it as given while the log redacts it
        raise UsageError("--model reads as a key (the audit log would redact it): pass the model's name as the endpoint knows it")


def _reads_as_a_key(model: str, api_key_env: str | None) -> bool:
    """Whether the audit log's scrubber (``audit.scrub``) would redact the model's name: a key
    pasted into ``--model``, or a name holding a run of the judge's key."""
    from audit.scrub import Scrubber

    return Scrubber(secret_env=("OPENAI_API_KEY", *([api_key_env] if api_key_env else []))).text(model) != model


def _check_audit_key_env(name: str | None) -> None:
    """``--audit-key-env`` names a variable that holds a key: a log asked to be keyed must not
    quietly be written unkeyed."""
    from tier2.options import env_key_problem

    if name is not None and (problem := env_key_problem("--audit-key-env", name)) is not None:
        raise UsageError(problem)


def _emit(result: VerificationReport, out: Path | None, payload: str, fmt: FormatOpt) -> None:
    """Machine output to stdout, the summary to stderr. A reader that closes either pipe early
    (``| true``, ``2>&1 | head``) changes nothing about the verdict: a gate reads the exit code,
    and the verdict's must survive (click would turn the BrokenPipeError into a bare exit 1,
    and a failed flush at interpreter exit into 120)."""
    summary = _summary(result, out)
    try:
        if fmt is FormatOpt.json and out is None:
            sys.stdout.write(payload + "\n")
        elif fmt is FormatOpt.text:
            sys.stdout.write(_text_table(result) + "\n")
        sys.stdout.flush()
    except BrokenPipeError:
        _detach(sys.stdout)
        summary += "\n  stdout was closed before the whole output was written; the exit code is still the verdict's"
    try:
        print(summary, file=sys.stderr, flush=True)
    except BrokenPipeError:
        _detach(sys.stderr)


def _detach(stream) -> None:
    """Point a stream whose reader has gone at /dev/null, so what is still buffered (and the
    interpreter's last flush) goes nowhere instead of failing again."""
    try:
        fd = stream.fileno()
    except (OSError, ValueError):  # not a real file (a test's capture): nothing to detach
        return
    devnull = os.open(os.devnull, os.O_WRONLY)
    try:
        os.dup2(devnull, fd)
    finally:
        os.close(devnull)


@app.command()
def rules(
    rule_id: Annotated[Optional[str], typer.Argument(help="Show one rule's full doc.")] = None,
) -> None:
    """List the Tier 1 rules (id, name, severity) or show one rule's documentation."""
    from tier1.registry import load_rules

    rules = load_rules()
    if rule_id and not any(r.id == rule_id.upper() or r.name == rule_id for r in rules):
        raise UsageError(f"unknown rule {rule_id!r}: `citeproof rules` lists the ids and names")
    for rule in rules:
        if rule_id and rule.id != rule_id.upper() and rule.name != rule_id:
            continue
        print(f"{rule.id}  {rule.name:<24} {rule.severity:<8} {rule.scope}")
        if rule_id:
            d = rule.doc
            print(f"\nWhat it checks: {d.what}\nWhy: {d.why}\nFails when: {d.fails}\nPasses when: {d.passes}\nn/a when: {d.not_applicable}")
            for ex in rule.examples:
                print(f"\n--- example {ex.name} ({ex.lang}, expect {ex.expect}) ---\n{ex.report}")


def _mount_audit() -> None:
    try:
        from citeproof.cli_audit import audit_app
    except ImportError:  # pragma: no cover - during development only
        return
    app.add_typer(audit_app, name="audit", help="Check, show and replay a judge audit log.")


_mount_audit()


EXIT_PIPE_CLOSED = 141
EXIT_INTERRUPTED = 130
EXIT_TERMINATED = 128 + signal.SIGTERM


class _Stopped(Exception):
    """A Ctrl-C or SIGTERM that ended ``verify``, with what the audit log holds of the run (or None)."""

    def __init__(self, logged: str | None) -> None:
        super().__init__(logged)
        self.logged = logged


def _what_was_logged(stop: KeyboardInterrupt) -> str | None:
    from tier2.stage import JudgingInterrupted

    if not isinstance(stop, JudgingInterrupted):
        return None  # stopped before or after the judging: this run wrote no line
    return f"{stop.lines} judge call(s) of this run logged in {stop.audit_log}, the requests in flight finished first"


class _SigtermAsCtrlC:
    """While the CLI runs, a SIGTERM takes a Ctrl-C's path: CI stops a job that overruns with
    SIGTERM, and killed at once a run loses the line of a request already sent and paid for.
    Installed by ``main`` only, never at import (a library user keeps their own handler), and
    only on the main thread (the one place Python runs signal handlers)."""

    def __init__(self) -> None:
        self.received = False
        self._previous: object = None
        self._installed = False

    def _handle(self, _signum: int, _frame: object) -> None:
        self.received = True
        raise KeyboardInterrupt

    def __enter__(self) -> _SigtermAsCtrlC:
        if threading.current_thread() is threading.main_thread():
            self._previous = signal.signal(signal.SIGTERM, self._handle)
            self._installed = True
        return self

    def __exit__(self, *exc: object) -> None:
        if self._installed:
            # None: a handler not set from Python, which cannot be put back; the default is
            signal.signal(signal.SIGTERM, self._previous if self._previous is not None else signal.SIG_DFL)

    def stopped(self, logged: str | None = None) -> int:
        """Say on stderr that the run was stopped and what was logged; the exit code to return."""
        how = "terminated (SIGTERM)" if self.received else "interrupted"
        print(f"citeproof: {how}; no report written ({logged or 'the audit log keeps every call that finished'})", file=sys.stderr)
        return EXIT_TERMINATED if self.received else EXIT_INTERRUPTED


def main(argv: list[str] | None = None) -> int:
    with _SigtermAsCtrlC() as signals:
        return _main(argv, signals)


def _main(argv: list[str] | None, signals: _SigtermAsCtrlC) -> int:
    try:
        # With standalone_mode=False typer *returns* the code of a raised Exit.
        code = app(args=argv, standalone_mode=False)
        if code == EXIT_INTERRUPTED:  # typer turns a Ctrl-C into Exit(130), which it returns here
            return signals.stopped()
        return code if isinstance(code, int) else 0
    except typer.Exit as exc:
        return exc.exit_code
    except _Stopped as stop:
        return signals.stopped(stop.logged)
    except (typer.Abort, KeyboardInterrupt):
        return signals.stopped()
    except TyperException as exc:  # bad flags: one line, exit 2
        message = exc.format_message().strip().splitlines()
        if type(exc).__name__ == "NoArgsIsHelpError":
            _error("\n".join(message), argv)
        else:
            _error(f"citeproof: {message[0] if message else type(exc).__name__} (see citeproof --help)", argv)
        return 2
    except CiteproofError as exc:
        _error(f"citeproof: error: {exc}", argv)
        return exc.exit_code
    except BrokenPipeError:
        # a closed output pipe outside verify's own output, the verdict unknown here: never 0
        # (a gate would publish), but the documented code a shell gives a process SIGPIPE ended
        _detach(sys.stdout)
        _detach(sys.stderr)
        return EXIT_PIPE_CLOSED
    except OSError as exc:  # e.g. an unwritable --out or --audit-log: name the file
        where = f"{exc.filename}: " if getattr(exc, "filename", None) else ""
        _error(f"citeproof: error: {where}{exc.strerror or exc}", argv)
        return 2
    except Exception as exc:  # a bug of ours: still one line, fail closed; CITEPROOF_DEBUG=1 shows the traceback
        if os.environ.get("CITEPROOF_DEBUG"):
            raise
        _error(f"citeproof: internal error: {type(exc).__name__}: {exc} (rerun with CITEPROOF_DEBUG=1 for a traceback)", argv)
        return 2
    return 0


def _error(message: str, argv: list[str] | None) -> None:
    """An error line on stderr, scrubbed as the audit log is (``audit.scrub``): an exception's
    text may quote a server's reply, a flag's value or the endpoint URL, any of which may hold the key."""
    from audit.scrub import Scrubber, url_credentials
    from tier2.options import looks_like_env_name, shown_env_name

    args = sys.argv[1:] if argv is None else argv
    given = [*_flag_values(args, "--api-key-env"), *_flag_values(args, "--audit-key-env")]
    names = [v for v in given if looks_like_env_name(v)]
    # a value that reads as no variable's name, or one spelled like a key, may be the key pasted by mistake
    pasted = [v for v in given if shown_env_name(v) != v]
    urls = [c for url in _flag_values(args, "--base-url") for c in url_credentials(url)]
    scrubber = Scrubber(secret_env=("OPENAI_API_KEY", *names), secrets=[*pasted, *urls])
    print(scrubber.text(message), file=sys.stderr)


def _flag_values(args: list[str], flag: str) -> list[str]:
    """Every value given to ``flag`` in ``args``, as "--flag VALUE" or "--flag=VALUE"."""
    found = [args[i + 1] for i, a in enumerate(args[:-1]) if a == flag]
    return found + [a.partition("=")[2] for a in args if a.startswith(flag + "=")]


def entrypoint() -> None:  # console_scripts target
    sys.exit(main())


if __name__ == "__main__":  # python -m citeproof.cli
    entrypoint()
