"""The run's caches: a cited file's written calculations are read once per file and held no
longer than the file; the run-wide memos of source lines hold a bounded number of entries, and
dropping entries changes no outcome."""

from __future__ import annotations

import gc
import json
import weakref
from pathlib import Path

import pytest

import citeproof.values.written_calc as written_calc
from citeproof.memo import RecentMemo, RunMemo
from citeproof.pipeline import VerifyOptions, run
from citeproof.sources.store import SourceStore
from citeproof.values.segment_support import SegmentTable
from tests.values.helpers import cited_report, verify_against

# ---------------------------------------------------------------------------- RecentMemo


def _filled(limit: int, *keys: str) -> RecentMemo:
    memo = RecentMemo(limit)
    for key in keys:
        memo[key] = key.upper()
    return memo


def test_a_recent_memo_holds_two_generations_and_drops_the_older_when_the_newer_is_full():
    memo = _filled(2, "a", "b", "c", "d")
    assert len(memo) == 4 and all(k in memo for k in "abcd")
    memo["e"] = "E"
    assert len(memo) == 3 and "a" not in memo and "b" not in memo
    assert memo.get("a") is None and memo.get("c") == "C" and memo["e"] == "E"


def test_a_recent_memo_keeps_an_entry_read_lately_and_drops_one_stored_early_and_never_read():
    memo = _filled(2, "shared", "b")
    memo["c"] = "C"  # "shared" and "b" are the old generation now
    assert memo.get("shared") == "SHARED"  # read: moves to the new generation
    memo["d"] = "D"
    memo["e"] = "E"  # the new generation ("c", "shared") was full: "b" is dropped
    assert "shared" in memo and "b" not in memo


def test_a_recent_memo_holds_a_key_stored_again_once():
    memo = _filled(2, "a", "b", "c")  # "a", "b" old; "c" new
    memo["a"] = "A2"
    assert len(memo) == 3 and memo["a"] == "A2"


def test_a_recent_memo_setdefault_returns_the_held_value_and_stores_a_missing_one():
    memo = _filled(2, "a")
    assert memo.setdefault("a", "other") == "A" and memo.setdefault("b", "B") == "B" and memo["b"] == "B"


def test_a_recent_memo_raises_key_error_for_a_key_it_does_not_hold():
    with pytest.raises(KeyError):
        _filled(2, "a")["b"]


# ---------------------------------------------------------------------------- written calculations

NOTE = ("# US addressable market\n\n"
        "- patients = 12,000 per year [evidence:epi.md#L3]\n"
        "- price = $30,000 [evidence:price.md#L3]\n\n"
        "Calculation: 12,000 patients × $30,000 = {r}\n"
        "The US addressable market for the therapy is about {r}.\n")


class _Document:
    """What document_calculations reads of a document (its path and text); unlike a
    SourceDocument it can be weakly referenced, to see it freed."""

    def __init__(self, i: int) -> None:
        self.path, self.text = f"n{i}.md", NOTE.format(r="$3.6 billion")


@pytest.fixture
def scans(monkeypatch) -> list[str]:
    """The paths of the files whose text ``wrong_calculations`` scanned, in order."""
    seen: list[str] = []
    real = written_calc.wrong_calculations

    def counted(path, text):
        seen.append(path)
        return real(path, text)

    monkeypatch.setattr(written_calc, "wrong_calculations", counted)
    return seen


def test_a_documents_calculations_are_read_once_however_many_documents_the_run_reads(scans):
    # an lru_cache of 256 would rescan each of 300 documents on every later ask
    memo = RunMemo()
    documents = [_Document(i) for i in range(300)]
    first = [written_calc.document_calculations(d, memo) for d in documents]
    again = [written_calc.document_calculations(d, memo) for d in documents]
    assert len(scans) == 300
    assert all(a is b for a, b in zip(first, again)) and first[0][0].gives == "$0.36 billion"


def test_a_forgotten_document_is_not_held_by_its_calculations():
    memo = RunMemo()
    document = _Document(0)
    written_calc.document_calculations(document, memo)
    alive = weakref.ref(document)
    memo.forget(document)
    del document
    gc.collect()
    assert alive() is None


def test_a_run_reads_a_cited_notes_calculations_once_for_all_its_claims(tmp_path, scans):
    claim = "The US addressable market for the therapy is about $360 million."
    report = verify_against(tmp_path, NOTE.format(r="$360 million"),
                            cited_report(claim, claim, claim, anchor="[evidence:s.md#L7]"))
    assert [c.status for c in report.claims if c.anchors] == ["pass"] * 3
    assert scans == ["evidence/s.md"]


def test_a_run_still_fails_a_figure_its_notes_calculation_gets_wrong(tmp_path, scans):
    claim = "The US addressable market for the therapy is about $3.6 billion."
    report = verify_against(tmp_path, NOTE.format(r="$3.6 billion"),
                            cited_report(claim, claim, anchor="[evidence:s.md#L7]"))
    assert [c.status for c in report.claims if c.anchors] == ["fail"] * 2
    assert scans == ["evidence/s.md"]


# ---------------------------------------------------------------------------- run-wide line memos


