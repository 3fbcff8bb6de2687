"""CP207 channel-utilisation through the real parser and source store.

Mutations each test kills are named in the test.
"""

from __future__ import annotations

import pytest
from channel_builders import codes, real_context, tally

from citeproof.pipeline import VerifyOptions, run
from citeproof.settings import Settings
from tier1.channel_utilisation import ChannelUtilisation

TRIAL = {"clinical_trials/NCT00000001.txt": "A randomised trial of weekly dosing was run.\n"}
ENTITIES = {"pubtator/100001.json": '{"entities": ["weekly dosing"]}\n'}
PAPER = {"pubmed/100001.txt": "The literature describes weekly dosing in adults.\n"}
BODY_PUBMED_EN = "# Findings\n\nThe literature describes weekly dosing in adults [pmid:100001#L1].\n"
BODY_PUBMED_ZH = "# 分析\n\n文献描述了成人每周给药 [pmid:100001#L1]。\n"
RULE = ChannelUtilisation()


@pytest.mark.parametrize(
    ("report", "heading"),
    [(BODY_PUBMED_EN, "## Sources"), (BODY_PUBMED_EN, "## Appendix"), (BODY_PUBMED_ZH, "## 参考文献"), (BODY_PUBMED_ZH, "## 附录")],
)
def test_citation_only_in_source_list_or_appendix_is_not_use(tmp_path, report, heading):
    # mutation: count in_source_list claims as use
    text = f"{report}\n{heading}\n\n- Trial record of weekly dosing [nct:NCT00000001#L1]\n"
    ctx = real_context(tmp_path, text, {**TRIAL, **PAPER}, required_source_channels=("clinical_trials",))
    assert any(c.in_source_list and c.anchors for c in ctx.report.claims)
    out = RULE.check_report(ctx)
    assert tally(out) == {"applicable": 1, "passed": 0, "blocked": 1, "status": "fail"}
    msg = out[0].findings[0].message
    assert "clinical_trials/NCT00000001.txt" in msg and "source list" in msg


@pytest.mark.parametrize("kind", ["nct", "aact"])
def test_body_citation_of_either_kind_is_use(tmp_path, kind):
    # mutation: accept only the nct kind (aact maps to the same channel)
    text = f"# Findings\n\nA randomised trial of weekly dosing was run [{kind}:NCT00000001#L1].\n"
    out = RULE.check_report(real_context(tmp_path, text, TRIAL, required_source_channels=("clinical_trials",)))
    assert tally(out)["status"] == "pass"


def test_zh_body_use_of_pubtator_passes(tmp_path):
    text = "# 分析\n\n实体证据提到每周给药 [pubtator:100001#entities]。\n"
    out = RULE.check_report(real_context(tmp_path, text, ENTITIES, required_source_channels=("pubtator",)))
    assert tally(out)["status"] == "pass"


def test_unresolved_body_citation_is_not_use(tmp_path):
    # mutation: count any anchor whose kind maps to the channel, resolved or not
    text = "# Findings\n\nA trial of weekly dosing was run [nct:NCT09999999#L1].\n"
    out = RULE.check_report(real_context(tmp_path, text, TRIAL, required_source_channels=("clinical_trials",)))
    assert tally(out)["blocked"] == 1
    assert "do not resolve" in out[0].findings[0].message


def test_one_outcome_per_required_channel(tmp_path):
    text = "# Findings\n\nA randomised trial of weekly dosing was run [nct:NCT00000001#L1].\n"
    ctx = real_context(tmp_path, text, {**TRIAL, **ENTITIES}, required_source_channels=("clinical_trials", "pubtator"))
    out = RULE.check_report(ctx)
    assert tally(out) == {"applicable": 2, "passed": 1, "blocked": 1, "status": "fail"}
    assert "'pubtator'" in out[1].findings[0].message


