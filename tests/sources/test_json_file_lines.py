"""A line locator into a JSON source counts the saved file's lines (SPEC §2).

The JSON reader gives one line per value, so line 13 of a ClinicalTrials.gov record as an editor
shows it (under "{", the trial id and the section keys) was another item to citeproof: a true
claim citing the line it was copied from failed, and a claim citing the reader's count passed
against a line the user never meant. Now #L12 is the file's line 12.
"""

from __future__ import annotations

import json

import pytest

from citeproof.pipeline import VerifyOptions, run
from citeproof.sources.json_lines import scalar_count, scalar_value_lines
from citeproof.sources.readers import read_json

RECORD = {
    "Clinical Trial ID": "NCT00000001",
    "Intervention": ["INTERVENTION 1:", "  Study agent 200 mg/day orally"],
    "Results": [
        "Outcome Measurement:",
        "  Median time to progression",
        "Arm I: median time to progression 13.5 months",
        "Arm II: median time to progression 15.0 months",
    ],
}
TEXT = json.dumps(RECORD, indent=4)
LINES = TEXT.split("\n")


def _file_line(fragment: str) -> int:
    return next(n for n, line in enumerate(LINES, 1) if fragment in line)


def test_every_value_is_read_with_the_file_line_it_stands_on():
    read = read_json(TEXT)
    assert len(read.file_lines) == len(read.lines)
    for line, at in zip(read.lines, read.file_lines):
        if line.strip() not in LINES[at - 1]:  # a scalar under a key reads "key: value"; both are on its line
            key, _, value = line.strip().partition(": ")
            assert f'"{key}": ' in LINES[at - 1] and value in LINES[at - 1], (line, at)


def test_objects_inside_lists_and_bare_values_keep_their_file_lines():
    # ClinicalTrials.gov API v2 shape: a list of objects, each read as its indented dump
    record = {"outcomes": [{"title": "Median PFS", "value": "11.2", "unit": "months"},
                           {"title": "ORR", "value": "45", "unit": "%"}], "n": 120, "note": "two\nlines"}
    text = json.dumps(record, indent=3)
    lines = text.split("\n")
    read = read_json(text)
    assert len(read.file_lines) == len(read.lines)
    for line, at in zip(read.lines, read.file_lines):
        if any(c.isalnum() for c in line):  # a bracket stands at the next value's line
            shown = line.strip().split("\\n")[0]
            if shown.startswith(("n: ", "note: ")):  # a scalar under a key reads "key: value"
                shown = shown.partition(": ")[2]
            assert shown in lines[at - 1], (line, at)


def test_keys_escapes_and_literals_are_counted_as_the_reader_reads_them():
    text = '{\n "a \\" b": "x \\" y",\n "n": [1, true,\n  null, {"k": "v"}],\n "e": []\n}'
    assert scalar_value_lines(text) == [2, 3, 3, 4, 4]
    assert scalar_count(json.loads(text)) == 5


def test_a_key_written_twice_leaves_no_file_lines_rather_than_wrong_ones():
    assert read_json('{"a": 1,\n "a": 2}').file_lines == ()


def _cite(tmp_path, claim: str, locator: str):
    folder = tmp_path / "sources" / "clinical_trials"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "NCT00000001.json").write_text(TEXT, encoding="utf-8")
    report = f"# R\n\n{claim} [nct:NCT00000001#{locator}].\n"
    (out,) = run(report, "markdown", tmp_path / "sources", VerifyOptions(mode="report")).claims
    return out


def test_a_claim_citing_the_file_line_of_its_value_passes_and_shows_that_line(tmp_path):
    at = _file_line("13.5 months")
    out = _cite(tmp_path, "Arm I: median time to progression 13.5 months", f"L{at}")
    assert out.status == "pass", out.reasons
    assert out.anchors[0].window_lines == (at, at)


def test_a_fabricated_number_at_that_line_still_fails(tmp_path):
    out = _cite(tmp_path, "Arm I: median time to progression 17.5 months", f"L{_file_line('13.5 months')}")
    assert out.status == "fail"


def test_the_readers_count_no_longer_reaches_the_value(tmp_path):
    # the reader's line 6 is the 13.5 item; the file's line 6 is the bracket closing "Intervention"
    assert _file_line("13.5 months") != 6
    out = _cite(tmp_path, "Arm I: median time to progression 13.5 months", "L6")
    assert out.status != "pass"


