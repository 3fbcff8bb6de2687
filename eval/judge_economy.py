"""Judge economy: prompt tokens citeproof sends per judged claim, on real clinical statements.

    python eval/judge_economy.py CORPUS_DIR|STATEMENTS_FILE [--limit 40] [--excerpt-tokens 512] [--output-mode json_schema] [--dump DIR]

The statements file itself may be passed instead of its folder (:mod:`eval.corpus`).

CORPUS_DIR is the NLI4CT folder (``semeval2024_gold_test_numerical_subset.json`` and
``ct/``). The first ``--limit`` statements become one-claim reports (as in
``eval/nli4ct_numeric.py``) and run through the real pipeline with the judge on, against a
loopback endpoint (``tier2.local_endpoint``) that logs every request body. Only claims Tier 1
leaves undecided reach it. Printed: requests, prompt tokens per judged claim and per
statement (cl100k_base with OpenAI's chat framing), the fixed instruction's share, and the
split between claims shown one source and claims shown several (a comparison of two trials
sees both; they share the excerpt budget), and the reference figures for RAGAS 0.4.3 faithfulness (1,635 prompt tokens per statement, 2 calls)
and DeepEval 4.3.1 (2,009, 4 calls) measured by the issue's author on the same 40 statements
against a logging endpoint. Target: <= 1/5 of RAGAS per judged claim.
"""

from __future__ import annotations

import argparse
import json
import shutil
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from eval.corpus import corpus_or_exit  # noqa: E402
from eval.nli4ct_numeric import SUBSET, _report  # noqa: E402

RAGAS_PER_STATEMENT = 1635
DEEPEVAL_PER_STATEMENT = 2009


def _fenced(messages: list[dict]) -> str | None:
    """The source text the prompt fences as data (between its ``<data-…>`` tags), if any."""
    for m in messages:
        text = str(m.get("content", ""))
        start = text.find("<data-")
        end = text.rfind("</data-")
        if m.get("role") == "user" and 0 <= start < end:
            return text[text.index(">", start) + 1 : end].strip("\n")
    return None


def _dump(folder: Path, bodies: list[dict], prompt_tokens: list[int]) -> None:
    """Each request's messages as plain text, one file a request, its prompt tokens in the name."""
    folder.mkdir(parents=True, exist_ok=True)
    for n, (body, tokens) in enumerate(zip(bodies, prompt_tokens)):
        text = "\n\n".join(f"--- {m.get('role')}\n{m.get('content', '')}" for m in body["messages"])
        (folder / f"{n:03d}-{tokens}.txt").write_text(text + "\n", encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("corpus", type=Path, help="NLI4CT folder (holds %s and ct/), or that file" % SUBSET)
    ap.add_argument("--limit", type=int, default=40)
    ap.add_argument("--excerpt-tokens", type=int, default=512)
    ap.add_argument("--output-mode", default="json_schema", choices=["json_schema", "json_object", "prompt"])
    ap.add_argument("--dump", type=Path, default=None, help="write each request's messages to DIR/NNN.txt (to see where the tokens go)")
    args = ap.parse_args(argv)

    from citeproof.api import verify_full_report
    from tier2.local_endpoint import LocalEndpoint, chat_prompt_tokens
    from tier2.options import Tier2Options
    from excerpt.tokens import count_tokens
    from tier2.prompt import build_messages  # noqa: F401  (the prompt measured is the shipped one)

    args.corpus, path = corpus_or_exit(args.corpus, SUBSET, beside=("ct",))
    statements = json.loads(path.read_text(encoding="utf-8"))
    items = list(statements.values())[: args.limit]
    judged_claims = 0
    instruction_tokens: list[int] = []
    excerpt_tokens: list[int] = []
    with tempfile.TemporaryDirectory() as tmp, LocalEndpoint() as endpoint:
        scratch = Path(tmp)
        for n, item in enumerate(items):
            folder = scratch / "sources" / "clinical_trials"
            if folder.exists():
                shutil.rmtree(folder)
            folder.mkdir(parents=True)
            for role in ("Primary_id", "Secondary_id"):
                if item.get(role):
                    shutil.copyfile(args.corpus / "ct" / f"{item[role]}.json", folder / f"{item[role]}.json")
            options = Tier2Options(
                model="economy", base_url=endpoint.base_url, call_budget=10, audit_log=scratch / f"audit-{n}.jsonl",
                cache_dir=None, excerpt_tokens=args.excerpt_tokens, output_mode=args.output_mode, max_retries=0,
            )
            report = verify_full_report(_report(item), scratch / "sources", mode="report", tier2=options)
            judged_claims += sum(1 for c in report.claims if c.judge is not None and c.judge.audit_sequences)
        by_sources: dict[str, list[int]] = {"one source": [], "several sources": []}
        for body, tokens in zip(endpoint.bodies, endpoint.prompt_tokens):
            user = next(str(m.get("content", "")) for m in body["messages"] if m["role"] == "user")
            by_sources["several sources" if ' source="' in user else "one source"].append(tokens)
        for body in endpoint.bodies:
            system = [m for m in body["messages"] if m["role"] == "system"]
            instruction_tokens.append(chat_prompt_tokens(system) - 3)
            excerpt = _fenced(body["messages"])
            if excerpt is not None:
                excerpt_tokens.append(count_tokens(excerpt))
        if args.dump is not None:
            _dump(args.dump, endpoint.bodies, endpoint.prompt_tokens)
        total = sum(endpoint.prompt_tokens)
        requests = endpoint.requests

    per_claim = total / judged_claims if judged_claims else 0.0
    per_statement = total / len(items)
    fixed = sum(instruction_tokens) / len(instruction_tokens) if instruction_tokens else 0.0
    print(f"statements {len(items)}, judged claims {judged_claims}, requests {requests}, prompt tokens {total}")
    print(f"  per judged claim   {per_claim:7.1f}   (fixed instruction {fixed:.0f}, {fixed / per_claim:.0%} of it)" if per_claim else "  nothing judged")
    if excerpt_tokens:
        print(f"  of which excerpt   {sum(excerpt_tokens) / len(excerpt_tokens):7.1f}   (the fenced source text; the rest is claim and framing)")
    for kind, counts in by_sources.items():
        if counts:
            print(f"  {kind + ':':<18} {sum(counts) / len(counts):7.1f}   per request ({len(counts)} requests)")
    print(f"  per statement      {per_statement:7.1f}   (Tier 1 settles some statements without a call)")
    print(f"  RAGAS 0.4.3        {RAGAS_PER_STATEMENT:7d}   per statement (2 calls; ~70% fixed instructions)")
    print(f"  DeepEval 4.3.1     {DEEPEVAL_PER_STATEMENT:7d}   per statement (4 calls)")
    target = RAGAS_PER_STATEMENT / 5
    verdict = "OK" if per_claim and per_claim <= target else "MISSED"
    print(f"target per judged claim <= {target:.0f} (1/5 of RAGAS): {verdict} ({per_claim / RAGAS_PER_STATEMENT:.1%} of RAGAS)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
