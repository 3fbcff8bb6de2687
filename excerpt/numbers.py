"""Where the claim's numbers occur: for centring an excerpt and for protecting lines.

A claim's numbers are matched against a piece of source text two ways, unioned:

* **value atoms** (:mod:`citeproof.values`): each claim atom is looked up with the same
  comparison Tier 1 uses, so ``120 mg`` meets ``0.12 g``, ``1/3`` meets ``33.33%`` and a
  bound meets a value it admits. A supported match counts 1, a plausible one ½.
* **digit keys**: every number written with digits, read as a decimal after Unicode
  normalisation and with thousands separators removed (``1,200`` = ``1200``,
  ``10.00%`` = ``10``). This catches what atoms deliberately leave out (a derived
  number's operands, a label such as "Group 2") and is what a reader would grep for.

Value-atom lookup is a heuristic aid here: if it raises on odd text, digit keys still stand
and the excerpt is still centred — a run never fails because centring was imperfect.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from functools import lru_cache

from citeproof.text import normalize_text

_NUMBER = re.compile(r"(?<![\w.])(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?|(?<![\w\d])\.\d+")
PLAUSIBLE_WEIGHT = 0.5


def _decimal_key(raw: str) -> str | None:
    try:
        value = Decimal(raw.replace(",", ""))
    except InvalidOperation:
        return None
    if value == 0:
        return "n:0"
    return "n:" + format(value.normalize(), "f")


@lru_cache(maxsize=65536)
def digit_keys(text: str) -> frozenset[str]:
    """Keys of every digit-written number in ``text``."""
    if not any(ch.isdigit() for ch in text):
        return frozenset()
    norm = normalize_text(text)
    keys = {_decimal_key(m.group(0)) for m in _NUMBER.finditer(norm)}
    return frozenset(k for k in keys if k is not None)


@dataclass(frozen=True)
class ClaimNumbers:
    """The numbers of one claim, ready to be looked for in source text."""

    atoms: tuple[object, ...]  # citeproof.values.ValueAtom
    keys: frozenset[str]

    @classmethod
    def of(cls, claim_text: str) -> ClaimNumbers:
        try:
            from citeproof.values import claim_atoms

            atoms = tuple(claim_atoms(claim_text))
        except Exception:  # noqa: BLE001 — see module doc: digit keys still stand
            atoms = ()
        return cls(atoms=atoms, keys=digit_keys(claim_text))

    def __bool__(self) -> bool:
        return bool(self.atoms or self.keys)

    def found_in(self, text: str, *, values: bool = True) -> dict[str, float]:
        """Claim items found in ``text`` → weight (1 supported/equal, ½ plausible).
        ``values=False`` matches digit keys only (cheap; for very large windows)."""
        found: dict[str, float] = {key: 1.0 for key in digit_keys(text) & self.keys}
        if values and self.atoms and text.strip():
            found.update(self._atoms_in(text))
        return found

    def _atoms_in(self, text: str) -> dict[str, float]:
        try:
            from citeproof.values import index_text, match_atom

            index = index_text(text)
            out: dict[str, float] = {}
            for k, atom in enumerate(self.atoms):
                state, _line = match_atom(atom, index)
                if state == "supported":
                    out[f"a:{k}"] = 1.0
                elif state == "plausible":
                    out[f"a:{k}"] = PLAUSIBLE_WEIGHT
            return out
        except Exception:  # noqa: BLE001 — see module doc
            return {}

    def protects(self, line: str) -> bool:
        """True when ``line`` carries one of the claim's numbers, equal (a bound the line
        merely satisfies does not count): such a line is never stripped as furniture."""
        return bool(self) and any(w >= 1.0 for w in self.found_in(line).values())
