"""The builder on windows resolved by the real SourceStore (files in a temp sources folder)."""

from __future__ import annotations

import json

from excerpt_docs import assert_offsets_true, filler

from citeproof.model import Anchor, Location, Locator
from citeproof.settings import Settings
from citeproof.sources.store import SourceStore
from excerpt.builder import build_excerpt


def anchor(kind: str, source_id: str, locator: Locator | None) -> Anchor:
    raw = f"[{kind}:{source_id}" + (f"#{locator.raw}" if locator else "") + "]"
    return Anchor(raw=raw, kind=kind, source_id=source_id, locator=locator, location=Location(line=1))


def trial_record() -> dict:
    results = ["Outcome Measurement:", "Overall Response Rate", "Share of participants with a response.", "Time frame: 6 months"]
    for k, (title, n, value) in enumerate([("Arm A", 94, "0.489 (0.385 to 0.595)"), ("Arm B", 92, "0.587 (0.479 to 0.689)")], 1):
        results += [
            f"Results {k}: ",
            f"  Arm/Group Title: {title}",
            "  Arm/Group Description: " + " ".join(filler(2, start=40 + k)),
            f"  Overall Number of Participants Analyzed: {n}",
            "  Mean (95% Confidence Interval)",
            f"  Unit of Measure: proportion of responders  {value}",
        ]
    return {
        "Clinical Trial ID": "NCT00000001",
        "Intervention": ["INTERVENTION 1: ", "  Arm A", "  Study drug 10 mg daily"],
        "Eligibility": ["Inclusion Criteria:", *[f"  {line}" for line in filler(90)]],
        "Results": results,
        "Adverse Events": ["Adverse Events 1:", "  Total: 2/20 (10.00%)"],
    }


def make_store(tmp_path):
    channel = tmp_path / "sources" / "clinical_trials"
    channel.mkdir(parents=True)
    (channel / "NCT00000001.json").write_text(json.dumps(trial_record(), indent=4), encoding="utf-8")
    guidelines = tmp_path / "sources" / "guidelines"
    guidelines.mkdir()
    page = (
        "<html><body><nav><a href='/'>Home</a></nav>"
        "<p>Skip to main content</p><div class='banner'><p>We use cookies to improve this site.</p><p>Accept all</p></div>"
        + "".join(f"<p>{line}</p>" for line in filler(150))
        + "<h2>Dosing</h2><p>The starting dose is 12.5 mg once daily.</p>"
        + "".join(f"<p>{line}</p>" for line in filler(40, start=600))
        + "<p>Share this page</p></body></html>"
    )
    (guidelines / "g1.html").write_text(page, encoding="utf-8")
    return SourceStore(tmp_path / "sources", Settings())


def test_section_window_from_a_trial_record(tmp_path):
    store = make_store(tmp_path)
    res = store.resolve(anchor("nct", "NCT00000001", Locator(raw="Results", kind="section", name="Results")))
    assert res.window is not None
    window = res.window
    ex = build_excerpt("Arm B had a response proportion of 0.587.", window, max_tokens=512)
    assert "0.587" in ex.text
    # the excerpt counts the saved file's lines (a JSON record's differ from its reader's lines)
    doc = window.document
    assert doc.file_line(window.line_start) <= ex.line_start <= ex.line_end <= doc.file_line(window.line_end)
    assert ex.line_end > window.line_end  # the file has a line per bracket and key besides the values
    assert_offsets_true(ex, window.document)


def test_long_section_is_centred_on_the_claim(tmp_path):
    store = make_store(tmp_path)
    res = store.resolve(anchor("nct", "NCT00000001", Locator(raw="Eligibility", kind="section", name="Eligibility")))
    window = res.window
    assert window is not None and window.coarse
    target = next(line for line in window.document.lines if line.startswith("Paragraph 77 "))
    claim = target.replace("Paragraph 77 describes", "Paragraph 77 is about")
    ex = build_excerpt(claim, window, max_tokens=256)
    assert target in ex.text
    assert ex.tokens < 128
    # the section's caption (its heading and first line) may lead; the rest of the top may not
    assert "Paragraph 2 " not in ex.text and "Paragraph 3 " not in ex.text


def test_html_capture_loses_its_furniture(tmp_path):
    store = make_store(tmp_path)
    res = store.resolve(anchor("guideline", "g1", None))
    window = res.window
    assert window is not None
    ex = build_excerpt("Start at 12.5 mg once daily.", window, max_tokens=256)
    assert "12.5 mg once daily" in ex.text
    for furniture in ("Skip to main content", "cookies", "Accept all", "Share this page"):
        assert furniture not in ex.text
