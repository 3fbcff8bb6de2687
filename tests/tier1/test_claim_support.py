"""CP105 claim-support: one segment carries the claim; a flipped polarity never passes."""

from __future__ import annotations

from dataclasses import replace

import pytest

from citeproof.model import Anchor, Claim, Location, Locator
from citeproof.settings import Settings
from citeproof.sources.types import Resolution
from tier1.claim_support import ClaimSupport
from tier1.context import ClaimContext
from values.helpers import window

LOC = Location(line=1)
RULE = ClaimSupport()


def run(text: str, source: str, **kw):
    anchor = Anchor(raw="nct:S1#Results", kind="nct", source_id="S1",
                    locator=Locator(raw="Results", kind="section", name="Results"), location=LOC)
    claim = Claim(id="c1", text=text, raw_text=text, location=LOC, anchors=(anchor,), fact_bearing=True)
    res = Resolution(anchor=anchor, window=window(source, **kw))
    return RULE.check_claim(ClaimContext(claim=claim, resolutions=[res], settings=Settings()))


SOURCE = (
    "Outcome Measurement:\n"
    "Overall response rate increased to 40% in Arm A after 12 weeks.\n"
    "Serious adverse events were not observed in Arm B.\n"
    "Median survival improved by 3 months with Drug A."
)


def test_verbatim_claim_passes():
    out = run("Overall response rate increased to 40% in Arm A after 12 weeks.", SOURCE)
    assert (out.applicable, out.passed, out.blocks) == (True, True, False)


def test_unit_converted_number_still_passes():
    assert run("Overall response rate increased to 0.4 in Arm A after 84 days.", SOURCE).passed


@pytest.mark.parametrize(
    "claim",
    [
        "Overall response rate decreased to 40% in Arm A after 12 weeks.",  # direction flipped
        "Overall response rate increased to 45% in Arm A after 12 weeks.",  # number changed
        "Overall response rate increased to 40% in Arm C after 12 weeks.",  # entity changed
        "Serious adverse events were observed in Arm B.",  # negation dropped
        "Median survival worsened by 3 months with Drug A.",  # better/worse flipped
        "Overall response rate increased to more than 40% in Arm A after 12 weeks.",  # only plausible
        "Overall response rate increased to 40% in Arm A after 12 weeks, whereas Arm B did not respond.",
    ],
)
def test_mutations_never_pass_and_never_block(claim):
    out = run(claim, SOURCE)
    assert out.applicable and not out.passed and not out.blocks and out.undecided


def test_claim_spread_over_two_segments_is_undecided():
    src = "Response in Arm A was 40%.\nResponse in Arm B was 20%."
    assert run("Response in Arm A was 40%.", src).passed
    assert not run("Response in Arm A was 40% and in Arm B 20%.", src).passed


def test_label_numbers_must_be_written_in_the_segment():
    src = "Complete response by week 24 in most patients."
    assert run("Complete response by week 24 in most patients.", src).passed
    assert not run("Complete response by week 42 in most patients.", src).passed


def test_low_content_overlap_is_undecided():
    out = run("Arm A response was remarkable and durable across every subgroup examined.", "Arm A response 40%.")
    assert not out.passed and "overlap" in (out.undecided or "")


def test_chinese_claims_and_flips():
    src = "治疗组的总缓解率升高至40%。\n对照组未观察到严重不良事件。"
    assert run("治疗组的总缓解率升高至40%。", src).passed
    assert not run("治疗组的总缓解率降低至40%。", src).passed
    assert run("对照组未观察到严重不良事件。", src).passed
    assert not run("对照组观察到严重不良事件。", src).passed


def test_window_without_segments_falls_back_to_lines():
    assert run("Overall response rate increased to 40% in Arm A after 12 weeks.", SOURCE, segments=False).passed


def test_not_applicable_without_window():
    text = "Response was 40%."
    claim = Claim(id="c1", text=text, raw_text=text, location=LOC)
    assert not RULE.check_claim(ClaimContext(claim=claim, resolutions=[], settings=Settings())).applicable


def test_receptor_sign_is_part_of_the_entity():
    src = "Eligible: HER2- disease confirmed by IHC."
    assert run("Eligible: HER2- disease confirmed by IHC.", src).passed
    assert not run("Eligible: HER2+ disease confirmed by IHC.", src).passed


