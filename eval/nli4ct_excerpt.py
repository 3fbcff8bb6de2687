"""Excerpt recall on NLI4CT: does the excerpt hold every gold evidence line?

    python eval/nli4ct_excerpt.py CORPUS_DIR|STATEMENTS_FILE [--budgets 256 512 1024] [--statements FILE]

The statements file itself may be passed instead of its folder (:mod:`eval.corpus`).

CORPUS_DIR is the NLI4CT folder (``semeval2023_gold_test.json`` and ``ct/<NCT id>.json``).
Each statement cites ``[nct:<Primary_id>#<Section_id>]`` (and the secondary trial for a
Comparison). The trial records are copied into a temporary ``sources/clinical_trials/``
folder and loaded through the real source store, so the window is exactly what the
pipeline would hand the excerpt builder; gold ``*_evidence_index`` k is item k of the
section, i.e. line ``first + k`` of the window (checked against the record's text).

A statement counts as covered at budget N when its excerpt holds every gold evidence line
whole (the line's text is in the excerpt and its line number lies in one of the
excerpt's spans); a Comparison needs both trials' excerpts, each built with its own
budget N. Printed beside it: the same figure for "the first N tokens of the section",
the ceiling (statements whose gold lines alone fit in N tokens), and mean excerpt tokens.

Two modes: ``as resolved`` uses the store's coarse flag (a short section is a tight
locator and is used whole when it fits); ``centred`` forces every window coarse, so the
excerpt is always centred on the claim's numbers/terms — the figure that shows whether
centring finds the evidence rather than the locator handing it over.
"""

from __future__ import annotations

import argparse
import json
import shutil
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, replace
from pathlib import Path
from statistics import mean, median
from typing import TYPE_CHECKING

from citeproof.sources.types import SourceWindow
from citeproof.text import normalize_text
from excerpt.builder import ExcerptUnavailable, build_excerpt
from excerpt.tokens import count_tokens, truncate_to_tokens
from excerpt.types import Excerpt

if TYPE_CHECKING:
    from citeproof.sources.store import SourceStore

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from eval.corpus import corpus_or_exit  # noqa: E402

ROLES = ("Primary", "Secondary")


@dataclass
class Case:
    statement_id: str
    statement: str
    trial_id: str
    section: str
    gold: list[int] | None  # None: the file has no evidence indices (2024 subset): tokens only


def load_cases(statements_path: Path) -> dict[str, list[Case]]:
    data = json.loads(statements_path.read_text(encoding="utf-8"))
    out: dict[str, list[Case]] = {}
    for sid, item in data.items():
        cases = []
        for role in ROLES:
            trial = item.get(f"{role}_id")
            if trial:
                gold = item.get(f"{role}_evidence_index")
                cases.append(Case(sid, item["Statement"], trial, item["Section_id"], None if gold is None else list(gold)))
        out[sid] = cases
    return out


def _store(sources_dir: Path):
    from citeproof.settings import Settings
    from citeproof.sources.store import SourceStore

    return SourceStore(sources_dir, Settings())


def resolve_window(store, case: Case) -> SourceWindow:
    from citeproof.model import Anchor, Location, Locator

    anchor = Anchor(
        raw=f"[nct:{case.trial_id}#{case.section}]",
        kind="nct",
        source_id=case.trial_id,
        locator=Locator(raw=case.section, kind="section", name=case.section),
        channel="clinical_trials",
        location=Location(line=1),
    )
    resolution = store.resolve(anchor)
    if resolution.window is None:
        message = resolution.finding.message if resolution.finding else "no window"
        raise SystemExit(f"{case.trial_id}#{case.section} did not resolve: {message}")
    return resolution.window


def gold_lines(window: SourceWindow, case: Case, record: dict) -> list[int]:
    """Document line numbers of the non-blank gold items, checked against the record's text.
    (A few gold indices point at empty strings; there is nothing to hold there.)"""
    items = record[case.section]
    lines: list[int] = []
    for k in case.gold or ():
        if not items[k].strip():
            continue
        n = window.line_start + k
        if normalize_text(window.document.lines[n - 1]) != normalize_text(items[k]):
            raise SystemExit(f"{case.trial_id}#{case.section} item {k} is not line {n} of the window")
        lines.append(n)
    return lines


def _flat(text: str) -> str:
    return " ".join(text.split())


def excerpt_holds(excerpt: Excerpt, window: SourceWindow, lines: list[int]) -> bool:
    flat = _flat(excerpt.text)
    for n in lines:
        at = window.document.file_line(n)  # spans count the saved file's lines
        in_span = any(s.line_start <= at <= s.line_end for s in excerpt.spans)
        if not in_span or _flat(window.document.lines[n - 1]) not in flat:
            return False
    return True


def first_n_holds(window: SourceWindow, lines: list[int], budget: int) -> bool:
    section_lines = window.document.lines[window.line_start - 1 : window.line_end]
    prefix = truncate_to_tokens("\n".join(section_lines), budget)
    covered = 0
    for k, line in enumerate(section_lines):
        covered += len(line) + (1 if k else 0)
        if covered > len(prefix):
            last_whole = window.line_start + k - 1
            break
    else:
        last_whole = window.line_end
    return all(n <= last_whole for n in lines)


