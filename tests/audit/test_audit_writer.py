from __future__ import annotations

import errno
import json
import os
import stat
import threading
from pathlib import Path

import pytest

from audit.reader import chain_problems, read_log
from audit.record import GENESIS_HASH, AuditRecord
from audit.writer import AuditLogError, AuditWriter

FIELDS = dict(
    claim_id="c1", claim_text="A claim.", source_ids=["S1"], locator="L1",
    excerpt=dict(text="x", sha256="s", source_path="p", line_start=1, line_end=1, char_start=0, char_end=1, tokens=1, strategy="locator"),
    model="m", base_url="http://127.0.0.1:9/v1", parameters={"temperature": 0.0, "max_tokens": 300, "timeout_s": 5.0},
    output_mode="json_schema", prompt_version="judge-v1", raw_response=None, verdict=None, quote=None, rationale=None,
    quote_check=None, prompt_tokens=None, completion_tokens=None, latency_s=0.1, attempt=1, cached=False,
    error="timeout", error_detail=None, http_status=None, budget_before=5, budget_after=4,
)


def test_lines_chain_and_a_rerun_continues_the_chain(tmp_path: Path):
    log = tmp_path / "audit.jsonl"
    with AuditWriter(log, "run-1", fsync=False) as w:
        first = w.write(**FIELDS)
        w.write(**FIELDS)
    with AuditWriter(log, "run-2") as w:
        third = w.write(**FIELDS)
    assert first.prev_hash == GENESIS_HASH and first.sequence == 1
    assert third.sequence == 3 and third.run_id == "run-2"
    lines = read_log(log)
    assert [ln.record.sequence for ln in lines] == [1, 2, 3]
    assert chain_problems(lines) == []
    assert all(raw.count("\n") == 1 for raw in log.read_text().splitlines(keepends=True))


