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


# rt18b case02: a model's prose line restates its checked result for another region and period
PROSE_MODEL = ("# Model: digital pathology CAGR\n\n- rev2020 = USD 1.12 billion [evidence:sizing.md#L2]\n"
               "- rev2024 = USD 1.86 billion [evidence:sizing.md#L3]\n"
               "Formula: cagr = ((rev2024 / rev2020) ^ (1/4) - 1) * 100\nUnits: percent\nResult: cagr = 13.5%\n\n"
               "Summary: the Asia-Pacific digital pathology market is projected to grow at a compound annual rate of "
               "13.5% from 2025 to 2030.\n")
SIZING = ("# Sizing\nThe global digital pathology market was valued at USD 1.12 billion in 2020.\n"
          "The global digital pathology market reached USD 1.86 billion in 2024.\n")


def _run(tmp_path: Path, files: dict[str, str], claim: str) -> tuple[str, list[str]]:
    sources = tmp_path / "sources"
    for rel, text in files.items():
        (sources / rel).parent.mkdir(parents=True, exist_ok=True)
        (sources / rel).write_text(text, encoding="utf-8")
    report = run(f"# Findings\n\n{claim}\n", "markdown", sources, VerifyOptions(mode="report"))
    [c] = report.claims
    return c.status, [f.message for f in c.reasons]


@pytest.mark.parametrize("claim", [
    "The Asia-Pacific digital pathology market is projected to grow at a compound annual rate of 13.5% from 2025 "
    "to 2030 [evidence:models/cagr.md#L9].",
    "The Asia-Pacific digital pathology market is projected to grow at a 13.5% CAGR from 2025 to 2030 "
    "[evidence:models/cagr.md#L9].",
])
def test_a_model_files_own_prose_does_not_pass_the_claims_framing(tmp_path, claim):
    status, reasons = _run(tmp_path, {"evidence/models/cagr.md": PROSE_MODEL, "evidence/sizing.md": SIZING}, claim)
    assert status == "undecided", reasons  # the number is the checked result: not failed, but not passed


def test_a_source_cited_beside_a_model_still_carries_its_own_sentence(tmp_path):
    claim = ("The global digital pathology market reached USD 1.86 billion in 2024 "
             "[evidence:sizing.md#L3; evidence:models/cagr.md#L4].")
    status, reasons = _run(tmp_path, {"evidence/models/cagr.md": PROSE_MODEL, "evidence/sizing.md": SIZING}, claim)
    assert status == "pass", reasons


def test_an_evidence_file_holding_a_formula_is_a_model_for_claim_support_too(tmp_path):
    # outside a models/ folder, a file with a Formula: line is still its author's calculation
    claim = ("The Asia-Pacific digital pathology market is projected to grow at a compound annual rate of 13.5% "
             "from 2025 to 2030 [evidence:cagr_note.md#L9].")
    status, reasons = _run(tmp_path, {"evidence/cagr_note.md": PROSE_MODEL, "evidence/sizing.md": SIZING}, claim)
    assert status == "undecided", reasons


@pytest.mark.parametrize(("path", "anchor"), [("models/m.md", "model:m.md"), ("evidence/m_note.md", "evidence:m_note.md")])
def test_a_models_prose_giving_its_checked_total_another_subject_does_not_pass(tmp_path, path, anchor):
    # the total is the calculation's ($1.2B + $0.8B), but "Asia-Pacific" is only the model's own word for it;
    # a file outside a models/ folder that holds a Formula: line is a model all the same
    model = sum_model("$2.0 billion").replace("Total revenue in fiscal 2023", "Asia-Pacific revenue in fiscal 2023")
    claim = f"Asia-Pacific revenue in fiscal 2023 was $2.0 billion [{anchor}#L8]."
    status, reasons = _run(tmp_path, {path: model, "evidence/s.md": REVENUE}, claim)
    assert status == "undecided", reasons