@pytest.mark.parametrize(
    "claim, source",
    [
        ("Patients with stage 3A disease were enrolled.", "Patients with stage 3B disease were enrolled."),
        ("Patients with stage IIIA disease were enrolled.", "Patients with stage IIIB disease were enrolled."),
        ("Stage 3A disease was required.", "Stage 3 disease was required."),
        ("Stage 3A disease was required.", "Stage III disease was required."),
        # no grading word before it: only the name check reads "3A"
        ("Patients with type 3A lesions were enrolled.", "Patients with type 3B lesions were enrolled."),
    ],
)
def test_a_substage_is_a_name_the_line_must_hold(claim, source):
    """"3A" is no value the numeric rule checks (an identifier, as "IIIA" read as "3A" is), so
    it must be matched as a name: "3B" or a bare "3" does not carry it."""
    assert not run(claim, source).passed
    assert run(claim, claim).passed


def test_a_value_glued_to_its_unit_is_still_a_value_not_a_name():
    # "30mg" is checked as the atom 30 mg: "30 mg" in the source carries it
    assert run("Adult patients received 30mg oral study agent daily.", "Adult patients received 30 mg oral study agent daily.").passed


def test_lines_under_an_exclusion_header_never_pass():
    src = "Inclusion Criteria:\nConfirmed advanced disease.\nExclusion Criteria:\nPrior treatment with endocrine therapy."
    assert run("Confirmed advanced disease.", src).passed
    out = run("Prior treatment with endocrine therapy.", src)
    assert not out.passed and "exclusion" in (out.undecided or "")
    assert not run("Prior treatment with endocrine therapy.", "排除标准：\nPrior treatment with endocrine therapy.").passed


def _sub_window(text: str, first: int):
    """A window over lines ``first``.. of ``text`` (1-based), the document keeping every line."""
    from dataclasses import replace

    full = window(text)
    lines = text.split("\n")[first - 1:]
    return replace(full, line_start=first, text="\n".join(lines),
                   segments=tuple(s for s in full.segments if s.line_start >= first))


def run_window(text: str, w):
    anchor = Anchor(raw="nct:S1#Results", kind="nct", source_id="S1",
                    locator=Locator(raw="Results", kind="section", name="Results"), location=LOC)
    claim = Claim(id="c1", text=text, raw_text=text, location=LOC, anchors=(anchor,), fact_bearing=True)
    return RULE.check_claim(ClaimContext(claim=claim, resolutions=[Resolution(anchor=anchor, window=w)], settings=Settings()))


def test_exclusion_header_above_the_cited_window_still_governs_it():
    src = ("Inclusion Criteria:\nConfirmed advanced disease.\nExclusion Criteria:\n"
           "Prior treatment with endocrine therapy.\nPregnant or breastfeeding.")
    out = run_window("Prior treatment with endocrine therapy.", _sub_window(src, 4))
    assert not out.passed and "exclusion" in (out.undecided or "")
    # good twin: the nearest header above is an inclusion header
    assert run_window("Confirmed advanced disease.", _sub_window(src, 2)).passed
    # a later non-inverting header inside the window ends the exclusion list as before
    src2 = "Exclusion Criteria:\nPregnant.\nInclusion Criteria:\nConfirmed advanced disease."
    assert run_window("Confirmed advanced disease.", _sub_window(src2, 2)).passed


def test_undecided_reason_names_the_nearest_miss(tmp_path):
    """The reason quotes the segment that came closest, not the first one read."""
    from citeproof.pipeline import VerifyOptions, run

    src = tmp_path / "sources" / "clinical_trials"
    src.mkdir(parents=True)
    (src / "NCT0000009.txt").write_text(
        "Unrelated header line.\nThe weekly infusion dose was reduced for toxicity.\n", encoding="utf-8"
    )
    report = run(
        "# R\n\nThe weekly infusion dose was given unchanged throughout [nct:NCT0000009#L1-L2].\n",
        "markdown", tmp_path / "sources", VerifyOptions(mode="report"),
    )
    (claim,) = report.claims
    assert claim.status == "undecided"
    reason = claim.undecided_reasons[0]
    assert "overlap" in reason and "overlap 0%" not in reason, reason


