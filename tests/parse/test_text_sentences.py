"""citeproof.text.sentences: every boundary rule, both ways."""

from __future__ import annotations


import pytest

from citeproof.text import split_sentences


def sents(text: str) -> list[str]:
    return [text[a:b] for a, b in split_sentences(text)]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("The dose was 3.5 mg. It worked.", ["The dose was 3.5 mg.", "It worked."]),
        ("Significant (p = 0.03). Next.", ["Significant (p = 0.03).", "Next."]),
        ("A .5 mg dose. Next.", ["A .5 mg dose.", "Next."]),
        ("Drugs, e.g. A and B, i.e. two. Next.", ["Drugs, e.g. A and B, i.e. two.", "Next."]),
        ("Arm A vs. placebo was better. Next.", ["Arm A vs. placebo was better.", "Next."]),
        ("Smith et al. reported it. Next.", ["Smith et al. reported it.", "Next."]),
        ("Dr. Smith agreed. Next.", ["Dr. Smith agreed.", "Next."]),
        ("See Fig. 2 here. Next.", ["See Fig. 2 here.", "Next."]),
        ("No. 5 was best. The answer was no. Next.", ["No. 5 was best.", "The answer was no.", "Next."]),
        ("It took approx. 5 days and ca. 3 weeks. Next.", ["It took approx. 5 days and ca. 3 weeks.", "Next."]),
        ("J. K. Rowling wrote it. Next.", ["J. K. Rowling wrote it.", "Next."]),
        ("Patients in Arm B. The rest.", ["Patients in Arm B.", "The rest."]),
        ("It took vitamin C. The rest.", ["It took vitamin C.", "The rest."]),
        # a single capital before a sentence opener ends the sentence, before a name it is an initial (rt16a)
        ("Patients with factor X. This claim is false.", ["Patients with factor X.", "This claim is false."]),
        ("Cures factor X. Rating: False.", ["Cures factor X.", "Rating: False."]),
        ("Written by A. Thistlewood. Next.", ["Written by A. Thistlewood.", "Next."]),
        ("Given by J. Smith and colleagues. Next.", ["Given by J. Smith and colleagues.", "Next."]),
        ("Infuse over 30 min. Then flush.", ["Infuse over 30 min.", "Then flush."]),
        ("Infuse over 30 min. 25 patients left.", ["Infuse over 30 min.", "25 patients left."]),
        ("Max. 30% had nausea. Next.", ["Max. 30% had nausea.", "Next."]),  # a bound, not a sentence (rt16a)
        ("They were min. 18 years old. Next.", ["They were min. 18 years old.", "Next."]),
        ("Given i.v. The next dose.", ["Given i.v.", "The next dose."]),
        ("Dosed b.i.d. with food. Next.", ["Dosed b.i.d. with food.", "Next."]),
        ("It rose in 2019. 35 patients left.", ["It rose in 2019.", "35 patients left."]),
        ("Wait... what? Yes... Then it ended…", ["Wait... what?", "Yes...", "Then it ended…"]),
        ('He said "yes." Then left.', ['He said "yes."', "Then left."]),
        ("It rose (to 5%). Next.", ["It rose (to 5%).", "Next."]),
        ("Really?! Yes.", ["Really?!", "Yes."]),
        ("One para\n\nTwo para", ["One para", "Two para"]),
        ("wrapped\nline. Next.", ["wrapped\nline.", "Next."]),
    ],
)
def test_english_boundaries(text: str, expected: list[str]) -> None:
    assert sents(text) == expected


def test_anchor_after_stop_belongs_to_previous_sentence() -> None:
    text = "Patients received 12 mg. [nct:NCT1#L3] Then they stopped. [pmid:1; pmid:2] [pmid:3]"
    assert sents(text) == [
        "Patients received 12 mg. [nct:NCT1#L3]",
        "Then they stopped. [pmid:1; pmid:2] [pmid:3]",
    ]


def test_an_editorial_tag_after_the_stop_is_a_sentence_of_its_own() -> None:
    # "[RETRACTED]" takes the sentence back; it is no citation of it (rt16a)
    assert sents("It fell by 2.1% in 24 weeks. [RETRACTED]") == ["It fell by 2.1% in 24 weeks.", "[RETRACTED]"]
    # numbered references, author-year brackets and anchors still cite the sentence before them
    assert sents("It fell by 2.1%. [1] Next.") == ["It fell by 2.1%. [1]", "Next."]
    assert sents("It fell by 2.1%. [Smith 2020] Next.") == ["It fell by 2.1%. [Smith 2020]", "Next."]
    assert sents("It fell by 2.1%. [PMID:12] Next.") == ["It fell by 2.1%. [PMID:12]", "Next."]


def test_dots_inside_anchor_brackets_do_not_split() -> None:
    assert sents("See [evidence:dir/v1.2. notes.md#L3] now. Next.") == [
        "See [evidence:dir/v1.2. notes.md#L3] now.",
        "Next.",
    ]


