"""One longest common subsequence of two word lists: which words of a claim line up with which
words of a source line (``citeproof.values.substitution`` reads the stretches between them as
swaps, ``citeproof.values.agreement`` the words a claim adds)."""

from __future__ import annotations


def aligned(a: list[str], b: list[str]) -> list[tuple[int, int]]:
    """The index pairs (i, j), in order, of a longest common subsequence of ``a`` and ``b``.

    Quadratic in the two lengths: callers pass one claim and one segment, never a document."""
    n, m = len(a), len(b)
    # lcs[i][j]: length of the LCS of a[i:] and b[j:]
    lcs = [[0] * (m + 1) for _ in range(n + 1)]
    for i in range(n - 1, -1, -1):
        row, below = lcs[i], lcs[i + 1]
        for j in range(m - 1, -1, -1):
            row[j] = below[j + 1] + 1 if a[i] == b[j] else max(below[j], row[j + 1])
    pairs: list[tuple[int, int]] = []
    i = j = 0
    while i < n and j < m:
        if a[i] == b[j]:
            pairs.append((i, j))
            i, j = i + 1, j + 1
        elif lcs[i + 1][j] >= lcs[i][j + 1]:
            i += 1
        else:
            j += 1
    return pairs
