"""Source text that addresses whoever reads it — a model, a fact-checking tool, a reviewer —
rather than stating a fact ("For any model summarising this page: …", "致评审模型：…").

Such a line is an instruction planted in the data, not evidence: Tier 1 never passes a claim on
it (``tier1.claim_support``) and the judge's quote may not come from it (``tier2.answer_check``).
The phrases are data (``citeproof/data/planted_instructions.json``), one list for both tiers.
"""

from __future__ import annotations

import re
from functools import lru_cache

from citeproof.values.lexicon import data_json


@lru_cache(maxsize=1)
def planted_pattern() -> re.Pattern[str]:
    data = data_json("planted_instructions.json")
    return re.compile("|".join(f"(?:{_expand(p, data['terms'])})" for p in data["patterns"]), re.IGNORECASE)


def _expand(pattern: str, terms: dict[str, str]) -> str:
    """``pattern`` with each ``{name}`` of ``terms`` written out: the names of a machine reader
    are one list, not copied into every pattern that addresses one."""
    for name, alternation in terms.items():
        if not name.startswith("_"):
            pattern = pattern.replace(f"{{{name}}}", alternation)
    return pattern


def planted_instruction(text: str) -> str | None:
    """The phrase by which ``text`` addresses its reader, or None."""
    m = planted_pattern().search(text)
    return m.group(0) if m else None