def test_an_inclusion_line_reported_under_an_exclusion_heading_is_not_carried(tmp_path):
    # red-team round 2: the report moved an inclusion criterion under "Exclusion Criteria" and it passed
    from tests.values.helpers import verify_against

    source = "# T\n\n## Inclusion Criteria\n\n- ECOG performance status 0-1\n"
    report = (
        "# Report\n\n## Exclusion Criteria\n\n- ECOG performance status 0-1 [evidence:s.md#L5]\n\n"
        "## Inclusion Criteria\n\n- ECOG performance status 0-1 [evidence:s.md#L5]\n"
    )
    out = verify_against(tmp_path, source, report)
    assert [c.status for c in out.claims] == ["undecided", "pass"]
    assert "exclusion/contraindication heading" in out.claims[0].undecided_reasons[0]


def _cited_at(text: str, *windows_):
    """CP105 on a claim citing each of ``windows_`` (one anchor each)."""
    resolutions = []
    for n, w in enumerate(windows_):
        anchor = Anchor(raw=f"{w.document.source_id}#L{n + 1}", kind="nct", source_id=w.document.source_id,
                        locator=Locator(raw=f"L{n + 1}", kind="lines", start=1, end=1), location=LOC)
        resolutions.append(Resolution(anchor=anchor, window=w))
    claim = Claim(id="c1", text=text, raw_text=text, location=LOC, anchors=tuple(r.anchor for r in resolutions),
                  fact_bearing=True)
    return RULE.check_claim(ClaimContext(claim=claim, resolutions=resolutions, settings=Settings()))


SAFETY = "Serious adverse events were not observed in Arm B."


def test_claim_citing_two_sources_passes_only_when_each_carries_it():
    first = window(SOURCE)
    same = window(f"Safety:\n{SAFETY}", source_id="S2", path="clinical_trials/S2.txt")
    other = window("Safety:\nOverall response rate was 25% in Arm B.", source_id="S3", path="clinical_trials/S3.txt")
    assert _cited_at(SAFETY, first, same).passed
    out = _cited_at(SAFETY, first, other)
    assert out.applicable and not out.passed and not out.blocks
    assert "S1.txt carries the claim, but it also cites clinical_trials/S3.txt" in out.undecided
    # the order of the anchors does not matter: the carrying source may come second
    assert not _cited_at(SAFETY, other, first).passed


def test_two_anchors_into_one_source_are_one_source():
    """Either window of the same source may carry the claim: the first not carrying it is no miss."""
    doc = window(f"Outcome Measurement:\nOverall response rate was 25% in Arm B.\n{SAFETY}")
    first = replace(doc, line_end=2, text="\n".join(doc.document.lines[:2]), segments=doc.segments[:2])
    assert _cited_at(SAFETY, first, doc).passed
    assert not _cited_at(SAFETY, first).passed


def test_a_dose_stated_for_two_cohorts_is_not_carried_by_a_line_giving_one_of_them_another():
    source = "Cohort 1 received 25 mg daily and cohort 2 received 50 mg daily."
    out = run("Cohorts 1 and 2 received 25 mg daily.", source)
    assert not out.passed and "'cohort 2'" in out.undecided
    assert run("Cohorts 1 and 2 received 25 mg daily.", "Cohorts 1 and 2 received 25 mg daily.").passed


@pytest.mark.parametrize("letter", ["\u043e", "\u03bf"], ids=["cyrillic-o", "greek-omicron"])
def test_a_lookalike_letter_does_not_hide_a_negation(tmp_path, letter):
    """"n\u043et" reads "not" to a reader: it must read "not" to the rules, both ways."""
    from values.helpers import verify_against

    claim = f"Serious adverse events were n{letter}t observed in the study cohort"
    source = "# S\n\nSerious adverse events were observed in the study cohort.\n\nSerious adverse events were not observed in the study cohort.\n"
    report = f"# R\n\n{claim} [evidence:s.md#L3].\n\n{claim} [evidence:s.md#L5].\n"
    statuses = [c.status for c in verify_against(tmp_path, source, report).claims if c.anchors]
    assert statuses == ["undecided", "pass"]


def _statuses_and_reasons(tmp_path, source: str, report: str):
    from values.helpers import verify_against

    out = verify_against(tmp_path, source, report)
    return [(c.status, " ".join(c.undecided_reasons or [])) for c in out.claims if c.anchors]


def test_a_line_locator_that_cuts_a_sentence_does_not_carry_it(tmp_path):
    """The cited line holds half a sentence; the other half, outside the locator, negates it."""
    source = (
        "# Notes\n"
        "The committee concluded that the regimen improved quality of life in the\n"
        "subgroup was not demonstrated at the final analysis.\n"
        "\n"
        "It was never shown that the\n"
        "regimen improved quality of life.\n"
    )
    report = (
        "# R\n\nThe committee concluded that the regimen improved quality of life [evidence:s.md#L2].\n\n"
        "The regimen improved quality of life [evidence:s.md#L6].\n"
    )
    (end_status, end_why), (start_status, start_why) = _statuses_and_reasons(tmp_path, source, report)
    assert end_status == "undecided" and "goes on at line 3" in end_why
    assert start_status == "undecided" and "begins at line 5" in start_why