def test_na_without_required_channels_and_never_a_pass(tmp_path):
    out = RULE.check_report(real_context(tmp_path, BODY_PUBMED_EN, {**TRIAL, **PAPER}))
    assert tally(out) == {"applicable": 0, "passed": 0, "blocked": 0, "status": "n/a"}


def test_na_when_the_required_channel_saved_nothing(tmp_path):
    # "had nothing citable" is not "did not cite"
    out = RULE.check_report(real_context(tmp_path, BODY_PUBMED_ZH, PAPER, required_source_channels=("clinical_trials",)))
    assert tally(out)["status"] == "n/a"


def test_exclusion_in_settings_with_reason_is_honoured(tmp_path):
    settings = Settings(required_source_channels=("pubtator",), excluded_channels={"pubtator": "off-topic entity recall"})
    out = RULE.check_report(real_context(tmp_path, BODY_PUBMED_EN, {**PAPER, **ENTITIES}, settings=settings))
    assert tally(out)["status"] == "n/a"
    assert codes(out) == {"channel_excluded"}
    assert "off-topic entity recall" in out[0].findings[0].message


def test_exclusion_file_with_reason_is_honoured(tmp_path):
    files = {**PAPER, **ENTITIES, "channel_exclusions.json": '{"pubtator": "实体召回与本问题无关"}'}
    out = RULE.check_report(real_context(tmp_path, BODY_PUBMED_ZH, files, required_source_channels=("pubtator",)))
    assert tally(out)["status"] == "n/a" and codes(out) == {"channel_excluded"}


@pytest.mark.parametrize("reason", ["", "   "])
def test_exclusion_without_reason_is_no_exclusion(tmp_path, reason):
    # mutation: honour any listed channel, reason or not
    files = {**PAPER, **ENTITIES, "channel_exclusions.json": '{"pubtator": "%s"}' % reason}
    out = RULE.check_report(real_context(tmp_path, BODY_PUBMED_EN, files, required_source_channels=("pubtator",)))
    assert tally(out)["blocked"] == 1
    assert {"channel_unused", "channel_exclusion_without_reason"} <= codes(out)


def test_unreadable_exclusion_file_is_reported_and_not_honoured(tmp_path):
    files = {**PAPER, **ENTITIES, "channel_exclusions.json": "{not json"}
    out = RULE.check_report(real_context(tmp_path, BODY_PUBMED_EN, files, required_source_channels=("pubtator",)))
    assert tally(out)["blocked"] == 1
    assert {"channel_unused", "channel_exclusions_invalid"} <= codes(out)


def test_pipeline_blocks_and_tallies(tmp_path):
    from channel_builders import write_sources

    text = f"{BODY_PUBMED_EN}\n## Sources\n\n- Trial record [nct:NCT00000001#L1]\n"
    src = write_sources(tmp_path, {**TRIAL, **PAPER})
    settings = Settings(required_source_channels=("clinical_trials",))
    rep = run(text, "markdown", src, VerifyOptions(mode="report", settings=settings))
    t = next(r for r in rep.rules if r.id == "CP207")
    assert (t.applicable, t.passed, t.blocked, t.status) == (1, 0, 1, "fail")
    assert rep.would_block and rep.exit_code == 0  # report mode computes, does not enforce
    rep_na = run(BODY_PUBMED_EN, "markdown", src, VerifyOptions(mode="report", settings=Settings()))
    t_na = next(r for r in rep_na.rules if r.id == "CP207")
    assert (t_na.applicable, t_na.passed, t_na.status, t_na.pass_rate) == (0, 0, "n/a", None)


def test_misspelt_required_channel_fails_instead_of_na(tmp_path):
    # mutation: a channel name with no folder is just "nothing saved" → a typo would disable the gate
    out = RULE.check_report(real_context(tmp_path, BODY_PUBMED_EN, {**TRIAL, **PAPER}, required_source_channels=("clinicaltrials",)))
    assert tally(out)["blocked"] == 1 and codes(out) == {"unknown_required_channel"}
