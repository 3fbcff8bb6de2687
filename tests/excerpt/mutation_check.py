"""Mutation check for the excerpt's repeat markers (excerpt/repeats.py).

    python tests/excerpt/mutation_check.py          # from the repository root

Same engine as ``tests/values/mutation_check.py`` (a throwaway worktree of HEAD, the named
tests run against each mutation). Not collected by pytest (no ``test_`` prefix).
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from tests.values.mutation_check import Mutation, main  # noqa: E402

TESTS = ("tests/excerpt", "tests/tier2/judge/test_judge_answer_check.py")
PATH = "excerpt/repeats.py"

MUTATIONS = (
    Mutation("a run one token short of the threshold collapses", PATH,
             'count_tokens("\\n".join(lines[i : i + length])) >= MIN_TOKENS',
             'count_tokens("\\n".join(lines[i : i + length])) > MIN_TOKENS', TESTS),
    Mutation("a run crosses the [\u2026] gap line", PATH, "        and lines[i + length] != gap\n", "", TESTS),
    Mutation("a run overlaps what it repeats", PATH, "        and start + length < len(shown)\n", "", TESTS),
    Mutation("the marker quotes a prefix that names a nearer line", PATH,
             "        if _nearest(shown, prefix) == start:\n", "        if True:\n", TESTS),
    Mutation("a source line shaped like a marker is collapsed around", PATH,
             "len(set(lines)) == len(lines) or any(_MARKER.match(line) for line in lines)",
             "len(set(lines)) == len(lines)", TESTS),
    Mutation("the marker names the oldest copy, not the nearest", PATH,
             "            nearest[line] = len(shown)\n", "            nearest.setdefault(line, len(shown))\n", TESTS),
    Mutation("the prefix never grows past three words", PATH,
             "for n in range(min(PREFIX_WORDS, len(words)), len(words) + 1):",
             "for n in range(min(PREFIX_WORDS, len(words)), min(PREFIX_WORDS, len(words)) + 1):", TESTS),
    Mutation("expanding restores one line too few", PATH,
             "        shown.extend(shown[start : start + n])", "        shown.extend(shown[start : start + n - 1])", TESTS),
    Mutation("the quote check searches the collapsed text", "tier2/answer_check.py",
             "needle in normalize_for_quote(_source_text(excerpt_text))",
             "needle in normalize_for_quote(excerpt_text)", TESTS),
)

if __name__ == "__main__":
    sys.exit(main(MUTATIONS))