def test_a_line_locator_on_whole_sentences_still_carries_them(tmp_path):
    source = (
        "# Notes\n"
        "The committee concluded that the regimen improved quality of life.\n"
        "subgroup results are listed in the appendix.\n"  # lower case, but the line above ended its sentence
        "\n"
        "Quality of life was measured at every visit:\n"
        "the regimen improved quality of life.\n"  # after a colon: a new item, not a wrap
    )
    report = (
        "# R\n\nThe committee concluded that the regimen improved quality of life [evidence:s.md#L2].\n\n"
        "The regimen improved quality of life [evidence:s.md#L6].\n"
    )
    assert [s for s, _ in _statuses_and_reasons(tmp_path, source, report)] == ["pass", "pass"]


def _verify_trial(tmp_path, record: dict, report: str):
    """``report`` through the real pipeline against one saved trial record (JSON, as registries give it)."""
    import json

    from citeproof.pipeline import VerifyOptions, run as run_pipeline

    folder = tmp_path / "sources" / "clinical_trials"
    folder.mkdir(parents=True)
    (folder / f"{record['Clinical Trial ID']}.json").write_text(json.dumps(record), encoding="utf-8")
    return run_pipeline(report, "markdown", tmp_path / "sources", VerifyOptions(mode="report"))


_CARDIAC = {"Clinical Trial ID": "NCT09100000", "Eligibility": [
    "Inclusion Criteria:", "  Metastatic breast cancer confirmed by biopsy",
    "Exclusion Criteria:", "  You cannot participate in this study if any of the following apply to you:",
    "  Any of the following cardiac conditions:", "  Symptomatic congestive heart failure in the last 6 months"],
    "Results": ["Outcome Measurement:", "  Symptomatic congestive heart failure in the last 6 months was reported in 2 patients."]}


def test_a_sub_heading_inside_the_exclusion_list_does_not_end_it(tmp_path):
    # red team F07/F07r: a later line ending in ':' reset the list, and eligibility for an excluded condition passed
    report = ("# R\n\nPatients with symptomatic congestive heart failure in the last 6 months were eligible "
              "[nct:NCT09100000#Eligibility].\n\nMetastatic breast cancer confirmed by biopsy was required "
              "[nct:NCT09100000#Eligibility].\n")
    out = _verify_trial(tmp_path, _CARDIAC, report)
    assert [c.status for c in out.claims] == ["undecided", "pass"]
    assert "'Exclusion Criteria:'" in out.claims[0].undecided_reasons[0]


def test_a_results_line_after_an_exclusion_list_still_passes(tmp_path):
    # red team N1: the Eligibility list's scope ran on into Results, where a true claim went undecided
    report = ("# R\n\nSymptomatic congestive heart failure in the last 6 months was reported in 2 patients "
              "[nct:NCT09100000#Results].\n")
    (claim,) = _verify_trial(tmp_path, _CARDIAC, report).claims
    assert claim.status == "pass"


@pytest.mark.parametrize("exclusion", [
    ["EXCLUSION CRITERIA", "  Active hepatitis B infection at screening"],  # no colon
    ["Exclusion Criteria: active hepatitis B infection at screening"],  # the item on the header's line
])
def test_exclusion_header_forms_without_a_trailing_colon(tmp_path, exclusion):
    record = {"Clinical Trial ID": "NCT09100000",
              "Eligibility": ["Inclusion Criteria:", "  Metastatic breast cancer confirmed by biopsy", *exclusion]}
    report = ("# R\n\nActive hepatitis B infection at screening was allowed [nct:NCT09100000#Eligibility].\n\n"
              "Metastatic breast cancer confirmed by biopsy was required [nct:NCT09100000#Eligibility].\n")
    out = _verify_trial(tmp_path, record, report)
    assert [c.status for c in out.claims] == ["undecided", "pass"], exclusion
    assert "exclusion/contraindication header" in out.claims[0].undecided_reasons[0]


