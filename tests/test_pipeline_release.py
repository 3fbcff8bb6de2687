"""Tier 1 holds a cited file only while a claim still to be checked cites it (memory bounded by
what is still to be checked), and releasing it changes no outcome."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from citeproof.model import Finding, RuleOutcome
from citeproof.pipeline import VerifyOptions, run
from citeproof.sources.store import SourceStore
from citeproof.sources.types import SourceDocument, SourceWindow


def _record(median: str) -> dict:
    return {"Results": ["Outcome Measurement:", f"  Median time to progression was {median} months in Arm A."]}


@pytest.fixture
def sources(tmp_path: Path) -> Path:
    folder = tmp_path / "sources" / "clinical_trials"
    folder.mkdir(parents=True)
    for trial, median in (("NCT0000001", "13.5"), ("NCT0000002", "9.1"), ("NCT0000003", "4.2")):
        (folder / f"{trial}.json").write_text(json.dumps(_record(median)), encoding="utf-8")
    return folder.parent


def _claim(median: str, trial: str) -> str:
    return f"Median time to progression was {median} months in Arm A [nct:{trial}#Results].\n\n"


# NCT0000001 is cited first and again last, far apart; NCT0000002 only in between
FAR_APART = "# R\n\n" + _claim("13.5", "NCT0000001") + _claim("9.1", "NCT0000002") * 30 + _claim("14.5", "NCT0000001")


@pytest.fixture
def spied(monkeypatch) -> dict:
    """The run's store and, in order, the files it released (their names) with how many files
    the store had read when it released each."""
    seen: dict = {"released": [], "store": None}
    real = SourceStore.release

    def release(self, path):
        seen["store"] = self
        seen["released"].append((Path(path).name, self.files_read))
        real(self, path)

    monkeypatch.setattr(SourceStore, "release", release)
    return seen


def test_a_file_is_released_after_its_last_citing_claim_and_kept_while_a_later_one_cites_it(sources, spied):
    run(FAR_APART, "markdown", sources, VerifyOptions(mode="report"))
    # NCT0000002 goes after the last of its 30 claims; NCT0000001, cited again at the end, is
    # held through them and released after the last claim, never read a second time
    assert spied["released"] == [("NCT0000002.json", 2), ("NCT0000001.json", 2)]
    store = spied["store"]
    assert store.files_read == 2
    assert not store._docs and not store._windows and not store._segments
    # only the run-wide entries remain (detector, model checker, shared line memos): none of a file's
    held = [obj for obj, _ in store.memo._entries.values()]
    assert held and not any(isinstance(obj, (SourceDocument, SourceWindow)) for obj in held)


def test_an_uncited_file_is_never_read_nor_released(sources, spied):
    run(_claim("4.2", "NCT0000003"), "markdown", sources, VerifyOptions(mode="report"))
    assert spied["released"] == [("NCT0000003.json", 1)]


def _outcomes(report) -> list:
    return [c.model_dump(mode="json") for c in report.claims] + [r.model_dump(mode="json") for r in report.rules] + [
        report.verdict, report.anchor_audit.model_dump(mode="json")]


def test_outcomes_of_a_file_cited_twice_far_apart_are_those_of_a_run_that_releases_nothing(sources, monkeypatch):
    released = run(FAR_APART, "markdown", sources, VerifyOptions(mode="report"))
    monkeypatch.setattr(SourceStore, "release", lambda self, path: None)
    held = run(FAR_APART, "markdown", sources, VerifyOptions(mode="report"))
    assert _outcomes(released) == _outcomes(held)
    first, last = released.claims[0], released.claims[-1]
    assert first.status != "fail"  # 13.5 is the record's
    assert last.status == "fail" and any(r.code == "numeric_token_miss" for r in last.reasons)  # 14.5 is not


def test_a_store_resolves_a_released_file_again_to_the_same_window(tmp_path):
    folder = tmp_path / "sources" / "clinical_trials"
    folder.mkdir(parents=True)
    (folder / "NCT0000001.json").write_text(json.dumps(_record("13.5")), encoding="utf-8")
    from citeproof.parse import parse_report
    from citeproof.settings import Settings

    anchor = parse_report(_claim("13.5", "NCT0000001"), "markdown", Settings()).claims[0].anchors[0]
    store = SourceStore(folder.parent, Settings())
    before = store.resolve(anchor).window
    store.memo.derived(before, "test.name", lambda w: w.text)
    store.memo.derived(before.document, "test.name", lambda d: d.text)
    store.release(store.cited_file(anchor))
    assert not store.memo._entries and not store._docs
    after = store.resolve(anchor).window
    assert store.files_read == 2 and after is not before and after.text == before.text


def _rule_saying(outcome_of):
    from tier1.rule import Rule, RuleDoc

    class Says(Rule):
        id = "CP998"
        name = "says-while-not-applicable"
        severity = "major"
        scope = "claim"
        doc = RuleDoc(what="-", why="-", fails="-", passes="-", not_applicable="-")

        def check_claim(self, ctx):
            return outcome_of(self, ctx.claim)

    return Says()


def _with_rule(monkeypatch, rule) -> None:
    import citeproof.pipeline as pipeline

    real = pipeline.load_rules
    monkeypatch.setattr(pipeline, "load_rules", lambda: [*real(), rule])


def test_an_outcome_that_did_not_apply_but_found_something_still_counts(sources, monkeypatch):
    def finds(rule, claim):
        finding = Finding(rule=rule.id, code="said_anyway", severity="major", message="m", claim_id=claim.id)
        return RuleOutcome(rule=rule.id, applicable=False, findings=(finding,), claim_id=claim.id)

    _with_rule(monkeypatch, _rule_saying(finds))
    report = run(_claim("13.5", "NCT0000001"), "markdown", sources, VerifyOptions(mode="report"))
    assert any(r.code == "said_anyway" for r in report.claims[0].reasons)
    assert report.anchor_audit.violations_by_reason.get("said_anyway") == 1


def test_an_outcome_that_did_not_apply_but_blocks_still_fails_the_claim(sources, monkeypatch):
    _with_rule(monkeypatch, _rule_saying(lambda rule, claim: RuleOutcome(rule=rule.id, applicable=False, blocks=True)))
    report = run(_claim("13.5", "NCT0000001"), "markdown", sources, VerifyOptions(mode="report"))
    assert report.claims[0].status == "fail"


def test_an_outcome_that_did_not_apply_and_found_nothing_leaves_the_rule_n_a(sources, monkeypatch):
    _with_rule(monkeypatch, _rule_saying(lambda rule, claim: rule.na(claim.id)))
    report = run(_claim("13.5", "NCT0000001"), "markdown", sources, VerifyOptions(mode="report"))
    tally = next(t for t in report.rules if t.id == "CP998")
    assert tally.status == "n/a" and tally.applicable == 0
    assert report.claims[0].status != "fail"