def test_markdown_link_after_stop_starts_next_sentence() -> None:
    assert sents("A sentence. [a link](http://x.y) starts next.") == [
        "A sentence.",
        "[a link](http://x.y) starts next.",
    ]


def test_chinese() -> None:
    text = "患者接受了治疗。有效率为35%。[nct:NCT1#L3]不良反应较少！是否有效？是的；结束"
    assert sents(text) == ["患者接受了治疗。", "有效率为35%。[nct:NCT1#L3]", "不良反应较少！", "是否有效？", "是的；", "结束"]


def test_chinese_closing_quote_and_mixed() -> None:
    assert sents("他说“好。”然后离开。The end.") == ["他说“好。”", "然后离开。", "The end."]


def test_spans_are_trimmed_offsets() -> None:
    text = "  First one.   Second one.  "
    spans = split_sentences(text)
    assert spans == [(2, 12), (15, 26)]


def test_empty_and_whitespace() -> None:
    assert split_sentences("") == []
    assert split_sentences("   \n\n ") == []


def test_no_terminator_is_one_sentence() -> None:
    assert sents("A heading without stop") == ["A heading without stop"]


def test_large_and_adversarial_input_is_split_whole() -> None:
    # The time it takes is bench/text.py's to print; here, what it finds.
    big = "The rate was 3.5% in 120 patients [nct:NCT0001#L3]. " * 20000
    adversarial = "[" * 50000 + "a. " * 50000 + "U.S. " * 20000
    assert len(split_sentences(big)) == 20000
    spans = split_sentences(adversarial)
    assert spans[0][0] == 0 and spans[-1][1] == len(adversarial.rstrip())


def test_anchor_on_the_next_line_still_cites_the_sentence_before() -> None:
    text = "The rate was 45%.\n[nct:NCT1#L3]\nNext sentence."
    assert sents(text) == ["The rate was 45%.\n[nct:NCT1#L3]", "Next sentence."]
    assert sents("The rate was 45%.\n\n[nct:NCT1#L3]") == ["The rate was 45%.", "[nct:NCT1#L3]"]


from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

_ALPHABET = st.sampled_from(list("ab AZ09.?!。！？；;…[]():#\n\t\"'”") + ["e.g.", "3.5", "[nct:X#L3]", "Dr.", "\n\n"])


@settings(max_examples=300, deadline=None)
@given(st.lists(_ALPHABET, max_size=60).map("".join))
def test_spans_partition_the_visible_text(text: str) -> None:
    spans = split_sentences(text)
    covered = [False] * len(text)
    last_end = 0
    for a, b in spans:
        assert last_end <= a < b <= len(text)
        assert not text[a].isspace() and not text[b - 1].isspace()
        for i in range(a, b):
            covered[i] = True
        last_end = b
    assert all(covered[i] or c.isspace() for i, c in enumerate(text)), "no visible character is lost"


@pytest.mark.parametrize(
    ("text", "sentences"),
    [
        # red team round 4: the denying head was split off and dropped, the cited tail passed
        ("It is simply not true (!) that the rate was 40% [x].", 1),
        ("It was shown to be untrue that, as of Jan. 2020, the rate was 40%.", 1),
        ("Enrollment reached 40 patients by Sept. 15 at the site.", 1),
        ("The drug (approved in 2019?) reached a 40% share.", 1),
        # a stop that does end its sentence still does
        ("Really? Yes. The rate was 40%!", 3),
        ("It ended in Jan. The next trial began.", 2),
        ("Was it effective? The trial says so.", 2),
    ],
)
def test_a_bang_or_question_mark_before_lowercase_and_a_month_before_a_number_end_no_sentence(text, sentences):
    assert len(split_sentences(text)) == sentences


# Red team round 5: Markdown soft-broken lines, each ending in its own anchor, were one claim
# pooling both anchors, so a value swapped between the lines was never checked against its own
# line's source.
def _sentences(text: str) -> list[str]:
    return [text[a:b] for a, b in split_sentences(text)]


def test_a_line_ending_in_its_anchor_before_a_line_citing_its_own_is_a_sentence() -> None:
    text = "Arm A response rate 45% [evidence:a.md#L1]\nArm B response rate 30% [evidence:b.md#L1]"
    assert _sentences(text) == ["Arm A response rate 45% [evidence:a.md#L1]", "Arm B response rate 30% [evidence:b.md#L1]"]
    assert len(_sentences("A组缓解率45% [evidence:a.md#L1]\nB组缓解率30% [evidence:b.md#L1]")) == 2


def test_a_sentence_running_on_past_its_anchor_or_a_line_citing_nothing_stays_one() -> None:
    assert len(_sentences("Response was 45% in arm A [evidence:a.md#L1]\nand 30% in arm B [evidence:b.md#L1].")) == 1
    assert len(_sentences("The ORR was 45% in Arm A [evidence:a.md#L1]\nThis was the highest rate seen.")) == 1
    assert len(_sentences("See the note [1]\nArm B response rate 30% [evidence:b.md#L1]")) == 1


