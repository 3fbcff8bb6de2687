"""Tier 1 benchmark: is Tier 1 linear in what is cited, and close to the cost of reading it?

    python bench/tier1.py                 # 2,000 claims citing 1,000 sources, and 10x that
    python bench/tier1.py --claims 500    # smaller, for a quick look

Prints, per size: Tier 1 wall time (the whole pipeline without Tier 2), the floor (parse
the report with the same parser + read every cited source once), their ratio (target
<= 2.0), the 10x/1x time ratio (target <= 11) and peak RSS (target <= 200 MB). Each size
runs in a fresh subprocess so peak RSS belongs to that size alone. Then where the time goes
(parse, resolve = read + normalise + locate the cited sources, the per-claim rules, the rest),
from a second run with timers, and the ratio Tier 1 would have with no per-claim rule at all.
"""

from __future__ import annotations

import argparse
import json
import random
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

# Run as a script, this file's folder comes first on sys.path and its name would shadow
# the ``tier1`` package: drop the folder so the real package is imported.
sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != Path(__file__).resolve().parent]

ARMS = ("Arm A", "Arm B", "Arm C")
OUTCOMES = ("Complete Response", "Partial Response", "Stable Disease", "Progressive Disease")


def make_record(rng: random.Random, i: int) -> dict:
    analysed = rng.randint(20, 400)
    results = ["Outcome Measurement:", "  Objective Tumor Response", "  Time frame: up to 24 months"]
    for a, arm in enumerate(ARMS, 1):
        results += [f"Results {a}:", f"  Arm/Group Title: {arm}", f"  Overall Number of Participants Analyzed: {analysed + a}"]
        for outcome in OUTCOMES:
            n = rng.randint(0, analysed)
            results.append(f"  {outcome}: {n}  {100 * n / analysed:.1f}%")
    adverse = ["Adverse Events 1:", f"  Total: {rng.randint(1, 40)}/{analysed} ({rng.uniform(1, 30):.2f}%)"]
    adverse += [f"  Event {k} {rng.randint(0, 9)}/{analysed} ({rng.uniform(0, 9):.2f}%)" for k in range(12)]
    return {
        "Clinical Trial ID": f"NCT{i:08d}",
        "Intervention": ["INTERVENTION 1:", f"  Study agent {rng.choice((100, 200, 400))} mg/day orally on days 1-28"],
        "Eligibility": [f"  Age greater than or equal to {rng.randint(16, 21)} years."] * 10,
        "Results": results,
        "Adverse Events": adverse,
    }


