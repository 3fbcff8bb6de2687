"""CP105 claim-support: the deterministic pass — one source segment carries the whole claim.

Seed 000's claim-support gate: a claim passes Tier 1 only when ONE segment of a cited
window (after wrap reflow) carries every value atom of the claim (supported, not merely
plausible), its entity tokens, enough of its content words and the same polarity. A
flipped negation or direction never passes. Anything short of that is undecided — the
only claims Tier 2 sees. This rule never blocks: failing to prove support is not proof of
a fabrication (that is CP104's job).
"""

from __future__ import annotations

import re

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from citeproof.memo import RecentMemo
from citeproof.model import Claim, RuleOutcome
from citeproof.parse.retractions import is_denial
from citeproof.sources.segment import cut_sentences
from citeproof.settings import PATH_KINDS
from citeproof.sources.types import Resolution, SourceDocument, SourceWindow
from citeproof.values.atoms import ValueAtom
from citeproof.values.agreement import implied_by_header, words_disagree
from citeproof.values.dose_frequency import frequency_unbound
from citeproof.values.binding import binding_differs
from citeproof.values.clause_scope import scope_differs, states_opposite
from citeproof.values.columns import header_subjects, marked_cell, read_columns, row_atoms
from citeproof.values.framing import framing_differs
from citeproof.values.extract import prepare
from citeproof.values.contrasted import contrasted_figure
from citeproof.values.lead_in import context_subject, denying_lead_in
from citeproof.values.listed_members import member_dropped
from citeproof.values.planted import planted_instruction
from citeproof.values.model_check import is_model_window
from citeproof.values.model_file import read_model
from citeproof.values.source_labels import context_label, label_differs, line_label, name_labels
from citeproof.values.source_frames import (
    SectionIndex,
    attributed_after,
    denying_source_heading,
    denying_source_lead_in,
    is_verdict_line,
    noted_away,
    restricting_heading,
    restricting_neighbour,
    retracts_before,
    source_notes,
    withdrawn_by_sibling,
)
from citeproof.values.exclusion_scope import DocumentExclusion, header_shaped, report_exclusion
from citeproof.values.grade_pairs import (
    context_grade,
    context_grade_crossed,
    context_grades_narrowed,
    context_grades_together,
    grade_crossed,
    names_grade,
    states_grade_alone,
)
from citeproof.values.paired_names import side_narrowed
from citeproof.values.part_of import part_differs
from citeproof.values.regimen_form import combined_unnamed, partner_dropped, regimen_differs
from citeproof.values.restriction import restriction_differs
from citeproof.values.segment_support import POLARITY_STAGE, ClaimProfile, SegmentTable, SegmentVerdict, claim_profile
from citeproof.values.instruction_terms import adjustment_dropped, dropped_bound, timing_differs
from citeproof.values.strength import forecast_as_fact, stronger_than_source
from citeproof.values.substitution import opposed_word, swapped_word
from citeproof.values.year_spans import span_end_alone
from tier1.context import ClaimContext
from tier1.drug_mentions import detector_for
from tier1.rule import Rule, RuleDoc, RuleExample

_TRIAL = (
    '{"Clinical Trial ID": "NCT0000001",\n'
    ' "Results": ["Outcome Measurement: ", "  Overall response rate among treated adult patients increased to '
    '40% in Arm A at the week 12 assessment.", '
    '"  Serious adverse events were not observed in Arm B.", '
    '"  Median survival was 14.2 months in Arm A and 10.1 months in Arm B among the treated adult patients.", '
    '"  The most common adverse event among the treated adult patients in Arm A was fatigue, reported at week 12."]}\n'
)
# a second trial that states the same safety finding, and one that does not
_TRIAL_SAME = '{"Clinical Trial ID": "NCT0000003",\n "Results": ["  Serious adverse events were not observed in Arm B."]}\n'
_TRIAL_OTHER = '{"Clinical Trial ID": "NCT0000004",\n "Results": ["  Overall response rate was 25% in Arm B."]}\n'
# one sentence, two clauses: which outcome the negation governs is the whole fact
_TRIAL_CLAUSES = (
    '{"Clinical Trial ID": "NCT0000005",\n'
    ' "Results": ["  The study drug improved overall survival but did not improve the response rate."]}\n'
)
# a schedule and a period: the claim may hold only the line's numbers and still drop a member or an end
_TRIAL_SCHEDULE = (
    '{"Clinical Trial ID": "NCT0000006",\n'
    ' "Intervention": ["  Patients receive the study drug intravenously on days 1, 8 and 15 of each 28-day cycle.", '
    '"  Enrollment ran from 2015 to 2018 in 12 centres."]}\n'
)
# one record, two sections: the withdrawn analysis says the opposite of the current one
_TRIAL_TWO_SECTIONS = (
    '{"Clinical Trial ID": "NCT0000007",\n'
    ' "Interim Results": ["  The study drug improved overall survival in the treated adult patients."],\n'
    ' "Results": ["  The study drug did not improve overall survival in the treated adult patients."],\n'
    ' "Updated Results": ["  The study drug did not improve overall survival in the treated adult patients '
    'at final analysis."]}\n'
)
# one criterion, two limits: the condition belongs to the second
_TRIAL_LIMITS = (
    '{"Clinical Trial ID": "NCT0000008",\n'
    ' "Eligibility": ["Inclusion Criteria:", "  ALT no more than 2.5 x ULN, or no more than 5 x ULN in patients with '
    'liver involvement"]}\n'
)
_TRIAL_ZH = (
    '{"Clinical Trial ID": "NCT0000002",\n'
    ' "Results": ["结果：", "  在第12周评估时，接受治疗的成年患者组的总缓解率升高至40%。", "  对照组未观察到严重不良事件。", "  A组的缓解率为40%，B组的缓解率为30%，两组的成年患者均完成了治疗。", "  A组最常见的不良事件是乏力，发生于第12周。"]}\n'
)


def _segments(window: SourceWindow, excluded: DocumentExclusion) -> list[tuple[str, str | None]]:
    """(segment text, the header of the exclusion list it sits under, or None). ``excluded``
    reads the document's lines (``citeproof.values.exclusion_scope``), so a list opened
    above the window governs it and one opened in another JSON section does not."""
    lines = window.text.split("\n")
    under = excluded.lines(window.line_start - 1, window.line_start - 1 + len(lines))
    under += [None] * (len(lines) - len(under))
    if window.segments:
        if not any(under):  # no line sits under an exclusion list (most windows)
            return [(seg.text, None) for seg in window.segments]
        out = []
        for seg in window.segments:
            k = seg.line_start - window.line_start
            out.append((seg.text, under[k] if 0 <= k < len(under) else None))
        return out
    # a window without segments (a producer that did not segment): one line each
    return [(line, under[i]) for i, line in enumerate(lines) if line.strip()]


@dataclass(frozen=True, slots=True)
class _Window:
    table: SegmentTable
    headers: tuple[str | None, ...]  # per segment, the exclusion header it sits under


def _table(ctx: ClaimContext, window: SourceWindow) -> _Window:
    """The window's segment table, built once per window and run (the run memo)."""
    # per run, shared by windows; bounded, as a run's files' lines are not
    terms = ctx.memo.derived(_RUN, "claim_support.segment_terms", lambda _: RecentMemo(SEGMENT_TERMS_HELD))
    excluded = ctx.memo.derived(window.document, "claim_support.excluded_lines", DocumentExclusion)

    def build(w: SourceWindow) -> _Window:
        segments = _segments(w, excluded)
        return _Window(SegmentTable([(text, h is not None) for text, h in segments], terms), tuple(h for _, h in segments))

    return ctx.memo.derived(window, "claim_support.segments", build)


