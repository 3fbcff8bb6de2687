"""Judge economy's floor: the prompt a claim costs when its excerpt holds the gold evidence and nothing else.

    python eval/judge_floor.py CORPUS_DIR|STATEMENTS_FILE [--excerpt-tokens 512] [--target 327] [--list]

The statements file itself may be passed instead of its folder (:mod:`eval.corpus`).

CORPUS_DIR is the NLI4CT folder (``semeval2023_gold_test.json`` with gold evidence indices,
and ``ct/``). Each statement is priced as the pipeline would send it (``tier2.prompt``'s
messages, cl100k with OpenAI's chat framing, as ``eval/judge_economy.py`` counts): with no
excerpt text (the instruction, the claim and the fences alone), with an *oracle* excerpt —
exactly the gold evidence lines of each cited trial, no heading, no neighbour — and with the
excerpt the builder makes (the sources sharing ``--excerpt-tokens`` as in ``tier2.stage``).
The oracle is the least any design keeping excerpt recall (``eval/nli4ct_excerpt.py``: every
gold line whole) can send; a statement whose oracle prompt exceeds ``--target`` (issue #3:
1/5 of RAGAS's 1,635) cannot meet it without losing a gold line. ``--list`` names them.
"""

from __future__ import annotations

import argparse
import sys
from collections import defaultdict
from pathlib import Path
from statistics import mean

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from eval.corpus import corpus_or_exit  # noqa: E402
from eval.nli4ct_excerpt import gold_lines, load_cases, resolve_window, trial_store  # noqa: E402

STATEMENTS = "semeval2023_gold_test.json"


def _prompt_tokens(claim: str, excerpts: list) -> int:
    from tier2.interface import JudgeRequest
    from tier2.local_endpoint import chat_prompt_tokens
    from tier2.prompt import build_messages

    request = JudgeRequest(claim_id="c", claim_text=claim, excerpt=excerpts[0], more=tuple(excerpts[1:]),
                           source_ids=tuple(e.source_id for e in excerpts))
    return chat_prompt_tokens(build_messages(request, "json_schema"))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("corpus", type=Path, help="NLI4CT folder (holds %s and ct/), or that file" % STATEMENTS)
    ap.add_argument("--excerpt-tokens", type=int, default=512)
    ap.add_argument("--target", type=int, default=327)
    ap.add_argument("--list", action="store_true", help="name each statement whose oracle prompt exceeds the target")
    args = ap.parse_args(argv)

    from excerpt.builder import ExcerptUnavailable, build_excerpt
    from excerpt.tokens import count_tokens

    corpus, path = corpus_or_exit(args.corpus, STATEMENTS, beside=("ct",))
    cases = load_cases(path)
    rows = []  # (statement id, section, trials, empty, oracle, builder, gold fits the shared budget)
    with trial_store(corpus, cases) as (store, records):
        for sid, cs in cases.items():
            if not cs or any(c.gold is None for c in cs):
                continue
            share = args.excerpt_tokens // len(cs)
            empty, oracle, built = [], [], []
            fits = True
            for case in cs:
                window = resolve_window(store, case)
                lines = sorted(set(gold_lines(window, case, records[case.trial_id])))
                try:
                    made = build_excerpt(case.statement, window, max_tokens=share)
                except ExcerptUnavailable:
                    made = None
                # the builder's excerpt carries the source id; its text is swapped for each variant
                base = made or build_excerpt(case.statement, window, max_tokens=10**6)
                gold = "\n".join(window.document.lines[n - 1].strip() for n in lines)
                fits = fits and count_tokens(gold) <= share
                empty.append(base.model_copy(update={"text": ""}))
                oracle.append(base.model_copy(update={"text": gold}))
                built.append(base.model_copy(update={"text": made.text if made else ""}))
            claim = cs[0].statement
            rows.append((sid, cs[0].section, len(cs), _prompt_tokens(claim, empty), _prompt_tokens(claim, oracle),
                         _prompt_tokens(claim, built), fits))
    if not rows:
        print("no statement with gold evidence indices: nothing to price")
        return 0
    over = [r for r in rows if r[4] > args.target]
    print(f"{len(rows)} statements with gold evidence; prompt tokens per claim (excerpt budget {args.excerpt_tokens}, shared by the cited trials):")
    print(f"  instruction, claim and fences alone  {mean(r[3] for r in rows):7.1f}")
    print(f"  oracle excerpt (gold lines only)     {mean(r[4] for r in rows):7.1f}")
    print(f"  the builder's excerpts               {mean(r[5] for r in rows):7.1f}")
    fitting = [r for r in rows if r[6]]
    if fitting:
        print(f"  where each trial's gold fits its share ({len(fitting)}): oracle {mean(r[4] for r in fitting):.1f}, "
              f"builder {mean(r[5] for r in fitting):.1f}")
    print(f"  statements whose oracle prompt exceeds {args.target}: {len(over)} of {len(rows)}")
    groups: dict[tuple[str, int], list[tuple]] = defaultdict(list)
    for r in rows:
        groups[(r[1], r[2])].append(r)
    for (section, trials), rs in sorted(groups.items()):
        print(f"  {section:<15} {trials} trial(s) {len(rs):4d}: oracle {mean(r[4] for r in rs):6.1f}, "
              f"builder {mean(r[5] for r in rs):6.1f}, oracle over {args.target}: {sum(r[4] > args.target for r in rs)}")
    if args.list:
        for r in sorted(over, key=lambda r: -r[4]):
            print(f"    {r[0]}  {r[1]:<15} oracle {r[4]}  builder {r[5]}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
