"""The measuring scripts under ``eval/`` run on a corpus folder the user passes in. The real corpora
are not in the repository, so these tests write tiny corpora of the same shape (invented trials
and statements) and run each script as a user would: they must read the folder, push each
statement through the real pipeline, and print figures that follow from the verdicts — a wrong
PASS counted as one, a correct FAIL not counted as wrong."""

from __future__ import annotations

import csv
import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

TRIAL = {
    "Clinical Trial ID": "NCT90000001",
    "Intervention": ["INTERVENTION 1:", "  Study agent 200 mg orally once daily on days 1-28"],
    "Results": [
        "Outcome Measurement:",
        "  Objective Response",
        "Results 1:",
        "  Arm/Group Title: Study agent",
        "  Overall Number of Participants Analyzed: 40",
        "  Unit of Measure: participants  18  45.0%",
    ],
}


def run(script: str, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, str(ROOT / "eval" / script), *args], capture_output=True, text=True,
                          cwd=ROOT, timeout=300)


def line_of(out: str, start: str) -> list[str]:
    (line,) = [ln for ln in out.splitlines() if ln.startswith(start)]
    return line.split()


@pytest.fixture
def nli4ct(tmp_path: Path) -> Path:
    (tmp_path / "ct").mkdir()
    (tmp_path / "ct" / "NCT90000001.json").write_text(json.dumps(TRIAL, indent=1), encoding="utf-8")
    statements = {
        "s-true-dose": {"Type": "Single", "Section_id": "Intervention", "Primary_id": "NCT90000001",
                        "Statement": "The primary trial gives 200 mg of the study agent once daily.", "Label": "Entailment"},
        "s-false-dose": {"Type": "Single", "Section_id": "Intervention", "Primary_id": "NCT90000001",
                         "Statement": "The primary trial gives 250 mg of the study agent once daily.", "Label": "Contradiction"},
        "s-false-rate": {"Type": "Single", "Section_id": "Results", "Primary_id": "NCT90000001",
                         "Statement": "In the primary trial 54.0% of participants responded.", "Label": "Contradiction"},
    }
    (tmp_path / "semeval2023_gold_test.json").write_text(json.dumps(statements), encoding="utf-8")
    return tmp_path


def test_nli4ct_tier1_counts_the_fabricated_numbers_as_correct_fails(nli4ct):
    result = run("nli4ct_tier1.py", str(nli4ct))
    assert result.returncode == 0, result.stderr
    # label n pass fail undec: both false claims fail on their number, none passes
    assert line_of(result.stdout, "Contradiction")[:5] == ["Contradiction", "2", "0", "2", "0"]
    entail = line_of(result.stdout, "Entailment")
    assert entail[1] == "1" and entail[3] == "0"  # the true claim is never failed


def test_nli4ct_tier1_names_a_missing_corpus(tmp_path):
    result = run("nli4ct_tier1.py", str(tmp_path / "nowhere"))
    assert result.returncode == 2
    assert "not found" in result.stderr and "Traceback" not in result.stderr


@pytest.fixture
def healthver(tmp_path: Path) -> Path:
    rows = [
        {"id": "1", "evidence": "In a cohort of 120 adults, 30% reported fever.", "claim": "30% of adults in the cohort reported fever.",
         "label": "Supports", "topic_ip": "1", "question": "q"},
        {"id": "2", "evidence": "In a cohort of 120 adults, 30% reported fever.", "claim": "45% of adults in the cohort reported fever.",
         "label": "Refutes", "topic_ip": "1", "question": "q"},
        {"id": "3", "evidence": "Hand washing was common.", "claim": "Masks cut transmission by 70%.",
         "label": "Neutral", "topic_ip": "2", "question": "q"},
    ]
    with (tmp_path / "healthver_test.csv").open("w", encoding="utf-8", newline="") as fh:
        writer = csv.DictWriter(fh, fieldnames=list(rows[0]))
        writer.writeheader()
        writer.writerows(rows)
    return tmp_path


def test_healthver_tier1_fails_numbers_the_evidence_lacks_and_passes_none_wrongly(healthver):
    result = run("healthver_tier1.py", str(healthver), "--show", "fail")
    assert result.returncode == 0, result.stderr
    assert line_of(result.stdout, "Refutes")[:5] == ["Refutes", "1", "0", "1", "0"]
    assert line_of(result.stdout, "Neutral")[:5] == ["Neutral", "1", "0", "1", "0"]
    supports = line_of(result.stdout, "Supports")
    assert supports[1] == "1" and supports[3] == "0"
    assert "45% → 45%: missing" in result.stdout  # --show lists each fail with its finding


