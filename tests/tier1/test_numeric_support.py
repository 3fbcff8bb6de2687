"""CP104 numeric-support on hand-built contexts: applicable / passed / blocks, both directions."""

from __future__ import annotations

from citeproof.model import Anchor, Claim, Finding, Location, Locator
from citeproof.settings import Settings
from citeproof.sources.types import Resolution
from tier1.context import ClaimContext
from tier1.numeric_support import NumericSupport
from values.helpers import window

LOC = Location(line=3)


def ctx(text: str, sources: list[str | None], kind: str = "nct") -> ClaimContext:
    anchors, resolutions = [], []
    for n, src in enumerate(sources, start=1):
        anchor = Anchor(raw=f"{kind}:S{n}#Results", kind=kind, source_id=f"S{n}",
                        locator=Locator(raw="Results", kind="section", name="Results"), location=LOC)
        anchors.append(anchor)
        if src is None:
            resolutions.append(Resolution(anchor=anchor, window=None,
                                          finding=Finding(rule="CP102", code="unresolved", severity="critical", message="x")))
        else:
            resolutions.append(Resolution(anchor=anchor, window=window(src, source_id=f"S{n}")))
    claim = Claim(id="c1", text=text, raw_text=text, location=LOC, anchors=tuple(anchors), fact_bearing=True)
    return ClaimContext(claim=claim, resolutions=resolutions, settings=Settings())


RULE = NumericSupport()


def test_all_supported_passes_and_records_numbers():
    c = ctx("The dose was **200 mg**/day for 12 weeks.", ["Dose 200 mg/day for 12 weeks."])
    out = RULE.check_claim(c)
    assert (out.applicable, out.passed, out.blocks, out.undecided) == (True, True, False, None)
    assert [n.state for n in c.cache["numbers"]] == ["supported", "supported"]


def test_fabricated_bold_dose_fails_critically_naming_number_and_source():
    c = ctx("The dose was **250 mg**/day for 12 weeks.", ["Dose 200 mg/day for 12 weeks."])
    out = RULE.check_claim(c)
    assert (out.applicable, out.passed, out.blocks) == (True, False, True)
    [finding] = out.findings
    assert finding.code == "numeric_token_miss" and finding.severity == "critical"
    assert "250 mg/day" in finding.message and "nct:S1#Results" in finding.message


def test_plausible_number_is_undecided_not_failed():
    out = RULE.check_claim(ctx("More than 90% responded.", ["Response: 93%"]))
    assert (out.passed, out.blocks) == (False, False)
    assert out.undecided and out.undecided.startswith("plausible:")


def test_missing_wins_over_plausible():
    out = RULE.check_claim(ctx("More than 90% responded after 7 weeks.", ["Response: 93% at 6 weeks"]))
    assert out.blocks and out.undecided is None


def test_supported_in_a_second_window():
    out = RULE.check_claim(ctx("A 0.12 g loading dose.", ["nothing numeric here", "120 mg loading dose"]))
    assert out.passed


def test_not_applicable_without_numbers_or_without_resolved_window():
    assert not RULE.check_claim(ctx("The drug was given orally.", ["Dose 200 mg/day."])).applicable
    assert not RULE.check_claim(ctx("The dose was 200 mg.", [None])).applicable


def test_unresolved_anchor_does_not_hide_a_miss_in_a_resolved_one():
    out = RULE.check_claim(ctx("The dose was 300 mg.", [None, "Dose 200 mg."]))
    assert out.applicable and out.blocks


def test_count_nouns_and_chinese_scale_words():
    assert RULE.check_claim(ctx("共入组3.5万名患者。", ["35,000 participants were enrolled"])).passed
    assert RULE.check_claim(ctx("共入组3.6万名患者。", ["35,000 participants were enrolled"])).blocks
