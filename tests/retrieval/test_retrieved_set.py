"""retrieved.jsonl loading (bad lines are input errors naming the line) and URL anchor resolution."""

from __future__ import annotations

import pytest

from citeproof.errors import InputError
from citeproof.retrieval import RETRIEVED_CHANNEL, load_retrieved
from retrieval_helpers import SRC, url_anchor


def test_load_reads_chunks_and_skips_blank_lines(jsonl):
    path = jsonl({"url": SRC, "title": "Ref", "text": "One."}, "", {"url": None, "text": "Two."}, {"text": "Three."})
    rs = load_retrieved(path)
    assert [c.line for c in rs.chunks] == [1, 3, 4]
    assert rs.urls == (SRC,) and rs.has_urls and not rs.is_empty


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("{not json", r"line 2: not valid JSON"),
        ('["a list"]', r"line 2: expected a JSON object"),
        ('{"url": "https://x.org/a"}', r"line 2: 'text' must be a string .*missing"),
        ('{"url": 5, "text": "t"}', r"line 2: 'url' must be a string or null"),
        ('{"url": "docs/page", "text": "t"}', r"line 2: 'url' 'docs/page' is not an absolute URL"),
        ('{"url": "https://x.org", "title": 3, "text": "t"}', r"line 2: 'title' must be a string"),
    ],
)
def test_bad_line_is_an_input_error_naming_the_line(jsonl, line, message):
    path = jsonl({"url": SRC, "text": "fine"}, line)
    with pytest.raises(InputError, match=message) as err:
        load_retrieved(path)
    assert "retrieved.jsonl" in str(err.value)


def test_unreadable_files_are_input_errors(tmp_path):
    with pytest.raises(InputError, match="missing.jsonl"):
        load_retrieved(tmp_path / "missing.jsonl")
    bad = tmp_path / "bad.jsonl"
    bad.write_bytes(b'{"text": "\xff"}\n')
    with pytest.raises(InputError, match="not valid UTF-8"):
        load_retrieved(bad)


def test_empty_file_is_zero_retrieval_not_an_error(jsonl):
    rs = load_retrieved(jsonl())
    assert rs.is_empty and not rs.has_urls
    res = rs.resolve(url_anchor(SRC))
    assert res.window is None and res.finding.code == "zero_retrieval" and res.finding.severity == "critical"


def test_chunks_without_urls_have_nothing_citable(jsonl):
    rs = load_retrieved(jsonl({"url": None, "text": "a"}, {"url": "", "text": "b"}))
    assert not rs.is_empty and not rs.has_urls


def test_resolve_builds_a_window_over_the_cited_chunk(jsonl):
    text = "The limit is 200 requests per minute for\nfree accounts.\n\nPaid accounts have no limit."
    rs = load_retrieved(jsonl({"url": SRC + "/", "title": "Limits", "text": text}, {"url": "https://o.org/x", "text": "Other."}))
    res = rs.resolve(url_anchor(SRC + "#limits"))
    assert res.finding is None
    w = res.window
    assert w.document.channel == RETRIEVED_CHANNEL and w.document.url == SRC + "/" and w.document.title == "Limits"
    assert w.document.path == "retrieved.jsonl#L1"
    assert "Other." not in w.text
    # segmented like a saved source: the visual wrap is rejoined into one sentence
    assert [s.text for s in w.segments] == [
        "The limit is 200 requests per minute for free accounts.",
        "Paid accounts have no limit.",
    ]
    assert not w.coarse


def test_several_chunks_of_one_page_form_one_document(jsonl):
    rs = load_retrieved(jsonl({"url": SRC, "text": "Part one."}, {"url": "https://o.org", "text": "x"},
                              {"url": SRC + "/", "text": "Part two."}))
    w = rs.resolve(url_anchor(SRC)).window
    assert w.document.path == "retrieved.jsonl#L1,L3"
    assert [s.text for s in w.segments] == ["Part one.", "Part two."]
    assert rs.resolve(url_anchor(SRC)).window.document is w.document  # built once


def test_unretrieved_and_laundered_urls_do_not_resolve(jsonl):
    rs = load_retrieved(jsonl({"url": SRC + "/", "text": "Ref."}))
    res = rs.resolve(url_anchor(SRC + "/hooks/useMadeUp"))
    assert res.window is None and res.finding.code == "url_not_retrieved"
    assert "extends retrieved https://docs.example.org/reference/" in res.finding.message
    assert "line 3" in res.finding.message
    other = rs.resolve(url_anchor("https://elsewhere.org/page"))
    assert other.finding.code == "url_not_retrieved" and "extends" not in other.finding.message


def test_non_url_anchor_in_rag_mode_is_a_finding(jsonl):
    from citeproof.model import Anchor, Location

    rs = load_retrieved(jsonl({"url": SRC, "text": "Ref."}))
    res = rs.resolve(Anchor(raw="[pmid:1]", kind="pmid", source_id="1", location=Location(line=2)))
    assert res.window is None and res.finding.code == "anchor_unresolved" and "pmid" in res.finding.message
