"""``citeproof audit``: check, show and replay a judge audit log without calling a model.

Exit codes: 0 the log and the report agree; 1 a broken line, a count or budget mismatch,
or a divergence (the first one is printed); 2 a file that cannot be read (missing, not
JSON, or — for ``show`` — not an audit log at all). ``show`` checks the hash chain as
``check`` does and exits 1 when any line is broken (edited, deleted, reordered, not a record),
marking those lines BROKEN, so a script piping the table still learns that the log is damaged.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated, Optional

import typer

audit_app = typer.Typer(
    name="audit",
    no_args_is_help=True,
    add_completion=False,
    help="Check, show and replay a judge audit log (no model is called).",
)


def _require_file(path: Path, what: str) -> None:
    if not path.is_file():
        print(f"citeproof audit: {what} not found: {path}", file=sys.stderr)
        raise typer.Exit(2)


def _verdict_on_report(report: Path, examine) -> None:
    """Run a log examination of a report; its one-line summary goes to stdout when ok, stderr when not."""
    _require_file(report, "report")
    result = examine(report)
    print(result.summary(), file=sys.stdout if result.ok else sys.stderr)
    raise typer.Exit(0 if result.ok else 2 if result.unreadable else 1)


def audit_key(env_name: str | None, command: str) -> bytes | None:
    """The audit log's key from the variable ``--audit-key-env`` names; None when the flag is not
    given. A name that reads as no variable's, or a variable unset, empty or blank, is a usage
    error (exit 2, one line: ``tier2.options.env_key_problem``): a check or a run asked to be keyed must not quietly go unkeyed."""
    import os

    from tier2.options import env_key_problem

    if env_name is None:
        return None
    if (problem := env_key_problem("--audit-key-env", env_name)) is not None:
        print(f"{command}: {problem}", file=sys.stderr)
        raise typer.Exit(2)
    return os.environ[env_name].encode("utf-8")


_KEY_ENV_OPTION = Annotated[
    Optional[str],
    typer.Option("--audit-key-env", help="Name of the environment variable holding the key a keyed log was written with (never the key itself)."),
]


@audit_app.command("check")
def check_cmd(
    report: Annotated[Path, typer.Argument(help="verification_report.json written by `citeproof verify --tier2`.")],
    sources: Annotated[Optional[Path], typer.Option("--sources", help="Also re-run Tier 1 over the verified report and these sources, and hold every claim to it.")] = None,
    config: Annotated[Optional[Path], typer.Option("--config", help="The run's JSON settings file, for the Tier 1 re-run (with --sources).")] = None,
    verified: Annotated[Optional[Path], typer.Option("--report", help="The verified report (.md/.html) where it is now, when it moved from its recorded path.")] = None,
    audit_key_env: _KEY_ENV_OPTION = None,
) -> None:
    """Log exists, chain intact, every line schema-valid, counts and budget arithmetic match the report;
    with --sources, Tier 1's decisions are reconstructed and compared too."""
    from functools import partial

    from audit.check import check_report

    if config is not None and sources is None:
        print("citeproof audit check: --config is only used with --sources (the Tier 1 re-run)", file=sys.stderr)
        raise typer.Exit(2)
    key = audit_key(audit_key_env, "citeproof audit check")
    settings = None
    if config is not None:
        from citeproof.errors import InputError
        from citeproof.settings import load_settings

        try:
            settings = load_settings(config)
        except InputError as exc:
            print(f"citeproof audit check: {exc}", file=sys.stderr)
            raise typer.Exit(2) from None
    if sources is not None and not sources.is_dir():
        print(f"citeproof audit check: sources folder not found: {sources}", file=sys.stderr)
        raise typer.Exit(2)
    if sources is None:
        _verdict_on_report(report, partial(check_report, verified_report=verified, key=key))
    else:
        from citeproof.recheck import check_with_tier1

        _verdict_on_report(report, partial(check_with_tier1, sources=sources, settings=settings, verified_report=verified, key=key))


@audit_app.command("show")
def show_cmd(
    log: Annotated[Path, typer.Argument(help="audit.jsonl")],
    verdict: Annotated[Optional[str], typer.Option("--verdict", help="supported | contradicted | not_enough_info | error | cached")] = None,
    claim: Annotated[Optional[str], typer.Option("--claim", help="Claim id (or its prefix).")] = None,
    run: Annotated[Optional[str], typer.Option("--run", help="Only this run id.")] = None,
    audit_key_env: _KEY_ENV_OPTION = None,
) -> None:
    """Print the log as a table, optionally filtered."""
    from audit.reader import KEYED_WITHOUT_KEY, is_keyed, read_log
    from audit.show import VERDICT_FILTERS, show_lines

    key = audit_key(audit_key_env, "citeproof audit show")
    _require_file(log, "audit log")
    if verdict is not None and verdict not in VERDICT_FILTERS:
        print(f"citeproof audit show: --verdict must be one of {', '.join(VERDICT_FILTERS)}, got {verdict!r}", file=sys.stderr)
        raise typer.Exit(2)
    lines = read_log(log)
    if lines and all(ln.data is None for ln in lines):
        print(f"citeproof audit show: not an audit log (no line is a JSON object): {log}", file=sys.stderr)
        raise typer.Exit(2)
    if key is None and is_keyed(lines):
        # every line would read BROKEN: one line that says why, as `audit check` does
        print(f"citeproof audit show: {log}: {KEYED_WITHOUT_KEY}", file=sys.stderr)
        raise typer.Exit(2)
    broken = show_lines(lines, log, verdict=verdict, claim=claim, run=run, key=key)
    if broken:
        first = min(broken)
        print(f"citeproof audit show: {log}: hash chain broken, {len(broken)} line(s) marked BROKEN; "
              f"first line {first}: {broken[first]}", file=sys.stderr)
    raise typer.Exit(1 if broken else 0)


@audit_app.command("replay")
def replay_cmd(
    report: Annotated[Path, typer.Argument(help="verification_report.json written by `citeproof verify --tier2`.")],
    audit_key_env: _KEY_ENV_OPTION = None,
) -> None:
    """Re-derive each judged claim's verdict from the log alone and compare with the report."""
    from functools import partial

    from audit.replay import replay_report

    key = audit_key(audit_key_env, "citeproof audit replay")
    _verdict_on_report(report, partial(replay_report, key=key))


if __name__ == "__main__":  # pragma: no cover
    audit_app()
