"""Judge flags that cannot mean what they say are usage errors (exit 2, one line), before any
work; the documented judge-off run (--tier2 without an endpoint) stays a run."""

from __future__ import annotations

from pathlib import Path

import pytest
from trial_sources import UNDECIDED_BODY as BODY
from trial_sources import UNDECIDED_RECORD as RECORD
from trial_sources import write_trial_sources, write_undecided_report

from citeproof.cli import main

# nothing listens on port 9: a judge that runs ends in connection errors, exit 3
ENDPOINT = ["--base-url", "http://127.0.0.1:9/v1", "--max-retries", "0", "--timeout", "0.5"]


@pytest.fixture
def report(tmp_path: Path) -> Path:
    return write_undecided_report(tmp_path)


def run(report: Path, *extra: str, capsys) -> tuple[int, str]:
    log = report.parent / "audit.jsonl"
    code = main(["verify", str(report), "--sources", str(write_trial_sources(report.parent, RECORD)),
                 "--audit-log", str(log), *extra])
    return code, capsys.readouterr().err


def _usage_error(code: int, err: str, said: str) -> None:
    assert code == 2 and said in err, err
    assert err.startswith("citeproof: error: ") and len(err.strip().splitlines()) == 1, err


@pytest.mark.parametrize("model", [None, "", "  "], ids=["absent", "empty", "blank"])
def test_tier2_without_a_model_is_a_usage_error(report, capsys, model):
    # rt21c: it only warned, and exited 3 as if the judge had been asked
    flags = ["--tier2", *ENDPOINT, "--no-cache", *([] if model is None else ["--model", model])]
    code, err = run(report, *flags, capsys=capsys)
    _usage_error(code, err, "--tier2 needs --model NAME")
    assert not (report.parent / "audit.jsonl").exists()


def test_tier2_without_an_endpoint_is_the_documented_judge_off_run(report, capsys):
    code, err = run(report, "--tier2", "--model", "m", "--no-cache", capsys=capsys)
    assert code == 3 and "--tier2 given without --base-url; the judge will not run" in err
    assert "enable the judge with --tier2" in err  # the summary says how


def test_no_model_without_tier2_is_no_error(report, capsys):
    code, err = run(report, capsys=capsys)
    assert code == 3 and "error" not in err


def test_an_explicit_key_variable_that_is_unset_is_a_usage_error(report, capsys, monkeypatch):
    monkeypatch.delenv("CITEPROOF_TEST_JUDGE_KEY", raising=False)
    code, err = run(report, "--tier2", "--model", "m", *ENDPOINT, "--no-cache", "--api-key-env", "CITEPROOF_TEST_JUDGE_KEY", capsys=capsys)
    _usage_error(code, err, "--api-key-env names CITEPROOF_TEST_JUDGE_KEY, which is not set")
    assert not (report.parent / "audit.jsonl").exists()
    monkeypatch.setenv("CITEPROOF_TEST_JUDGE_KEY", "")
    code, err = run(report, "--tier2", "--model", "m", *ENDPOINT, "--no-cache", "--api-key-env", "CITEPROOF_TEST_JUDGE_KEY", capsys=capsys)
    _usage_error(code, err, "which is not set (or is empty)")


def test_a_set_key_variable_or_the_unset_default_runs_the_judge(report, capsys, monkeypatch):
    monkeypatch.setenv("CITEPROOF_TEST_JUDGE_KEY", "sk-test-0123456789abcdef")
    code, err = run(report, "--tier2", "--model", "m", *ENDPOINT, "--no-cache", "--api-key-env", "CITEPROOF_TEST_JUDGE_KEY", capsys=capsys)
    assert code == 3 and "citeproof: error:" not in err and (report.parent / "audit.jsonl").exists()
    # the default variable may be unset: a local server needs no key
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    code, err = run(report, "--tier2", "--model", "m", *ENDPOINT, "--no-cache", capsys=capsys)
    assert code == 3 and "citeproof: error:" not in err


@pytest.mark.parametrize(
    ("value", "said"),
    [
        ("sk-PASTED-KEY-0123456789", "must be the NAME of an environment variable"),
        ("gsk_" + "a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8", "its name is not shown"),  # spelled like a name
        # rt27j: 32 characters, spelled like a name: hex and mixed-case keys were shown
        ("c4e1f09ab27d3e8f5a6b0c91d7e2f43a", "its name is not shown"),
        ("Xq7bT2mLp9RvK4sWd8NfG3hJc6YzA1eU", "its name is not shown"),
    ],
)
def test_a_key_pasted_as_the_variable_name_is_never_echoed(report, capsys, monkeypatch, value, said):
    monkeypatch.delenv(value, raising=False)
    code, err = run(report, "--tier2", "--model", "m", *ENDPOINT, "--no-cache", "--api-key-env", value, capsys=capsys)
    _usage_error(code, err, said)
    assert value not in err and value[4:12] not in err


