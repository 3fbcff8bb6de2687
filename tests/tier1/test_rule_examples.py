"""Every rule's documented examples run through the real pipeline and behave as documented.

A rule's doc cannot drift from its behaviour: ``expect="fail"`` must make the rule fail
(and block, when the rule is blocking) for the reason the example names, ``"pass"`` must pass where applicable, and ``"na"``
must leave the rule not applicable — and n/a must never be counted as a pass.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from citeproof.pipeline import VerifyOptions, run
from citeproof.settings import Settings
from tier1.registry import RULE_TABLE, load_rules

RULES = load_rules()
CASES = [(rule, ex) for rule in RULES for ex in rule.examples]


def _write_sources(root: Path, files: dict[str, str]) -> Path:
    src = root / "sources"
    src.mkdir()
    for rel, text in files.items():
        path = src / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return src


def run_example(rule, ex, tmp_path: Path):
    sources = _write_sources(tmp_path, ex.sources)
    options = dict(ex.options)
    retrieved = options.pop("retrieved", None)
    retrieved_path = None
    if retrieved is not None:
        retrieved_path = tmp_path / "retrieved.jsonl"
        retrieved_path.write_text(str(retrieved), encoding="utf-8")
    settings = Settings.model_validate({**Settings().model_dump(), **options})
    report = run(
        ex.report,
        ex.format,
        sources,
        VerifyOptions(mode="report", settings=settings, retrieved_path=retrieved_path),
    )
    tally = next(t for t in report.rules if t.id == rule.id)
    return report, tally


@pytest.mark.parametrize(("rule", "ex"), CASES, ids=[f"{r.id}-{e.name}" for r, e in CASES])
def test_rule_example(rule, ex, tmp_path):
    report, tally = run_example(rule, ex, tmp_path)
    if ex.expect == "na":
        assert tally.applicable == 0, f"{rule.id} applied to {tally.applicable} unit(s) in an n/a example"
        assert tally.status == "n/a" and tally.pass_rate is None and tally.passed == 0
    elif ex.expect == "pass":
        assert tally.applicable > 0, f"{rule.id} was n/a in a 'pass' example"
        assert tally.passed == tally.applicable and tally.blocked == 0, tally
        assert tally.status == "pass"
    else:
        assert tally.applicable > 0, f"{rule.id} was n/a in a 'fail' example"
        assert tally.passed < tally.applicable, tally
        assert tally.status == "fail"
        if rule.blocking:
            assert tally.blocked > 0 and report.verdict == "blocked", (tally, report.verdict)
        assert ex.reason, f"{rule.id} {ex.name}: a bad example names the reason it must fail for"
        given = _reasons(report, rule.id)
        assert any(ex.reason == r or (" " in ex.reason and ex.reason in r) for r in given), (
            f"{rule.id} {ex.name} failed, but for {sorted(given)}, not {ex.reason!r}"
        )


def _reasons(report, rule_id: str) -> set[str]:
    """The finding codes the rule gave (claim and report level) and the undecided reasons."""
    codes = {f.code for c in report.claims for f in c.reasons if f.rule == rule_id}
    codes |= {f.code for f in report.findings if f.rule == rule_id}
    return codes | {u for c in report.claims for u in c.undecided_reasons}


def test_every_rule_is_documented_and_exemplified():
    for rule in RULES:
        d = rule.doc
        assert all(len(x) > 20 for x in (d.what, d.why, d.fails, d.passes, d.not_applicable)), rule.id
        expects = {(e.expect, e.lang) for e in rule.examples}
        assert {"pass", "fail", "na"} <= {e for e, _ in expects}, f"{rule.id} needs good, bad and n/a examples"
        assert {"en", "zh"} <= {lang for _, lang in expects}, f"{rule.id} needs English and Chinese examples"


def test_registry_ids_unique_and_stable():
    ids = [rid for rid, _, _ in RULE_TABLE]
    assert len(ids) == len(set(ids))
    assert ids == sorted(ids)
    assert [r.id for r in RULES] == ids


def test_rules_page_is_generated_from_the_registry():
    from citeproof.rule_docs import DOC_PATH, REGENERATE, render

    assert DOC_PATH.read_text(encoding="utf-8") == render(), f"docs/rules.md drifted; regenerate with: {REGENERATE}"