def test_a_range_of_file_lines_holds_the_values_on_them(tmp_path):
    first, last = _file_line("13.5 months"), _file_line("15.0 months")
    out = _cite(tmp_path, "Arm II: median time to progression 15.0 months", f"L{first}-L{last}")
    assert out.status == "pass", out.reasons
    assert out.anchors[0].window_lines == (first, last)


def test_a_line_of_keys_or_brackets_only_is_a_clear_miss(tmp_path):
    key_line = _file_line('"Results": [')
    out = _cite(tmp_path, "Arm I: median time to progression 13.5 months", f"L{key_line}")
    assert out.status == "fail"
    (finding,) = [f for f in out.reasons if f.code == "locator_not_found"]
    assert f"L{key_line}" in finding.message and "hold no value" in finding.message
    assert f"line {key_line + 1} holds the next" in finding.message


@pytest.mark.parametrize("locator", ["L999", "L2-L999"])
def test_a_line_past_the_file_says_how_many_lines_it_has(tmp_path, locator):
    out = _cite(tmp_path, "Arm I: median time to progression 13.5 months", locator)
    (finding,) = [f for f in out.reasons if f.code == "locator_out_of_range"]
    assert f"whose values end at line {_file_line('15.0 months')}" in finding.message


def test_a_one_line_json_file_is_line_1(tmp_path):
    folder = tmp_path / "sources" / "clinical_trials"
    folder.mkdir(parents=True)
    (folder / "NCT00000001.json").write_text(json.dumps(RECORD), encoding="utf-8")
    report = "# R\n\nArm I: median time to progression 13.5 months [nct:NCT00000001#L1].\n"
    (out,) = run(report, "markdown", tmp_path / "sources", VerifyOptions(mode="report")).claims
    assert out.status == "pass", out.reasons


def test_a_deeply_nested_record_is_read_with_its_file_lines():
    # the value count walks with a stack: nesting as deep as json.loads reads is no recursion error
    deep = "[" * 900 + '"Arm A: the objective response rate was 45%."' + "]" * 900
    read = read_json('{"Results":\n' + deep + "}")
    assert read.file_lines and set(read.file_lines) == {2}
    assert scalar_count(json.loads(deep)) == 1


def _token_by_token(text: str) -> list[int]:
    """The scanner as first written, one token at a time (punctuation, keys and all): the
    reference the one-pass scanner must agree with."""
    import re
    from bisect import bisect_left

    token_re = re.compile(r'"(?:[^"\\]|\\.)*"|[{}\[\]:,]|[^\s{}\[\]:,"]+')
    newlines = [m.start() for m in re.finditer("\n", text)]
    out = []
    for m in token_re.finditer(text):
        token = m.group(0)
        if token in "{}[]:,":
            continue
        if token[0] == '"' and text.startswith(":", re.compile(r"\s*").match(text, m.end()).end()):
            continue
        out.append(bisect_left(newlines, m.start()) + 1)
    return out


def _random_json(rng, depth: int = 0):
    pick = rng.random()
    if depth < 3 and pick < 0.3:
        return {rng.choice(['a', 'k "q"', "x\\y", "名", "", "a:b"]) + str(rng.randint(0, 9)): _random_json(rng, depth + 1)
                for _ in range(rng.randint(0, 4))}
    if depth < 3 and pick < 0.55:
        return [_random_json(rng, depth + 1) for _ in range(rng.randint(0, 4))]
    return rng.choice([0, -1.5e-3, 12, True, False, None, "", "plain", 'a "quoted" b', "back\\slash\\", "two\nlines",
                       "tab\tand \u00e9 \u4e2d", "colon: after", "[1, 2]", "{x}", '"'])


def test_the_one_pass_scanner_finds_the_lines_the_token_scan_found():
    import random

    rng = random.Random(20261201)
    for k in range(400):
        value = _random_json(rng)
        for text in (json.dumps(value, indent=k % 4 or None, ensure_ascii=bool(k % 2)),
                     json.dumps(value, indent=1, separators=(",", " : "))):
            assert scalar_value_lines(text) == _token_by_token(text), text
            # the reader also counts the values of single lines of a dump
            for line in text.split("\n"):
                assert len(scalar_value_lines(line)) == len(_token_by_token(line)), line