def test_no_cache_with_a_cache_dir_is_a_usage_error(report, tmp_path, capsys):
    code, err = run(report, "--tier2", "--model", "m", *ENDPOINT, "--no-cache", "--cache-dir", str(tmp_path / "c"), capsys=capsys)
    _usage_error(code, err, "--no-cache and --cache-dir contradict each other")
    assert not (tmp_path / "c").exists()
    code, err = run(report, "--tier2", "--model", "m", *ENDPOINT, "--cache-dir", str(tmp_path / "c"), capsys=capsys)
    assert code == 3 and "citeproof: error:" not in err


KEY = "sk-test-Zq8xP2mN7vL4tR9wSECRET"


@pytest.mark.parametrize("variable", ["OPENAI_API_KEY", "JUDGE_KEY"])
def test_an_error_line_on_stderr_is_scrubbed_of_the_key(report, capsys, monkeypatch, variable):
    # audit2: a flag's value (here the key hex-encoded, as a bad --exclude-channel) is quoted in the
    # one-line error; the key in the default or the named variable never reaches stderr
    monkeypatch.setenv(variable, KEY)
    named = [] if variable == "OPENAI_API_KEY" else ["--api-key-env", variable]
    code, err = run(report, *named, "--exclude-channel", KEY.encode().hex(), capsys=capsys)
    assert code == 2 and "[REDACTED]" in err and "736b2d" not in err, err
    # what holds no key is quoted as given
    code, err = run(report, *named, "--exclude-channel", "a0b1c2d3e4f5a6b7", capsys=capsys)
    assert code == 2 and "'a0b1c2d3e4f5a6b7'" in err, err


def test_audit_key_env_keys_the_log_and_is_refused_unset_or_pasted(report, capsys, monkeypatch):
    # audit2: the log's chain is keyed with the variable's value, which never reaches the log
    audit_key = "audit-key-Qv7rT2xK9mW4pL8s"
    monkeypatch.setenv("CITEPROOF_TEST_AUDIT_KEY", audit_key)
    code, err = run(report, "--tier2", "--model", "m", *ENDPOINT, "--no-cache", "--audit-key-env", "CITEPROOF_TEST_AUDIT_KEY", capsys=capsys)
    log = (report.parent / "audit.jsonl").read_text()
    assert code == 3 and '"hash_alg":"hmac-sha256"' in log and audit_key not in log and audit_key not in err
    (report.parent / "audit.jsonl").unlink()
    monkeypatch.delenv("CITEPROOF_TEST_AUDIT_KEY")
    code, err = run(report, "--tier2", "--model", "m", *ENDPOINT, "--no-cache", "--audit-key-env", "CITEPROOF_TEST_AUDIT_KEY", capsys=capsys)
    _usage_error(code, err, "--audit-key-env names CITEPROOF_TEST_AUDIT_KEY, which is not set")
    code, err = run(report, "--audit-key-env", "sk-PASTED-KEY-0123456789", capsys=capsys)
    _usage_error(code, err, "--audit-key-env must be the NAME")
    assert "PASTED" not in err and not (report.parent / "audit.jsonl").exists()
    # rt27j: a key spelled like a name is not echoed; a blank key is no key
    code, err = run(report, "--audit-key-env", "c4e1f09ab27d3e8f5a6b0c91d7e2f43a", capsys=capsys)
    _usage_error(code, err, "its name is not shown")
    assert "c4e1f09a" not in err
    monkeypatch.setenv("CITEPROOF_TEST_AUDIT_KEY", " ")
    code, err = run(report, "--tier2", "--model", "m", *ENDPOINT, "--no-cache", "--audit-key-env", "CITEPROOF_TEST_AUDIT_KEY", capsys=capsys)
    _usage_error(code, err, "--audit-key-env names CITEPROOF_TEST_AUDIT_KEY, which is not set (or is empty, or blank)")
    assert not (report.parent / "audit.jsonl").exists()


