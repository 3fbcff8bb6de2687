"""A dose frequency of more than once a day is said of one amount (citeproof.values.dose_frequency),
and a frequency's number is no figure of its own (assess.match_atom, ValueAtom.frequency)."""

from citeproof.values.assess import claim_atoms, index_text, match_atom
from citeproof.values.dose_frequency import frequency_unbound
from citeproof.values.segment_support import claim_profile

TOTAL = "Initiate treatment with a daily dose of 1000 mg/day, given as twice-daily dosing (500 mg twice daily)."
PEDS = "Increase the daily dose every 2 weeks by increments of 20 mg/kg to the recommended daily dose of 60 mg/kg (30 mg/kg twice daily)."


def test_daily_total_is_not_a_dose_given_twice_daily():
    assert frequency_unbound("Initiate treatment with a daily dose of 1000 mg/day, given as 1000 mg twice daily.", TOTAL)
    assert frequency_unbound("Increase the dose to the recommended dose of 60 mg/kg twice daily.", PEDS)
    assert frequency_unbound("Increase the dose to the recommended dose of 60 mg/kg two times a day.", PEDS)
    assert frequency_unbound("Increase the dose to the recommended dose of 60 mg/kg every 12 hours.", PEDS)


def test_the_dose_the_source_gives_the_frequency_passes():
    assert frequency_unbound("Initiate treatment with 500 mg twice daily.", TOTAL) is None
    assert frequency_unbound("The recommended dose is 30 mg/kg twice daily.", PEDS) is None
    assert frequency_unbound("The usual adult dose is 1,000 mg twice daily.", "The usual adult dose is 1 g every 12 hours.") is None
    assert frequency_unbound("The usual adult dose is 1 g every 12 hours.", "The usual adult dose is 1 g BID.") is None
    # an aside before the frequency, and amounts joined before it, are said with it on the line
    line = "The recommended dose is 300 mg (two 150 mg tablets) twice daily, equivalent to a total daily dose of 600 mg."
    assert frequency_unbound("The recommended dose is 300 mg twice daily.", line) is None
    joined = "Infants and children should receive 14 mg/kg and 20 mg/kg twice daily, respectively."
    assert frequency_unbound("Infants should receive 14 mg/kg twice daily.", joined) is None
    # no frequency after the claim's amount, or a daily total: not read here
    assert frequency_unbound("Initiate treatment with a daily dose of 1000 mg/day.", TOTAL) is None


def test_near_misses_still_unbound():
    assert frequency_unbound("The dose is 600 mg twice daily.",
                             "The recommended dose is 300 mg (two 150 mg tablets) twice daily, a total daily dose of 600 mg.")
    # same amount, another frequency
    assert frequency_unbound("The usual adult dose is 1 g three times daily.", "The usual adult dose is 1 g twice daily, 2 g three times daily.")
    assert frequency_unbound("Patients received 20 mg/kg twice daily.",
                             "A daily dose of 20 mg/kg in 2 divided doses (10 mg/kg twice daily).")


def _state(claim: str, source: str, raw: str) -> str:
    atom = next(a for a in claim_atoms(claim) if a.raw == raw)
    return match_atom(atom, index_text(source))[0]


def test_frequency_number_is_found_as_its_group():
    assert _state("The usual adult dose is 1 g twice daily.", "The usual adult dose is 1 g every 12 hours.", "2") == "supported"
    assert _state("400 mg every 12 hours on days 1 to 4.", "400 mg twice daily on days 1 to 4.", "12 hours") == "supported"
    assert _state("500 mg every 8 hours for 7 days.", "500 mg three times daily for 7 days.", "8 hours") == "supported"
    assert _state("1 mg/kg every twelve hours.", "1 mg/kg every 12 hours.", "twelve hours") == "supported"


def test_frequency_number_of_another_group_is_missing():
    assert _state("500 mg every 12 hours.", "500 mg three times daily.", "12 hours") == "missing"
    assert _state("500 mg every 12 days.", "500 mg twice daily.", "12 days") == "missing"
    assert _state("500 mg three times daily.", "500 mg every 12 hours.", "three") == "missing"
    # a duration is no frequency: "12 hours" of a half-life is not found in "twice daily"
    assert _state("The half-life is 12 hours.", "The drug is given twice daily.", "12 hours") == "missing"


def test_frequency_words_are_not_compared_as_words():
    profile = claim_profile("The study drug 1 mg/kg is injected every 12 hours.", claim_atoms("The study drug 1 mg/kg is injected every 12 hours."))
    assert "hour" not in profile.terms and "hours" not in profile.terms and "twice" in profile.terms


