"""``citeproof audit show audit.jsonl``: the log as a readable table."""

from __future__ import annotations

import sys
from pathlib import Path

from rich.console import Console
from rich.markup import escape
from rich.table import Table

from audit.reader import LogLine, read_log

VERDICT_FILTERS = ("supported", "contradicted", "not_enough_info", "error", "cached")


def select(lines: list[LogLine], *, verdict: str | None = None, claim: str | None = None, run: str | None = None) -> list[LogLine]:
    """Filter lines: verdict is a verdict name, 'error' (lines with an error) or 'cached'; claim matches an id prefix."""
    out = []
    for ln in lines:
        rec = ln.record
        if rec is None:
            out.append(ln)  # a broken line is always shown
            continue
        if claim and not rec.claim_id.startswith(claim):
            continue
        if run and rec.run_id != run:
            continue
        if verdict == "error" and rec.error is None:
            continue
        if verdict == "cached" and not rec.cached:
            continue
        if verdict not in (None, "error", "cached") and rec.verdict != verdict:
            continue
        out.append(ln)
    return out


def render(lines: list[LogLine], console: Console, *, title: str) -> None:
    table = Table(title=title, show_lines=False)
    for name, kw in (
        ("seq", {"justify": "right"}),
        ("time", {}),
        ("run", {}),
        ("claim", {}),
        ("try", {"justify": "right"}),
        ("verdict / error", {}),
        ("quote", {"ratio": 1, "overflow": "ellipsis"}),
        ("tokens", {"justify": "right"}),
        ("budget", {"justify": "right"}),
    ):
        # one line per log line: only the quote gives way when the terminal is narrow
        table.add_column(name, no_wrap=True, **kw)
    for ln in lines:
        rec = ln.record
        if rec is None:
            table.add_row(str(ln.number), "", "", "", "", f"[red]BROKEN: {escape(str(ln.problem))}[/red]", "", "", "")
            continue
        # every cell from the log is text, never rich markup: a quote "[/b]" or
        # "[citation needed]" must print as written, not crash or vanish
        outcome = f"[red]{escape(rec.error)}[/red]" if rec.error else escape(rec.verdict or "")
        attempt = "cache" if rec.cached else str(rec.attempt)
        tokens = "" if rec.prompt_tokens is None else f"{rec.prompt_tokens}+{rec.completion_tokens or 0}"
        table.add_row(
            str(rec.sequence),
            escape(rec.time[11:19]),
            escape(rec.run_id[-8:]),
            escape(rec.claim_id[:16]),
            attempt,
            outcome,
            escape(rec.quote or ""),
            tokens,
            f"{rec.budget_before}→{rec.budget_after}",
        )
    console.print(table)


def show_lines(
    lines: list[LogLine], path: Path, *, verdict: str | None = None, claim: str | None = None, run: str | None = None,
    console: Console | None = None,
) -> list[LogLine]:
    """Print the table of the already read ``lines`` of ``path``; return the lines shown."""
    lines = select(lines, verdict=verdict, claim=claim, run=run)
    if console is None:
        # piped output gets a readable width instead of rich's 80-column default
        console = Console(width=None if sys.stdout.isatty() else 160)
    render(lines, console, title=f"{path} ({len(lines)} line(s))")
    return lines
