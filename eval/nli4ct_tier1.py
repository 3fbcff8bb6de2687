"""Tier 1 on NLI4CT 2023's general statements (not only numeric ones), through the real pipeline.

    python eval/nli4ct_tier1.py CORPUS_DIR|STATEMENTS_FILE [--statements semeval2023_gold_test.json] [--show-fails]

The statements file itself may be passed instead of its folder (:mod:`eval.corpus`).

CORPUS_DIR is the NLI4CT folder (the 2023 statement files and ``ct/``). Each statement becomes
a one-claim report citing its section of the primary trial (and of the secondary trial for a
comparison), exactly as ``eval/nli4ct_numeric.py`` builds them, and runs with no judge. A
Contradiction that passes is a wrong PASS; an Entailment that fails is a wrong FAIL. Each
wrong FAIL is put in one class by its first finding:

* ``derived number``: a difference, ratio or fold change the statement computes ("twice the
  dose", "7 more participants"); SPEC §3.4 fails it unless a cited model file derives it;
* ``other number``: a number that is in no equal or plausible form in the cited sections (a
  count of listed items, a share of counts the record never states as a share, a wrong one);
* ``drug``: a drug the statement names that the cited record does not (a brand name in the
  record: the default lexicon lists no brand names);
* anything else by its finding code.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from eval.corpus import corpus_or_exit  # noqa: E402
from eval.nli4ct_numeric import _verify  # noqa: E402


def _fail_class(notes: list[str]) -> str:
    missing = [n for n in notes if n.endswith(": missing")]
    if any("[derived]" in n for n in missing):
        return "derived number"
    if missing:
        return "other number"
    codes = [n for n in notes if ":" not in n]
    if "drug_unsupported" in codes:
        return "drug"
    return codes[0] if codes else "unknown"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("corpus", type=Path, help="NLI4CT folder holding the statements file and ct/, or a statements file")
    ap.add_argument("--statements", default="semeval2023_gold_test.json", help="statements file inside CORPUS_DIR")
    ap.add_argument("--show-fails", action="store_true", help="list every wrong FAIL with its findings")
    args = ap.parse_args(argv)
    args.corpus, path = corpus_or_exit(args.corpus, args.statements, beside=("ct",))
    data: dict[str, dict] = json.loads(path.read_text(encoding="utf-8"))
    results: dict[str, tuple[str, list[str]]] = {}
    with tempfile.TemporaryDirectory(prefix="nli4ct-tier1-") as tmp:
        for sid, item in data.items():
            results[sid] = _verify(args.corpus, item, Path(tmp))

    print(f"{args.statements}: {len(data)} statements, Tier 1 only")
    print(f"{'label':14} {'n':>4} {'pass':>5} {'fail':>5} {'undec':>5}   key figure")
    for label, wrong in (("Contradiction", "pass"), ("Entailment", "fail")):
        ids = [s for s, it in data.items() if it["Label"] == label]
        c = Counter(results[s][0] for s in ids)
        n = len(ids) or 1
        print(f"{label:14} {len(ids):4d} {c['pass']:5d} {c['fail']:5d} {c['undecided']:5d}   "
              f"wrong {wrong.upper()} {c[wrong] / n:6.1%}")
    decided = sum(1 for st, _ in results.values() if st != "undecided")
    print(f"decided (pass or fail): {decided}/{len(data)} = {decided / (len(data) or 1):.1%}")

    fails = [s for s, it in data.items() if it["Label"] == "Entailment" and results[s][0] == "fail"]
    classes = Counter(_fail_class(results[s][1]) for s in fails)
    if fails:
        print("wrong FAILs by class: " + ", ".join(f"{k} {v}" for k, v in classes.most_common()))
    for sid in data:
        if data[sid]["Label"] == "Contradiction" and results[sid][0] == "pass":
            print(f"- wrong PASS {sid[:8]}: {data[sid]['Statement'][:200]}")
    if args.show_fails:
        for sid in fails:
            print(f"- wrong FAIL [{_fail_class(results[sid][1])}] {sid[:8]}: {data[sid]['Statement'][:200]}")
            for note in results[sid][1]:
                print(f"    {note}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