def test_lazy_window_index_reads_a_line_writing_the_group():
    from citeproof.values.window_index import WindowIndex

    # no numeral of the line is near 2: a lazy index reading near the number would not read it
    atom = next(a for a in claim_atoms("The usual adult dose is 500 mg twice daily.") if a.raw == "2")
    index = WindowIndex("Dosing\nThe usual adult dose is 500 mg every 12 hours.\nThe maximum single dose is 750 mg.")
    assert match_atom(atom, index.for_atom(atom))[0] == "supported"


def test_claim_support_leaves_a_doubled_dose_undecided(tmp_path):
    import json
    import subprocess
    import sys

    sources = tmp_path / "sources" / "evidence"
    sources.mkdir(parents=True)
    (sources / "label.md").write_text(TOTAL + "\n", encoding="utf-8")
    report = tmp_path / "report.md"
    report.write_text(
        "# R\n\nInitiate treatment with a daily dose of 1000 mg/day, given as 1000 mg twice daily [evidence:label.md#L1].\n\n"
        "Initiate treatment with a daily dose of 1000 mg/day, given as 500 mg twice daily [evidence:label.md#L1].\n",
        encoding="utf-8",
    )
    out = subprocess.run([sys.executable, "-m", "citeproof", "verify", str(report), "--sources", str(tmp_path / "sources"),
                          "--mode", "report", "--format", "json"], capture_output=True, text=True)
    states = [c["status"] for c in json.loads(out.stdout)["claims"]]
    assert states == ["undecided", "pass"]


def test_number_words_in_an_interval_are_its_group():
    from citeproof.values.agreement import words_disagree

    source = "The study drug 1 mg/kg is injected subcutaneously every 12 hours."
    assert words_disagree("The study drug 1 mg/kg is injected subcutaneously every twelve hours.", source) is None
    assert words_disagree("The study drug 1 mg/kg is injected subcutaneously every eight hours.", source)


def _statuses(tmp_path, source: str, claims: list[str]) -> list[str]:
    import json
    import subprocess
    import sys

    sources = tmp_path / "sources" / "evidence"
    sources.mkdir(parents=True)
    (sources / "label.md").write_text(source + "\n", encoding="utf-8")
    report = tmp_path / "report.md"
    report.write_text("# R\n\n" + "".join(f"{c[:-1]} [evidence:label.md#L1].\n\n" for c in claims), encoding="utf-8")
    out = subprocess.run([sys.executable, "-m", "citeproof", "verify", str(report), "--sources", str(tmp_path / "sources"),
                          "--mode", "report", "--format", "json"], capture_output=True, text=True)
    return [c["status"] for c in json.loads(out.stdout)["claims"]]


def test_schedule_paraphrases_pass_and_other_schedules_do_not(tmp_path):
    claims = [
        "The usual adult dose is 1 g twice daily.",  # the same schedule: pass
        "The usual adult dose is 1,000 mg BID.",
        "The usual adult dose is 1 g every 8 hours.",  # another schedule: not a pass
        "The usual adult dose is 1 g three times daily.",
        "The usual adult dose is 1 g every 12 days.",
        "The usual adult dose is 2 g twice daily.",
    ]
    states = _statuses(tmp_path, "The usual adult dose is 1 g every 12 hours.", claims)
    assert states[:2] == ["pass", "pass"]
    assert "pass" not in states[2:]


def test_every_n_hours_against_times_daily(tmp_path):
    claims = [
        "The study drug 500 mg is taken orally every 8 hours for 7 days.",
        "The study drug 500 mg is taken orally every 12 hours for 7 days.",
        "The study drug 500 mg is taken orally every 6 hours for 7 days.",
    ]
    states = _statuses(tmp_path, "The study drug 500 mg is taken orally three times daily for 7 days.", claims)
    assert states[0] == "pass" and "pass" not in states[1:]


def test_the_frequency_prefilter_skips_no_frequency_the_whole_scan_finds():
    # the frequency phrases alone decide whether the whole cue scan runs: on every frequency
    # phrase of the data, inside other words and beside other cues, the answer is the scan's
    from citeproof.values import agreement
    from citeproof.values.segment_support import cue_document

    lex = agreement._lexicon()
    doc = cue_document()["agreement_words"]
    words = [w.replace("#", "12") for side in ("both_ways", "claim_side")
             for group, ws in doc[side].get("frequency", {}).items() if not group.startswith("_") for w in ws]
    texts = [f"the dose was 200 mg {w} for 14 days compared with the previous month" for w in words]
    texts += ["in trial nct00000001, complete response was 35", "revenue grew 12% year over year", ""]
    assert len(words) > 20
    for low in texts:
        whole = [(c.group, c.start, c.end) for c in agreement._cues_in(low)[0]
                 if lex.class_of.get(c.group) == "frequency"]
        assert agreement.frequency_spans(low) == whole, low


