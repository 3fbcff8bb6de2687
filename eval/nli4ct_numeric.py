"""Numeric gate on NLI4CT's numerical subset, through the real pipeline.

    python eval/nli4ct_numeric.py CORPUS_DIR|STATEMENTS_FILE [--show a|contradiction|b|all] [--limit N]

The statements file itself may be passed instead of its folder (:mod:`eval.corpus`).

CORPUS_DIR holds ``semeval2024_gold_test_numerical_subset.json`` and ``ct/<NCT id>.json``.
Each statement becomes a one-claim Markdown report citing ``[nct:<Primary_id>#<Section_id>]``
(plus ``nct:<Secondary_id>#<Section_id>`` for a Comparison; a statement the sentence splitter
cuts in two gets the anchor on every sentence, and its status is the worst of its parts).
The cited records are copied into a temporary ``clinical_trials/`` folder and the report runs
through ``citeproof.api.verify_full_report`` with no judge, so a claim ends pass, fail or
undecided exactly as Tier 1 leaves it.

Groups printed:
  (a) Numerical_contradiction with Causal_type Altering (a true claim falsified by changing a
      number): a PASS is the worst error; also over every Contradiction statement.
  (b) the clean true set: true originals whose every number appears verbatim in the cited
      section(s), and the true Numerical_paraphrase statements derived from them: a FAIL is a
      false alarm (unless the paraphrase converted wrongly — listed for a person to judge).
  (c) the decided share (pass or fail) of all statements.
"""

from __future__ import annotations

import argparse
import json
import re
import shutil
import sys
import tempfile
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from eval.corpus import corpus_or_exit  # noqa: E402
from eval.outcome import statement_outcome  # noqa: E402

SUBSET = "semeval2024_gold_test_numerical_subset.json"
_DIGITS = re.compile(r"\d+(?:\.\d+)?")


def _verbatim(number: str, text: str) -> bool:
    return re.search(r"(?<![\d.])" + re.escape(number) + r"(?![\d])", text) is not None


def _section_text(corpus: Path, trial: str, section: str) -> str:
    record = json.loads((corpus / "ct" / f"{trial}.json").read_text(encoding="utf-8"))
    return "\n".join(record.get(section, []))


def _cited_text(corpus: Path, item: dict) -> str:
    text = _section_text(corpus, item["Primary_id"], item["Section_id"])
    if item.get("Secondary_id"):
        text += "\n" + _section_text(corpus, item["Secondary_id"], item["Section_id"])
    return text


def _report(item: dict) -> str:
    from citeproof.text.sentences import split_sentences

    anchors = [f"nct:{item['Primary_id']}#{item['Section_id']}"]
    if item.get("Secondary_id"):
        anchors.append(f"nct:{item['Secondary_id']}#{item['Section_id']}")
    bracket = " [" + "; ".join(anchors) + "]"
    statement = " ".join(item["Statement"].split())
    spans = split_sentences(statement) or [(0, len(statement))]
    parts = []
    for start, end in spans:
        sentence = statement[start:end]
        if sentence and sentence[-1] in ".!?。！？；":
            parts.append(sentence[:-1].rstrip() + bracket + sentence[-1])
        else:
            parts.append(sentence + bracket)
    # a heading keeps the claim out of any "references" section; Markdown specials escaped
    body = " ".join(parts).replace("*", "\\*").replace("_", "\\_")
    return "# Statement\n\n" + body + "\n"


def _verify(corpus: Path, item: dict, scratch: Path) -> tuple[str, list[str]]:
    from citeproof.api import verify_full_report

    folder = scratch / "clinical_trials"
    if folder.exists():
        shutil.rmtree(folder)
    folder.mkdir(parents=True)
    for role in ("Primary_id", "Secondary_id"):
        trial = item.get(role)
        if trial:
            shutil.copyfile(corpus / "ct" / f"{trial}.json", folder / f"{trial}.json")
    result = verify_full_report(_report(item), scratch, mode="report")
    return statement_outcome(result, nothing="no claim parsed")


