"""Text benchmark: are sentence splitting and anchor scanning linear, on plain and adversarial input?

    python bench/text.py            # 1x and 10x of each input
    python bench/text.py --scale 4

Prints, per input, the time at 1x and at ``--scale``x and their ratio (linear: about the
scale; a regular expression that backtracks shows as a ratio near its square). The inputs
are the ones the tests check for their output (tests/parse/test_text_sentences.py,
tests/parse/test_anchors.py): the tests say what is found, this says how long it takes.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from pathlib import Path

# Run as a script, this file's folder comes first on sys.path; drop it (see bench/tier1.py).
sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != Path(__file__).resolve().parent]

INPUTS: dict[str, Callable[[int], str]] = {
    "sentences, plain": lambda k: "The rate was 3.5% in 120 patients [nct:NCT0001#L3]. " * (2000 * k),
    "sentences, adversarial": lambda k: "[" * (5000 * k) + "a. " * (5000 * k) + "U.S. " * (2000 * k),
    "anchors, adversarial": lambda k: ("[nct:NCT1#L3] [x] [" + "a:" * 100 + "] https://e.org/" + "(" * 50 + " ") * (200 * k),
}


def _timed(fn: Callable[[str], object], text: str) -> float:
    t0 = time.perf_counter()
    fn(text)
    return time.perf_counter() - t0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--scale", type=int, default=10)
    args = ap.parse_args()

    from citeproof.model import Location
    from citeproof.parse import scan_anchors
    from citeproof.settings import Settings
    from citeproof.text import split_sentences

    settings = Settings()

    def scan(text: str) -> object:
        return scan_anchors(text, Location(line=1), settings)

    print(f"{'input':<24} {'chars':>9} {'1x s':>8} {f'{args.scale}x s':>8} {'ratio':>6}")
    for name, make in INPUTS.items():
        fn = scan if name.startswith("anchors") else split_sentences
        small, large = make(1), make(args.scale)
        fn(small)  # warm: regex compilation and imports are not what scales
        t1, tk = _timed(fn, small), _timed(fn, large)
        print(f"{name:<24} {len(small):>9} {t1:>8.4f} {tk:>8.4f} {tk / t1:>6.1f}")
    print(f"linear: ratio about {args.scale}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