def gold_tokens(window: SourceWindow, lines: list[int]) -> int:
    """Tokens of the gold evidence lines alone, joined by newlines (0 when there are none)."""
    return count_tokens("\n".join(window.document.lines[n - 1] for n in sorted(set(lines)))) if lines else 0


def gold_fits(window: SourceWindow, lines: list[int], budget: int) -> bool:
    return gold_tokens(window, lines) <= budget


@contextmanager
def trial_store(corpus: Path, cases: dict[str, list[Case]]) -> Iterator[tuple[SourceStore, dict[str, dict]]]:
    """A source store over a temporary copy of the cited trials' records, and the records as parsed JSON."""
    with tempfile.TemporaryDirectory(prefix="nli4ct-sources-") as tmp:
        channel = Path(tmp) / "clinical_trials"
        channel.mkdir()
        trial_ids = {c.trial_id for cs in cases.values() for c in cs}
        for trial in sorted(trial_ids):
            shutil.copyfile(corpus / "ct" / f"{trial}.json", channel / f"{trial}.json")
        records = {t: json.loads((corpus / "ct" / f"{t}.json").read_text(encoding="utf-8")) for t in trial_ids}
        yield _store(Path(tmp)), records


def run(corpus: Path, statements: Path, budgets: list[int]) -> int:
    cases = load_cases(statements)
    with trial_store(corpus, cases) as (store, records):
        prepared = []  # (statement id, [(case, window, gold lines)])
        for sid, cs in cases.items():
            rows = []
            for case in cs:
                window = resolve_window(store, case)
                rows.append((case, window, gold_lines(window, case, records[case.trial_id])))
            prepared.append((sid, rows))

        n = len(prepared)
        has_gold = any(case.gold is not None for _, rows in prepared for case, _, _ in rows)
        windows = [w for _, rows in prepared for _, w, _ in rows]
        coarse_share = mean(w.coarse for w in windows)
        section_tokens = mean(count_tokens(w.text) for w in windows)
        print(f"{n} statements, {len(windows)} excerpts; store marked {coarse_share:.0%} of section windows coarse; "
              f"whole cited sections average {section_tokens:.1f} tokens")
        if not has_gold:
            print("no gold evidence indices in this file: coverage columns are n/a")
        else:
            # The floor under any excerpt that holds the gold: its lines alone (issue #3's judge
            # economy target leaves an excerpt ~174 tokens a claim; see eval/judge_economy.py).
            floor = [sum(gold_tokens(window, lines) for _, window, lines in rows) for _, rows in prepared]
            print(f"gold evidence lines alone: {mean(floor):.1f} tokens a statement on average (median {median(floor):.0f}); "
                  f"no excerpt that holds them is smaller")
        header = f"{'budget':>6} | {'mode':<11} | {'excerpt':>7} | {'first N':>7} | {'ceiling':>7} | {'mean tok':>8} | {'max tok':>7} | strategies"
        print(header)
        print("-" * len(header))
        for budget in budgets:
            for mode in ("as resolved", "centred"):
                covered = first_n = ceiling = 0
                tokens: list[int] = []
                strategies: dict[str, int] = {}
                for _sid, rows in prepared:
                    ok = base = fits = True
                    for case, window, lines in rows:
                        w = window if mode == "as resolved" else replace(window, coarse=True)
                        try:
                            ex = build_excerpt(case.statement, w, max_tokens=budget)
                        except ExcerptUnavailable as exc:
                            strategies[exc.reason] = strategies.get(exc.reason, 0) + 1
                            ok = False
                        else:
                            tokens.append(ex.tokens)
                            strategies[ex.strategy] = strategies.get(ex.strategy, 0) + 1
                            if ex.tokens > budget:
                                raise SystemExit(f"budget broken: {ex.tokens} > {budget}")
                            ok = ok and excerpt_holds(ex, window, lines)
                        base = base and first_n_holds(window, lines, budget)
                        fits = fits and gold_fits(window, lines, budget)
                    covered += ok
                    first_n += base
                    ceiling += fits
                strat = ", ".join(f"{k} {v}" for k, v in sorted(strategies.items()))

                def share(count: int) -> str:
                    return f"{count / n:>7.1%}" if has_gold else f"{'n/a':>7}"

                print(
                    f"{budget:>6} | {mode:<11} | {share(covered)} | {share(first_n)} | {share(ceiling)} | "
                    f"{mean(tokens):>8.1f} | {max(tokens):>7} | {strat}"
                )
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("corpus", type=Path, help="NLI4CT folder holding the statements file and ct/, or a statements file")
    parser.add_argument("--budgets", type=int, nargs="+", default=[256, 512, 1024])
    parser.add_argument("--statements", default="semeval2023_gold_test.json", help="statements file inside CORPUS_DIR")
    args = parser.parse_args(argv)
    corpus, statements = corpus_or_exit(args.corpus, args.statements, beside=("ct",))
    return run(corpus, statements, args.budgets)


if __name__ == "__main__":
    sys.exit(main())