def test_healthver_tier1_names_a_missing_split(tmp_path):
    result = run("healthver_tier1.py", str(tmp_path), "--split", "dev")
    assert result.returncode == 2
    assert "healthver_dev.csv not found" in result.stderr and "Traceback" not in result.stderr


@pytest.fixture
def numeric_subset(nli4ct: Path) -> Path:
    """The 2024 numeric subset's shape: originals, an altered number, a unit paraphrase of an original."""
    statements = {
        "orig-dose": {"Type": "Single", "Section_id": "Intervention", "Primary_id": "NCT90000001",
                      "Statement": "The primary trial gives 200 mg of the study agent on days 1-28.", "Label": "Entailment"},
        "alt-dose": {"Type": "Single", "Section_id": "Intervention", "Primary_id": "NCT90000001",
                     "Statement": "The primary trial gives 300 mg of the study agent on days 1-28.", "Label": "Contradiction",
                     "Intervention": "Numerical_contradiction", "Causal_type": ["Altering", "orig-dose"]},
        "para-dose": {"Type": "Single", "Section_id": "Intervention", "Primary_id": "NCT90000001",
                      "Statement": "The primary trial gives 0.2 grams of the study agent on days 1-28.", "Label": "Entailment",
                      "Intervention": "Numerical_paraphrase", "Causal_type": ["Paraphrase", "orig-dose"]},
    }
    (nli4ct / "semeval2024_gold_test_numerical_subset.json").write_text(json.dumps(statements), encoding="utf-8")
    return nli4ct


def test_nli4ct_numeric_fails_the_altered_number_and_not_its_unit_paraphrase(numeric_subset):
    result = run("nli4ct_numeric.py", str(numeric_subset), "--show", "all")
    assert result.returncode == 0, result.stderr
    # group n pass fail undec: the altered dose fails; the clean original and its 0.2 g paraphrase never do
    assert line_of(result.stdout, "a: Numerical_contradiction/Altering")[2:6] == ["1", "0", "1", "0"]
    clean = line_of(result.stdout, "b: clean true set")
    assert clean[4] == "2" and clean[6] == "0"
    assert "300 mg → 300 mg: missing" in result.stdout


def test_nli4ct_excerpt_holds_the_gold_line(nli4ct):
    data = json.loads((nli4ct / "semeval2023_gold_test.json").read_text(encoding="utf-8"))
    for item in data.values():
        item["Primary_evidence_index"] = [1] if item["Section_id"] == "Intervention" else [5]
    (nli4ct / "semeval2023_gold_test.json").write_text(json.dumps(data), encoding="utf-8")
    result = run("nli4ct_excerpt.py", str(nli4ct), "--budgets", "256")
    assert result.returncode == 0, result.stderr
    (row,) = [ln for ln in result.stdout.splitlines() if ln.split("|")[0].strip() == "256" and "as resolved" in ln]
    assert row.split("|")[2].strip() == "100.0%"  # each short section is read whole: its gold line is in it


def test_nli4ct_excerpt_prints_the_floor_the_gold_lines_set(nli4ct):
    data = json.loads((nli4ct / "semeval2023_gold_test.json").read_text(encoding="utf-8"))
    for item in data.values():
        item["Primary_evidence_index"] = [1]  # one short gold line a statement: the floor is its tokens
    (nli4ct / "semeval2023_gold_test.json").write_text(json.dumps(data), encoding="utf-8")
    result = run("nli4ct_excerpt.py", str(nli4ct), "--budgets", "256")
    assert result.returncode == 0, result.stderr
    floor = line_of(result.stdout, "gold evidence lines alone:")
    assert 0 < float(floor[4]) < 20  # "  Study agent 200 mg …" or "  Objective Response": a dozen tokens at most