def test_the_dose_phrase_prefilter_rewrites_what_the_whole_pattern_rewrites(monkeypatch):
    # canonical_dose_frequencies skips its pattern when none of the phrases' literals occurs:
    # on every dose-frequency phrase of the data (and texts with none), the rewrite is the one
    # the pattern alone gives
    from citeproof.values import agreement

    frequency = agreement.cue_document()["agreement_words"]["claim_side"]["frequency"]
    words = [w.replace("#", "12") for g, ws in frequency.items() if g in agreement.dose_frequency_groups() for w in ws]
    texts = [f"The dose was 200 mg {w} for 14 days" for w in words] + [f"{w.upper()} with food" for w in words]
    texts += ["In trial NCT00000001, complete response was 35", "Revenue grew 12% year over year", "", "每日两次 200 mg"]
    assert len(words) > 10
    filtered = [agreement.canonical_dose_frequencies(t) for t in texts]
    monkeypatch.setattr(agreement, "may_match", lambda pattern, text: True)
    assert filtered == [agreement.canonical_dose_frequencies(t) for t in texts]
    assert sum(f != t for f, t in zip(filtered, texts)) > 5  # the phrases were rewritten, not all skipped


def test_every_24_hours_is_once_daily(tmp_path):
    # s30 wfail: "200 mg once daily" FAILED against "200 mg every 24 hours" (read as 200 mg and
    # 24 h), and "50 mg once daily" stayed undecided against "50 mg QD" ("once" a word the line lacks)
    claims = [
        "Patients received the study drug 200 mg once daily.",  # the same schedule: pass
        "Patients received the study drug 200 mg daily.",
        "Patients received the study drug 200 mg twice daily.",  # another schedule or dose: not a pass
        "Patients received the study drug 200 mg every 12 hours.",
        "Patients received the study drug 200 mg once weekly.",
        "Patients received the study drug 400 mg once daily.",
    ]
    states = _statuses(tmp_path / "a", "Patients received the study drug 200 mg every 24 hours.", claims)
    assert states[:2] == ["pass"] * 2
    assert "pass" not in states[2:]
    states = _statuses(tmp_path / "b", "Patients received the study drug 50 mg QD.",
                       ["Patients received the study drug 50 mg once daily.", "Patients received the study drug 50 mg twice daily."])
    assert states[0] == "pass" and states[1] != "pass"
    states = _statuses(tmp_path / "c", "Patients received the study drug 100 mg q24h.",
                       ["Patients received the study drug 100 mg once daily.", "Patients received the study drug 100 mg twice daily."])
    assert states[0] == "pass" and states[1] != "pass"
    # "once" outside a frequency phrase stays a word of the claim: once is not twice
    states = _statuses(tmp_path / "d", "The study drug was administered twice during the induction phase.",
                       ["The study drug was administered once during the induction phase.",
                        "The study drug was administered twice during the induction phase."])
    assert states == ["undecided", "pass"]
    states = _statuses(tmp_path / "e", "Patients received the study drug 200 mg once weekly.",
                       ["Patients received the study drug 200 mg once daily.", "Patients received the study drug 200 mg weekly."])
    assert states[0] != "pass" and states[1] == "pass"


def test_an_interval_of_24_hours_is_still_read_as_hours():
    # the rate reading keeps the interval's own figure: "24 hours" is still found in the line
    index = index_text("Patients received 200 mg every 24 hours.")
    (atom,) = claim_atoms("The dosing interval was 24 hours.")
    assert match_atom(atom, index)[0] == "supported"


def test_a_chinese_interval_in_hours_is_its_daily_frequency(tmp_path):
    # rt36b f1: "患者每24小时口服50 mg" FAILED against "患者每日一次口服50 mg" (read as 24 h), as
    # "every 24 hours" did before s30; "每12小时" is "每日两次" as "every 12 hours" is "twice daily"
    states = _statuses(tmp_path / "a", "患者每日一次口服50 mg。", [
        "患者每24小时口服50 mg。", "患者口服50 mg，每24小时一次。",  # the same schedule: judged, never failed
        "患者每12小时口服50 mg。", "患者每24小时口服100 mg。",  # another schedule or dose: never a pass
    ])
    assert states[0] != "fail" and states[1] != "fail"
    assert "pass" not in states[2:] and states[3] == "fail"
    states = _statuses(tmp_path / "b", "患者每日两次口服50 mg。", ["患者每12小时口服50 mg。", "患者每24小时口服50 mg。"])
    assert states[0] != "fail" and states[1] != "pass"
    states = _statuses(tmp_path / "c", "患者每周一次口服50 mg。", ["患者每24小时口服50 mg。"])
    assert states == ["fail"]
