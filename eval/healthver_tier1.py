"""Tier 1 on HealthVer: real-world health claims against evidence sentences from abstracts.

    python eval/healthver_tier1.py CORPUS_DIR|STATEMENTS_FILE [--split test|dev] [--show pass|fail]

The statements file itself may be passed instead of its folder (:mod:`eval.corpus`).

CORPUS_DIR is the HealthVer folder (``healthver_test.csv``, ``healthver_dev.csv``). Each
(evidence, claim) pair becomes a one-claim report citing a saved source that holds only the
evidence text (``[evidence:hv/<id>.txt#L1]`` after each of its sentences), run through the real pipeline with no judge.

Unlike NLI4CT's clinical-trial records, these are prose claims written by people outside
the pipeline, mostly without numbers, checked against one or two sentences of an abstract.
What matters here:

* **wrong PASS** — a ``Refutes`` pair (the evidence contradicts the claim) or a ``Neutral``
  pair (the evidence does not bear on it) that Tier 1 passes. Either would publish an
  unsupported claim. Target: none.
* **wrong FAIL** — a ``Supports`` pair that Tier 1 fails: a correct claim withheld. HealthVer's
  "Supports" is loose (the evidence backs the claim's gist), and many such claims state a figure
  or name a drug the one-sentence evidence does not ("wash for 20 seconds" for "hand washing
  reduces spread"): SPEC §3.4 and §3.7 fail those by design, so failed pairs are printed by class.
* the decided share: Tier 1 is expected to leave most paraphrased prose to the judge.
"""

from __future__ import annotations

import argparse
import csv
import shutil
import sys
import tempfile
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from eval.corpus import corpus_or_exit  # noqa: E402
from eval.outcome import statement_outcome  # noqa: E402


_COLUMNS = {"id", "evidence", "claim", "label"}


def _report(claim: str, source: str) -> str:
    """One paragraph: every sentence of the claim cites the evidence's line (the source is
    one line), as a pipeline that cites precisely would write it."""
    from citeproof.text.sentences import split_sentences

    bracket = f" [evidence:{source}#L1]"
    claim = " ".join(claim.split())
    parts = []
    for start, end in split_sentences(claim) or [(0, len(claim))]:
        sentence = claim[start:end]
        if sentence and sentence[-1] in ".!?":
            parts.append(sentence[:-1].rstrip() + bracket + sentence[-1])
        elif sentence:
            parts.append(sentence + bracket + ".")
    # Markdown specials escaped, so the claim's text reaches Tier 1 as written
    body = " ".join(parts).replace("*", "\\*").replace("_", "\\_")
    return f"# Claim\n\n{body}\n"


def _verify(row: dict[str, str], scratch: Path) -> tuple[str, list[str]]:
    from citeproof.api import verify_full_report

    folder = scratch / "evidence" / "hv"
    if folder.exists():
        shutil.rmtree(folder)
    folder.mkdir(parents=True)
    name = f"{row['id']}.txt"
    (folder / name).write_text(" ".join(row["evidence"].split()) + "\n", encoding="utf-8")
    result = verify_full_report(_report(row["claim"], f"hv/{name}"), scratch, mode="report")
    return statement_outcome(result, nothing="no fact-bearing claim")


def _fail_class(notes: list[str]) -> str:
    """Why a pair failed, by its first finding: a number the evidence does not state (SPEC §3.4
    fails it however true the claim's gist), a drug it does not name (SPEC §3.7), or the code."""
    if any(n.endswith(": missing") for n in notes):
        return "number not in the evidence"
    if "drug_unsupported" in notes:
        return "drug not in the evidence"
    codes = [n for n in notes if ":" not in n]
    return codes[0] if codes else "unknown"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("corpus", type=Path, help="HealthVer folder, or one of its CSV files (then --split is ignored)")
    ap.add_argument("--split", default="test", choices=["test", "dev"])
    ap.add_argument("--show", choices=["pass", "fail"], help="list every pass (or fail) with its label and findings")
    args = ap.parse_args(argv)
    _, path = corpus_or_exit(args.corpus, f"healthver_{args.split}.csv")
    try:
        with path.open(encoding="utf-8", newline="") as fh:
            reader = csv.DictReader(fh)
            rows = list(reader)
            columns = set(reader.fieldnames or ())
    except UnicodeDecodeError as exc:
        print(f"error: {path} is not UTF-8 ({exc.reason} at byte {exc.start})", file=sys.stderr)
        return 2
    if missing := sorted(_COLUMNS - columns):
        print(f"error: {path} lacks the column(s) {', '.join(missing)} — is it a HealthVer file?", file=sys.stderr)
        return 2
    results: dict[str, tuple[str, list[str]]] = {}
    with tempfile.TemporaryDirectory(prefix="healthver-tier1-") as tmp:
        for row in rows:
            results[row["id"]] = _verify(row, Path(tmp))

    print(f"{path.name}: {len(rows)} pairs, Tier 1 only")
    print(f"{'label':9} {'n':>5} {'pass':>5} {'fail':>5} {'undec':>5}   key figure")
    for label, wrong in (("Refutes", "pass"), ("Neutral", "pass"), ("Supports", "fail")):
        ids = [r["id"] for r in rows if r["label"] == label]
        c = Counter(results[i][0] for i in ids)
        n = len(ids) or 1
        print(f"{label:9} {len(ids):5d} {c['pass']:5d} {c['fail']:5d} {c['undecided']:5d}   "
              f"wrong {wrong.upper()} {c[wrong]}/{len(ids)} = {c[wrong] / n:.1%}")
    decided = sum(1 for st, _ in results.values() if st != "undecided")
    print(f"decided (pass or fail): {decided}/{len(rows)} = {decided / (len(rows) or 1):.1%}")
    fails = [r["id"] for r in rows if r["label"] == "Supports" and results[r["id"]][0] == "fail"]
    if fails:
        classes = Counter(_fail_class(results[i][1]) for i in fails)
        print("Supports pairs failed, by class: " + ", ".join(f"{k} {v}" for k, v in classes.most_common()))
    if args.show:
        for row in rows:
            status, notes = results[row["id"]]
            if status == args.show:
                print(f"- {status} [{row['label']}] {row['id']}: {' '.join(row['claim'].split())[:200]}")
                print(f"    evidence: {' '.join(row['evidence'].split())[:300]}")
                for note in notes:
                    print(f"    {note}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
