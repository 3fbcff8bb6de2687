"""Page markers under a running header or over a running footer: which side of the markers the
pages' text is on decides whether they open or close their pages, not how many lines stand
above the first one (rt32a pg2, pg3)."""

from __future__ import annotations

import pytest

from citeproof.pipeline import VerifyOptions, run
from citeproof.sources.readers import read_plain_text

_HEAD = ("Clinical Study Protocol                 Study Drug: Compound X\n"
         "Study Code: XY-101                      Edition Number: 3.0\n"
         "                                        Date: 12 March 2024\n")
_FOURTH = "Sponsor: Example Research Ltd\n"


def _protocol(head: str = _HEAD, first: int = 12) -> str:
    pages = (
        "6 STUDY TREATMENT\n\nCompound X is given at a starting dose of\n320 mg twice daily on 4 days on\n"
        "and 3 days off each week.\n",
        "6.2 Part 2\n\nIn Part 2, Compound X is given at 400 mg twice\ndaily on Days 1 to 4 of each week\n"
        "of a 28-day cycle.\n",
        "6.3 Dose Modifications\n\nPatients who cannot tolerate 200 mg twice daily\nmust stop Compound X.\n",
    )
    return "".join(f"{head}{' ' * 40}Page {first + k} of 140\n\n{page}\n" for k, page in enumerate(pages))


@pytest.mark.parametrize("head", [_HEAD, _HEAD + _FOURTH], ids=["3-line", "4-line"])
def test_a_running_header_over_each_marker_opens_its_page(head: str) -> None:
    # rt32a pg2/pg3: three (or four) lines above "Page 12 of 140" made the markers footers,
    # every page its neighbour's number
    r = read_plain_text(_protocol(head))
    assert not r.page_footers and r.page_numbers == (12, 13, 14) and r.page_numbers_unused == ""
    size = head.count("\n") + 1 + 7  # header, marker, blank, five lines of page text, blank
    assert r.pages[0] == (1, size) and r.pages[1][0] == size + 1  # each page opens at its running header
    assert "320 mg" in "\n".join(r.lines[r.pages[0][0] - 1 : r.pages[0][1]])
    # numbered from 1, the pages are the count
    assert read_plain_text(_protocol(head, first=1)).page_numbers == ()
    assert not read_plain_text(_protocol(head, first=1)).page_footers


def test_a_running_footer_over_each_marker_closes_its_page() -> None:
    foot = "Confidential\nExample Research Ltd - Study XY-101\n"
    text = ("Synopsis\nThe study enrols 120 patients.\nDosing is 320 mg.\n\n" + foot + "Page 1 of 3\n\n"
            "Efficacy\nThe response rate was 41%.\nMedian follow-up was 9 months.\n\n" + foot + "Page 2 of 3\n\n"
            "Safety\nGrade 3 events occurred in 12%.\nNo deaths were reported.\n\n" + foot + "Page 3 of 3\n")
    r = read_plain_text(text)
    assert r.page_footers and r.page_numbers == () and r.page_numbers_unused == ""
    assert [r.lines[last - 1] for _, last in r.pages] == ["Page 1 of 3", "Page 2 of 3", "Page 3 of 3"]
    # an excerpt printing 12-14: its numbers hold, the footer's lines stay with the page they close
    r = read_plain_text(text.replace("Page 1 of", "Page 12 of").replace("Page 2 of", "Page 13 of")
                        .replace("Page 3 of", "Page 14 of"))
    assert r.page_footers and r.page_numbers == (12, 13, 14)
    assert "41%" in "\n".join(r.lines[r.pages[1][0] - 1 : r.pages[1][1]])
    # a first page of two lines above its running footer is no running title: nothing follows the
    # last footer, so the markers close their pages
    r = read_plain_text(text.replace("Synopsis\n", ""))
    assert r.page_footers and r.lines[r.pages[0][1] - 1] == "Page 1 of 3"


def test_a_marker_after_the_text_with_the_next_pages_header_under_it_is_a_footer() -> None:
    # each page opens with the running header and ends with its marker; the last page is cut
    # before its own, and the first page's text is short: still footers, not headers under a title
    head = "Study XY-101 Protocol\nVersion 3.0\n"
    text = (head + "Dosing is 320 mg.\nTwice daily.\nPage 12\n" + head + "The response rate was 41%.\n"
            "Median follow-up was 9 months.\nPage 13\n" + head + "Grade 3 events occurred in 12%.\n")
    r = read_plain_text(text)
    assert r.page_footers and r.page_numbers == (12, 13, 14)
    assert "41%" in "\n".join(r.lines[r.pages[1][0] - 1 : r.pages[1][1]])
    assert r.lines[r.pages[1][0] - 1] == "Study XY-101 Protocol"  # the next page opens at its header
    # a one-line header over a one-line first page: the header the file opens with is no text of it
    r = read_plain_text(text.replace("Version 3.0\n", "").replace("Twice daily.\n", ""))
    assert r.page_footers and r.page_numbers == (12, 13, 14)


def test_a_long_cover_above_pages_under_a_running_header() -> None:
    # a cover of more than two lines, then pages 2-4 under a 3-line running header: the cover is page 1
    cover = "Clinical Study Protocol XY-101\nA Phase 2 Study of Compound X\nSponsor: Example Research Ltd\n\n"
    r = read_plain_text(cover + _protocol(first=2))
    assert not r.page_footers and r.page_numbers == () and len(r.pages) == 4
    assert r.pages[0] == (1, 4) and "320 mg" in "\n".join(r.lines[r.pages[1][0] - 1 : r.pages[1][1]])
    assert "400 mg" in "\n".join(r.lines[r.pages[2][0] - 1 : r.pages[2][1]])


def _claims(tmp_path, text: str, page: int, second: int) -> list[str]:
    folder = tmp_path / "sources" / "evidence" / "protocols"
    folder.mkdir(parents=True)
    (folder / "xy-101.txt").write_text(text, encoding="utf-8")
    report = (f"# Pages\n\nPatients who cannot tolerate 200 mg twice daily must stop Compound X "
              f"[evidence:protocols/xy-101.txt#p{page}].\n\n"
              f"In Part 2, Compound X is given at 400 mg twice daily on Days 1 to 4 of each week of a 28-day cycle "
              f"[evidence:protocols/xy-101.txt#p{second}].\n")
    checked = run(report, "markdown", tmp_path / "sources", VerifyOptions(mode="report")).claims
    return [c.status for c in checked if c.anchors]


@pytest.mark.parametrize("head", [_HEAD, _HEAD + _FOURTH], ids=["3-line", "4-line"])
def test_claims_on_the_right_page_pass_and_on_the_next_page_do_not(tmp_path, head: str) -> None:
    text = _protocol(head)
    assert _claims(tmp_path / "right", text, 14, 13) == ["pass", "pass"]
    assert "pass" not in _claims(tmp_path / "wrong", text, 15, 14)