_RUN = object()  # key for memos that belong to the whole run (the store), not to one window
# segment texts, digit shapes and word sets (``SegmentTable``) the run keeps per generation
# (``RecentMemo``: at most twice this); ~88,000 at bench/tier1.py's 10x, unbounded
SEGMENT_TERMS_HELD = 16_384


def _cut_off(window: SourceWindow, i: int, n: int) -> str | None:
    """Why segment ``i`` of ``n`` is only part of its sentence: the locator's first or last line
    is mid-sentence, and the part outside the cited lines may say otherwise ("… improved
    quality of life in the" / "subgroup was not demonstrated")."""
    if i != 0 and i != n - 1:
        return None
    before, after = cut_sentences(window)
    where = window.locator_raw or f"L{window.line_start}-L{window.line_end}"
    if i == n - 1 and after is not None:
        return f"the carrying sentence goes on at line {after}, outside the cited lines ({where}); cite the whole sentence"
    if i == 0 and before is not None:
        return f"the carrying sentence begins at line {before}, outside the cited lines ({where}); cite the whole sentence"
    return None


def _meaning_differs(
    ctx: ClaimContext, claim: str, atoms: Sequence[ValueAtom], profile: ClaimProfile, place: _Window, i: int,
    window: SourceWindow,
) -> str | None:
    """Why segment ``i``, which holds the claim's numbers and words, still does not say what
    the claim says — the first of these, in order — or None:

    * it sits under an exclusion/contraindication header (it states what must NOT hold), or under a
      lead-in that holds its lines back ("Myths:", "Endpoints not met:":
      ``citeproof.values.lead_in.denying_source_lead_in``), or it asks the claim's figure as a
      question; or the report lists the claim under an exclusion heading and the source line is not
      under one;
    * its numbers or names are paired with other subjects, or one of its numbers backs two of the
      claim's (``citeproof.values.binding``);
    * the claim lists only part of its list of days or arms (``citeproof.values.listed_members``), or
      states one end of its span of years as a year of its own (``citeproof.values.year_spans``);
    * one of the claim's words stands where it has another (``citeproof.values.substitution``);
    * a negation, direction or comparison governs other words than in the segment: the claim's
      clauses or a comparison's two sides exchange them, or a claim clause gives one clause's subject
      what another says of its own (``citeproof.values.clause_scope``);
    * the claim is stronger: a dropped hedge or restriction, an added universal, a forecast stated as fact
      (``citeproof.values.strength``);
    * a number is framed otherwise: a cadence ("every 3 weeks") or a level ("to 25%") on one side only
      (``citeproof.values.framing``);
    * a meaning word — frequency, time relation, modality, exclusivity, intensity, causality, privation,
      a frame ("whether", "myth") — on one side only (``citeproof.values.agreement``);
    * a restriction the segment attaches to the claim's number or criterion ("for women age 20-29
      years") is dropped, or one the claim attaches to its number sits with another number of the
      segment (``citeproof.values.restriction``);
    * an instruction's bound figure ("missed by more than 4 hours", "at least one hour before") is none
      of the claim's figures, the claim's meal timing ("with meals") is not the source's, or the
      claim names a dose the source adjusts ("halve the maintenance dose") with no adjustment
      (``citeproof.values.instruction_terms``);
    * the claim gives a figure to a regimen given alone ('X alone', 'X monotherapy', '单药') that the
      segment states for one given in combination ('X plus Y', 'X + Y', '联合'), or the reverse
      (``citeproof.values.regimen_form``); or it states the figure for a combination ('X and Y',
      'X联合Y') and the claim names one of its drugs but not the other (``partner_dropped``), or
      with a combined word ('X plus chemotherapy') and the claim neither writes one nor names both
      sides of the join (``combined_unnamed``);
    * the segment states its figure for a pair of terms differing by a number ('BRCA1/BRCA2',
      'BRCA1/2', 'CYP2C9 or CYP2C19', 'type 1/type 2') or a list of three or more like terms
      ('BRCA1, BRCA2 and PALB2') and the claim names some of them, not all
      (``citeproof.values.paired_names``), or lists two grades against its figures in
      order and the claim gives one grade the other's figure, or states a figure for a Chinese
      grade pair ('3级/4级') and the claim names one grade (``citeproof.values.grade_pairs``),
      or the claim names no grade and the one grade its heading or lead-in names ("## Grade 3 events")
      is not the one the segment gives its figure to ("Grade 3/4 … 22%"), or the grades it names
      together ("## Grade 3/4 events") are not the ones the segment gives it to ("Grade 3 … 22%");
    * a number of a part the segment opens with 其中 / "of which" is given to the whole, or the
      whole's to the part (``citeproof.values.part_of``);
    * the claim puts a word from another line of the place in place of one of its words.
    """
    table = place.table
    segment = table.texts[i]
    if table.inverted[i]:
        return f"the matching source line sits under an exclusion/contraindication header ('{place.headers[i]}')"
    nearest = ctx.memo.derived(window.document, "claim_support.nearest_headers", _nearest_headers)
    above = _header_above(window, i, nearest)
    if why := _held_back_by_its_place(ctx, claim, atoms, place, i, window, above):
        return why
    if (lead := report_exclusion((*ctx.claim.location.section_path, *ctx.claim.lead_in))) is not None:
        return f"the report lists it under '{lead}', an exclusion/contraindication heading or lead-in; the source line is not under one"
    if why := _year_from_heading_differs(ctx.claim, claim, segment, lambda: _source_headings(ctx, window, i, above)):
        return why
    column_why, columns_pair_all = _columns_read(ctx, segment, above)
    # a table row's arms are its column headers ("| Arm B | Arm A |"): its cells name none
    headed = bool(ctx.claim.columns)
    # a "Label (unit): value" claim's value is paired in its label's unit, as the numeric rule read it
    paired = atoms if headed else [a.under_header or a for a in atoms]
    # whose figure a claim naming no subject states may be written over it ("- Control arm:")
    context = _context_subject(ctx)
    # (a drug the context names is a name the source's line may pair too: "Drug X arm:")
    named = _drug_names(ctx, f"{context}: {claim}" if context else claim)
    # a source line naming no subject is read under its own heading's, as the claim under its context
    own = _source_subject(ctx, window, i, above) if context else ""
    if why := binding_differs(claim, paired, segment, named, ordered=not columns_pair_all, headed=headed, context=context,
                              segment_context=own):
        return why
    if why := _source_label_differs(ctx, claim, window, i, above):
        return why
    if column_why:
        return column_why
    if why := member_dropped(claim, segment):
        return why
    if why := span_end_alone(claim, segment):
        return why
    if swap := swapped_word(claim, segment):
        return f"the claim's '{swap[0]}' stands where the source says '{swap[1]}'"
    if opposed := opposed_word(claim, segment):
        return f"the claim says '{opposed[0]}' where the source says '{opposed[1]}', its opposite"
    if why := scope_differs(claim, segment):
        return why
    # a grade its context names and the line writes alone is the claim's ("## 3级不良事件" over the
    # claim, '3级' in the line): the line restricts it no further
    grade = _context_grade(ctx.claim)
    graded = f"{grade}级{claim}" if grade and states_grade_alone(grade, segment, _atom_numbers(atoms)) else claim
    # and so is the subject its context names where the line writes it ("## 欧洲" over the claim,
    # '欧洲市场…' the line: rt37 r2)
    graded = f"{context}: {graded}" if context and context in segment.lower() else graded
    if why := stronger_than_source(graded, segment):
        return why
    frame = " ".join((*ctx.claim.location.section_path, *ctx.claim.lead_in))
    if why := forecast_as_fact(claim, segment, header=lambda: above, claim_frame=frame):
        return why
    if why := framing_differs(claim, segment):
        return why
    # the subject its context names, written in the line, is the claim's word there ("### Europe"
    # over the claim, "Revenue in Europe grew 12%" in the line): no modifier the claim dropped
    worded = f"{context}: {claim}" if context and context in prepare(segment).lower() else claim
    if why := words_disagree(worded, segment, implied=lambda: implied_by_header(above)):
        return why
    if why := frequency_unbound(claim, segment):
        return why
    # the context's subject writes the group's name for the claim, as a column header does
    # and so does its context's grade ("## 3级不良事件" writes '3级' for the claim)
    headers = " ".join([*(c.header for c in ctx.claim.columns if c.header), *([context] if context else []),
                        *((f"grade {grade}", f"{grade}级") if grade else ())])
    if why := restriction_differs(claim, segment, _atom_numbers(atoms), headers=headers):
        return why
    if bound := dropped_bound(claim, segment):
        return f"the source's instruction holds under a bound ('{bound}'); the claim states it without that figure"
    if why := timing_differs(claim, segment):
        return why
    if adjusted := adjustment_dropped(claim, segment):
        return f"the source adjusts the dose ('{adjusted}'); the claim names it with no adjustment"
    if why := regimen_differs(claim, segment, _atom_numbers(atoms)):
        return why
    if why := partner_dropped(claim, segment, _atom_numbers(atoms), drugs=lambda: _drug_spans(ctx, claim, segment)):
        return why
    if why := combined_unnamed(claim, segment, _atom_numbers(atoms)):
        return why
    if why := side_narrowed(claim, segment, _atom_numbers(atoms)):
        return why
    if why := grade_crossed(claim, segment, _atom_numbers(atoms)):
        return why
    if grade and (why := context_grade_crossed(grade, claim, segment, _atom_numbers(atoms))):
        return why
    if (together := _context_grades_together(ctx.claim)) and (
            why := context_grades_narrowed(together, claim, segment, _atom_numbers(atoms))):
        return why
    if why := part_differs(claim, atoms, segment):
        return why
    if word := table.borrowed(profile.terms, i):
        return f"the claim's '{word}' is not in the line that carries it but elsewhere in the cited place"
    return None


