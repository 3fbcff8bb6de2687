"""``citeproof audit show audit.jsonl``: the log as a readable table.

The table is only as good as the log, so the hash chain is checked first (``chain_problems``,
as ``audit check`` does) and every line it rejects — edited, out of place after a deletion or
reordering, or not a record at all — is marked BROKEN and always shown, whatever the filter.
"""

from __future__ import annotations

import sys
from collections.abc import Collection, Mapping
from pathlib import Path

from rich.console import Console
from rich.markup import escape
from rich.table import Table
from rich.text import Text

from audit.reader import LogLine, chain_problems
from citeproof.report import served_other_model

VERDICT_FILTERS = ("supported", "contradicted", "not_enough_info", "error", "cached")


def broken_lines(lines: list[LogLine], key: bytes | None = None) -> dict[int, str]:
    """Line number → why the chain check rejects it (its first problem); empty for an intact log.
    With ``key`` a keyed log's HMACs are checked (``audit.reader.chain_problems``)."""
    broken: dict[int, str] = {}
    for problem in chain_problems(lines, key):
        if problem.line is not None:
            broken.setdefault(problem.line, problem.message)
    return broken


def select(
    lines: list[LogLine], *, verdict: str | None = None, claim: str | None = None, run: str | None = None,
    broken: Collection[int] = (),
) -> list[LogLine]:
    """Filter lines: verdict is a verdict name, 'error' (lines with an error) or 'cached'; claim matches an id prefix.
    A line that is not a record or is in ``broken`` is always shown: a filter must not hide damage."""
    out = []
    for ln in lines:
        rec = ln.record
        if rec is None or ln.number in broken:
            out.append(ln)
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


# Columns that say where a line is and whether it holds: they keep their whole width at any
# terminal width. Only the text columns (the verdict or error, the quote) give way, cut with
# "…": a long quote must never squeeze the BROKEN marker or the sequence numbers out of sight.
_GIVES_WAY = {"verdict / error": 7, "quote": 6}  # name → the width it may shrink to


def render(lines: list[LogLine], console: Console, *, title: str, broken: Mapping[int, str] | None = None) -> None:
    """The table; with ``broken`` (line number → problem) non-empty, a first "chain" column marks those lines BROKEN."""
    broken = broken or {}
    columns = [
        ("seq", {"justify": "right"}),
        ("time", {}),
        ("run", {}),
        ("claim", {}),
        ("try", {"justify": "right"}),
        ("verdict / error", {}),
        ("quote", {"ratio": 1}),
        ("tokens", {"justify": "right"}),
        ("budget", {"justify": "right"}),
    ]
    if broken:  # an intact log's table stays as it always was
        columns.insert(0, ("chain", {}))
    rows = [_row(ln, broken) for ln in lines]
    if any(_served_as(ln) for ln in lines):  # likewise: shown only when a reply named another model
        columns.append(("served as", {}))
        rows = [[*row, escape(_served_as(ln))] for row, ln in zip(rows, lines)]
    table = Table(title=title, show_lines=False)
    for index, (name, kw) in enumerate(columns):
        if name in _GIVES_WAY:
            # wrapable to rich (so it is the one narrowed), yet one line per log line: each
            # cell is a no-wrap Text cut with an ellipsis
            table.add_column(name, min_width=_GIVES_WAY[name], overflow="ellipsis", **kw)
        else:
            widest = max([Text.from_markup(row[index]).cell_len for row in rows] + [len(name)])
            table.add_column(name, no_wrap=True, min_width=widest, **kw)
    gives_way = {index for index, (name, _) in enumerate(columns) if name in _GIVES_WAY}
    for row in rows:
        table.add_row(*(_one_line(cell) if index in gives_way else cell for index, cell in enumerate(row)))
    console.print(table)


def _one_line(cell: str) -> Text:
    text = Text.from_markup(cell, overflow="ellipsis")
    text.no_wrap = True
    return text


def _served_as(ln: LogLine) -> str:
    """The model a line's reply named, when it is not the one the line requested."""
    rec = ln.record
    if rec is None or not served_other_model(rec.model, rec.response_model):
        return ""
    return rec.response_model or ""


def _row(ln: LogLine, broken: Mapping[int, str]) -> list[str]:
    """One line's cells, as rich markup."""
    mark = ["[red]BROKEN[/red]" if ln.number in broken else ""] if broken else []
    rec = ln.record
    if rec is None:
        return [*mark, str(ln.number), "", "", "", "", f"[red]BROKEN: {escape(str(ln.problem))}[/red]", "", "", ""]
    # every cell from the log is text, never rich markup: a quote "[/b]" or
    # "[citation needed]" must print as written, not crash or vanish
    outcome = f"[red]{escape(rec.error)}[/red]" if rec.error else escape(rec.verdict or "")
    attempt = "cache" if rec.cached else str(rec.attempt)
    tokens = "" if rec.prompt_tokens is None else f"{rec.prompt_tokens}+{rec.completion_tokens or 0}"
    return [
        *mark,
        str(rec.sequence),
        escape(rec.time[11:19]),
        escape(rec.run_id[-8:]),
        escape(rec.claim_id[:16]),
        attempt,
        outcome,
        escape(rec.quote or ""),
        tokens,
        f"{rec.budget_before}→{rec.budget_after}",
    ]


def show_lines(
    lines: list[LogLine], path: Path, *, verdict: str | None = None, claim: str | None = None, run: str | None = None,
    console: Console | None = None, key: bytes | None = None,
) -> dict[int, str]:
    """Print the table of the already read ``lines`` of ``path``; return its broken lines (line number → problem)."""
    broken = broken_lines(lines, key)
    lines = select(lines, verdict=verdict, claim=claim, run=run, broken=broken)
    if console is None:
        # piped output gets a readable width instead of rich's 80-column default
        console = Console(width=None if sys.stdout.isatty() else 160)
    render(lines, console, title=f"{path} ({len(lines)} line(s))", broken=broken)
    return broken