def test_a_key_spelled_like_a_name_given_as_a_flag_value_is_scrubbed_from_error_lines(report, capsys):
    # rt27j: a hex key pasted into --api-key-env reads as a variable's name; an error line that
    # quotes it (here a bad --exclude-channel carrying the same text) must not show it
    hexkey = "c4e1f09ab27d3e8f5a6b0c91d7e2f43a"
    code, err = run(report, "--api-key-env", hexkey, "--exclude-channel", hexkey, capsys=capsys)
    assert code == 2 and hexkey not in err and "[REDACTED]" in err, err


@pytest.mark.parametrize(
    ("name", "shown"),
    [("OPENAI_API_KEY", True), ("AZURE_OPENAI_KEY_V2", True), ("GPT4_KEY", True), ("KEY", True),
     ("c4e1f09ab27d3e8f5a6b0c91d7e2f43a", False), ("gsk_4eC39HqLyjWDarjtT1zdp7dc", False), ("sk-abc", False)],
)
def test_a_variable_name_is_shown_only_when_made_of_words(name, shown):
    from tier2.options import shown_env_name

    assert (shown_env_name(name) == name) is shown


@pytest.mark.parametrize("key", [KEY + "\n", KEY + " ", " " + KEY, KEY + "\r\nX-Extra: 1", KEY + "”", "sk-a\x1bb" + KEY],
                         ids=["newline", "trailing-space", "leading-space", "crlf", "non-ascii", "escape"])
@pytest.mark.parametrize("variable", ["OPENAI_API_KEY", "JUDGE_KEY"])
def test_a_key_no_http_header_can_carry_is_a_usage_error_before_any_call(report, capsys, monkeypatch, key, variable):
    # rt36a: OPENAI_API_KEY read from a file with its newline failed every request before it left
    # (h11: illegal header value), classified as a connection fault and retried: each claim spent
    # max_retries + 1 calls of the budget and ended judge_error, exit 3, never saying why
    monkeypatch.setenv(variable, key)
    named = [] if variable == "OPENAI_API_KEY" else ["--api-key-env", variable]
    code, err = run(report, "--tier2", "--model", "m", *ENDPOINT, "--no-cache", *named, capsys=capsys)
    _usage_error(code, err, f"{variable} holds a key that an HTTP header cannot carry")
    assert KEY[8:20] not in err
    assert not (report.parent / "audit.jsonl").exists()  # nothing was asked, nothing logged


@pytest.mark.parametrize("key", [KEY, "sk-with inner-space", "no-key"])
def test_a_key_a_header_can_carry_runs_the_judge(report, capsys, monkeypatch, key):
    monkeypatch.setenv("JUDGE_KEY", key)
    code, err = run(report, "--tier2", "--model", "m", *ENDPOINT, "--no-cache", "--api-key-env", "JUDGE_KEY", capsys=capsys)
    assert code == 3 and "citeproof: error:" not in err and (report.parent / "audit.jsonl").exists()


@pytest.mark.parametrize("model", ["sk-proj-Zq8xP2mN7vL4tR9wAbCdEfGh", "Bearer abcdefghijklmnop123456", KEY[:12] + "-model"],
                         ids=["sk-key", "bearer", "run-of-the-key"])
def test_a_model_name_that_reads_as_a_key_is_a_usage_error(report, capsys, monkeypatch, model):
    # rt36a: `--model sk-proj-…` (a key pasted in the wrong flag) was sent to the server, written into
    # the report and the summary as given, redacted in the log: `audit check` then failed the genuine run
    monkeypatch.setenv("OPENAI_API_KEY", KEY)
    code, err = run(report, "--tier2", "--model", model, *ENDPOINT, "--no-cache", capsys=capsys)
    _usage_error(code, err, "--model reads as a key")
    assert model not in err and model[3:12] not in err
    assert not (report.parent / "audit.jsonl").exists()


@pytest.mark.parametrize("model", ["gpt-4o-mini", "ft:gpt-3.5-turbo-0125:personal::8rUDoPQ2", "qwen2.5:7b-instruct-q4_K_M",
                                   "hf.co/bartowski/Llama-3.2-3B-Instruct-GGUF:Q4_K_M", "sk-model"])
def test_a_model_name_runs_the_judge(report, capsys, monkeypatch, model):
    monkeypatch.setenv("OPENAI_API_KEY", KEY)
    code, err = run(report, "--tier2", "--model", model, *ENDPOINT, "--no-cache", capsys=capsys)
    assert code == 3 and "citeproof: error:" not in err and (report.parent / "audit.jsonl").exists()