def make_corpus(root: Path, claims: int, sources: int, seed: int = 7) -> Path:
    rng = random.Random(seed)
    src = root / "sources" / "clinical_trials"
    src.mkdir(parents=True)
    records = []
    for i in range(sources):
        rec = make_record(rng, i)
        records.append(rec)
        (src / f"NCT{i:08d}.json").write_text(json.dumps(rec, indent=1), encoding="utf-8")
    lines = ["# Synthetic efficacy review", ""]
    for c in range(claims):
        i = c % sources
        rec = records[i]
        if c % (claims // 20 or 1) == 0:
            lines += [f"## Trial group {c // max(claims // 20, 1) + 1}", ""]
        # Only "Label: <number> ..." rows make a checkable claim.
        rows = [r for r in rec["Results"] if r.partition(":")[2].strip()[:1].isdigit()]
        label, _, rest = rng.choice(rows).strip().partition(":")
        value = rest.split()[0]
        if c % 10 == 9:  # every tenth claim is fabricated
            value = str(int(float(value.rstrip("%"))) + 997)
        lines.append(f"In trial {rec['Clinical Trial ID']}, {label.lower()} was {value} [nct:NCT{i:08d}#Results].")
        lines.append("")
    report = root / "report.md"
    report.write_text("\n".join(lines), encoding="utf-8")
    return report


def measure(claims: int, sources: int) -> dict:
    from citeproof.parse import parse_report
    from citeproof.pipeline import VerifyOptions, run
    from citeproof.settings import Settings

    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        report_path = make_corpus(root, claims, sources)
        text = report_path.read_text(encoding="utf-8")
        src = root / "sources"

        # Warm both sides on a small report first: imports, data files and regex compilation
        # are a constant start-up cost, not part of what scales with the report.
        small = "\n\n".join(text.split("\n\n")[:40])
        parse_report(small, "markdown", Settings())
        run(small, "markdown", src, VerifyOptions(mode="report"))

        # Floor: the same parser, plus reading every cited source once.
        t0, c0 = time.perf_counter(), time.process_time()
        parsed = parse_report(text, "markdown", Settings())
        cited = {a.source_id for c in parsed.claims for a in c.anchors}
        for sid in cited:
            (src / "clinical_trials" / f"{sid}.json").read_text(encoding="utf-8")
        floor, floor_cpu = time.perf_counter() - t0, time.process_time() - c0
        # the floor's parse is the benchmark's, not Tier 1's: held through the run, it was ~100 MB
        # of the peak RSS at 20,000 claims, counted against Tier 1's target
        del parsed, cited

        t0, c0 = time.perf_counter(), time.process_time()
        report = run(text, "markdown", src, VerifyOptions(mode="report"))
        tier1, tier1_cpu = time.perf_counter() - t0, time.process_time() - c0
        statuses = {s: sum(1 for c in report.claims if c.status == s) for s in ("pass", "fail", "undecided")}
        peak_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
        phases = _phases(text, src)
    return {"claims": claims, "sources": sources, "tier1_s": tier1, "floor_s": floor, "peak_rss_mb": peak_mb,
            "tier1_cpu_s": tier1_cpu, "floor_cpu_s": floor_cpu,
            "phases": phases, **statuses}


def _phases(text: str, src: Path) -> dict[str, float]:
    """Where Tier 1's time goes, from one more run with timers around the pipeline's steps
    (after the measured run, so the timers never touch its figure): parsing, resolving anchors
    (reading, normalising and locating the cited sources), the per-claim rules, and the rest
    (report-level rules, the report's models)."""
    import citeproof.parse
    from citeproof import pipeline

    spent = {"parse": 0.0, "resolve": 0.0, "claim rules": 0.0}
    saved = []

    def timed(module, name: str, phase: str) -> None:
        real = getattr(module, name)
        saved.append((module, name, real))

        def wrapper(*args, **kwargs):
            t0 = time.perf_counter()
            try:
                return real(*args, **kwargs)
            finally:
                spent[phase] += time.perf_counter() - t0

        setattr(module, name, wrapper)

    timed(citeproof.parse, "parse_report", "parse")
    timed(pipeline, "resolve_anchor", "resolve")
    timed(pipeline, "_safe_claim_check", "claim rules")
    try:
        t0 = time.perf_counter()
        pipeline.run(text, "markdown", src, pipeline.VerifyOptions(mode="report"))
        total = time.perf_counter() - t0
    finally:
        for module, name, real in saved:
            setattr(module, name, real)
    return {**spent, "rest": total - sum(spent.values()), "total": total}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--claims", type=int, default=2000)
    ap.add_argument("--sources", type=int, default=1000)
    ap.add_argument("--scale", type=int, default=10, help="multiplier for the large run (0 to skip)")
    ap.add_argument("--one", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.one:
        print(json.dumps(measure(args.claims, args.sources)))
        return 0

    def child(claims: int, sources: int) -> dict:
        out = subprocess.run(
            [sys.executable, __file__, "--one", "--claims", str(claims), "--sources", str(sources)],
            check=True, capture_output=True, text=True,
        )
        return json.loads(out.stdout.strip().splitlines()[-1])

    base = child(args.claims, args.sources)
    rows = [base]
    if args.scale:
        rows.append(child(args.claims * args.scale, args.sources * args.scale))
    # CPU seconds beside the wall-clock ones: on a shared machine other processes stretch the wall
    # clock of one run and not the other, so a ratio of wall times can miss its target by noise alone
    print(f"{'claims':>7} {'sources':>7} {'tier1 s':>8} {'floor s':>8} {'ratio':>6} {'cpu ratio':>9} {'RSS MB':>7}"
          "  pass/fail/undecided")
    for r in rows:
        print(
            f"{r['claims']:>7} {r['sources']:>7} {r['tier1_s']:>8.2f} {r['floor_s']:>8.2f} "
            f"{r['tier1_s'] / r['floor_s']:>6.2f} {r['tier1_cpu_s'] / r['floor_cpu_s']:>9.2f} "
            f"{r['peak_rss_mb']:>7.0f}  {r['pass']}/{r['fail']}/{r['undecided']}"
        )
    print(f"target: tier1/floor <= 2.0 at {args.claims} claims; peak RSS <= 200 MB")
    ph = base["phases"]
    print(
        f"where the time goes at {base['claims']} claims (a timed re-run, {ph['total']:.2f} s): "
        + ", ".join(f"{k} {ph[k]:.2f} s" for k in ("parse", "resolve", "claim rules", "rest"))
    )
    print(f"  without the per-claim rules at all, tier1/floor would be {(ph['total'] - ph['claim rules']) / base['floor_s']:.2f}")
    if len(rows) == 2:
        print(f"scaling: {args.scale}x input took {rows[1]['tier1_s'] / rows[0]['tier1_s']:.2f}x the time "
              f"({rows[1]['tier1_cpu_s'] / rows[0]['tier1_cpu_s']:.2f}x the CPU time; target <= {args.scale + 1})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