def test_judge_floor_prices_the_prompt_holding_only_the_gold_lines(nli4ct):
    data = json.loads((nli4ct / "semeval2023_gold_test.json").read_text(encoding="utf-8"))
    for item in data.values():
        item["Primary_evidence_index"] = [1]
    (nli4ct / "semeval2023_gold_test.json").write_text(json.dumps(data), encoding="utf-8")
    result = run("judge_floor.py", str(nli4ct), "--target", "0", "--list")
    assert result.returncode == 0, result.stderr
    empty = float(line_of(result.stdout, "  instruction, claim and fences alone")[-1])
    oracle = float(line_of(result.stdout, "  oracle excerpt (gold lines only)")[-1])
    built = float(line_of(result.stdout, "  the builder's excerpts")[-1])
    # the gold line costs tokens; the builder shows it and its heading, so at least as many
    assert 0 < empty < oracle <= built
    assert "exceeds 0: 3 of 3" in result.stdout
    assert sum("oracle" in ln and ln.startswith("    s-") for ln in result.stdout.splitlines()) == 3


def test_judge_economy_dumps_each_request_it_counted(numeric_subset, tmp_path):
    dump = tmp_path / "dump"
    result = run("judge_economy.py", str(numeric_subset), "--dump", str(dump))
    assert result.returncode == 0, result.stderr
    first = result.stdout.splitlines()[0].replace(",", "").split()
    files = sorted(dump.iterdir())
    # one file a request, named by its prompt tokens, which add up to the printed total
    assert len(files) == int(first[6]) >= 1
    assert sum(int(f.stem.split("-")[1]) for f in files) == int(first[9])
    assert all("--- system" in f.read_text(encoding="utf-8") and "Claim: " in f.read_text(encoding="utf-8") for f in files)


def test_judge_economy_counts_the_prompt_of_each_judged_claim(numeric_subset):
    result = run("judge_economy.py", str(numeric_subset))
    assert result.returncode == 0, result.stderr
    first = result.stdout.splitlines()[0].replace(",", "").split()
    # "statements 3, judged claims J, requests R, prompt tokens T": one request per judged claim
    judged, requests, tokens = int(first[4]), int(first[6]), int(first[9])
    assert judged == requests and judged >= 1 and tokens > 0
    assert "per judged claim" in result.stdout and "target per judged claim <= 327" in result.stdout


@pytest.mark.parametrize(
    ("content", "message"),
    [(b"id,text\n1,abc\n", "lacks the column(s) claim, evidence, label"), (b"\xff\xfe bad", "is not UTF-8")],
)
def test_healthver_tier1_names_a_file_it_cannot_read(tmp_path, content, message):
    (tmp_path / "healthver_test.csv").write_bytes(content)
    result = run("healthver_tier1.py", str(tmp_path))
    assert result.returncode == 2
    assert message in result.stderr and "Traceback" not in result.stderr


@pytest.mark.parametrize(
    ("script", "name", "first_line"),
    [
        ("nli4ct_numeric.py", "semeval2024_gold_test_numerical_subset.json", "a: Numerical_contradiction/Altering"),
        ("judge_economy.py", "semeval2024_gold_test_numerical_subset.json", "statements 3,"),
        ("nli4ct_tier1.py", "semeval2023_gold_test.json", "Contradiction"),
        ("nli4ct_excerpt.py", "semeval2023_gold_test.json", "3 statements"),
    ],
)
def test_a_script_reads_the_statements_file_the_issue_names_as_it_reads_its_folder(numeric_subset, script, name, first_line):
    by_file = run(script, str(numeric_subset / name))
    by_folder = run(script, str(numeric_subset))
    assert by_file.returncode == 0, by_file.stderr
    assert any(ln.startswith(first_line) for ln in by_file.stdout.splitlines()), by_file.stdout
    assert by_file.stdout == by_folder.stdout


def test_healthver_reads_a_csv_passed_as_the_corpus(healthver):
    by_file = run("healthver_tier1.py", str(healthver / "healthver_test.csv"))
    assert by_file.returncode == 0, by_file.stderr
    assert by_file.stdout == run("healthver_tier1.py", str(healthver)).stdout


@pytest.mark.parametrize("script", ["nli4ct_numeric.py", "judge_economy.py", "nli4ct_tier1.py", "nli4ct_excerpt.py", "judge_floor.py"])
def test_a_script_names_a_corpus_it_cannot_use(tmp_path, script):
    missing = run(script, str(tmp_path / "nowhere.json"))
    assert missing.returncode == 2 and "nowhere.json not found" in missing.stderr
    (tmp_path / "statements.json").write_text("{}", encoding="utf-8")
    no_records = run(script, str(tmp_path / "statements.json"))
    assert no_records.returncode == 2 and "has no ct/ beside statements.json" in no_records.stderr
    for result in (missing, no_records):
        assert "Traceback" not in result.stderr