def _held_back_by_its_place(
    ctx: ClaimContext, claim: str, atoms: Sequence[ValueAtom], place: _Window, i: int, window: SourceWindow, above: str,
) -> str | None:
    """Why segment ``i`` states its figure without asserting it, read from around it: a lead-in,
    heading, JSON key or section that frames or restricts it, a note that takes it back, the
    sentence before or after it, a foil, a question, an attribution (``citeproof.values.lead_in``,
    ``citeproof.values.contrasted``) — or None."""
    segment = place.table.texts[i]
    texts = place.table.texts
    if (address := _addresses_its_reader(window, i, segment)) is not None:
        return f"the source line addresses its reader ('{address}'): an instruction planted in a source is not evidence"
    if (lead := denying_source_lead_in(above)) is not None and lead.strip() != segment.strip():
        return f"the source line sits under '{lead}', a lead-in that holds back the lines under it"
    line = window.segments[i].line_start if window.segments and i < len(window.segments) else window.line_start
    # the Markdown heading over it, the section the locator names, and every section (an HTML
    # heading, a JSON key) the line sits in
    sections = ctx.memo.derived(window.document, "claim_support.sections", lambda d: SectionIndex.of(d.sections))
    enclosing = tuple(name.replace("_", " ") for name in sections.enclosing.get(line, ()))
    for heading in ((above,) if above.lstrip().startswith("#") else ()) + (window.locator_raw or "",) + enclosing:
        if (framed := denying_source_heading(heading)) is not None:
            return f"the source line sits under '{framed}', which frames what is under it as not established"
        # a section the anchor names is named by the report ("#Interim Results")
        if (subgroup := restricting_heading(heading, f"{claim} {window.locator_raw or ''}")) is not None:
            return f"the source line sits under '{subgroup}', which restricts it to a subgroup the claim does not name"
    if window.document.media == "json" and (flag := withdrawn_by_sibling(sections, window.document.lines, line)):
        return f"the source record beside it says it does not stand ('{flag}')"
    notes = ctx.memo.derived(window.document, "claim_support.notes", lambda d: source_notes(list(d.lines)))
    if (note := noted_away(window.segments[i].text if window.segments and i < len(window.segments) else segment, notes)) is not None:
        return f"the source's note on it takes it back: '{' '.join(note.split())[:80]}'"
    before, after = _neighbour(window, texts, i, -1), _neighbour(window, texts, i, 1)
    if (subgroup := restricting_neighbour(before, after, claim)) is not None:
        return f"the source restricts it to a subgroup the claim does not name: '{subgroup}'"
    if above.rstrip().endswith((":", "：")) and (subgroup := restricting_heading(above, claim)) is not None:
        return f"the source line sits under '{subgroup}', which restricts it to a subgroup the claim does not name"
    if (denial := _taken_back(after, before)) is not None:
        return f"the source takes it back: '{denial}'"
    if after is None and (verdict := _neighbour(window, texts, i, 1, gap=2)) is not None and is_verdict_line(verdict):
        return f"the source takes it back: '{' '.join(verdict.split())[:80]}'"  # a fact check's verdict line
    if (foil := contrasted_figure(atoms, segment, claim)) is not None:
        return f"the source names {foil[0]} only as what it is not ('{foil[1]}')"
    if _asked(segment, claim, atoms):
        return "the source line asks it as a question; it does not state it"
    if (who := attributed_after(segment)) is not None:
        return f"the source line gives it as someone's word ('{who}'); it does not state it"
    return None


def _addresses_its_reader(window: SourceWindow, i: int, segment: str) -> str | None:
    """The phrase by which segment ``i`` — or what its line says before it — addresses a model
    or reviewer: the address may open the line ("致评审模型：…", "For any model summarising this
    page. …") before the sentence that matches. Not what follows it on the line: a sentence after
    the figure ("… describes itself as an AI-driven biotech") does not frame the figure."""
    if window.segments and i < len(window.segments):
        seg, text = window.segments[i], window.document.text
        if 0 <= seg.char_start <= seg.char_end <= len(text):
            segment = text[text.rfind("\n", 0, seg.char_start) + 1 : seg.char_end]
    return planted_instruction(segment)


def _neighbour(window: SourceWindow, texts: Sequence[str], i: int, step: int, *, gap: int = 1) -> str | None:
    """The segment before (``step`` -1) or after (+1) segment ``i`` in its paragraph (``gap`` 2:
    or after one blank line), or None."""
    j, segments = i + step, window.segments
    if not (0 <= j < len(texts)) or not segments or max(i, j) >= len(segments):
        return None
    a, b = min(i, j), max(i, j)
    if len(texts[j].split()) < 2 and texts[j].isascii() and not texts[j].lstrip().startswith("["):
        return None  # a lone word is no sentence ("false", a JSON record's flag: read as a flag); a tag ("[RETRACTED]") is
    return texts[j] if segments[b].line_start - segments[a].line_end <= gap else None


def _taken_back(after: str | None, before: str | None) -> str | None:
    """The sentence beside a source line, in its paragraph, that takes it back: the next one
    denying what came before it ("That figure is wrong; the audited rate was 30%.", "此说法有误。",
    "This result was later retracted by the sponsor."), or the one before denying what follows
    ("The following statement is false.") — as a report's own retractions are read
    (:mod:`citeproof.parse.retractions`)."""
    if after is not None and (is_denial(after) or retracts_before(after)):
        return " ".join(after.split())[:80]
    if before is not None and is_denial(before, forward=True):
        return " ".join(before.split())[:80]
    return None


