"""Tier 2 throughput and token economy against a local endpoint with fixed latency.

    python bench/tier2.py                      # N=64 synthetic CT-like records, concurrency 8, 1 s latency
    python bench/tier2.py --corpus DIR         # NLI4CT-style CT JSON files (their "Results" sections)

A stdlib HTTP server on 127.0.0.1 answers OpenAI-shaped chat completions after ``--latency``
seconds and counts each request's prompt tokens with tiktoken (cl100k_base, the same
encoding the excerpt budget uses, plus OpenAI's per-message framing). The real stage runs
end to end: excerpt builder → OpenAIJudge → runner → audit log. Printed:

* wall time for the whole stage (excerpts included) beside the target ``1.2 · N / concurrency · latency``;
* prompt tokens per judged claim beside the tokens the same prompt costs with the whole
  section as the excerpt (what "send the section" judges pay).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from citeproof.model import Anchor, Claim, Location, Locator  # noqa: E402
from citeproof.sources.types import Resolution, Segment, SourceDocument, SourceWindow  # noqa: E402
from excerpt.tokens import count_tokens  # noqa: E402
from excerpt.types import Excerpt  # noqa: E402
from tier2.interface import JudgeRequest  # noqa: E402
from tier2.options import Tier2Options  # noqa: E402
from tier2.prompt import build_messages  # noqa: E402
from tier2.local_endpoint import LocalEndpoint, chat_prompt_tokens  # noqa: E402
from tier2.stage import run_tier2  # noqa: E402

def prompt_tokens(messages: list[dict[str, str]]) -> int:
    return chat_prompt_tokens(messages)


# ---------------------------------------------------------------- CT-like records


def synthetic_results_section(rng: random.Random, k: int) -> list[str]:
    """A "Results" section shaped like an NLI4CT CT record: outcome blocks, arms, values."""
    lines = ["Outcome Measurement: "]
    lines.append("  Objective response rate in participants with measurable lesions")
    lines.append(
        "  Objective response is defined as complete or partial response per standard imaging criteria, "
        "assessed by an independent central review every 8 weeks until progression, unacceptable toxicity "
        "or withdrawal of consent. Participants without a post-baseline assessment count as non-responders."
    )
    lines.append(f"  Time frame: up to {rng.randint(12, 60)} months")
    for arm in range(1, 4):
        n = rng.randint(40, 400)
        lines += [
            f"Results {arm}: ",
            f"  Arm/Group Title: Cohort {k}-{arm}: study agent {chr(64 + arm)} {rng.choice([50, 100, 200])} mg daily",
            f"  Arm/Group Description: Participants received study agent {chr(64 + arm)} orally once daily in 28-day "
            "cycles; dose reductions were allowed for grade 3 or higher toxicity.",
            f"  Overall Number of Participants Analyzed: {n}",
            "  Measure Type: Number",
            "  Unit of Measure: percentage of participants",
            f"  Objective response: {rng.randint(5, 70)}.{rng.randint(0, 9)} (95% CI {rng.randint(1, 20)}.{rng.randint(0, 9)} to {rng.randint(30, 90)}.{rng.randint(0, 9)})",
            f"  Median duration of response: {rng.randint(3, 30)}.{rng.randint(0, 9)} months",
        ]
    lines += [
        "Outcome Measurement: ",
        "  Progression-free survival",
        "  Time from first dose to documented progression or death from any cause, estimated by Kaplan-Meier.",
        f"  Time frame: {rng.randint(24, 72)} months",
    ]
    for arm in range(1, 4):
        lines += [
            f"Results {arm}: ",
            f"  Arm/Group Title: Cohort {k}-{arm}",
            f"  Overall Number of Participants Analyzed: {rng.randint(40, 400)}",
            "  Median (95% Confidence Interval)",
            "  Unit of Measure: months",
            f"  {rng.randint(2, 20)}.{rng.randint(0, 9)} ({rng.randint(1, 5)}.{rng.randint(0, 9)} to {rng.randint(21, 40)}.{rng.randint(0, 9)})",
        ]
    return lines


def claim_line(lines: list[str], rng: random.Random) -> str:
    candidates = [ln.strip() for ln in lines if any(ch.isdigit() for ch in ln) and ":" in ln and len(ln) < 200]
    return rng.choice(candidates)


def corpus_sections(corpus: Path, n: int) -> list[tuple[str, list[str]]]:
    sections = []
    for path in sorted(corpus.glob("*.json"))[: n * 3]:
        record = json.loads(path.read_text(encoding="utf-8"))
        lines = [ln for ln in record.get("Results", []) if ln.strip()]
        if len(lines) >= 10:
            sections.append((path.stem, lines))
        if len(sections) == n:
            break
    if len(sections) < n:
        raise SystemExit(f"{corpus}: found only {len(sections)} CT records with a Results section of 10+ lines")
    return sections


def build_items(sections: list[tuple[str, list[str]]], rng: random.Random):
    items = []
    for index, (source_id, lines) in enumerate(sections):
        text = "\n".join(lines)
        doc = SourceDocument(
            source_id=source_id, channel="clinical_trials", path=f"clinical_trials/{source_id}.txt", media="txt",
            text=text, lines=tuple(lines), sections={"Results": (1, len(lines))},
        )
        segments, offset = [], 0
        for number, line in enumerate(lines, start=1):
            segments.append(Segment(text=line, line_start=number, line_end=number, char_start=offset, char_end=offset + len(line)))
            offset += len(line) + 1
        window = SourceWindow(document=doc, line_start=1, line_end=len(lines), text=text, segments=tuple(segments),
                              coarse=True, locator_raw="Results")
        location = Location(line=index + 1)
        anchor = Anchor(raw=f"[nct:{source_id}#Results]", kind="nct", source_id=source_id,
                        locator=Locator(raw="Results", kind="section", name="Results"), channel="clinical_trials",
                        location=location)
        statement = claim_line(lines, rng)
        claim = Claim(id=f"bench-{index:03d}", text=statement, raw_text=statement + " " + anchor.raw,
                      location=location, anchors=(anchor,), fact_bearing=True)
        items.append((claim, [Resolution(anchor=anchor, window=window)], 1))
    return items


def whole_section_tokens(claim: Claim, window: SourceWindow) -> int:
    """The prompt tokens of the same judge prompt with the whole section as the excerpt."""
    excerpt = Excerpt(
        source_id=window.document.source_id, source_path=window.document.path, locator="Results", text=window.text,
        sha256="-", line_start=window.line_start, line_end=window.line_end, char_start=0,
        char_end=len(window.text), tokens=count_tokens(window.text), strategy="locator",
    )
    request = JudgeRequest(claim_id=claim.id, claim_text=claim.text, excerpt=excerpt, source_ids=(window.document.source_id,))
    return prompt_tokens(build_messages(request, "json_schema"))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("-n", type=int, default=64, help="judged claims (default 64)")
    parser.add_argument("--concurrency", type=int, default=8)
    parser.add_argument("--latency", type=float, default=1.0, help="seconds the endpoint takes per request")
    parser.add_argument("--excerpt-tokens", type=int, default=512)
    parser.add_argument("--corpus", type=Path, help="folder of NLI4CT-style CT JSON records (uses their Results sections)")
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args(argv)

    rng = random.Random(args.seed)
    if args.corpus:
        sections = corpus_sections(args.corpus, args.n)
    else:
        sections = [(f"NCT9{k:07d}", synthetic_results_section(rng, k)) for k in range(args.n)]
    items = build_items(sections, rng)

    # one-time process costs (the openai package, the tokenizer) are paid before the clock starts
    import excerpt.builder  # noqa: F401
    import tier2.openai_judge  # noqa: F401

    count_tokens("warm up")
    server = LocalEndpoint(latency_s=args.latency)
    try:
        with tempfile.TemporaryDirectory() as tmp:
            options = Tier2Options(
                model="bench", base_url=server.base_url, call_budget=args.n, audit_log=Path(tmp) / "audit.jsonl",
                cache_dir=None, concurrency=args.concurrency, excerpt_tokens=args.excerpt_tokens,
                timeout_s=args.latency * 10 + 5, max_retries=0, output_mode="json_schema",
            )
            started = time.perf_counter()
            outcome = run_tier2(items, options)
            wall = time.perf_counter() - started
    finally:
        server.close()

    judged = [j for j in outcome.judgements if j.status == "judged"]
    target = 1.2 * args.n / args.concurrency * args.latency
    section_tokens = [whole_section_tokens(c, r[0].window) for c, r, _ in items]  # type: ignore[arg-type]
    per_claim = outcome.prompt_tokens / max(1, outcome.calls_made)
    per_section = sum(section_tokens) / len(section_tokens)
    source = f"corpus {args.corpus}" if args.corpus else "synthetic CT-like Results sections"
    print(f"tier2 bench: N={args.n}, concurrency {args.concurrency}, latency {args.latency:.2f} s, {source}")
    print(f"  requests {server.requests} (calls_made {outcome.calls_made}), judged {len(judged)}, "
          f"errors {outcome.judge_errors}, peak in flight {server.max_in_flight}")
    span = server.last_reply - (server.first_arrival or server.last_reply)
    print(f"  wall time {wall:.2f} s for the stage (excerpts, judge, audit log); calls span {span:.2f} s "
          f"(target <= {target:.2f} s: {'OK' if wall <= target else 'MISSED'}; ideal {args.n / args.concurrency * args.latency:.2f} s)")
    print(f"  prompt tokens per judged claim {per_claim:.0f}  vs whole-section prompt {per_section:.0f} "
          f"({per_claim / per_section:.0%} of it; excerpt ceiling {args.excerpt_tokens})")
    return 0 if wall <= target and len(judged) == args.n else 1


if __name__ == "__main__":
    raise SystemExit(main())
