"""CP208 model-dominance through the real parser."""

from __future__ import annotations

import pytest
from channel_builders import real_context, tally

from tier1.model_dominance import ModelDominance

RULE = ModelDominance()
FILES = {
    "models/market.md": "Population 12000\nCost 3000 USD\nMarket 36 million USD\nUptake 40%\n",
    "evidence/models/uptake.md": "Uptake 40%\n",
    "clinical_trials/NCT00000001.txt": "The trial ran weekly dosing.\nResponses were more frequent.\n",
}


def _body(anchors: list[str], zh: bool = False) -> str:
    line = "第{i}项结论成立 {a}。" if zh else "Statement {i} holds {a}."
    return "# Body\n\n" + "\n\n".join(line.format(i=i, a=f"[{a}]") for i, a in enumerate(anchors, 1)) + "\n"


@pytest.mark.parametrize("zh", [False, True])
def test_model_dump_blocks(tmp_path, zh):
    anchors = ["model:market.md#L1", "model:market.md#L2", "formula:market.md#L3", "nct:NCT00000001#L1"]
    out = RULE.check_report(real_context(tmp_path, _body(anchors, zh), FILES))
    assert tally(out) == {"applicable": 1, "passed": 0, "blocked": 1, "status": "fail"}
    assert "3 of 4" in out[0].findings[0].message


def test_evidence_paths_under_models_count_as_model_anchors(tmp_path):
    # mutation: count only the model/formula kinds
    anchors = ["evidence:models/uptake.md#L1"] * 3 + ["nct:NCT00000001#L1"]
    out = RULE.check_report(real_context(tmp_path, _body(anchors), FILES))
    assert tally(out)["blocked"] == 1


def test_exactly_the_limit_passes(tmp_path):
    # mutation: block at share >= limit instead of > limit
    anchors = ["model:market.md#L1", "model:market.md#L2", "nct:NCT00000001#L1", "nct:NCT00000001#L2"]
    assert tally(RULE.check_report(real_context(tmp_path, _body(anchors), FILES)))["status"] == "pass"


def test_below_minimum_anchor_count_passes(tmp_path):
    # mutation: drop the minimum — one derived number in a short section is not a model dump
    out = RULE.check_report(real_context(tmp_path, _body(["model:market.md#L4"], zh=True), FILES))
    assert tally(out)["status"] == "pass"


def test_source_list_anchors_do_not_count(tmp_path):
    # mutation: count anchors of the references/appendix section as body anchors
    body = _body(["nct:NCT00000001#L1", "nct:NCT00000001#L2", "model:market.md#L1", "nct:NCT00000001#L1"])
    appendix = "\n## Appendix\n\n" + "\n".join(f"- Model line {i} [model:market.md#L{i}]" for i in range(1, 5)) + "\n"
    ctx = real_context(tmp_path, body + appendix, FILES)
    assert sum(len(c.anchors) for c in ctx.report.claims if c.in_source_list) == 4
    assert tally(RULE.check_report(ctx))["status"] == "pass"


def test_na_without_body_anchors_is_not_a_pass(tmp_path):
    out = RULE.check_report(real_context(tmp_path, "# 概述\n\n本节介绍研究问题。\n", FILES))
    assert tally(out) == {"applicable": 0, "passed": 0, "blocked": 0, "status": "n/a"}


def test_share_is_a_setting(tmp_path):
    anchors = ["model:market.md#L1", "model:market.md#L2", "formula:market.md#L3", "nct:NCT00000001#L1"]
    ctx = real_context(tmp_path, _body(anchors), FILES, model_dominance_share=0.8)
    assert tally(RULE.check_report(ctx))["status"] == "pass"