def test_through_the_pipeline_each_line_is_checked_against_its_own_source(tmp_path) -> None:
    from citeproof.pipeline import VerifyOptions, run

    folder = tmp_path / "sources" / "evidence"
    folder.mkdir(parents=True)
    (folder / "a.md").write_text("Arm A response rate 45%\n", encoding="utf-8")
    (folder / "b.md").write_text("Arm B response rate 30%\n", encoding="utf-8")

    def statuses(report: str) -> list[str]:
        return [c.status for c in run(report, "markdown", tmp_path / "sources", VerifyOptions(mode="report")).claims]

    true = "# R\n\nArm A response rate 45% [evidence:a.md#L1]\nArm B response rate 30% [evidence:b.md#L1]\n"
    swapped = "# R\n\nArm A response rate 30% [evidence:a.md#L1]\nArm B response rate 45% [evidence:b.md#L1]\n"
    assert statuses(true) == ["pass", "pass"]
    assert statuses(swapped) == ["fail", "fail"]


def test_a_bare_url_after_the_stop_cites_the_sentence_before_it() -> None:
    # rt13d: the URL's lowercase "h" read as a sentence going on, so two claims became one
    # holding both citations
    assert sents("One was 5%. https://a.org/x Two was 6%. https://a.org/y") == [
        "One was 5%. https://a.org/x",
        "Two was 6%. https://a.org/y",
    ]
    assert sents("One was 5%! https://a.org/x Two was 6%.") == ["One was 5%! https://a.org/x", "Two was 6%."]
    # a lowercase word after an unknown abbreviation still goes on; a URL inside a sentence stays
    assert sents("Take 5 mg incl. the loading dose. See https://a.org/x for more.") == [
        "Take 5 mg incl. the loading dose.",
        "See https://a.org/x for more.",
    ]


def test_a_url_that_opens_the_next_sentence_stays_with_it() -> None:
    # rt15a: "https://… reports that …" lost its subject and citation to the sentence before
    assert sents("ORR was 45% (https://a.org/x). https://a.org/y reports that 12% had grade 3 events.") == [
        "ORR was 45% (https://a.org/x).",
        "https://a.org/y reports that 12% had grade 3 events.",
    ]


def test_a_sentence_opening_with_a_prefixed_acronym_is_its_own():
    # red team rt25a: "mDoR was …" / "mOS为…" after a full stop opened no sentence (a small
    # first letter read as the sentence going on); a capital right after it opens one
    text = "The cORR was 38% [evidence:s.md#L7].\nmOS was 21.3 months [evidence:s.md#L8]. eGFR fell."
    assert [text[a:b] for a, b in split_sentences(text)] == [
        "The cORR was 38% [evidence:s.md#L7].", "mOS was 21.3 months [evidence:s.md#L8].", "eGFR fell."]
    lines = "Arm A ORR was 30% [evidence:a.md#L3]\nmDoR was 14.1 months [evidence:a.md#L4]"
    assert len(split_sentences(lines)) == 2


def test_a_small_word_after_a_full_stop_still_goes_on():
    text = "The dose was reduced, incl. the loading dose, and mg amounts were kept."
    assert len(split_sentences(text)) == 1


@pytest.mark.parametrize("text", ["A组中位PFS为８.９个月。B组为５.０个月。", "A组为8.9个月。B组为５．０个月。"])
def test_a_point_between_digits_of_any_width_is_a_decimal_point(text) -> None:
    """"８.９": full-width digits read as CJK, so the point once ended a sentence before "９"
    (red team rt32c f5: the first half then cited nothing and failed CP101)."""
    assert len(sents(text)) == 2 and sents(text)[0].endswith("个月。")


def test_a_full_width_stop_or_a_point_before_a_cjk_word_still_ends_a_sentence() -> None:
    assert sents("剂量为８。９名患者退出。") == ["剂量为８。", "９名患者退出。"]
    assert sents("剂量为8.患者退出。") == ["剂量为8.", "患者退出。"]


def test_a_full_width_decimal_is_checked_whole_through_the_pipeline(tmp_path) -> None:
    from citeproof.pipeline import VerifyOptions, run

    folder = tmp_path / "sources" / "evidence" / "trials"
    folder.mkdir(parents=True)
    (folder / "o.md").write_text("# 疗效\n\nA组中位无进展生存期（PFS）为 8.9 个月，B组为 5.0 个月。\n", encoding="utf-8")

    def statuses(figure: str) -> list[str]:
        report = f"# 报告\n\n## 结果\n\nA组中位PFS为{figure}个月[evidence:trials/o.md#疗效]。\n"
        return [c.status for c in run(report, "markdown", tmp_path / "sources", VerifyOptions(mode="report")).claims]

    assert statuses("８.９") == ["pass"]
    assert statuses("８.７") == ["fail"]