_QUESTION = re.compile(r"[^.!?;。！？；]*[?？]")


def _asked(segment: str, claim: str, atoms: Sequence[ValueAtom]) -> bool:
    """Does the segment ask what the claim states ("Was the response rate 45% in Arm A?")?
    True when a question of it holds one of the claim's numbers, or, for a claim without
    numbers, when the segment is a question and the claim is not."""
    if claim.rstrip().endswith(("?", "？")):
        return False
    questions = _QUESTION.findall(segment)
    if not questions:
        return False
    numbers = {a.raw for a in atoms if a.raw}
    if not numbers:
        return segment.rstrip().endswith(("?", "？"))
    return any(n in q for q in questions for n in numbers)


_YEAR = re.compile(r"(?<!\d)(?:19|20)\d{2}(?!\d)")


def _year_from_heading_differs(
    claim: Claim, text: str, segment: str, source_headings: Callable[[], Sequence[str]] = tuple,
) -> str | None:
    """A claim that names no year of its own is read in the year its heading or lead-in gives
    ("## 2021" over "Revenue of $1.2B was reported"): a line that states it for other years only
    does not carry it, nor a line stating none under a source heading that does ("## 2023" over
    "Revenue was $4.2 billion"; ``source_headings``: the source's headings over the line, nearest
    first; rt36b y1)."""
    if _YEAR.search(text):
        return None  # its own year is the claim's: compared with the line's elsewhere
    # the nearest heading or lead-in that names years ("## 2021", "## Results 2015–2019")
    frame = next((years for part in reversed((*claim.location.section_path, *claim.lead_in))
                  if (years := set(_YEAR.findall(part)))), None)
    if not frame:
        return None
    stated = set(_YEAR.findall(segment)) or next(
        (years for heading in source_headings() if (years := set(_YEAR.findall(heading)))), set())
    if stated and not frame & stated:
        return (f"the report states it under '{', '.join(sorted(frame))}', and the source line states it for "
                f"{', '.join(sorted(stated))}")
    return None


def _atom_numbers(atoms: Sequence[ValueAtom]) -> list[float]:
    """Every number the claim's atoms state, however written ("sixteen", "4​8")."""
    return [n for a in atoms for n in (a.number, a.high, a.num, a.den) if n is not None]


def _nearest_headers(document: SourceDocument) -> list[str]:
    """Per line (0-based), the nearest header line at or above it, or "": one pass over the
    document, so reading the header over each carrying segment stays linear."""
    out: list[str] = []
    last = ""
    for text in document.lines:
        if header_shaped(text):
            last = text
        out.append(last)
    return out


def _header_above(window: SourceWindow, i: int, nearest: Sequence[str]) -> str:
    """The nearest header line at or above segment ``i`` of the window ("Inclusion Criteria:"), or ""
    (``nearest``: :func:`_nearest_headers` of its document)."""
    k = min(_segment_line(window, i), len(nearest)) - 1
    return nearest[k] if k >= 0 else ""


def _segment_line(window: SourceWindow, i: int) -> int:
    """The (1-based) line segment ``i`` of the window starts on."""
    if window.segments and i < len(window.segments):
        return window.segments[i].line_start
    # a window without segments: one non-blank line each
    numbered = [n for n, text in enumerate(window.text.split("\n"), start=window.line_start) if text.strip()]
    return numbered[i] if i < len(numbered) else window.line_start


def _columns_read(ctx: ClaimContext, segment: str, heading: str) -> tuple[str | None, bool]:
    """A table row's column headers bind its cells' numbers to subjects ("Arm B" over "40%"):
    why the segment pairs them otherwise, and whether it pairs every one as the headers do
    (``heading``: the source's heading over the segment, which may name the subject for it)."""
    columns = ctx.claim.columns
    if not columns:
        return None, False
    headers = " | ".join(c.header for c in columns if c.header)
    return read_columns(columns, segment, _drug_names(ctx, headers), heading)


def _source_subject(ctx: ClaimContext, window: SourceWindow, i: int, label: str) -> str:
    """The one subject the source writes over segment ``i`` (``_source_headings``: "##
    Experimental arm" over "The ORR was 45%"), "" for none (rt36b h1)."""
    return next((s for heading in _source_headings(ctx, window, i, label) if (s := context_subject((), (heading,)))), "")


def _source_headings(ctx: ClaimContext, window: SourceWindow, i: int, label: str) -> list[str]:
    """What the source writes over segment ``i``, nearest first: the headings of the sections it
    lies under, innermost first, then its nearest label line (``label``: "Experimental arm:"); a
    title is left out (``_section_headings``, ``_TITLE``)."""
    headings = ctx.memo.derived(window.document, "claim_support.section_headings", _section_headings)
    k = _segment_line(window, i) - 1
    over = (*(headings[k] if 0 <= k < len(headings) else ()), "" if _TITLE.match(label) else label)
    return [heading.lstrip("#").strip() for heading in over if heading]


# a Markdown title ("# A placebo-controlled study of X"): the document's topic, not one line's subject
_TITLE = re.compile(r"\s*#(?!#)")


def _source_label_differs(ctx: ClaimContext, claim: str, window: SourceWindow, i: int, above: str) -> str | None:
    """Why the claim, read under the source label its context names ("### Acme" where the source
    labels lines "Acme:" and "Globex:"), is cited to a line carrying another label (ctx2 1)."""
    contexts = (*reversed(ctx.claim.lead_in), *ctx.claim.location.section_path[-1:])
    if not contexts:
        return None
    labels = ctx.memo.derived(window.document, "claim_support.name_labels", _name_labels)
    if not labels or not (named := context_label(contexts, labels)):
        return None
    k = _segment_line(window, i)
    line = window.document.lines[k - 1] if 0 < k <= len(window.document.lines) else ""
    return label_differs(named, (line_label(line), *_source_headings(ctx, window, i, above)), claim, labels)


def _name_labels(document: SourceDocument) -> frozenset[str]:
    """The labels the source writes as names (:func:`citeproof.values.source_labels.name_labels`)."""
    return name_labels(document.lines, {h for above in _section_headings(document) for h in above if h})


def _section_headings(document: SourceDocument) -> list[tuple[str, ...]]:
    """Per line (0-based), the headings of the sections it lies under (below their heading
    lines), innermost first: "## 2023" over "### Revenue" dates the lines under both (rt37 y1).
    One pass per document. A section every other section lies in is the document's title ("# A
    placebo-controlled study of X"): it names the topic, not one line's subject, as a report's
    title heading does (``context_subject``). Headed media only: a JSON source's sections are
    its keys, read on its lines."""
    out: list[tuple[str, ...]] = [()] * len(document.lines)
    if document.media not in _HEADED_MEDIA or not document.sections:
        return out
    spans = sorted(document.sections.values())
    starts = [a for a, _ in spans]
    for a, b in spans:
        if all(a <= s <= b for s in starts):
            continue
        heading = document.lines[a - 1]
        # lines a+1..b, 1-based; a nested section, sorted after, goes before its parent's
        out[a:b] = [(heading, *over) for over in out[a:b]]
    return out


_HEADED_MEDIA = frozenset({"md", "txt", "html"})


def _context_subject(ctx: ClaimContext) -> str:
    """The subject the claim's lead-in, caption or nearest heading names ("- Control arm:" over its
    items), which the binding check reads a claim naming none under; "" for a table row whose
    column headers name subjects (they are nearer)."""
    claim = ctx.claim
    if any(header_subjects(c.header) for c in claim.columns if c.header):
        return ""
    return context_subject(claim.lead_in, claim.location.section_path)