def test_a_segment_table_whose_memo_drops_a_text_it_held_still_reads_it():
    memo = RecentMemo(1)
    SegmentTable([("alpha beta gamma", False)], memo)
    # the first two texts' entries push "alpha beta gamma" out before the table reaches it
    texts = [("delta epsilon", False), ("zeta eta", False), ("alpha beta gamma", False)]
    assert SegmentTable(texts, memo)._terms == SegmentTable(texts)._terms


def _trials(tmp_path: Path, count: int) -> Path:
    folder = tmp_path / "sources" / "clinical_trials"
    folder.mkdir(parents=True)
    for i in range(count):
        record = {"Results": ["Outcome Measurement:", f"  Median time to progression was {i}.5 months in Arm A.",
                              f"  Median overall survival was {i + 20}.1 months in Arm A."]}
        (folder / f"NCT{i:07d}.json").write_text(json.dumps(record), encoding="utf-8")
    return folder.parent


def _report(count: int) -> str:
    # every third claim's figure is not its record's
    return "# R\n\n" + "".join(
        f"Median time to progression was {i + (i % 3 == 2)}.5 months in Arm A [nct:NCT{i:07d}#Results].\n\n"
        for i in range(count))


def _outcomes(report) -> list:
    return [c.model_dump(mode="json") for c in report.claims] + [report.verdict]


@pytest.fixture
def run_memo(monkeypatch) -> dict:
    """The run's memo, caught from its store."""
    seen: dict = {}
    real = SourceStore.release

    def release(self, path):
        seen["memo"] = self.memo
        real(self, path)

    monkeypatch.setattr(SourceStore, "release", release)
    return seen


def _held_sizes(memo: RunMemo) -> tuple[int, int]:
    held = {name: value for (_, name), (_, value) in memo._entries.items()}
    return len(held["values.line_entries"]), len(held["claim_support.segment_terms"])


def test_the_run_wide_line_memos_hold_no_more_than_twice_their_limits(tmp_path, monkeypatch, run_memo):
    import citeproof.values.window_index as window_index
    import tier1.claim_support as claim_support

    sources = _trials(tmp_path, 12)
    run(_report(12), "markdown", sources, VerifyOptions(mode="report"))
    lines, terms = _held_sizes(run_memo["memo"])
    assert lines > 8 and terms > 12  # what the run would hold, unbounded
    monkeypatch.setattr(window_index, "LINE_ENTRIES_HELD", 4)
    monkeypatch.setattr(claim_support, "SEGMENT_TERMS_HELD", 6)
    run(_report(12), "markdown", sources, VerifyOptions(mode="report"))
    lines, terms = _held_sizes(run_memo["memo"])
    assert 4 <= lines <= 8 and 6 <= terms <= 12


def test_outcomes_with_tiny_line_memos_are_those_with_the_default_ones(tmp_path, monkeypatch):
    import citeproof.values.window_index as window_index
    import tier1.claim_support as claim_support

    sources = _trials(tmp_path, 12)
    default = run(_report(12), "markdown", sources, VerifyOptions(mode="report"))
    monkeypatch.setattr(window_index, "LINE_ENTRIES_HELD", 1)
    monkeypatch.setattr(claim_support, "SEGMENT_TERMS_HELD", 2)
    tiny = run(_report(12), "markdown", sources, VerifyOptions(mode="report"))
    assert _outcomes(tiny) == _outcomes(default)
    statuses = [c.status for c in default.claims if c.anchors]
    assert statuses.count("fail") == 4 and "fail" not in statuses[:2]


# ---------------------------------------------------------------------------- CP301's folded sources


def _live_documents(path: str) -> list:
    from citeproof.sources.types import SourceDocument

    gc.collect()
    return [o for o in gc.get_objects() if isinstance(o, SourceDocument) and o.path == path]


def test_a_released_file_a_drug_claim_cited_is_not_held_after_the_run(tmp_path):
    # the drug detector outlives the run (one per lexicon): it must not keep the files it read
    claim = "Sampletinib lowered the marker in 12 of 40 participants."
    report = verify_against(tmp_path, "# Trial\n\nSampletinib lowered the marker in 12 of 40 participants.\n",
                            cited_report(claim, claim, anchor="[evidence:drug.md#L3]"), name="drug.md")
    assert [c.status for c in report.claims if c.anchors] == ["pass", "pass"]
    assert _live_documents("evidence/drug.md") == []


def test_a_drug_claim_citing_a_file_without_the_drug_still_fails(tmp_path):
    claim = "Exampleparib lowered the marker in 12 of 40 participants."
    report = verify_against(tmp_path, "# Trial\n\nSampletinib lowered the marker in 12 of 40 participants.\n",
                            cited_report(claim, claim, anchor="[evidence:drug.md#L3]"), name="drug.md")
    assert all(any(r.code == "drug_unsupported" for r in c.reasons) for c in report.claims if c.anchors)


def test_a_file_two_drug_claims_cite_is_folded_once(tmp_path, monkeypatch):
    import tier1.drug_mentions as drug_mentions

    folded: list[str] = []
    real = drug_mentions.text_readings
    monkeypatch.setattr(drug_mentions, "text_readings", lambda text: folded.append(text) or real(text))
    claim = "Sampletinib lowered the marker in 12 of 40 participants."
    run_claims = cited_report(claim, claim, anchor="[evidence:drug.md#L3]")
    verify_against(tmp_path, "# Trial\n\nSampletinib lowered the marker in 12 of 40 participants.\n", run_claims,
                   name="drug.md")
    assert len(folded) == 1
