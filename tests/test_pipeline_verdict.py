"""How claim statuses and report-level outcomes combine into the verdict (SPEC §3, §7)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from trial_sources import write_trial_sources

from citeproof.pipeline import VerifyOptions, run

RECORD = {"Results": ["Outcome Measurement:", "  Median time to progression was 13.5 months in Arm A."]}
CLAIM = "Median time to progression was 13.5 months in Arm A [nct:NCT0000001#Results].\n"
DIAGRAM = """
```mermaid
flowchart TD
  S[Start treatment] --> D{{Responds?}}
  D -->|yes| A[Continue: {label} to progression]
  D -->|no| B[Switch regimen]
  A --> C[Review at progression]
```
"""


@pytest.fixture
def sources(tmp_path: Path) -> Path:
    return write_trial_sources(tmp_path, RECORD)


def verdict(body: str, sources: Path, mode: str = "enforce"):
    return run(body, "markdown", sources, VerifyOptions(mode=mode))


def test_a_diagram_label_the_record_carries_is_left_to_the_judge(sources):
    # a label that says what the record says, read with the edge into it, is carried by the line —
    # but what a drawn value belongs to is the drawing's to say: never a Tier 1 pass
    diagram = (
        "\n```mermaid\nflowchart TD\n  S[Start treatment] --> R{Arm}\n"
        "  R -->|Arm A| A[Median time to progression was 13.5 months]\n  R -->|Arm B| B[Not reported]\n"
        "  A --> C[Review at progression]\n```\n"
    )
    report = verdict("# R\n\n" + CLAIM + diagram, sources)
    label = next(c for c in report.claims if c.unit == "mermaid_label")
    assert label.text == "Arm A: Median time to progression was 13.5 months" and label.status == "undecided"
    assert "carries the diagram label as read" in label.undecided_reasons[0]
    assert report.claims[0].status == "pass" and (report.verdict, report.exit_code) == ("incomplete", 3)


def test_a_paraphrasing_diagram_label_is_left_to_the_judge(sources):
    # its number is supported, but no segment says "Continue: … to progression": undecided, as
    # the same words in a sentence would be, and the judge (when on) sees it
    report = verdict("# R\n\n" + CLAIM + DIAGRAM.format(label="13.5 months"), sources)
    label = next(c for c in report.claims if c.unit == "mermaid_label")
    assert label.status == "undecided" and [n.state for n in label.numbers] == ["supported"]
    assert (report.verdict, report.exit_code) == ("incomplete", 3)


def test_plausible_diagram_number_leaves_the_report_incomplete(sources):
    # A bound the window satisfies is only plausible: the label is undecided, never passed.
    report = verdict("# R\n\n" + CLAIM + DIAGRAM.format(label="more than 12 months"), sources)
    assert report.verdict == "incomplete" and report.exit_code == 3
    label = next(c for c in report.claims if c.unit == "mermaid_label")
    assert label.status == "undecided" and [n.state for n in label.numbers] == ["plausible"]
    assert report.claims[0].status == "pass"


def test_missing_diagram_number_blocks(sources):
    report = verdict("# R\n\n" + CLAIM + DIAGRAM.format(label="19 months"), sources)
    assert report.verdict == "blocked" and report.exit_code == 1


def test_report_mode_records_the_same_verdict_and_exits_0(sources):
    report = verdict("# R\n\n" + CLAIM + DIAGRAM.format(label="more than 12 months"), sources, mode="report")
    assert (report.verdict, report.would_block, report.exit_code) == ("incomplete", True, 0)


def test_na_rules_are_not_counted_as_passes(sources):
    report = verdict("# R\n\n" + CLAIM, sources)
    na = [r for r in report.rules if r.status == "n/a"]
    assert na, "a report without diagrams must leave the diagram rules n/a"
    assert all(r.applicable == 0 and r.passed == 0 and r.pass_rate is None for r in na)


def _crashing_rule(scope: str):
    from tier1.rule import Rule, RuleDoc

    class Crashes(Rule):
        id = "CP999"
        name = "always-crashes"
        severity = "info"
        doc = RuleDoc(what="-", why="-", fails="-", passes="-", not_applicable="-")

        def check_claim(self, ctx):
            raise RuntimeError("boom in claim")

        def check_report(self, ctx):
            raise RuntimeError("boom in report")

    Crashes.scope = scope
    return Crashes()


@pytest.mark.parametrize("scope", ["claim", "report"])
def test_a_crashing_rule_blocks_with_a_finding_and_the_run_completes(sources, monkeypatch, scope):
    import citeproof.pipeline as pipeline

    real = pipeline.load_rules
    monkeypatch.setattr(pipeline, "load_rules", lambda: [*real(), _crashing_rule(scope)])
    report = verdict("# R\n\n" + CLAIM, sources)
    assert report.verdict == "blocked" and report.exit_code == 1
    crash = [f for c in report.claims for f in c.reasons] + list(report.findings)
    assert any(f.code == "rule_crashed" and f.rule == "CP999" and "boom" in f.message for f in crash)
    tally = next(t for t in report.rules if t.id == "CP999")
    assert tally.blocked >= 1


# a paraphrase Tier 1 cannot decide, stating no comparison ("later than usual" asks the judge's
# quote for one: tier2.answer_check.direction_not_quoted; and its quote must hold a share of its
# words: claim_content_not_quoted, which refused "Progression came slowly" on this line)
PARAPHRASE = "The time to progression was long in Arm A [nct:NCT0000001#Results].\n"
SOURCE_LINE = "Median time to progression was 13.5 months in Arm A."


@pytest.mark.parametrize(
    ("answer", "budget", "status", "verdict", "code"),
    [
        ({"verdict": "supported", "quote": SOURCE_LINE, "rationale": "stated"}, 3, "pass", "pass", None),
        ({"verdict": "contradicted", "quote": SOURCE_LINE, "rationale": "says otherwise"}, 3, "fail", "blocked", "judge_contradicted"),
        ({"verdict": "not_enough_info", "quote": "", "rationale": "silent"}, 3, "fail", "blocked", "judge_not_enough_info"),
        ({"verdict": "supported", "quote": SOURCE_LINE, "rationale": "stated"}, 0, "unverified", "incomplete", "budget_exhausted"),
        ({"verdict": "supported", "quote": "a sentence the excerpt never says", "rationale": "x"}, 3, "unverified", "incomplete", "judge_error"),
    ],
)
def test_judge_verdicts_map_to_claim_statuses(sources, tmp_path, answer, budget, status, verdict, code):
    from tier2.local_endpoint import LocalEndpoint
    from tier2.options import Tier2Options

    with LocalEndpoint(answer=lambda _body: answer) as endpoint:
        options = Tier2Options(
            model="m", base_url=endpoint.base_url, call_budget=budget, audit_log=tmp_path / "audit.jsonl",
            cache_dir=None, max_retries=0,
        )
        report = run("# R\n\n" + PARAPHRASE, "markdown", sources, VerifyOptions(tier2=options))
    (claim,) = report.claims
    assert (claim.status, report.verdict) == (status, verdict)
    assert claim.decided_by == ("tier2" if status in ("pass", "fail") else None)
    if code:
        assert any(f.code == code for f in claim.reasons), claim.reasons
    assert report.semantic_audit.calls_made == endpoint.requests <= budget
    assert report.semantic_audit.audit_log_entries == len((tmp_path / "audit.jsonl").read_text().splitlines())


def test_diagram_numbers_resolve_like_claims_in_rag_mode(tmp_path):
    """A diagram's anchor resolves the same way a claim's does (here: a retrieved URL)."""
    url = "https://trials.example.org/study/NCT0000001"
    retrieved = tmp_path / "retrieved.jsonl"
    retrieved.write_text(json.dumps({"url": url, "title": "t", "text": SOURCE_LINE}) + "\n", encoding="utf-8")
    answer = (
        f"# A\n\nMedian time to progression was 13.5 months in Arm A ({url}).\n"
        + DIAGRAM.format(label="{value} to progression")
    )
    good = run(answer.replace("{value}", "13.5 months"), "markdown", None, VerifyOptions(retrieved_path=retrieved))
    bad = run(answer.replace("{value}", "19 months"), "markdown", None, VerifyOptions(retrieved_path=retrieved))
    (good_label,) = [c for c in good.claims if c.unit == "mermaid_label"]
    (bad_label,) = [c for c in bad.claims if c.unit == "mermaid_label"]
    assert [a.raw for a in good_label.anchors] == [url] and good_label.anchors[0].resolved
    assert good_label.status != "fail" and [n.state for n in good_label.numbers] == ["supported"]
    assert bad_label.status == "fail" and any(f.code == "numeric_token_miss" for f in bad_label.reasons)
    assert good.verdict != "blocked" and bad.verdict == "blocked"


def test_a_rule_module_that_fails_to_import_blocks_and_the_run_completes(sources, monkeypatch):
    import tier1.registry as registry

    monkeypatch.setattr(registry, "RULE_TABLE", (*registry.RULE_TABLE, ("CP998", "tier1.no_such_rule_module", "Nope")))
    report = verdict("# R\n\n" + CLAIM, sources)
    assert report.verdict == "blocked"
    assert any(f.rule == "CP998" and f.code == "rule_crashed" and "no_such_rule_module" in f.message for f in report.findings)


def test_cited_url_without_any_saved_url_fails_in_sources_mode(sources):
    body = "# R\n\nThe response rate was 45% in Arm A (https://evil.example/made-up).\n"
    report = verdict(body, sources)
    assert report.verdict == "blocked"
    assert any(f.code == "url_not_retrieved" and "has no URLs" in f.message for f in report.claims[0].reasons)


def test_a_pubtator_symlink_loop_is_skipped_not_a_crash(sources):
    loop = sources / "pubtator" / "loop.txt"
    loop.parent.mkdir()
    loop.symlink_to(loop)
    report = verdict("# R\n\n" + CLAIM, sources)
    assert report.verdict == "pass"


def test_a_diagram_label_is_judged_with_its_arm(sources, tmp_path):
    """The judge sees a numeric box as a reader reads it — after the edge into it — and its
    answer decides the label as it decides a sentence (the audit log records what was asked)."""
    from tier2.local_endpoint import LocalEndpoint
    from tier2.options import Tier2Options

    def answer(body):
        asked = next(m["content"] for m in body["messages"] if m["role"] == "user")
        if "Arm B: Median 13.5 months" in asked:
            return {"verdict": "contradicted", "quote": SOURCE_LINE, "rationale": "13.5 months is Arm A's"}
        return {"verdict": "supported", "quote": SOURCE_LINE, "rationale": "stated for Arm A"}

    diagram = (
        "\n```mermaid\nflowchart TD\n  S[Start] --> R{Arm}\n  R -->|{arm}| A[Median 13.5 months]\n"
        "  R -->|Other| B[Not reported]\n  A --> C[Review]\n```\n"
    )
    results = {}
    for arm in ("Arm A", "Arm B"):
        with LocalEndpoint(answer=answer) as endpoint:
            options = Tier2Options(
                model="m", base_url=endpoint.base_url, call_budget=5, audit_log=tmp_path / f"{arm}.jsonl",
                cache_dir=None, max_retries=0,
            )
            report = run("# R\n\n" + CLAIM + diagram.replace("{arm}", arm), "markdown", sources, VerifyOptions(tier2=options))
        (label,) = [c for c in report.claims if c.unit == "mermaid_label"]
        audit = [json.loads(line) for line in (tmp_path / f"{arm}.jsonl").read_text().splitlines()]
        results[arm] = (label.status, label.decided_by, report.verdict, [a["claim_text"] for a in audit])
    # both boxes go to the judge, each read with its arm; its answer decides them
    assert results == {
        "Arm A": ("pass", "tier2", "pass", ["Arm A: Median 13.5 months"]),
        "Arm B": ("fail", "tier2", "blocked", ["Arm B: Median 13.5 months"]),
    }