_LISTS = {"Clinical Trial ID": "NCT09100000", "Eligibility": [
    "Inclusion Criteria:", "  Histologically confirmed metastatic breast cancer",
    "Exclusion Criteria:", "  Untreated brain metastases"]}


@pytest.mark.parametrize("context, status", [
    # red team F08: an inclusion criterion reported under an exclusion lead-in or heading passed
    ("Patients were excluded if they had any of the following:\n\n", "undecided"),
    ("## Patients who were excluded\n\n", "undecided"),
    ("## Exclusion criteria\n\n- Any of the following:\n", "undecided"),
    # good twins: the same bullet under an inclusion lead-in or a neutral heading
    ("Patients were eligible for inclusion if they had all of the following:\n\n", "pass"),
    ("## Patients who were enrolled\n\n", "pass"),
    ("## Exclusion criteria\n\n- Untreated brain metastases\n\n## Inclusion criteria\n\n", "pass"),
])
def test_a_report_bullet_is_read_under_its_lead_in_and_heading(tmp_path, context, status):
    report = f"# R\n\n{context}- Histologically confirmed metastatic breast cancer [nct:NCT09100000#Eligibility]\n"
    claims = _verify_trial(tmp_path, _LISTS, report).claims
    claim = next(c for c in claims if c.text == "Histologically confirmed metastatic breast cancer")
    assert claim.status == status, context
    if status == "undecided":
        assert "exclusion/contraindication heading or lead-in" in claim.undecided_reasons[0]


def test_a_guide_section_headed_avoid_is_an_exclusion_list(tmp_path):
    """A guide lists what to avoid under "## Avoid": its items back no claim of use; the items
    under "## Recommended" still do."""
    source = (
        "# Guidance\n\n## Recommended\n\n- Study agent A for adults with early disease.\n\n"
        "## Avoid\n\n- Study agent B in adults with prior thromboembolism.\n"
    )
    report = (
        "# R\n\nStudy agent B is recommended in adults with prior thromboembolism [evidence:s.md#Avoid].\n\n"
        "Study agent A is recommended for adults with early disease [evidence:s.md#Recommended].\n"
    )
    (avoid, avoid_why), (recommended, _) = _statuses_and_reasons(tmp_path, source, report)
    assert avoid == "undecided" and "'## Avoid'" in avoid_why
    assert recommended == "pass"


def test_a_section_read_after_another_one_of_the_same_record_keeps_its_exclusion_list(tmp_path):
    # the exclusion lines of a JSON record are read a section at a time, once per run: a claim
    # citing Results first must not leave Eligibility unread (all None) for the claims after it
    report = ("# R\n\nSymptomatic congestive heart failure in the last 6 months was reported in 2 patients "
              "[nct:NCT09100000#Results].\n\nPatients with symptomatic congestive heart failure in the last "
              "6 months were eligible [nct:NCT09100000#Eligibility].\n\nMetastatic breast cancer confirmed by "
              "biopsy was required [nct:NCT09100000#Eligibility].\n")
    out = _verify_trial(tmp_path, _CARDIAC, report)
    assert [c.status for c in out.claims] == ["pass", "undecided", "pass"]
    assert "'Exclusion Criteria:'" in out.claims[1].undecided_reasons[0]


YEARS = "Revenue of $1.2B was reported for 2019.\nRevenue of $1.5B was reported for 2021.\n"


@pytest.mark.parametrize(
    ("heading", "claim", "status"),
    [
        ("## 2021", "Revenue of $1.2B was reported", "undecided"),  # the heading's year is not the line's
        ("## Fiscal 2021", "Revenue of $1.2B was reported", "undecided"),
        ("## 2021", "Revenue of $1.5B was reported", "pass"),
        ("## Results 2019–2021", "Revenue of $1.2B was reported", "pass"),  # a span holds 2019
        ("## 2021", "Revenue of $1.2B was reported for 2019", "pass"),  # its own year is the claim's
        ("## Revenue", "Revenue of $1.2B was reported", "pass"),
    ],
)
def test_a_claim_is_read_in_the_year_its_heading_gives(tmp_path, heading, claim, status):
    # red team rt10: "## 2021" over "Revenue of $1.2B" passed on a line that gives $1.2B for 2019
    from evidence_sources import verify_citing

    report = verify_citing(tmp_path, f"# R\n\n{heading}\n\n{claim} [evidence:s.md#L1-L2].\n", YEARS)
    (c,) = [c for c in report.claims if c.unit == "sentence"]
    assert c.status == status, c.undecided_reasons
