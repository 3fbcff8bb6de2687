"""CP105: a claim that turns the source's "up" into "down" (or "opted in" into "opted out")
never passes; the honest restatement, and one that drops the direction, still do (rt34a c40,
c40h, c32, c35, c36, c46)."""

from __future__ import annotations

import pytest

from citeproof.model import Anchor, Claim, Location, Locator
from citeproof.settings import Settings
from citeproof.sources.types import Resolution
from tier1.claim_support import ClaimSupport
from tier1.context import ClaimContext
from values.helpers import window

LOC = Location(line=1)
RULE = ClaimSupport()


def run(text: str, source: str):
    anchor = Anchor(raw="evidence:notes/fy24.md#L1", kind="evidence", source_id="notes/fy24.md",
                    locator=Locator(raw="L1", kind="lines", start=1, end=1), location=LOC)
    claim = Claim(id="c1", text=text, raw_text=text, location=LOC, anchors=(anchor,), fact_bearing=True)
    res = Resolution(anchor=anchor, window=window(source))
    return RULE.check_claim(ClaimContext(claim=claim, resolutions=[res], settings=Settings()))


HONEST = [
    "Company A's revenue was $3.1 billion in 2024, up from $2.7 billion in 2023.",
    "Product X US net sales were up 12% year over year at $1.9 billion in 2024.",
    "Company A shares traded up 9% after the label expansion in October 2024.",
    "Company A's 2025 revenue guidance of $3.4 billion was revised up by $200 million in February 2025.",
    "Company A opted in to the co-commercialisation agreement with Company B in 2024, paying $150 million.",
    "Company A phased in the price increase of 4.5% over 2024.",
    "Company A's revenue was $3.1 billion in 2024, up 15% from 2023.",
]

SWAPPED = [
    "Company A's revenue was $3.1 billion in 2024, down from $2.7 billion in 2023.",
    "Product X US net sales were down 12% year over year at $1.9 billion in 2024.",
    "Company A shares traded down 9% after the label expansion in October 2024.",
    "Company A's 2025 revenue guidance of $3.4 billion was revised down by $200 million in February 2025.",
    "Company A opted out of the co-commercialisation agreement with Company B in 2024, paying $150 million.",
    "Company A phased out the price increase of 4.5% over 2024.",
    "Company A's revenue was $3.1 billion in 2024, down 15% from 2023.",
]


@pytest.mark.parametrize("text", HONEST)
def test_the_honest_restatement_passes(text):
    assert run(text, text).passed


@pytest.mark.parametrize(("claim", "source"), list(zip(SWAPPED, HONEST)))
def test_a_swapped_direction_never_passes_and_never_blocks(claim, source):
    out = run(claim, source)
    assert out.applicable and not out.passed and not out.blocks and out.undecided


@pytest.mark.parametrize(("claim", "source"), list(zip(HONEST, SWAPPED)))
def test_the_reverse_swap_never_passes(claim, source):
    out = run(claim, source)
    assert not out.passed and not out.blocks


def test_a_claim_that_drops_the_direction_passes():
    assert run("Company A's revenue was $3.1 billion in 2024.", HONEST[0]).passed


@pytest.mark.parametrize("way", ["up", "down"])
def test_a_direction_the_source_does_not_state_is_undecided(way):
    # "compared with" states no direction: the judge reads whether 3.1 against 2.7 is "up"
    out = run(f"Company A's revenue was $3.1 billion in 2024, {way} from $2.7 billion in 2023.",
              "Company A's revenue was $3.1 billion in 2024, compared with $2.7 billion in 2023.")
    assert not out.passed and not out.blocks and out.undecided


@pytest.mark.parametrize(
    "text",
    [
        "Treatment in Arm A lasted up to 12 weeks, with 30 out of 100 patients responding.",
        "The response rate was up to 12% in Arm A at follow-up.",
        "Median follow-up from randomisation was 24 months in Arm A.",
    ],
)
def test_up_and_out_stating_no_direction_still_pass(text):
    assert run(text, text).passed


@pytest.mark.parametrize(
    ("claim", "source"),
    [
        # "was up to 12%" is a bound, no "was up": the source need not write "was"
        ("The response rate was up to 12% in Arm A.", "The response rate reached up to 12% in Arm A."),
        # "follow-up from" ends a noun: no "up from" for the source to state
        ("Median follow-up from randomisation was 24 months in Arm A.",
         "Median follow-up was 24 months from randomisation in Arm A."),
    ],
)
def test_a_bound_or_a_nouns_end_needs_no_direction_in_the_source(claim, source):
    assert run(claim, source).passed


# rt35 d1, d2, d3: a comma cue after a word, and market verbs whose particle is the direction
HONEST_MARKET = [
    "Product X US sales were $1.9 billion, up 12% year over year.",
    "Product X sales reached $1.9 billion, up 12%.",
    "Company A shares closed up 4% on the day of the approval.",
    "Company A shares ended the year up 18%.",
    "Company A stock finished the session up 6.5% at $42.10.",
    "Company A guidance was marked up by $200 million in July 2024.",
    "Product X prescription volumes trended up 9% quarter on quarter.",
]
SWAPPED_MARKET = [t.replace(" up ", " down ") for t in HONEST_MARKET]


@pytest.mark.parametrize("text", HONEST_MARKET + SWAPPED_MARKET)
def test_the_honest_market_restatement_passes(text):
    assert run(text, text).passed


@pytest.mark.parametrize(
    ("claim", "source"), list(zip(SWAPPED_MARKET, HONEST_MARKET)) + list(zip(HONEST_MARKET, SWAPPED_MARKET)),
)
def test_a_swapped_market_direction_never_passes_and_never_blocks(claim, source):
    out = run(claim, source)
    assert out.applicable and not out.passed and not out.blocks and out.undecided