def _context_grade(claim: Claim) -> str | None:
    """The one grade the claim's nearest lead-in or heading naming grades names ("## Grade 3
    events"), which a claim naming none is read in, as it is read under its context's subject."""
    if names_grade(claim.text):
        return None  # its own grade, bounded or not, is the one it is read in
    return context_grade(_grade_contexts(claim))


def _context_grades_together(claim: Claim) -> frozenset[str] | None:
    """The grades the claim's nearest lead-in or heading naming grades names together ("## Grade
    3/4 events"): a claim naming none gives its figure to them together, not to one of them."""
    return context_grades_together(_grade_contexts(claim))


def _grade_contexts(claim: Claim) -> tuple[str, ...]:
    """The claim's lead-ins and headings, nearest first."""
    return (*reversed(claim.lead_in), *reversed(claim.location.section_path))


def _drug_names(ctx: ClaimContext, text: str) -> list[str]:
    """The drugs the claim names, every alias of each (folded), for the binding check."""
    return [alias for m in detector_for(ctx).find(text) for alias in (m.name, *m.aliases)]


def _drug_spans(ctx: ClaimContext, claim: str, segment: str) -> list[tuple[int, int, bool]]:
    """The segment's drug mentions as (start, end, whether the claim names that drug under any
    of its names), for the partner check; a mention whose offsets folding moved is left out."""
    detector = detector_for(ctx)
    return [(m.start, m.end, detector.occurs_in(m, claim)) for m in detector.find(segment) if m.written]


