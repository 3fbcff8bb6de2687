from pathlib import Path

import pytest
from pydantic import ValidationError

from tier2.options import Tier2Options


def make(**kw):
    return Tier2Options(**{"model": "m", "base_url": "http://127.0.0.1:8080/v1", "audit_log": Path("a.jsonl"), **kw})


def test_defaults():
    o = make()
    assert (o.api_key_env, o.excerpt_tokens, o.output_mode, o.cache_dir, o.concurrency) == ("OPENAI_API_KEY", 512, "auto", None, 1)


@pytest.mark.parametrize("field,value", [("base_url", "127.0.0.1:8080"), ("call_budget", -1), ("concurrency", 0),
                                         ("output_mode", "xml"), ("max_retries", 11), ("unknown", 1)])
def test_bad_values_are_refused(field, value):
    with pytest.raises(ValidationError):
        make(**{field: value})


def test_a_key_pasted_as_the_variable_name_is_refused_without_echoing_it():
    with pytest.raises(ValidationError) as err:
        make(api_key_env="sk-PASTED-KEY-0123456789")
    assert "NAME of an environment variable" in str(err.value)
    assert "PASTED" not in str(err.value)


@pytest.mark.parametrize("url", ["http://u:sk-PASTED-KEY-0123456789@127.0.0.1:bad/v1", "http://u:sk-PASTED/KEY-0123456789@h/v1",
                                 "u:sk-PASTED-KEY-0123456789@127.0.0.1/v1"])
def test_a_bad_base_url_with_credentials_is_refused_without_echoing_them(url):
    with pytest.raises(ValidationError) as err:
        make(base_url=url)
    assert "PASTED" not in str(err.value) and "base_url" in str(err.value)


def test_a_bad_base_url_without_credentials_is_named_with_the_reason():
    with pytest.raises(ValidationError) as err:
        make(base_url="http://127.0.0.1:bad/v1")
    assert "'http://127.0.0.1:bad/v1' is not a valid URL (Invalid port: 'bad')" in str(err.value)


@pytest.mark.parametrize("port", [0, 65536, 99999])
def test_a_port_that_cannot_exist_is_refused(port):
    with pytest.raises(ValidationError) as err:
        make(base_url=f"http://127.0.0.1:{port}/v1")
    assert f"has port {port}, which cannot exist (ports are 1-65535)" in str(err.value)


@pytest.mark.parametrize("url", ["http://127.0.0.1:1/v1", "http://127.0.0.1:65535/v1", "http://[::1]:8080/v1", "https://api.openai.com/v1"])
def test_every_real_port_and_the_default_port_are_accepted(url):
    assert make(base_url=url).base_url == url


@pytest.mark.parametrize("tail", ["?key=SECRET123abc", "?access_token=SECRET123abc", "?token=SECRET123abc",
                                  "?sig=SECRET123abc&se=2030", "?api-version=2024-06-01", "#access_token=SECRET123abc", "?"])
def test_a_base_url_with_a_query_or_fragment_is_refused_without_echoing_its_values(tail):
    # rt17c: "?key=…", "?access_token=…", "?token=…", "?sig=…" were written verbatim to the report and the log
    with pytest.raises(ValidationError) as err:
        make(base_url="http://127.0.0.1:8080/v1" + tail)
    assert "has a query string or fragment" in str(err.value) and "SECRET123abc" not in str(err.value)


def test_a_query_in_the_base_url_is_a_usage_error_on_the_command_line(tmp_path, capsys):
    from citeproof.cli import main

    (tmp_path / "r.md").write_text("# R\n\nText.\n")
    code = main(["verify", str(tmp_path / "r.md"), "--sources", str(tmp_path), "--tier2", "--model", "m",
                 "--base-url", "http://127.0.0.1:8080/v1?key=SECRET123abc", "--audit-log", str(tmp_path / "a.jsonl")])
    err = capsys.readouterr().err
    assert code == 2 and "has a query string or fragment" in err and "SECRET123abc" not in err
    assert not (tmp_path / "a.jsonl").exists()


@pytest.mark.parametrize("url", ["http://h/v1?key=SECRET123abc&api-version=2", "http://h/v1#access_token=SECRET123abc"])
def test_a_judge_built_directly_records_its_url_with_query_values_redacted(url):
    from tier2.openai_judge import OpenAIJudge

    judge = OpenAIJudge("m", url, None, timeout_s=5)
    try:
        assert "SECRET123abc" not in judge.base_url and "[REDACTED]" in judge.base_url
    finally:
        judge.close()


@pytest.mark.parametrize("port", ["８０", "٨٠", "8０"])
def test_a_port_of_non_ascii_digits_is_refused(port):
    # rt17c: httpx read "：８０" as no port (requests went to port 80) while the URL was recorded as given
    with pytest.raises(ValidationError) as err:
        make(base_url=f"http://127.0.0.1:{port}/v1")
    assert "has a port that is not ASCII digits 0-9" in str(err.value)


@pytest.mark.parametrize("url", ["http://127.0.0.1:80/v1", "http://[::1]:8080/v1", "http://[::1]/v1", "http://u:p@h:8080/v1"])
def test_ascii_ports_and_no_port_are_accepted(url):
    assert make(base_url=url).base_url == url