def _naive(corpus: Path, item: dict) -> str:
    cited = _cited_text(corpus, item)
    return "pass" if all(_verbatim(n, cited) for n in _DIGITS.findall(item["Statement"])) else "fail"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("corpus", type=Path, help="NLI4CT folder (holds %s and ct/), or that file" % SUBSET)
    parser.add_argument("--show", choices=["a", "contradiction", "b", "all"], help="print every statement of a group")
    parser.add_argument("--limit", type=int, default=0, help="only the first N statements (smoke test)")
    args = parser.parse_args(argv)
    args.corpus, path = corpus_or_exit(args.corpus, SUBSET, beside=("ct",))
    data: dict[str, dict] = json.loads(path.read_text(encoding="utf-8"))
    items = list(data.items())[: args.limit or None]

    originals_clean = {
        sid for sid, it in data.items()
        if "Intervention" not in it and it["Label"] == "Entailment"
        and all(_verbatim(n, _cited_text(args.corpus, it)) for n in _DIGITS.findall(it["Statement"]))
    }
    groups: dict[str, set[str]] = {
        "a: Numerical_contradiction/Altering": {s for s, it in data.items() if it.get("Intervention") == "Numerical_contradiction" and it["Causal_type"][0] == "Altering"},
        "all Contradiction": {s for s, it in data.items() if it["Label"] == "Contradiction"},
        "b: clean true originals": originals_clean,
        "b: their true paraphrases": {s for s, it in data.items() if it.get("Intervention") == "Numerical_paraphrase" and it["Label"] == "Entailment" and it["Causal_type"][1] in originals_clean},
    }
    groups["b: clean true set"] = groups["b: clean true originals"] | groups["b: their true paraphrases"]
    groups["(info) all Entailment"] = {s for s, it in data.items() if it["Label"] == "Entailment"}
    groups["c: all"] = set(data)

    results: dict[str, tuple[str, list[str]]] = {}
    naive: dict[str, str] = {}
    with tempfile.TemporaryDirectory(prefix="nli4ct-numeric-") as tmp:
        for sid, item in items:
            results[sid] = _verify(args.corpus, item, Path(tmp))
            naive[sid] = _naive(args.corpus, item)

    print(f"{'group':40} {'n':>4} {'pass':>5} {'fail':>5} {'undec':>5}   key figure (naive verbatim matcher)")
    for name, members in groups.items():
        ids = [s for s in members if s in results]
        if not ids:
            continue
        c = Counter(results[s][0] for s in ids)
        nv = Counter(naive[s] for s in ids)
        n = len(ids)
        if name.startswith("a") or name.startswith("all"):
            key = f"wrong PASS {c['pass'] / n:6.1%}   ({nv['pass'] / n:.1%})"
        elif name.startswith(("b", "(info)")):
            key = f"wrong FAIL {c['fail'] / n:6.1%}   ({nv['fail'] / n:.1%})"
        else:
            key = f"decided {(c['pass'] + c['fail']) / n:6.1%}"
        print(f"{name:40} {n:4d} {c['pass']:5d} {c['fail']:5d} {c['undecided']:5d}   {key}")

    print("\nFAILs in the clean true set (b) — a person judges whether the paraphrase converted wrongly:")
    for sid in sorted(groups["b: clean true set"]):
        if sid in results and results[sid][0] == "fail":
            item = data[sid]
            kind = "paraphrase" if item.get("Intervention") else "original"
            print(f"- [{kind}] {sid[:8]} {item['Primary_id']}#{item['Section_id']}: {item['Statement'][:160]}")
            for note in results[sid][1]:
                print(f"    {note}")
    if args.show:
        pick = {"a": "a: Numerical_contradiction/Altering", "contradiction": "all Contradiction",
                "b": "b: clean true set", "all": "c: all"}[args.show]
        print(f"\nEvery statement of {pick}:")
        for sid in sorted(groups[pick]):
            if sid in results:
                st, notes = results[sid]
                print(f"- {st:9} {sid[:8]} {data[sid]['Statement'][:200]}")
                for note in notes:
                    print(f"    {note}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