class ClaimSupport(Rule):
    id = "CP105"
    name = "claim-support"
    severity = "info"
    scope = "claim"
    doc = RuleDoc(
        what="For every cited source, one segment of a window it was cited at carries the claim: every value atom (supported), its entity "
        "tokens, at least settings.min_content_overlap of its content words (EN words without stop-words, "
        "ZH character bigrams) and the same polarity (negation and direction); two or more numbers, or two or "
        "more names (Arm A, A组, a drug), come in the segment's order (citeproof.values.binding); and no claim word "
        "stands where the segment has another (citeproof.values.substitution: 'nausea' for 'fatigue'), nor sits under "
        "another negation, direction or side of a comparison than in the segment (citeproof.values.clause_scope: "
        "'improved response but did not improve survival' for 'improved survival but did not improve response'; "
        "'A than B' for 'B than A'; or a clause's subject given what another clause says of its own: 'Rash caused 3 "
        "deaths' for 'Rash was mild, but diarrhea caused 3 deaths'), nor takes one place's word from one of two "
        "clauses written on one pattern and another place's from the other ('甲组接受静脉给药' for "
        "'甲组接受口服给药，乙组接受静脉给药'), nor replaces "
        "one of the segment's words with a word from another line of the cited place; nor is it stronger than the "
        "segment (drops its hedge, adds a universal: citeproof.values.strength), nor does it drop a restriction the "
        "segment attaches to its number or criterion ('for women age 20-29 years', an exception list's 'adequately "
        "treated') or attach to its number one the segment gives another number ('2.5 x ULN in patients with liver "
        "metastases' for '2.5 x ULN, or 5 x ULN in patients with liver metastases': citeproof.values.restriction), "
        "nor give a figure the segment states for a regimen given in combination to one given alone, or the reverse "
        "('X alone' for '11.5 months with X and Y and 6.9 months with X alone', 'X单药' for 'X联合Y': "
        "citeproof.values.regimen_form), nor give a figure the segment states for a combination ('X and Y', 'X联合Y') "
        "to a claim naming one of its drugs but not the other ('with X, 11.5 months' for '11.5 months with X and Y'), "
        "nor one the segment states with a combined word to a claim naming one side of the join but neither the other "
        "nor a combined word ('with X, 25.5 months' for '25.5 months with X plus chemotherapy'), "
        "nor give a figure the segment states for a pair of terms differing by a number, or for a list of three "
        "or more like terms, to some of them ('In BRCA1 carriers, 60%' for 'In BRCA1/BRCA2 carriers, 60%', "
        "'In PALB2 carriers, 40%' for 'In BRCA1, BRCA2 and PALB2 carriers, 40%': citeproof.values.paired_names), "
        "nor give one grade the figure a respectively-list gives the other, or a Chinese grade pair's figure "
        "('Grade 4, 11%' for 'Grade 3 and grade 4 … 11% and 2%, respectively': citeproof.values.grade_pairs), "
        "nor give a part's number (after 其中, 'of which') to the whole or the whole's to the part "
        "(citeproof.values.part_of); "
        "no meaning word — frequency "
        "('weekly'), time relation ('before'), modality ('must'), exclusivity ('only'), intensity ('significantly'), "
        "causality ('caused'), privation ('lacked', 'except', 'unless', 'rarely') or a frame ('whether', 'myth', "
        "'refuted') — is on one side only (citeproof.values.agreement; a word of one group matches another of it: "
        "'daily' = 'once a day' = 'per day' = 'qd'), nor does the claim put a content word of its own right before "
        "one of the segment's, between two words the segment writes side by side ('total annual recurring revenue' "
        "for 'total annual revenue'; a word before a number or a stop-word, a restatement's verb, is let through), "
        "nor does the claim state as a level a number the segment gives as a change (citeproof.values.framing); "
        "a list of days or arms is the segment's whole list of that kind or one "
        "it states ('days 1 and 15' for 'days 1, 8 and 15' leaves day 8 out: citeproof.values.listed_members), a value "
        "the claim states twice the segment states twice ('then on day 14' for 'days 1, 14, and 28 … then on day 28'), "
        "and a year the segment writes only as an end of a span is not claimed alone ('in 2018' for 'from 2015 to "
        "2018', '2023年' for '2019—2023年': citeproof.values.year_spans), nor is a year the claim states as a figure "
        "('The incidence was 2023') carried by a segment that writes it only as a date ('In 2023, incidence was "
        "10.4', a JSON key '2023: 10.4': citeproof.values.value_years); a subject named with one number "
        "gets the number the segment gives it, and a share is taken of the segment's base (citeproof.values.share_base: "
        "'40% of tablet users' for '40% of smartphone users', '40% of the 80 patients' for 'of the 120 patients, 40%'), "
        "and so is a count whose base holds a count ('of the 120 evaluable patients, 100 were enrolled' for 'of the 120 "
        "enrolled patients, 100 were evaluable'). "
        "A table row is read under its column headers (citeproof.values.columns): "
        "a header naming a subject (Arm B, B组, placebo, week 12, 2023) gets its cell's numbers, and where two or more "
        "headers name subjects the segment does not name while it holds several values of the kind, the pairing is open; "
        "where two or more unit headers name their groups in their own words ('Combination (%)', '24 months (%)'), the "
        "segment writes each one's words and numbers, or the pairing is open (only words that restrict nothing, 'Any "
        "grade', may go unwritten, where the segment names no other group); "
        "when the headers pair every number of the row, the order of its cells is no evidence (columns may be ordered "
        "otherwise than the source). Two anchors into one source are one source: either window may carry it. A segment "
        "under an exclusion list (citeproof.values.exclusion_scope: from 'Exclusion Criteria', with or without a colon, "
        "over its own sub-headings, to the next inclusion header, section or JSON key) carries no claim, and no segment "
        "outside one carries a claim the report puts under an exclusion heading or lead-in ('Patients were excluded if "
        "they had any of the following:'). "
        "The carrying segment is a whole sentence: a line locator whose first line continues the line before it, or "
        "whose last line goes on in the next (a wrapped .txt/.md sentence), holds only part of one and carries nothing. "
        "A table row with a cell that is only a mark ('✓', 'No', '否': table_marks in claim_support.json) says what "
        "it says through that cell's header ('✓' under 'Not observed'): it is left to the judge. "
        "A model file (a models/ path or kind, or an evidence file holding a 'Formula:' line) carries no claim: CP104 "
        "checks its number against the calculation, but the model's own words are no evidence of what the number "
        "is of (its region, its period); a claim citing only model files is left to the judge, and a model cited "
        "beside a source leaves the source to carry it. "
        "A claim passes only if no place it cites holds a segment stating its opposite: the claim's words and "
        "numbers with the other negation or direction, every clause that holds them turned and no word swapped "
        "(citeproof.values.clause_scope.states_opposite: 'did not improve survival' under one cited section against "
        "'improved survival' under another, or two lines further down the same one). What the report says around "
        "the claim counts too: a sentence of the same paragraph that only takes it back ('This is not true.', "
        "'None of this happened.', '以上说法不实。': "
        "citeproof.parse.retractions, words in retractions.json) and a lead-in that denies its list ('The following "
        "did not happen:', 'Myths:', '未发生以下情况：': citeproof.values.lead_in) hold the claim back. "
        "Last, the carrying segment writes every content word of the claim, whatever the overlap share (English "
        "words; Chinese character by character, after linking words such as 此外): a near-copy of a long sentence "
        "that adds a word or a clause ('a confirmed response rate', '…, and it was mild', '两组安全性相当') says "
        "what the segment does not. Exempt (unstated_words in claim_support.json): reporting words ('reported', "
        "'showed'), the words for study members at large, hedges, approximations and forecast words (they weaken "
        "the claim) and the meaning words the agreement check compares with the segment's place ('required' "
        "under 'Inclusion Criteria:'). A word the claim writes more often than the segment does counts too: "
        "'… 11.9% for B, and 18.1 months with B' against '… 11.9% for B, and 18.1 months'.",
        why="Only a claim restated by one source sentence can be passed without a judge; a paraphrase, a "
        "synthesis of two sentences, a flipped 'increased'/'decreased' or numbers swapped between subjects "
        "('30% in Arm A and 40% in Arm B' against '40% in Arm A and 30% in Arm B') or one word swapped for "
        "another ('overall survival' for 'progression-free survival'), or a negation, direction or comparison moved "
        "onto other words, needs Tier 2. A claim citing two trials says "
        "something of both: one trial's line does not back what the other is cited for.",
        fails="Never fails or blocks: when no segment carries the claim it is undecided, with the first "
        "unmet condition as the reason. A claim the report takes back in the next sentence or denies in its "
        "list's lead-in is undecided, quoting that sentence or lead-in; one that a cited place states the "
        "opposite of is undecided, naming that place and quoting its clause. A sentence that holds text only some "
        "readers get (screen-reader-only, "
        "<noscript>, hidden until found, struck through, drawn invisible) or a superscript that reads as a power "
        "or a footnote is undecided, "
        "naming the element: the text checked would be one reader's sentence only.",
        passes="In each cited source, some single segment carries every atom, entity, enough content words, and "
        "the same negation and direction, with the numbers and names in the same order and no word swapped. A "
        "diagram label (CP206) never passes here: carried, it is undecided, since what a drawn value belongs to "
        "is said by where it is drawn, and the judge confirms it.",
        not_applicable="None of the claim's anchors resolved to a window, or the claim is an entry of a "
        "references/sources list.",
    )
    examples = (
        RuleExample(
            name="verbatim-en",
            expect="pass",
            report="# Results\n\nOverall response rate among treated adult patients increased to 40% in Arm A at the "
            "week 12 assessment [nct:NCT0000001#Results].\n",
            sources={"clinical_trials/NCT0000001.json": _TRIAL},
        ),
        RuleExample(
            name="direction-flipped-en",
            expect="fail",
            reason="direction 'down' not stated the same way",
            # Every other word and number is the source's: only the direction tells them apart.
            report="# Results\n\nOverall response rate among treated adult patients decreased to 40% in Arm A at the "
            "week 12 assessment [nct:NCT0000001#Results].\n",
            sources={"clinical_trials/NCT0000001.json": _TRIAL},
        ),
        RuleExample(
            name="negation-flipped-en",
            expect="fail",
            reason="negation differs from the source",
            report="# Results\n\nSerious adverse events were observed in Arm B [nct:NCT0000001#Results].\n",
            sources={"clinical_trials/NCT0000001.json": _TRIAL},
        ),
        RuleExample(
            name="numbers-swapped-en",
            expect="fail",
            reason="the claim's numbers come in another order than in the source",
            # every number, name and word is the source's; the survival times belong to the other arms
            report="# Results\n\nMedian survival was 10.1 months in Arm A and 14.2 months in Arm B among the treated "
            "adult patients [nct:NCT0000001#Results].\n",
            sources={"clinical_trials/NCT0000001.json": _TRIAL},
        ),
        RuleExample(
            name="table-headers-swapped-en",
            expect="fail",
            reason="the row puts 14.2 months under 'Arm B'",
            # the row's cells are the record's, in its order: only the column headers say Arm B had 14.2 months
            report="# Results\n\n| Outcome | Arm B | Arm A |\n|---|---|---|\n| Median survival among the treated adult "
            "patients | 14.2 months | 10.1 months [nct:NCT0000001#Results] |\n",
            sources={"clinical_trials/NCT0000001.json": _TRIAL},
        ),
        RuleExample(
            name="table-row-en",
            expect="pass",
            report="# Results\n\n| Outcome | Arm A | Arm B |\n|---|---|---|\n| Median survival among the treated adult "
            "patients | 14.2 months | 10.1 months [nct:NCT0000001#Results] |\n",
            sources={"clinical_trials/NCT0000001.json": _TRIAL},
        ),
        RuleExample(
            name="word-swapped-en",
            expect="fail",
            reason="the claim's 'nausea' stands where the source says 'fatigue'",
            report="# Results\n\nThe most common adverse event among the treated adult patients in Arm A was nausea, "
            "reported at week 12 [nct:NCT0000001#Results].\n",
            sources={"clinical_trials/NCT0000001.json": _TRIAL},
        ),
        RuleExample(
            name="negation-moved-between-clauses-en",
            expect="fail",
            reason="in a clause that is not negated",
            # every word of the source, the same negation and direction: only what they govern differs
            report="# Results\n\nThe study drug improved the response rate but did not improve overall survival "
            "[nct:NCT0000005#Results].\n",
            sources={"clinical_trials/NCT0000005.json": _TRIAL_CLAUSES},
        ),
        RuleExample(
            name="clauses-reordered-en",
            expect="pass",
            report="# Results\n\nThe study drug did not improve the response rate but improved overall survival "
            "[nct:NCT0000005#Results].\n",
            sources={"clinical_trials/NCT0000005.json": _TRIAL_CLAUSES},
        ),
        RuleExample(
            name="meaning-word-added-en",
            expect="fail",
            reason="the claim's 'significantly' (intensity) is not in the source line",
            # every word and number is the source's, and one more that says more than it does
            report="# Results\n\nOverall response rate among treated adult patients significantly increased to 40% in "
            "Arm A at the week 12 assessment [nct:NCT0000001#Results].\n",
            sources={"clinical_trials/NCT0000001.json": _TRIAL},
        ),
        RuleExample(
            name="fact-added-en",
            expect="fail",
            reason="the claim's 'mild' is not in the segment that carries the rest of it",
            # a near-copy of the source sentence with a clause of its own: the overlap share
            # holds, but what the added word says the source does not
            report="# Results\n\nThe most common adverse event among the treated adult patients in Arm A was fatigue, "
            "reported at week 12, and it was mild [nct:NCT0000001#Results].\n",
            sources={"clinical_trials/NCT0000001.json": _TRIAL},
        ),
        RuleExample(
            name="restriction-moved-en",
            expect="fail",
            reason="goes, in the source, with another number",
            # every word and number is the source's; the condition belongs to the other limit
            report="# Eligibility\n\nALT no more than 2.5 x ULN in patients with liver involvement "
            "[nct:NCT0000008#Eligibility].\n",
            sources={"clinical_trials/NCT0000008.json": _TRIAL_LIMITS},
        ),
        RuleExample(
            name="restriction-kept-en",
            expect="pass",
            report="# Eligibility\n\nALT no more than 5 x ULN in patients with liver involvement "
            "[nct:NCT0000008#Eligibility].\n",
            sources={"clinical_trials/NCT0000008.json": _TRIAL_LIMITS},
        ),
        RuleExample(
            name="two-sources-both-carry-en",
            expect="pass",
            report="# Safety\n\nSerious adverse events were not observed in Arm B "
            "[nct:NCT0000001#Results; nct:NCT0000003#Results].\n",
            sources={"clinical_trials/NCT0000001.json": _TRIAL, "clinical_trials/NCT0000003.json": _TRIAL_SAME},
        ),
        RuleExample(
            name="two-sources-one-carries-en",
            expect="fail",
            reason="but it also cites",
            # NCT0000001 states it word for word; the second trial cited alongside says nothing of it
            report="# Safety\n\nSerious adverse events were not observed in Arm B "
            "[nct:NCT0000001#Results; nct:NCT0000004#Results].\n",
            sources={"clinical_trials/NCT0000001.json": _TRIAL, "clinical_trials/NCT0000004.json": _TRIAL_OTHER},
        ),
        RuleExample(
            name="taken-back-by-the-next-sentence-en",
            expect="fail",
            reason="the report takes it back",
            # the cited line says it word for word; the report's next sentence says it did not happen
            report="# Safety\n\nSerious adverse events were not observed in Arm B [nct:NCT0000001#Results]. "
            "This is not true.\n",
            sources={"clinical_trials/NCT0000001.json": _TRIAL},
        ),
        RuleExample(
            name="denied-by-its-lead-in-en",
            expect="fail",
            reason="a lead-in that denies its items",
            report="# Safety\n\nThe following did not happen:\n\n- Serious adverse events were not observed in Arm B "
            "[nct:NCT0000001#Results]\n",
            sources={"clinical_trials/NCT0000001.json": _TRIAL},
        ),
        RuleExample(
            name="ordinary-lead-in-en",
            expect="pass",
            report="# Safety\n\nThe following were reported:\n\n- Serious adverse events were not observed in Arm B "
            "[nct:NCT0000001#Results]\n",
            sources={"clinical_trials/NCT0000001.json": _TRIAL},
        ),
        RuleExample(
            name="two-places-one-says-the-opposite-en",
            expect="fail",
            reason="a cited place states its opposite",
            # the withdrawn section carries it word for word; the current results, cited beside it, deny it
            report="# Results\n\nThe study drug improved overall survival in the treated adult patients "
            "[nct:NCT0000007#Interim Results; nct:NCT0000007#Results].\n",
            sources={"clinical_trials/NCT0000007.json": _TRIAL_TWO_SECTIONS},
        ),
        RuleExample(
            name="two-places-both-carry-en",
            expect="pass",
            report="# Results\n\nThe study drug did not improve overall survival in the treated adult patients "
            "[nct:NCT0000007#Results; nct:NCT0000007#Updated Results].\n",
            sources={"clinical_trials/NCT0000007.json": _TRIAL_TWO_SECTIONS},
        ),
        RuleExample(
            name="screen-reader-only-word-en",
            expect="fail",
            reason="not the same for every reader",
            # on screen it is the source's sentence; a screen reader also hears "or in Arm A"
            report='# Safety\n\nSerious adverse events were not observed in Arm B<span class="sr-only"> or in Arm A</span> '
            "[nct:NCT0000001#Results].\n",
            sources={"clinical_trials/NCT0000001.json": _TRIAL},
        ),
        RuleExample(
            name="list-member-dropped-en",
            expect="fail",
            reason="it leaves out day 8",
            # every number is the line's, in its order: the claim's schedule has two days, the source's three
            report="# Dosing\n\nPatients receive the study drug intravenously on days 1 and 15 of each 28-day cycle "
            "[nct:NCT0000006#Intervention].\n",
            sources={"clinical_trials/NCT0000006.json": _TRIAL_SCHEDULE},
        ),
        RuleExample(
            name="whole-list-en",
            expect="pass",
            report="# Dosing\n\nPatients receive the study drug intravenously on day 1, day 8 and day 15 of each 28-day "
            "cycle [nct:NCT0000006#Intervention].\n",
            sources={"clinical_trials/NCT0000006.json": _TRIAL_SCHEDULE},
        ),
        RuleExample(
            name="span-end-alone-en",
            expect="fail",
            reason="the claim states 2018 alone",
            # years are labels, not values: only the span tells a four-year enrollment from a one-year one
            report="# Enrollment\n\nEnrollment ran in 2018 in 12 centres [nct:NCT0000006#Intervention].\n",
            sources={"clinical_trials/NCT0000006.json": _TRIAL_SCHEDULE},
        ),
        RuleExample(
            name="no-anchor-en",
            expect="na",
            report="# Results\n\nThe next section discusses the response rate.\n",
            sources={"clinical_trials/NCT0000001.json": _TRIAL},
        ),
        RuleExample(
            name="verbatim-zh",
            expect="pass",
            lang="zh",
            report="# 结果\n\n在第12周评估时，接受治疗的成年患者组的总缓解率升高至40%[nct:NCT0000002#Results]。\n",
            sources={"clinical_trials/NCT0000002.json": _TRIAL_ZH},
        ),
        RuleExample(
            name="direction-flipped-zh",
            expect="fail",
            reason="direction 'down' not stated the same way",
            lang="zh",
            report="# 结果\n\n在第12周评估时，接受治疗的成年患者组的总缓解率降低至40%[nct:NCT0000002#Results]。\n",
            sources={"clinical_trials/NCT0000002.json": _TRIAL_ZH},
        ),
        RuleExample(
            name="numbers-swapped-zh",
            expect="fail",
            lang="zh",
            reason="the claim's numbers come in another order than in the source",
            report="# 结果\n\nA组的缓解率为30%，B组的缓解率为40%，两组的成年患者均完成了治疗[nct:NCT0000002#Results]。\n",
            sources={"clinical_trials/NCT0000002.json": _TRIAL_ZH},
        ),
        RuleExample(
            name="table-headers-swapped-zh",
            expect="fail",
            lang="zh",
            reason="the row puts 40% under 'B组'",
            report="# 结果\n\n| 指标 | B组 | A组 |\n|---|---|---|\n| 缓解率 | 40% | 30% [nct:NCT0000002#Results] |\n",
            sources={"clinical_trials/NCT0000002.json": _TRIAL_ZH},
        ),
        RuleExample(
            name="table-row-zh",
            expect="pass",
            lang="zh",
            report="# 结果\n\n| 指标 | A组 | B组 |\n|---|---|---|\n| 缓解率 | 40% | 30% [nct:NCT0000002#Results] |\n",
            sources={"clinical_trials/NCT0000002.json": _TRIAL_ZH},
        ),
        RuleExample(
            name="word-swapped-zh",
            expect="fail",
            lang="zh",
            reason="stands where the source says",
            report="# 结果\n\nA组最常见的不良事件是恶心，发生于第12周[nct:NCT0000002#Results]。\n",
            sources={"clinical_trials/NCT0000002.json": _TRIAL_ZH},
        ),
        RuleExample(
            name="later-clause-borrowed-en",
            expect="fail",
            reason="stands where the source says 'overall'",
            # every claim word is in the line, but "complete" only in the clause after the 45%: before the
            # 45% both write, the line's own word there is "overall"
            report="# Results\n\nThe complete response rate was 45% in the trial [evidence:summary.md#L1].\n",
            sources={"evidence/summary.md": "The overall response rate was 45% in the trial, with a low complete "
                     "response rate.\n"},
        ),
        RuleExample(
            name="modal-dropped-en",
            expect="fail",
            reason="the source line says 'should'",
            report="# Dosing\n\nPatients received 5 mg/kg every 8 hours [evidence:label.md#L1].\n",
            sources={"evidence/label.md": "Patients should receive 5 mg/kg every 8 hours.\n"},
        ),
        RuleExample(
            name="no-anchor-zh",
            expect="na",
            lang="zh",
            report="# 结果\n\n下一节讨论缓解率。\n",
            sources={"clinical_trials/NCT0000002.json": _TRIAL_ZH},
        ),
    )

    def check_claim(self, ctx: ClaimContext) -> RuleOutcome:
        claim = ctx.claim
        if not ctx.windows or claim.in_source_list:
            return self.na(claim.id)
        if claim.unsure_text:
            # the sentence reads one way on screen and another to a screen reader (or with
            # scripts off, or as a power rather than a footnote): no one reading can pass it
            return self.undecided(
                "the sentence is not the same for every reader: " + "; ".join(claim.unsure_text), claim_id=claim.id
            )
        if claim.retracted_by:
            return self.undecided(
                "the report takes it back: " + "; ".join(claim.retracted_by), claim_id=claim.id
            )
        if (lead := denying_lead_in(claim.lead_in)) is not None:
            return self.undecided(
                f"the report lists it under '{lead}', a lead-in that denies its items", claim_id=claim.id
            )
        if (marked := marked_cell(claim.columns)) is not None:
            return self.undecided(
                f"the row's '{marked.cell.strip()}' under '{marked.header}' states its finding through the column "
                "header, which no source word check reads",
                claim_id=claim.id,
            )
        atoms = ctx.cache.get("atoms")
        if atoms is None:
            atoms = row_atoms(claim.text, claim.columns)
            ctx.cache["atoms"] = atoms
        # A model file's lines are its author's account of the calculation: CP104 checks the
        # number against the calculation, but what the number is of (a region, a period) no
        # check of the model reads, so its prose carries no claim here ("Summary: the Asia-Pacific
        # market grows 13.5% a year to 2030" beside a global CAGR for 2020-2024).
        windows = [r.window for r in ctx.resolutions if r.window is not None and not _reads_as_model(ctx, r)]
        if not windows:
            return self.undecided(
                "it cites only model files: the calculation is checked for its number (CP104), but the model's "
                "own words are no evidence of what the number is of; cite the inputs' sources for its framing",
                claim_id=claim.id,
            )
        profile = claim_profile(claim.text, atoms, labels=claim.link_labels)
        # Each cited source must carry the claim on its own: "trial A and trial B evaluate X"
        # citing both is not backed by A's line about X when B never mentions it.
        carried: dict[str, bool] = {}
        best: dict[str, SegmentVerdict] = {}  # per source, its nearest miss explains it best
        # A claim passes only if no place it cites states its opposite ("… improved survival"
        # under one cited section, "… did not improve survival" under another or further down
        # the same one): every segment past the overlap is read, not only up to the first carrier.
        opposite: str | None = None
        for window in windows:
            source = window.document.path
            carried.setdefault(source, False)
            place = _table(ctx, window)
            table = place.table
            # the segments past the content-word overlap, then the window's nearest overlap
            # miss: the same first carrier and first best verdict as every segment in order
            held, nearest = table.passing(profile, min_overlap=ctx.settings.min_content_overlap)
            for i, verdict in held:
                if opposite is None and verdict.stage == POLARITY_STAGE:
                    opposite = _opposite_at(claim.text, atoms, table, i, window)
                if carried[source]:
                    continue  # another segment of this source carries it: read on only for an opposite
                if verdict.carries and (
                    why := _cut_off(window, i, len(table.texts))
                    or _meaning_differs(ctx, claim.text, atoms, profile, place, i, window)
                    or _word_unwritten(table, profile, i)
                ):
                    verdict = SegmentVerdict(False, why, verdict.stage)
                if verdict.carries:
                    carried[source] = True
                    continue
                _keep_nearest(best, source, verdict)
            if nearest is not None and not carried[source]:
                _keep_nearest(best, source, nearest)
        if all(carried.values()):
            if opposite is not None:
                return self.undecided(
                    f"a cited segment carries the claim, but a cited place states its opposite: {opposite}",
                    claim_id=claim.id,
                )
            if claim.unit == "mermaid_label":
                # A diagram says what a value belongs to by where it is drawn (a branch, a chain of
                # boxes, a group, a lane), and a drawing has more ways to say it than any reading of
                # them: a label whose text a line carries may still sit under the other arm.
                return self.undecided(
                    "a cited segment carries the diagram label as read, but what a drawn value belongs "
                    "to is the diagram's to say: the judge confirms it",
                    claim_id=claim.id,
                )
            return self.ok(claim.id)
        unbacked = next(s for s, ok in carried.items() if not ok)
        miss = best.get(unbacked)
        why = miss.why if miss is not None else "the cited windows have no text"
        if any(carried.values()):
            backing = next(s for s, ok in carried.items() if ok)
            return self.undecided(
                f"a segment of {backing} carries the claim, but it also cites {unbacked}, where no single "
                f"segment carries it: {why}",
                claim_id=claim.id,
            )
        if len(carried) > 1:  # the nearest miss over every cited source
            miss = max(best.values(), key=lambda v: (v.stage, v.share), default=None)
            why = miss.why if miss is not None else why
        return self.undecided(f"no single cited segment carries the claim: {why}", claim_id=claim.id)