def test_concurrent_writes_keep_sequence_and_chain(tmp_path: Path):
    log = tmp_path / "audit.jsonl"
    with AuditWriter(log, fsync=False) as w:
        threads = [threading.Thread(target=lambda: [w.write(**FIELDS) for _ in range(25)]) for _ in range(8)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
    lines = read_log(log)
    assert len(lines) == 200 and chain_problems(lines) == []


def test_an_invalid_record_is_refused_and_never_written(tmp_path: Path):
    log = tmp_path / "audit.jsonl"
    with AuditWriter(log, fsync=False) as w:
        with pytest.raises(ValueError):
            w.write(**{**FIELDS, "budget_after": -1})
        with pytest.raises(ValueError):
            w.write(**FIELDS, surprise="field")
    assert log.read_text() == ""


def test_a_torn_last_line_is_refused_not_appended_to(tmp_path: Path):
    log = tmp_path / "audit.jsonl"
    with AuditWriter(log, fsync=False) as w:
        w.write(**FIELDS)
    with log.open("a") as fh:
        fh.write('{"sequence": 2, "ha')
    with pytest.raises(AuditLogError, match="line 2 is incomplete"):
        AuditWriter(log)


def test_a_garbage_last_line_is_refused(tmp_path: Path):
    log = tmp_path / "audit.jsonl"
    log.write_text("not json\n")
    with pytest.raises(AuditLogError, match="line 1"):
        AuditWriter(log)


def test_no_api_key_or_authorization_value_reaches_the_log(tmp_path: Path, monkeypatch):
    marker = "sk-MARKER0123456789abcdefXYZ"
    monkeypatch.setenv("OPENAI_API_KEY", marker)
    monkeypatch.setenv("MY_JUDGE_KEY", "other-secret-value-42")
    log = tmp_path / "audit.jsonl"
    with AuditWriter(log, secret_env=("MY_JUDGE_KEY", "OPENAI_API_KEY"), fsync=False) as w:
        w.write(**{**FIELDS, "error_detail": f"401: bad key {marker}", "raw_response": "Authorization: Bearer abcdefghijklmnop; other-secret-value-42"})
        w.write(**{**FIELDS, "claim_text": 'headers {"api_key": "zzzzzzzzzz"}'})
    text = log.read_text()
    assert marker not in text and "other-secret-value-42" not in text
    assert "abcdefghijklmnop" not in text and "zzzzzzzzzz" not in text
    assert "[REDACTED]" in text
    assert chain_problems(read_log(log)) == []  # the hash covers the scrubbed text


def test_each_line_is_one_canonical_json_object(tmp_path: Path):
    log = tmp_path / "audit.jsonl"
    with AuditWriter(log, fsync=False) as w:
        w.write(**{**FIELDS, "claim_text": "多行\nclaim"})
    (raw,) = log.read_text(encoding="utf-8").splitlines()
    data = json.loads(raw)
    AuditRecord.model_validate(data)
    assert data["schema_version"] == "2" and data["claim_text"] == "多行\nclaim"


def test_two_writers_on_one_log_still_chain(tmp_path: Path):
    log = tmp_path / "audit.jsonl"
    with AuditWriter(log, "run-a", fsync=False) as a, AuditWriter(log, "run-b", fsync=False) as b:
        for _ in range(5):
            a.write(**FIELDS)
            b.write(**FIELDS)
            b.write(**FIELDS)
    lines = read_log(log)
    assert len(lines) == 15 and chain_problems(lines) == []
    assert [ln.record.run_id for ln in lines[:3]] == ["run-a", "run-b", "run-b"]


def test_the_tail_of_a_long_log_is_found(tmp_path: Path):
    log = tmp_path / "audit.jsonl"
    big = {**FIELDS, "claim_text": "x" * 70_000}  # lines longer than one tail chunk
    with AuditWriter(log, fsync=False) as w:
        for _ in range(3):
            w.write(**big)
    with AuditWriter(log, fsync=False) as w:
        assert w.write(**FIELDS).sequence == 4
    assert chain_problems(read_log(log)) == []


def test_a_secret_inside_a_nested_model_field_is_scrubbed_and_the_returned_record_is_what_was_written(tmp_path: Path):
    from audit.record import ExcerptRecord

    secret = "sk-NESTED0123456789abcdefXYZ"
    log = tmp_path / "audit.jsonl"
    excerpt = ExcerptRecord(**{**FIELDS["excerpt"], "text": f"echoed {secret}"})
    with AuditWriter(log, secret_env=(), fsync=False) as w:
        record = w.write(**{**FIELDS, "excerpt": excerpt})
    assert secret not in log.read_text()
    (line,) = read_log(log)
    assert line.record == record and record.excerpt.text == "echoed [REDACTED]"
    assert chain_problems(read_log(log)) == []


@pytest.mark.parametrize("key", [' zz-SECRET-zz-1234', 'pa"ss\\wo-rd-123456', "key with/slash+plus=1234"])
def test_a_key_is_redacted_in_the_forms_a_server_echoes(key):
    # rt14c: a stripped, JSON-escaped or percent-encoded echo of the key survived
    import json as _json
    from urllib.parse import quote as _quote

    from audit.scrub import Scrubber

    scrub = Scrubber(secret_env=(), secrets=[key])
    for echoed in (key, key.strip(), _json.dumps(key)[1:-1], _quote(key, safe=""), key.upper()):
        out = scrub.text(f"your key is {echoed}!")
        assert "[REDACTED]" in out and "ss" not in out.lower().replace("is ", "") and "1234" not in out, (echoed, out)


@pytest.mark.parametrize(
    ("url", "public"),
    [
        ("http://u:SECRETKEY99@127.0.0.1:18761/v1", "http://127.0.0.1:18761/v1"),
        ("https://:SECRETKEY99@api.example.test/v1", "https://api.example.test/v1"),
        ("http://127.0.0.1:8080/v1?api_key=SECRETKEY99", "http://127.0.0.1:8080/v1?api_key=[REDACTED]"),
        ("http://gateway.test/SECRETKEY99/v1", "http://gateway.test/[REDACTED]/v1"),
        # every query value and the fragment, whatever the parameter is called (rt17c)
        ("http://h.test/v1?key=abc123&access_token=def456&token=g&sig=h%2B&flag",
         "http://h.test/v1?key=[REDACTED]&access_token=[REDACTED]&token=[REDACTED]&sig=[REDACTED]&[REDACTED]"),
        ("http://h.test/v1#access_token=abc123", "http://h.test/v1#[REDACTED]"),
        # what carries no credentials is written as given, byte for byte (the cache key stays the same)
        ("http://127.0.0.1:8080/v1/", "http://127.0.0.1:8080/v1/"),
        ("https://api.openai.com/v1", "https://api.openai.com/v1"),
        ("http://judge.test/v1/@models", "http://judge.test/v1/@models"),
    ],
)
def test_public_url_drops_user_info_and_scrubs_the_key(url, public):
    from audit.scrub import Scrubber, public_url

    assert public_url(url, Scrubber(secret_env=(), secrets=["SECRETKEY99"])) == public


def _edited_record(log: Path) -> str:
    data = json.loads(log.read_text().splitlines()[0])
    data["claim_text"] = "edited"
    return json.dumps(data)


@pytest.mark.parametrize(
    ("last", "said"),
    [
        (lambda log: '{"sequence": 3, "hash": "abc"}', "not schema-valid: run_id: Field required"),
        (lambda log: "[1, 2]", "not a JSON object"),
        (lambda log: "", "not JSON"),
        (lambda log: "[" * 100_000 + "]" * 100_000, "nested too deeply"),
        (_edited_record, "hash does not match the line's content (line edited)"),
    ],
    ids=["sequence-and-hash-only", "not-an-object", "empty-line", "deep", "edited-record"],
)
def test_a_last_line_that_is_not_a_whole_audit_record_is_refused_not_chained_onto(tmp_path: Path, last, said):
    # rt16c: '{"sequence": 3, "hash": "abc"}' appended was chained onto, and the judge paid for a log that could never pass
    log = tmp_path / "audit.jsonl"
    with AuditWriter(log, fsync=False) as w:
        w.write(**FIELDS)
        w.write(**FIELDS)
    with log.open("a") as fh:
        fh.write(last(log) + "\n")
    before = log.read_bytes()
    with pytest.raises(AuditLogError) as err:
        AuditWriter(log)
    assert str(err.value).startswith(f"{log}: line 3 is not an audit record to continue the chain from") and said in str(err.value)
    assert log.read_bytes() == before


def test_a_log_ending_in_a_whole_record_is_continued(tmp_path: Path):
    log = tmp_path / "audit.jsonl"
    with AuditWriter(log, "run-a", fsync=False) as w:
        w.write(**FIELDS)
    with AuditWriter(log, "run-b", fsync=False) as w:
        assert w.write(**FIELDS).sequence == 2
    lines = read_log(log)
    assert chain_problems(lines) == [] and [ln.record.run_id for ln in lines] == ["run-a", "run-b"]


@pytest.mark.parametrize("damage", ["first-deleted", "line-duplicated"])
def test_a_log_whose_chain_is_already_broken_above_its_last_line_is_refused(tmp_path: Path, damage):
    # rt17c: after `sed 1d` the last line was still a valid record; verify appended to it, paid
    # for its calls and exited 0, and `audit check` then failed the log
    log = tmp_path / "audit.jsonl"
    with AuditWriter(log, fsync=False) as w:
        for _ in range(3):
            w.write(**FIELDS)
    lines = log.read_text().splitlines(keepends=True)
    log.write_text("".join(lines[1:] if damage == "first-deleted" else [lines[0], *lines]))
    before = log.read_bytes()
    count = 2 if damage == "first-deleted" else 4
    with pytest.raises(AuditLogError) as err:
        AuditWriter(log)
    assert str(err.value).startswith(f"{log}: line {count} has sequence 3, but the log holds {count} line(s): the chain is already broken")
    assert log.read_bytes() == before


def test_verify_stops_before_any_call_on_a_log_whose_chain_is_broken(tmp_path: Path):
    from citeproof.cli import main

    log = tmp_path / "audit.jsonl"
    with AuditWriter(log, fsync=False) as w:
        for _ in range(2):
            w.write(**FIELDS)
    log.write_text("".join(log.read_text().splitlines(keepends=True)[1:]))
    (tmp_path / "sources" / "evidence").mkdir(parents=True)
    (tmp_path / "sources" / "evidence" / "s.md").write_text("The response rate was 45%.\n")
    (tmp_path / "r.md").write_text("# R\n\nThe response rate was 45% [evidence:s.md#L1].\n")
    # port 9 (discard): a call, if one were made, would fail as a connection error, never exit 2
    code = main(["verify", str(tmp_path / "r.md"), "--sources", str(tmp_path / "sources"), "--tier2", "--model", "m",
                 "--base-url", "http://127.0.0.1:9/v1", "--audit-log", str(log), "--no-cache", "--out", str(tmp_path / "o.json")])
    assert code == 2 and not (tmp_path / "o.json").exists()
    assert len(log.read_text().splitlines()) == 1


def test_a_refused_answers_huge_quote_is_cut_with_its_length_and_hash(tmp_path: Path):
    # rt18c case2 `big`: a 3.8 MB quote was logged whole on every attempt
    import hashlib

    from tier2.answer_check import QUOTE_MAX_CHARS

    huge = "Overall survival " + "x" * 3_800_000
    log = tmp_path / "audit.jsonl"
    with AuditWriter(log, fsync=False) as w:
        record = w.write(**{**FIELDS, "error": "quote_too_long", "quote": huge, "rationale": "ok"})
    assert len(log.read_text()) < 10_000
    assert record.quote.startswith(huge[:QUOTE_MAX_CHARS]) and len(record.quote) < QUOTE_MAX_CHARS + 200
    assert f"{len(huge):,} characters" in record.quote and hashlib.sha256(huge.encode()).hexdigest() in record.quote
    assert chain_problems(read_log(log)) == []


def test_a_quote_the_check_allows_is_logged_whole(tmp_path: Path):
    from tier2.answer_check import QUOTE_MAX_CHARS

    log = tmp_path / "audit.jsonl"
    at_cap = "y" * QUOTE_MAX_CHARS
    longer = "z" * (QUOTE_MAX_CHARS + 1)
    with AuditWriter(log, fsync=False) as w:
        refused_at_cap = w.write(**{**FIELDS, "error": "quote_not_in_excerpt", "quote": at_cap})
        valid = w.write(**{**FIELDS, "error": None, "verdict": "contradicted", "quote": longer})
    # never cut while the check could have let it through; a valid line is never cut (replay re-checks it)
    assert refused_at_cap.quote == at_cap and valid.quote == longer


@pytest.mark.parametrize(
    ("key", "echo"),
    [
        ("sk-REDTEAMKEY1234567890abcdef", "REDTEAMKEY1234567890abcdef"),  # rt18c case6: the key's body alone
        ("sk-proj-Abc123Def456Ghi789Jkl0", "Abc123Def456Ghi789Jkl0"),
        ("gsk_0123456789abcdefXYZW", "0123456789abcdefXYZW"),
    ],
)
def test_a_keys_body_echoed_without_its_prefix_is_redacted(key, echo):
    from audit.scrub import Scrubber

    out = Scrubber(secret_env=(), secrets=[key]).text(f"your key {echo} is wrong")
    assert echo not in out and "[REDACTED]" in out
    # the body alone, base64-encoded (a server's Basic header built from it): only the body's own
    # forms find it, as the whole key's encodings hold its prefix
    import base64

    encoded = base64.b64encode(echo.encode()).decode()
    out = Scrubber(secret_env=(), secrets=[key]).text(f"basic {encoded} refused")
    assert encoded not in out and "[REDACTED]" in out


def test_a_short_rest_after_a_prefix_is_not_taken_for_the_key():
    # "other-secret-value-42" leaves "secret-value-42" (15 characters): an ordinary phrase could be that
    from audit.scrub import Scrubber

    scrub = Scrubber(secret_env=(), secrets=["other-secret-value-42"])
    assert scrub.text("a secret-value-42 phrase") == "a secret-value-42 phrase"
    assert scrub.text("The objective response rate was 45% in the treatment arm") == "The objective response rate was 45% in the treatment arm"


def test_a_json_escaped_key_in_a_raw_response_is_redacted_in_the_log(tmp_path: Path):
    # rt18c: "\u0073k-…" survived in raw_response
    key = "sk-REDTEAMKEY1234567890abcdef"
    raw = '{"verdict": "not_enough_info", "quote": "", "rationale": "key \\u0073k-RED\\u0054EAMKEY1234567890abcdef \\u0022"}'
    log = tmp_path / "audit.jsonl"
    with AuditWriter(log, secret_env=(), secrets=[key], fsync=False) as w:
        w.write(**{**FIELDS, "raw_response": raw})
    text = log.read_text()
    assert "EAMKEY1234" not in text and "[REDACTED]" in text
    assert "\\\\u0022" in text  # a quote mark stays escaped: the raw JSON keeps its meaning
    # a raw response with no key in it is kept as sent
    from audit.scrub import Scrubber

    plain = '{"verdict": "supported", "quote": "45%", "rationale": "ok"}'
    assert Scrubber(secret_env=(), secrets=[key]).raw(plain) == plain
    # a key nobody named is still found by its shape once its escapes are read
    assert Scrubber(secret_env=()).raw('x \\u0073k-abcdefghijklmnopqrstu y') == "x [REDACTED] y"


KEY = "sk-test-Zq8xP2mN7vL4tR9wSECRET"


@pytest.mark.parametrize(
    "echo",
    [
        KEY[:-1],  # rt21c e3: the key minus its last character
        " ".join(KEY[8:]),  # rt21c e3: spelled out a character at a time
        KEY[8:16],  # a prefix of its body, as long as a run must be
        KEY[-10:],  # a suffix
        KEY.upper(),
        KEY.lower()[:20],
        "-".join([KEY[8:12], KEY[12:16], KEY[16:20]]),  # grouped with separators
        ".".join(KEY[8:20]),
    ],
    ids=["truncated", "spaced", "prefix", "suffix", "upper", "lower-truncated", "grouped", "dotted"],
)
def test_a_key_echoed_altered_is_redacted(echo):
    from audit.scrub import Scrubber

    out = Scrubber(secret_env=(), secrets=[KEY]).text(f"token {echo} is wrong")
    assert out == "token [REDACTED] is wrong", out


@pytest.mark.parametrize(
    "text",
    [
        "The objective response rate was 45% in the treatment arm (n=120), 13.5 months median.",
        "Zq8xP2m is shorter than a run",  # seven of the key's characters
        "Zq8x  P2mN",  # two separators end a run: four and four characters
        "the test secret was kept",  # words the key holds read as prose
    ],
)
def test_ordinary_text_and_short_runs_are_not_redacted(text):
    from audit.scrub import Scrubber

    assert Scrubber(secret_env=(), secrets=[KEY]).text(text) == text


def test_a_run_is_redacted_and_the_text_around_it_kept():
    from audit.scrub import Scrubber

    scrub = Scrubber(secret_env=(), secrets=[KEY])
    assert scrub.text(f"a{KEY[8:18]}b and {' '.join(KEY[20:])}.") == "a[REDACTED]b and [REDACTED]."
    # a key shorter than a run is held whole, spaced or not
    assert Scrubber(secret_env=(), secrets=["ab3x9q"]).text("k a b 3 x 9 q ab3x9 z") == "k [REDACTED] ab3x9 z"


def test_a_spaced_or_truncated_key_never_reaches_the_log(tmp_path: Path):
    log = tmp_path / "audit.jsonl"
    with AuditWriter(log, secret_env=(), secrets=[KEY], fsync=False) as w:
        w.write(**{**FIELDS, "raw_response": f"{KEY[:-1]} / {' '.join(KEY)}", "error_detail": KEY[8:].upper()})
    text = log.read_text()
    assert "Zq8x" not in text and "Z q 8" not in text and "ZQ8X" not in text
    assert chain_problems(read_log(log)) == []


@pytest.mark.parametrize(
    ("url", "echoes", "kept"),
    [
        # rt24c: the proxy's 401 quoted "admin:PASSWORD"; the Basic header is base64 of it
        ("http://admin:Zq8vT3pLk9Wm2Rx7@127.0.0.1:18765/v1",
         ["admin:Zq8vT3pLk9Wm2Rx7", "Zq8vT3pLk9Wm2Rx7", "YWRtaW46WnE4dlQzcExrOVdtMlJ4Nw==", "YWRtaW46WnE4dlQzcExrOVdtMlJ4Nw"],
         "admin"),
        # a password shorter than a run (8) is held whole; percent-encoded as written, decoded as sent
        ("http://bob:p%40ss77@h.test/v1", ["p@ss77", "p%40ss77", "bob:p@ss77", "Ym9iOnBAc3M3Nw=="], "bob"),
        # a password too short to hold alone (it would redact ordinary words) goes with its user
        ("http://admin:pw12@h.test/v1", ["admin:pw12", "YWRtaW46cHcxMg=="], "pw12"),
        # a key written as the user-info, no password: httpx sends base64 of "KEY:"
        ("http://sk-inurl-0123456789abcdef@h.test/v1", ["sk-inurl-0123456789abcdef", "c2staW51cmwtMDEyMzQ1Njc4OWFiY2RlZjo="], ""),
    ],
)
def test_a_urls_credentials_are_redacted_in_the_forms_a_request_sends_them(url, echoes, kept):
    from audit.scrub import Scrubber, url_credentials

    scrub = Scrubber(secret_env=(), secrets=url_credentials(url))
    for echo in echoes:
        assert scrub.text(f"rejected {echo} here") == "rejected [REDACTED] here", echo
    if kept:  # the user name alone, or a too-short password alone, is ordinary text
        assert scrub.text(f"the {kept} arm") == f"the {kept} arm"
    assert url_credentials("http://judge.test/v1") == [] and url_credentials("http://judge.test/v1/@models") == []


def test_a_key_echoed_in_base64_or_full_width_is_redacted():
    import base64

    from audit.scrub import Scrubber

    scrub = Scrubber(secret_env=(), secrets=[KEY])
    b64 = base64.b64encode(KEY.encode()).decode()
    wide = "".join(chr(ord(c) + 0xFEE0) if "!" <= c <= "~" else c for c in KEY)
    for echo in (b64, b64.rstrip("="), wide, wide[:12], KEY[::-1]):
        assert scrub.text(f"token {echo} is wrong") == "token [REDACTED] is wrong", echo
    # full-width prose stays as written
    assert scrub.text("ｔｈｅ ｒａｔｅ ｗａｓ ４５％") == "ｔｈｅ ｒａｔｅ ｗａｓ ４５％"


def _escaped_forms() -> dict[str, str]:
    pct = "".join(f"%{b:02X}" for b in KEY.encode())
    return {
        "percent-encoded": pct,
        "percent-encoded-lower": pct.lower(),
        "percent-encoded-in-part": pct[:39] + KEY[13:],  # "sk-test-Zq8xP" escaped, the rest not
        "hex": KEY.encode().hex(),
        "hex-upper": KEY.encode().hex().upper(),
        "decimal-entities": "".join(f"&#{ord(c)};" for c in KEY),
        "hex-entities": "".join(f"&#x{ord(c):X};" for c in KEY),
        "entities-without-semicolons": "".join(f"&#{ord(c)}" for c in KEY),
        **{f"zero-width-{ord(z):04X}": z.join(KEY) for z in "\u200b\u200c\u200d\u2060\ufeff"},
        "zero-width-in-a-run": "\u200b".join(KEY[8:20]),
        # rt27j: other invisible (default-ignorable) characters: the soft hyphen, the combining
        # grapheme joiner, the invisible separator, a bidi mark, a variation selector, a tag
        **{f"invisible-{ord(z):04X}": z.join(KEY) for z in "\u00ad\u034f\u2063\u200e\ufe0f\U000e0041"},
    }


@pytest.mark.parametrize("echo", list(_escaped_forms().values()), ids=list(_escaped_forms()))
def test_a_key_echoed_escaped_hex_or_with_zero_width_characters_is_redacted(echo):
    # audit2: a key percent-encoded, hex, as HTML character references or with zero-width
    # characters between its letters reached the log whole
    from audit.scrub import Scrubber

    out = Scrubber(secret_env=(), secrets=[KEY]).text(f"token {echo} is wrong")
    assert out == "token [REDACTED] is wrong", out


@pytest.mark.parametrize(
    "text",
    [
        "sha256 736b2d746573742d00ff9a0b1c2d3e4f5a6b7c8d9e0f and a%20b%2Fc%3Dd",  # hex and escapes, not the key
        "&#169; 2024 &#x4E2D;&#25991; &amp; &#115;&#107;-other-value",  # references that spell no key
        "zero\u200bwidth\u2060joined\ufeff text",  # zero-width characters in prose
        "hy\u00adphen\u00adated and \u200eמרק\u200f prose",  # soft hyphens and bidi marks in prose
        "&#0; &#x110000; %00 %zz 45%",  # references to no character, and no escapes at all
    ],
)
def test_escaped_text_that_is_not_the_key_is_left_as_written(text):
    from audit.scrub import Scrubber

    assert Scrubber(secret_env=(), secrets=[KEY]).text(text) == text


def test_a_zero_width_character_beside_the_key_stays_and_the_text_around_it_is_kept():
    from audit.scrub import Scrubber

    scrub = Scrubber(secret_env=(), secrets=[KEY])
    echo = "\u2060" + "\u200b".join(KEY) + "\u200d"
    assert scrub.text(f"a%20{echo}%20b") == "a%20\u2060[REDACTED]\u200d%20b"


def test_an_escaped_or_hex_key_never_reaches_the_log(tmp_path: Path):
    log = tmp_path / "audit.jsonl"
    forms = _escaped_forms()
    with AuditWriter(log, secret_env=(), secrets=[KEY], fsync=False) as w:
        w.write(**{**FIELDS, "raw_response": " | ".join(forms.values()), "error_detail": forms["hex-entities"]})
    text = log.read_text()
    assert "736b2d" not in text.lower() and "&#115;" not in text and "&#x73;" not in text.lower()
    assert "%73%6b" not in text.lower() and "8xP2" not in text
    assert chain_problems(read_log(log)) == []


def _recoverable(text: str, key: str, run: int = 8) -> bool:
    """Whether any base64 run left in ``text`` decodes (at any alignment, either alphabet) to
    bytes holding ``run`` characters of ``key`` in a row."""
    import base64
    import binascii
    import re

    pieces = {key[i : i + run].encode() for i in range(len(key) - run + 1)}
    for m in re.finditer(r"[A-Za-z0-9+/_-]{4,}", text):
        chunk = m.group().replace("-", "+").replace("_", "/")
        for cut in range(4):
            body = chunk[cut:]
            body = body[: len(body) - len(body) % 4]
            try:
                decoded = base64.b64decode(body)
            except binascii.Error:
                continue
            if any(p in decoded for p in pieces):
                return True
    return False


@pytest.mark.parametrize("prefix", ["", "B", "Be", "Bearer ", "key=", '{"api_key": "'])
@pytest.mark.parametrize("urlsafe", [False, True])
def test_a_key_inside_a_longer_base64_blob_is_redacted_at_every_offset(prefix, urlsafe):
    # rt27j: "Bearer KEY" or '{"api_key": KEY}' base64-encoded whole put the key at a byte offset
    # whose encoding no fixed form matched
    import base64

    from audit.scrub import Scrubber

    encode = base64.urlsafe_b64encode if urlsafe else base64.b64encode
    blob = encode((prefix + KEY + '"}').encode()).decode()
    assert _recoverable(blob, KEY)  # the check can see the key when it is there
    out = Scrubber(secret_env=(), secrets=[KEY]).text(f"auth {blob} end")
    assert "[REDACTED]" in out and not _recoverable(out, KEY), out


def test_base64_that_holds_no_key_is_left_as_written():
    import base64

    from audit.scrub import Scrubber

    text = "payload " + base64.b64encode(b"Bearer sk-test-another-key-entirely-000").decode()
    assert Scrubber(secret_env=(), secrets=[KEY]).text(text) == text


# audit3: hex with separators, UTF-16 hex and percent-encoded multi-byte characters reached the log
NON_ASCII_KEY = "sk-caf\u00e9-Zq8xP2mN7vL4tR9w\u00fcSECRET"


def _hex_and_multibyte_forms() -> dict[str, tuple[str, str]]:
    """name: (key, its echo)."""
    raw, wide = KEY.encode(), NON_ASCII_KEY.encode()
    return {
        "hex-colons": (KEY, raw.hex(":")),
        "hex-colons-upper": (KEY, raw.hex(":").upper()),
        "hex-spaces": (KEY, raw.hex(" ")),
        "hex-dashes": (KEY, raw.hex("-")),
        "hex-0x-commas": (KEY, ", ".join(f"0x{b:02X}" for b in raw)),
        "hex-backslash-x": (KEY, "".join(f"\\x{b:02x}" for b in raw)),
        "hex-colons-a-run": (KEY, raw[8:20].hex(":")),  # twelve of the body's characters
        "utf16le-hex": (KEY, KEY.encode("utf-16-le").hex()),
        "utf16be-hex-upper": (KEY, KEY.encode("utf-16-be").hex().upper()),
        "utf16be-hex-words": (KEY, KEY.encode("utf-16-be").hex(" ", 2)),  # "0073 006b …"
        "utf16le-hex-spaced": (KEY, KEY.encode("utf-16-le").hex(" ")),
        "non-ascii-hex-colons": (NON_ASCII_KEY, wide.hex(":")),
        "non-ascii-utf16le-hex": (NON_ASCII_KEY, NON_ASCII_KEY.encode("utf-16-le").hex()),
        "percent-every-byte": (NON_ASCII_KEY, "".join(f"%{b:02X}" for b in wide)),
        "percent-every-byte-lower": (NON_ASCII_KEY, "".join(f"%{b:02x}" for b in wide)),
        "percent-non-ascii-only": (NON_ASCII_KEY, NON_ASCII_KEY.replace("\u00e9", "%C3%A9").replace("\u00fc", "%c3%bc")),
        "percent-a-run": (NON_ASCII_KEY, "".join(f"%{b:02X}" for b in NON_ASCII_KEY[3:15].encode())),
        "percent-a-run-non-ascii-only": (NON_ASCII_KEY, NON_ASCII_KEY[3:15].replace("\u00e9", "%C3%A9")),
    }


@pytest.mark.parametrize("form", list(_hex_and_multibyte_forms()))
def test_a_key_echoed_in_separated_or_utf16_hex_or_percent_encoded_bytes_is_redacted(form):
    from audit.scrub import Scrubber

    key, echo = _hex_and_multibyte_forms()[form]
    out = Scrubber(secret_env=(), secrets=[key]).text(f"token {echo} is wrong")
    assert out == "token [REDACTED] is wrong", out


@pytest.mark.parametrize("bom", ["fffe", "FEFF"])
def test_a_utf16_hex_key_after_its_byte_order_mark_is_redacted(bom):
    from audit.scrub import Scrubber

    body = KEY.encode("utf-16-le" if bom == "fffe" else "utf-16-be").hex()
    out = Scrubber(secret_env=(), secrets=[KEY]).text(f"token {bom}{body} is wrong")
    assert out == f"token {bom}[REDACTED] is wrong", out


@pytest.mark.parametrize(
    "text",
    [
        "device 00:1a:2b:3c:4d:5e and 00-1A-2B-3C-4D-5E, ipv6 fe80::1ff:fe23:4567:890a",  # MAC and IPv6 addresses
        "sha256 e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855 ok",  # a hash
        "header 0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01 and \\x89\\x50\\x4e\\x47\\x0d\\x0a",  # magic bytes
        "73 6b 2d 74 65 73 74 2d 61 6e 6f 74 68 65 72 2d 6b 65 79 2d 30 30 30",  # hex of another key
        "0073 006b 002d 006f 0074 0068 0065 0072 2d00",  # UTF-16 hex of other text
        "caf%C3%A9 %E4%B8%AD%E6%96%87 %C3 %ED%A0%80 %F0%9F%98%80 and 12 34 56 78 90 12 patients",
    ],
    ids=["mac-ipv6", "hash", "magic-bytes", "other-key-hex", "other-utf16", "percent-non-ascii-and-numbers"],
)
def test_hex_and_percent_encoded_text_that_is_not_the_key_is_left_as_written(text):
    from audit.scrub import Scrubber

    for key in (KEY, NON_ASCII_KEY):
        assert Scrubber(secret_env=(), secrets=[key]).text(text) == text


def test_a_separated_hex_key_is_redacted_and_the_hex_around_it_kept():
    from audit.scrub import Scrubber

    echo = "00:1a:2b " + KEY.encode().hex(":") + " 3c:4d:5e"
    assert Scrubber(secret_env=(), secrets=[KEY]).text(echo) == "00:1a:2b [REDACTED] 3c:4d:5e"


def test_a_hex_or_multibyte_percent_key_never_reaches_the_log(tmp_path: Path):
    log = tmp_path / "audit.jsonl"
    forms = [echo for key, echo in _hex_and_multibyte_forms().values()]
    with AuditWriter(log, secret_env=(), secrets=[KEY, NON_ASCII_KEY], fsync=False) as w:
        w.write(**{**FIELDS, "raw_response": " | ".join(forms), "error_detail": KEY.encode().hex(":")})
    text = log.read_text().lower()
    assert "73:6b:2d" not in text and "7300 6b00" not in text and "73006b00" not in text
    assert "%c3%a9" not in text and "8xp2" not in text
    assert chain_problems(read_log(log)) == []


def test_a_hex_key_after_an_odd_number_of_hex_digits_is_still_redacted():
    # the hex view reads bytes from where a run starts: a key's hex glued to one more digit is
    # read a nibble off there, and only the key's whole hex form finds it (kills s26-audit2's
    # "no hex form of a secret is redacted", which the hex view made redundant elsewhere)
    from audit.scrub import Scrubber

    out = Scrubber(secret_env=(), secrets=[KEY]).text(f"id=a{KEY.encode().hex()} end")
    assert out == "id=a[REDACTED] end", out


def test_a_reference_to_no_character_inside_the_key_stays_as_written():
    # "&#0;" decodes to nothing, so it is kept as text: the key's runs on either side of it are
    # redacted, the reference between them is not read as if it were not there
    from audit.scrub import Scrubber

    out = Scrubber(secret_env=(), secrets=[KEY]).text(f"token {KEY[:12]}&#0;{KEY[12:]} end")
    assert out == "token [REDACTED]&#0;[REDACTED] end", out


RT29J_KEY = "sk-proj-4fH8kQ2mZx9LpR7tWv3NcB6yJd1s"
_RT29J_BYTES = RT29J_KEY.encode()


@pytest.mark.parametrize(
    "form",
    [
        "".join(f"\\u{ord(c):04x}" for c in RT29J_KEY),  # rt29j k1: JSON \u escapes
        "".join(f"\\\\u{ord(c):04X}" for c in RT29J_KEY),  # the same a JSON level deeper
        "".join(f"\\u{{{ord(c):x}}}" for c in RT29J_KEY),  # "\u{73}"
        "".join(f"\\{c}" for c in RT29J_KEY),  # rt29j k1: a backslash before each character
        "".join(f"\\\\{c}" for c in RT29J_KEY),
        ", ".join(str(b) for b in _RT29J_BYTES),  # a byte array printed in decimal
        "[" + ",".join(str(b) for b in _RT29J_BYTES) + "]",
        ";".join(f"{b:02x}" for b in _RT29J_BYTES),  # hex bytes between ";" or "|"
        "|".join(f"{b:02X}" for b in _RT29J_BYTES),
        "".join(f"\\X{b:02X}" for b in _RT29J_BYTES),
        RT29J_KEY.encode("utf-32-le").hex(),  # UTF-32 hex
        " ".join(f"{b:02x}" for b in RT29J_KEY.encode("utf-32-be")),
    ],
    ids=["u-escape", "u-escape-deeper", "u-braced", "backslashed", "backslashed-deeper", "decimal", "decimal-list",
         "hex-semicolon", "hex-pipe", "hex-slash-X", "utf32le-hex", "utf32be-hex"],
)
def test_a_key_echoed_in_json_escapes_or_byte_lists_is_redacted(form):
    from audit.scrub import Scrubber

    out = Scrubber(secret_env=(), secrets=[RT29J_KEY]).text(f'upstream said: {{"error": "invalid key {form}"}} end')
    redacted = "[[REDACTED]]" if form.startswith("[") else "[REDACTED]"  # a list's brackets are not the key
    assert out == f'upstream said: {{"error": "invalid key {redacted}"}} end', out


def test_a_non_bmp_key_echoed_as_a_json_surrogate_pair_is_redacted():
    from audit.scrub import Scrubber

    key = "Qz7pX2\U0001d7d8mK9vL4"  # no run of 8 around the character: only the pair read whole finds it
    # ensure_ascii, in a JSON string quoted in another: the character as "\\ud835\\udfd8"
    echo = json.dumps(json.dumps(f"key {key} refused"))
    assert "\\\\ud835\\\\udfd8" in echo
    out = Scrubber(secret_env=(), secrets=[key]).text(echo)
    assert "Qz7pX2" not in out and "mK9vL4" not in out and "[REDACTED]" in out, out


@pytest.mark.parametrize(
    "text",
    [
        'C:\\Users\\me\\report.txt said "\\n" and caf\\u00e9 \\ud83d\\ude00',
        '{"quote": "the \\"45%\\" rate \\\\ in arm A", "rationale": "stated"}',
        "Response rates were 12, 45, 78, 90, 13, 14 and 15 in the seven cohorts; 115, 107, 45 patients.",
        "checksums 3a;4b;5c;6d;7e;8f and 00|11|22|33|44|55 unchanged",
        "\\" * 50 + " a run of backslashes " + "\\u" * 20,
    ],
)
def test_escaped_and_numeric_text_that_is_not_the_key_is_kept_as_written(text):
    from audit.scrub import Scrubber

    assert Scrubber(secret_env=(), secrets=[RT29J_KEY]).text(text) == text


def test_a_long_run_of_backslashes_is_scrubbed_in_linear_time():
    import time

    from audit.scrub import Scrubber

    scrub = Scrubber(secret_env=(), secrets=[RT29J_KEY])
    started = time.monotonic()
    assert scrub.text("\\" * 40_000) == "\\" * 40_000
    assert time.monotonic() - started < 5


def test_a_raw_response_is_logged_readable_with_a_nested_escaped_key_redacted(tmp_path: Path):
    # rt29j k1: decoding "\\u0073" (an escaped backslash, then "u0073") wrote "\s\k\-…" into raw_response
    escaped = "".join(f"\\u{ord(c):04x}" for c in RT29J_KEY)
    content = json.dumps({"verdict": "not_enough_info", "quote": "", "rationale": f'upstream said: {{"error": "invalid key {escaped}"}}'})
    log = tmp_path / "audit.jsonl"
    with AuditWriter(log, secret_env=(), secrets=[RT29J_KEY], fsync=False) as w:
        w.write(**{**FIELDS, "raw_response": content})
    raw = json.loads(log.read_text())["raw_response"]
    assert raw == content.replace(escaped.replace("\\", "\\\\"), "[REDACTED]"), raw


def _full_disk(writer: AuditWriter, monkeypatch, *, on_close: bool) -> None:
    """Every write of ``writer``'s lines fails as on a full disk (ENOSPC); with ``on_close`` the
    flush on close too."""
    def fail(*_args):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    fake = type("FullDisk", (), {})()
    fake.write = fail
    fake.close = fail if on_close else (lambda: None)
    monkeypatch.setattr(writer, "_writer", fake)


def test_a_full_disk_names_the_flag_and_the_log(tmp_path: Path, monkeypatch):
    # rt32b r3: "--audit-log /dev/full" said only "No space left on device"
    log = tmp_path / "audit.jsonl"
    w = AuditWriter(log, fsync=False)
    _full_disk(w, monkeypatch, on_close=True)
    with pytest.raises(AuditLogError) as raised:
        w.write(**FIELDS)
    assert str(raised.value).startswith(f"--audit-log {log}: ") and "No space left on device" in str(raised.value)
    w.close()  # the line left in the buffer fails again: not a second, bare error


def test_a_close_that_cannot_flush_names_the_flag_and_the_log(tmp_path: Path, monkeypatch):
    log = tmp_path / "audit.jsonl"
    w = AuditWriter(log, fsync=False)
    _full_disk(w, monkeypatch, on_close=True)
    with pytest.raises(AuditLogError, match=r"^--audit-log .*No space left on device"):
        w.close()


def test_a_fifo_audit_log_is_written_through_not_read(tmp_path: Path):
    # a FIFO holds no earlier line: its tail is not read (that would wait for a writer forever)
    fifo = tmp_path / "audit.fifo"
    os.mkfifo(fifo)
    end = os.open(fifo, os.O_RDWR | os.O_NONBLOCK)  # a reader, so the writer opens at once
    try:
        with AuditWriter(fifo) as w:  # synced as a file would be: a pipe cannot be (EINVAL), and is not
            w.write(**FIELDS)
            w.write(**FIELDS)
        got = os.read(end, 1 << 20)
    finally:
        os.close(end)
    lines = [json.loads(x) for x in got.decode().splitlines()]
    assert [ln["sequence"] for ln in lines] == [1, 2] and lines[0]["prev_hash"] == GENESIS_HASH
    assert stat.S_ISFIFO(os.stat(fifo).st_mode)
