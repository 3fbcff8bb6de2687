"""Measure CP201/CP202 false positives on real clinical text (not collected by pytest).

    python tests/tier1/substance/corpus_false_positives.py PATH/TO/corpora

Reads every line of the NLI4CT trial records (``nli4ct/ct/*.json``) and the HealthVer claims
and evidence (``healthver/*.csv``) — genuine clinical prose that defers nothing and lists no
sources — and counts lines the deferral phrases or the inventory-row test would flag.
"""

from __future__ import annotations

import csv
import json
import sys
from pathlib import Path

from tier1.deferred_work import deferral_in
from tier1.source_inventory import inventory_reason


def corpus_lines(root: Path) -> list[str]:
    lines: list[str] = []
    for f in sorted((root / "nli4ct" / "ct").glob("*.json")):
        for value in json.loads(f.read_text(encoding="utf-8")).values():
            if isinstance(value, list):
                lines += [x for x in value if isinstance(x, str)]
    for f in sorted((root / "healthver").glob("*.csv")):
        with f.open(encoding="utf-8", errors="replace") as fh:
            lines += [cell for row in csv.reader(fh) for cell in row if len(cell) > 20]
    return lines


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print(__doc__, file=sys.stderr)
        return 2
    lines = corpus_lines(Path(argv[0]))
    deferred = [(line, deferral_in(line)) for line in lines if deferral_in(line)]
    inventory = [(line, inventory_reason(line, 3)) for line in lines if inventory_reason(line, 3)]
    print(f"lines: {len(lines)}  deferral hits: {len(deferred)}  inventory rows: {len(inventory)}")
    for line, why in (deferred + inventory)[:20]:
        print(f"  {why!r}: {line[:120]}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