def _word_unwritten(table: SegmentTable, profile: ClaimProfile, i: int) -> str | None:
    """Checked last, so a more specific reason (a swapped or added word the other checks name)
    explains the claim first: a word the claim writes that the carrying segment does not says
    something the segment does not ("a *confirmed* response rate", "…, and it was well
    tolerated"), however many of the claim's other words it holds."""
    word = table.unsaid(profile, i)
    return None if word is None else f"the claim's '{word}' is not in the segment that carries the rest of it"


def _reads_as_model(ctx: ClaimContext, resolution: Resolution) -> bool:
    """Is the cited window a model file's: one read as a model (a model kind or folder), or an
    evidence file that holds a formula (``citeproof.values.model_check``)?"""
    window = resolution.window
    assert window is not None
    kind = resolution.anchor.kind
    if is_model_window(kind, window.document, ctx.settings):
        return True
    return kind in PATH_KINDS and ctx.memo.derived(window.document, "claim_support.holds_formula",
                                                     lambda d: bool(read_model(d.text).formulas))


def _opposite_at(
    claim: str, atoms: Sequence[ValueAtom], table: SegmentTable, i: int, window: SourceWindow
) -> str | None:
    """Where segment ``i`` (which holds the claim's words, names and digits and another polarity)
    states the claim's opposite: its numbers are the claim's and it says the claim's words the
    other way round (``citeproof.values.clause_scope.states_opposite``)."""
    if atoms and not table.supports_all(atoms, i):
        return None
    segment = table.texts[i]
    if (clause := states_opposite(claim, segment)) is None:
        return None
    where = f"{window.document.path}#{window.locator_raw}" if window.locator_raw else window.document.path
    return f"[{where}] says '{clause}'"


def _keep_nearest(best: dict[str, SegmentVerdict], source: str, verdict: SegmentVerdict) -> None:
    held = best.get(source)
    if held is None or (verdict.stage, verdict.share) > (held.stage, held.share):
        best[source] = verdict
