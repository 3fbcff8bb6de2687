"""The URL matcher, one test per row of issue 4's table (and seed 003's probe set).

Mutations each row kills (tried by editing ``citeproof/retrieval.py`` and reverting):
accept any appended path → ``laundering_*``; step over every trailing slash instead of one
→ ``double_slash_is_another_path``; case-sensitive host → ``upper_case_host``; drop the
trailing-slash allowance → ``src_trailing_slash_cited_verbatim`` and friends.
"""

from __future__ import annotations

import pytest

from citeproof.retrieval import extends_url, url_cites

SRC = "https://docs.example.org/reference"

ROWS = [
    # (row id, cited in the answer, retrieved, expected)
    ("src_trailing_slash_cited_verbatim", SRC + "/", SRC + "/", True),
    ("src_bare_reply_adds_slash", SRC + "/", SRC, True),
    ("src_slash_reply_bare", SRC, SRC + "/", True),
    ("markdown_link_slash_both_sides", SRC + "/", SRC + "/", True),
    ("control_both_bare", SRC, SRC, True),
    ("slash_then_query", SRC + "/?tab=api", SRC, True),
    ("query_on_bare", SRC + "?tab=api", SRC + "/", True),
    ("fragment_on_bare_url", SRC + "#slots", SRC, True),
    ("slash_then_fragment", SRC + "/#slots", SRC, True),
    ("fragment_on_retrieved_side", SRC, SRC + "#slots", True),
    ("laundering_appended_path", SRC + "/hooks/useMadeUp", SRC, False),
    ("laundering_when_retrieved_ends_in_slash", SRC + "/hooks/useMadeUp", SRC + "/", False),
    ("laundering_appended_path_with_slash", SRC + "/hooks/useMadeUp/", SRC + "/", False),
    ("laundering_suffix_without_slash", SRC + "Extra", SRC, False),
    ("double_slash_is_another_path", SRC + "//", SRC, False),
    ("upper_case_host", "https://DOCS.Example.ORG/reference", SRC, True),
    ("upper_case_scheme", "HTTPS://docs.example.org/reference", SRC, True),
    ("path_is_case_sensitive", "https://docs.example.org/Reference", SRC, False),
    ("default_port_is_the_same_host", "https://docs.example.org:443/reference", SRC, True),
    ("other_port_is_another_host", "https://docs.example.org:8443/reference", SRC, False),
    ("other_scheme_is_not_retrieved", "http://docs.example.org/reference", SRC, False),
    ("other_host", "https://docs.example.com/reference", SRC, False),
    ("different_queries_differ", SRC + "?id=2", SRC + "?id=1", False),
    ("same_query_matches", SRC + "?id=1", SRC + "?id=1", True),
    ("prose_period_after_bare_url", SRC + ".", SRC, True),
    ("autolink_brackets", f"<{SRC}>", SRC, True),
    ("parenthesised_bare_url", SRC + ")", SRC, True),
    ("parent_of_retrieved_is_not_it", "https://docs.example.org/", SRC, False),
    ("not_a_url", "reference", SRC, False),
]


@pytest.mark.parametrize(("cited", "retrieved", "expected"), [r[1:] for r in ROWS], ids=[r[0] for r in ROWS])
def test_url_row(cited, retrieved, expected):
    assert url_cites(cited, retrieved) is expected


def test_extends_url_names_laundering_only():
    assert extends_url(SRC + "/hooks/useMadeUp", SRC + "/")
    assert not extends_url(SRC + "/", SRC)
    assert not extends_url("https://other.example.org/reference/x", SRC)
