"""Reports citing saved model files, through the whole pipeline (SPEC §3.4, CP104).

Each bad report is a red-team reproduction whose claim passed because the model file was read
as plain text; its good twin has the same shape with a calculation that holds, and must not fail.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from citeproof.pipeline import VerifyOptions, run

REVENUE = "# Source\nCloud revenue was $1.2 billion in fiscal 2023.\nHardware revenue was $0.8 billion in fiscal 2023.\n"
MARKET = "# Source\nThe battery market was $50.0 billion in 2019 and $87.1 billion in 2023.\n"


def sum_model(stated: str) -> str:
    return ("# Model: total revenue\n\n- cloud = $1.2 billion [evidence:s.md#L2]\n- hardware = $0.8 billion [evidence:s.md#L3]\n"
            f"Formula: total = cloud + hardware\nUnits: USD billion\n\nTotal revenue in fiscal 2023 was {stated}.\n")


def cagr_model(stated: str) -> str:
    return ("# Model: battery market growth\n\n- start = $50.0 billion [evidence:market.md#L2]\n"
            "- end = $87.1 billion [evidence:market.md#L2]\nFormula: cagr = (end / start) ^ (1 / (2023 - 2019)) - 1\n"
            f"Units: percent\n\nThe battery market grew at a CAGR of {stated} from 2019 to 2023.\n")


BARE = "# Model: battery market growth\n\nThe battery market grew at a CAGR of 25.0% from 2019 to 2023.\n"

CASES = [
    # (model file, claim citing it, expected: "fail" or "not fail")
    (sum_model("$2.5 billion"), "Total revenue in fiscal 2023 was $2.5 billion [model:m.md#L8].", "fail"),
    (sum_model("$2.0 billion"), "Total revenue in fiscal 2023 was $2.0 billion [model:m.md#L8].", "not fail"),
    (BARE, "The battery market grew at a CAGR of 25.0% from 2019 to 2023 [model:m.md#L3].", "fail"),
    (cagr_model("25.0%"), "The battery market grew at a CAGR of 25.0% from 2019 to 2023 [model:m.md#L8].", "fail"),
    (cagr_model("14.9%"), "The battery market grew at a CAGR of 14.9% from 2019 to 2023 [model:m.md#L8].", "not fail"),
]


def _status(tmp_path: Path, model: str, claim: str) -> tuple[str, list[str]]:
    sources = tmp_path / "sources"
    for rel, text in {"models/m.md": model, "evidence/s.md": REVENUE, "evidence/market.md": MARKET}.items():
        (sources / rel).parent.mkdir(parents=True, exist_ok=True)
        (sources / rel).write_text(text, encoding="utf-8")
    report = run(f"# Findings\n\n{claim}\n", "markdown", sources, VerifyOptions(mode="report"))
    [c] = report.claims
    return c.status, [f.message for f in c.reasons]


@pytest.mark.parametrize(("model", "claim", "expected"), CASES, ids=[f"{e}-{i}" for i, (_, _, e) in enumerate(CASES)])
def test_a_model_backed_claim_stands_or_falls_with_its_calculation(tmp_path, model, claim, expected):
    status, reasons = _status(tmp_path, model, claim)
    if expected == "fail":
        assert status == "fail", reasons
        assert any("numeric_token_miss" in r or "models/m.md" in r for r in reasons), reasons
    else:
        assert status != "fail", reasons


def test_the_failure_names_the_model_line_and_the_broken_link(tmp_path):
    _, reasons = _status(tmp_path, sum_model("$2.5 billion"), "Total revenue in fiscal 2023 was $2.5 billion [model:m.md#L8].")
    assert any("model models/m.md line 8: the formula gives $2.0 billion, the file states $2.5 billion" in r for r in reasons)
