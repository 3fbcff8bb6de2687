"""Mutation check for the numeric rule (CP104), its value atoms, claim support (CP105), drug mentions (CP301), table columns, the n/a tally, and the sources a judged claim is shown.

    python tests/values/mutation_check.py          # from the repository root

Each mutation is a small edit that a plausible bug would make. The script applies it in a
throwaway git worktree of HEAD (the working tree is never touched), runs the named tests
there, and reports whether they failed ("killed") or not ("SURVIVED"). A surviving
mutation means the tests are not done. Not collected by pytest (no ``test_`` prefix).
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]


@dataclass(frozen=True)
class Mutation:
    name: str
    path: str
    old: str
    new: str
    tests: tuple[str, ...]


MUTATIONS = (
    Mutation(
        "'none' is dropped only before a bound right after it ('None of the 40 patients had more than 2 events')",
        "citeproof/values/extract.py",
        "            for after in atoms[i + 1:]",
        "            for after in atoms[i + 1:i + 2]",
        ("tests/values/test_extract.py",),
    ),
    Mutation(
        "an anchor whose bracket never closes is prose ('[nct:NCT1#L3.' cites nothing and says nothing)",
        "citeproof/parse/anchors.py",
        "        _unclosed(text, settings, spans, problems)\n",
        "        pass\n",
        ("tests/parse/test_anchors.py",),
    ),
    Mutation(
        "an unclosed bracket of any kind is an anchor attempt ('[Note: an aside')",
        "citeproof/parse/anchors.py",
        "        if settings.channel_for(m.group(1)) is None or any(a <= m.start() < b for a, b in taken):",
        "        if any(a <= m.start() < b for a, b in taken):",
        ("tests/parse/test_anchors.py",),
    ),
    Mutation(
        "any words may stand between a negation and the drug ('no participants discontinued X' denies X)",
        "tier1/drug_mentions.py",
        "    while k > 0 and len(words) - k < DENIAL_WORDS and words[k - 1] in links.en:",
        "    while k > 0 and len(words) - k < DENIAL_WORDS:",
        ("tests/lexicon/test_drug_mentions_rule.py",),
    ),
    Mutation(
        "no linking word may stand between a negation and the drug ('not treated with any X')",
        "tier1/drug_mentions.py",
        "    while k > 0 and len(words) - k < DENIAL_WORDS and words[k - 1] in links.en:",
        "    while False:",
        ("tests/lexicon/test_drug_mentions_rule.py",),
    ),
    Mutation(
        "a Chinese linking verb hides the negation before it (没有使用X)",
        "tier1/drug_mentions.py",
        "        if near.endswith(link):",
        "        if False:",
        ("tests/lexicon/test_drug_mentions_rule.py",),
    ),
    Mutation(
        "a Chinese list before a label that follows it ('1、2组') keeps its first number as a value",
        "citeproof/values/extract.py",
        "            or (high is None and word_value is None and self._listed_before_label_after(pos))\n",
        "",
        ("tests/values/test_extract.py",),
    ),
    Mutation(
        "a Chinese list ('队列1和2') lists no label",
        "citeproof/values/extract.py",
        "|\\s?&\\s?|\\s?[、和或及与]\\s?)\")",
        "|\\s?&\\s?)\")",
        ("tests/values/test_extract.py",),
    ),
    Mutation(
        "a value stated for Chinese listed cohorts ('队列1和2') is paired with none of them",
        "citeproof/values/binding.py",
        '            out.append((f"队列{item.group(0)}", m.start() if i == 0 else item.start()))',
        "            pass",
        ("tests/values/test_binding.py",),
    ),
    Mutation(
        "an HTML first row of numbered labels ('Week 12 | Week 24') is a claim, not the header",
        "citeproof/parse/blocks.py",
        "        if header or (not links and self._table.numbered_header(cells)):",
        "        if header:",
        ("tests/parse/test_table_columns.py",),
    ),
    Mutation(
        "one numbered label makes a first row the header",
        "citeproof/parse/blocks.py",
        "        len(numbered) >= 2\n",
        "        len(numbered) >= 1\n",
        ("tests/parse/test_table_columns.py",),
    ),
    Mutation(
        "a first row with an anchor can be a numbered header",
        "citeproof/parse/blocks.py",
        '        and not any("[" in c for c in filled)\n',
        "",
        ("tests/parse/test_table_columns.py",),
    ),
    Mutation(
        "a first row with a link can be a numbered header",
        "citeproof/parse/blocks.py",
        "        if header or (not links and self._table.numbered_header(cells)):",
        "        if header or self._table.numbered_header(cells):",
        ("tests/parse/test_table_columns.py",),
    ),
    Mutation(
        "a claim citing two sources is judged on the one an excerpt could be built from",
        "tier2/stage.py",
        "    if unread:\n",
        "    if unread and not chosen:\n",
        ("tests/tier2/runner/test_tier2_many_sources.py",),
    ),
    Mutation(
        "excerpts are built for cited sources beyond the ones shown",
        "tier2/stage.py",
        "        if path not in shown or path in chosen:",
        "        if path in chosen:",
        ("tests/tier2/runner/test_tier2_many_sources.py",),
    ),
    Mutation(
        "a numbered label ('Grade 4' first in a sentence, 第3周期, 2级) need not be written in the segment",
        "citeproof/values/segment_support.py",
        "        entities=tuple(sorted(entity_tokens(claim) | numbered_labels(claim))),",
        "        entities=tuple(sorted(entity_tokens(claim))),",
        ("tests/values/test_numbered_labels.py",),
    ),
    Mutation(
        "a Chinese label word after a space ('2 级') is not read as a label (the 2 fails as a value)",
        "citeproof/values/extract.py",
        '            or text.startswith(self.lex.label_after, pos + (text[pos:pos + 1] == " "))',
        "            or text.startswith(self.lex.label_after, pos)",
        ("tests/values/test_numbered_labels.py",),
    ),
    Mutation(
        "a mixed-case measure (HbA1c) is read as a subject, so 'Mean HbA1c decreased by 0.4% in Arm A' pairs 0.4% with no one",
        "citeproof/values/binding.py",
        "    measures = {t.lower() for t in _MEASURE.findall(text)}",
        "    measures = {t.lower() for t in re.findall(r\"\\b[A-Z][A-Z0-9-]{1,4}\\b\", text)}",
        ("tests/tier1/test_clause_binding_pairs.py",),
    ),
    Mutation(
        "a label after a colon ('…: Level 2') is not required in the segment (its 2 is found in 'mg/m2')",
        "citeproof/values/segment_support.py",
        '    r"(?:^|[.:;!?(\\[]\\s*)\\W*([A-Z][a-z]+',
        '    r"(?:^)\\W*([A-Z][a-z]+',
        ("tests/values/test_numbered_labels.py",),
    ),
    Mutation(
        "one of two opposites turned where the sentence has both is not seen ('HER2 negative … node positive')",
        "citeproof/values/substitution.py",
        "        if len(mine.findall(claim_low)) > len(mine.findall(segment_low)) \\",
        "        if False and len(mine.findall(claim_low)) > len(mine.findall(segment_low)) \\",
        ("tests/values/test_substitution.py",),
    ),
    Mutation(
        "a numbered label (grade 4, phase 2, cycle 15) need not be written in the segment, only its digits",
        "citeproof/values/segment_support.py",
        "    if label := unwritten_label(profile.labels, seg.low):",
        "    if False:",
        ("tests/values/test_written_labels.py",),
    ),
    Mutation(
        "a range of labels ('grades 3-4') holds only its two ends",
        "citeproof/values/written_labels.py",
        "            if int(lo) < int(hi) <= int(lo) + 20:",
        "            if False:",
        ("tests/values/test_written_labels.py",),
    ),
    Mutation(
        "a zero in words ('None of the patients …') fails where the source says it with a negation",
        "citeproof/values/assess.py",
        '        if state == "missing" and (denial := _zero_stated_by_negation(atom, windows)) is not None:',
        "        if False:",
        ("tests/values/test_denied_zero.py",),
    ),
    Mutation(
        "a zero in words is plausible in any window, negated or not (a fabricated 'none' is no longer a fail)",
        "citeproof/values/assess.py",
        "            if line.strip() and polarity(line)[0]:",
        "            if line.strip():",
        ("tests/values/test_denied_zero.py",),
    ),
    Mutation(
        "a bound mark before a Chinese measure word is not read ('3000多家' is a plain 3,000)",
        "citeproof/values/extract.py",
        "            or low.startswith(lex.bound_measure_words, pos)",
        "            or False",
        ("tests/values/test_market_phrasings.py",),
    ),
    Mutation(
        "'a year earlier' is read as a rate",
        "citeproof/values/extract.py",
        '                pm = None  # "$470 million a year earlier": when, not how often',
        "                pass",
        ("tests/values/test_market_phrasings.py",),
    ),
    Mutation(
        "a year before 'to' opens a range down to the next quantity ('2022 to 18%')",
        "citeproof/values/extract.py",
        "                if year_then_quantity:",
        "                if False:",
        ("tests/values/test_market_phrasings.py",),
    ),
    Mutation(
        "a word that counts ('none') cuts no clause, so 'in Arm A and none in Arm B' is one restriction the claim must write",
        "citeproof/values/restriction.py",
        "            counted = tuple(sorted({*starts, *(m.start() for m in _cues().quantifiers.finditer(low))}))",
        "            counted = starts",
        ("tests/values/test_restriction.py",),
    ),
    Mutation(
        "a grade's number backs a count ('3 patients' found in 'grade 3 events … 5 patients')",
        "citeproof/values/compare.py",
        " or claim.graded != source.graded",
        "",
        ("tests/values/test_graded_numbers.py",),
    ),
    Mutation(
        "a negation more than the segment's passes when both sides are negated ('No X unless Y was not done')",
        "citeproof/values/segment_support.py",
        "    if profile.negations > seg.negations:",
        "    if False:",
        ("tests/values/test_negation_count.py",),
    ),
    Mutation(
        "a claim negating exactly as often as its segment is required (a negated part left out no longer passes)",
        "citeproof/values/segment_support.py",
        "    if profile.negations > seg.negations:",
        "    if profile.negations != seg.negations:",
        ("tests/values/test_negation_count.py",),
    ),
    Mutation(
        "clauses are not cut at 'unless'/'if'/'because' (a negation moved into the subordinate clause is not seen)",
        "citeproof/data/claim_support.json",
        '"and", "or", "unless", "if", "because", "when", "until", "except that",',
        '"and", "or",',
        ("tests/values/test_clause_scope.py",),
    ),
    Mutation(
        "any digits-then-letters token is a value CP105 leaves to CP104 ('stage 3A' passes on 'stage 3B')",
        "citeproof/values/segment_support.py",
        "        if _VALUE_TOKEN.fullmatch(token) and _reads_as_value(token):",
        "        if _VALUE_TOKEN.fullmatch(token):",
        ("tests/tier1/test_claim_support.py",),
    ),
    Mutation(
        "a value glued to its unit ('30mg') is a name the line must write the same way",
        "citeproof/values/segment_support.py",
        "        if _VALUE_TOKEN.fullmatch(token) and _reads_as_value(token):",
        "        if False:",
        ("tests/tier1/test_claim_support.py",),
    ),
    Mutation(
        "a value stated for listed labels is paired with none of them ('Cohorts 1 and 2 received 25 mg' passes on cohort 1's line)",
        "citeproof/values/binding.py",
        "    hits.update((at, name) for name, at in listed_labels(low))\n",
        "",
        ("tests/values/test_binding.py", "tests/tier1/test_claim_support.py"),
    ),
    Mutation(
        "a label the source lists ('Cohorts 1 and 2') counts as absent from it",
        "citeproof/values/binding.py",
        " and n not in seg_listed]",
        "]",
        ("tests/values/test_binding.py", "tests/tier1/test_claim_support.py"),
    ),
    Mutation(
        "a letter and a digit after a label read as one list",
        "citeproof/values/binding.py",
        "                break  # \"arms A and 2\": not one list",
        "                pass",
        ("tests/values/test_binding.py",),
    ),
    Mutation(
        "a comma lists after a singular label ('In Arm A, 40% responded')",
        "citeproof/values/binding.py",
        '    r"|(cohort|group|part|arm)\\s+" + _ITEM + r"(?:\\s(?:and|or|&)\\s" + _ITEM + r")+)"',
        '    r"|(cohort|group|part|arm)\\s+" + _ITEM + r"(?:\\s?(?:,|and|or|&)\\s?" + _ITEM + r")+)"',
        ("tests/values/test_binding.py",),
    ),
    Mutation(
        "'none' before a bound is a count of zero the window must hold",
        "citeproof/values/extract.py",
        "_mark_spreads(text, _quantifying_none(text, _Scanner(text, mode).scan()))",
        "_mark_spreads(text, _Scanner(text, mode).scan())",
        ("tests/values/test_extract.py",),
    ),
    Mutation(
        "'none' negates a bound in the next clause ('None of the patients died, and more than 90% responded')",
        "citeproof/values/extract.py",
        ' and not _CLAUSE_BREAK.search(text, atom.end, after.start)\n',
        "\n",
        ("tests/values/test_extract.py",),
    ),
    Mutation(
        "'none' before any value counts nothing ('none of the patients ... for 10 weeks')",
        "citeproof/values/extract.py",
        '            after.qualifier in ("<", "<=", ">", ">=") and not _CLAUSE_BREAK',
        "            not _CLAUSE_BREAK",
        ("tests/values/test_extract.py",),
    ),
    Mutation(
        "an age written without a unit stays a bare number ('aged 45' fails against '45 years')",
        "citeproof/values/extract.py",
        "                and _AGE_BEFORE.search(before):",
        "                and False:",
        ("tests/values/test_extract.py", "tests/values/test_assess.py"),
    ),
    Mutation(
        "the age word is looked for only 24 characters back ('Age greater than or equal to 18')",
        "citeproof/values/extract.py",
        'low[max(0, nstart - 40):nstart]) \\',
        'low[max(0, nstart - 24):nstart]) \\',
        ("tests/values/test_extract.py",),
    ),
    Mutation(
        "a word ending in 'age' makes an age ('dosage 45', 'page 4')",
        "citeproof/values/extract.py",
        '    r"(?:^|[^a-z])(?:age[sd]?)',
        '    r"(?:age[sd]?)',
        ("tests/values/test_extract.py",),
    ),
    Mutation(
        "stages and grades in Roman numerals are not read ('stage 4' fails against 'stage IV')",
        "citeproof/values/extract.py",
        "    text = numeric_grades(text, low)\n",
        "",
        ("tests/values/test_roman_grades.py",),
    ),
    Mutation(
        "'stages II/III' becomes the fraction 2/3",
        "citeproof/values/roman_grades.py",
        '        return head + tail.replace("/", "-")',
        "        return head + tail",
        ("tests/values/test_roman_grades.py",),
    ),
    Mutation(
        "prepare_lines' fast path skips the Roman-grade rewrite",
        "citeproof/values/extract.py",
        " or multiples_cue(low) or roman_cue(low) or may_group(folded)):",
        " or multiples_cue(low) or may_group(folded)):",
        ("tests/values/test_prepare_fast_paths.py",),
    ),
    Mutation(
        "lower-case letters after 'stage' read as Roman numerals",
        "citeproof/values/roman_grades.py",
        '_NUMERAL = r"(?:III|II|IV|V|I)',
        '_NUMERAL = r"(?i:III|II|IV|V|I)',
        ("tests/values/test_roman_grades.py",),
    ),
    Mutation(
        "a drug the claim denies ('X is not used') fails when the sources do not name it",
        "tier1/drug_mentions.py",
        "            if _only_denied(detector, claim.text, mention):",
        "            if False:",
        ("tests/lexicon/test_drug_mentions_rule.py",),
    ),
    Mutation(
        "one denied mention excuses a drug the claim also affirms",
        "tier1/drug_mentions.py",
        "    return bool(spans) and all(_denied_at(folded, start, end) for start, end in spans)",
        "    return bool(spans) and any(_denied_at(folded, start, end) for start, end in spans)",
        ("tests/lexicon/test_drug_mentions_rule.py",),
    ),
    Mutation(
        "a negation inside a relative clause denies the drug after it",
        "tier1/drug_mentions.py",
        "        return not _RELATIVE.intersection(words[:k])",
        "        return True",
        ("tests/lexicon/test_drug_mentions_rule.py",),
    ),
    Mutation(
        "'X is not used' is not read as a denial",
        "tier1/drug_mentions.py",
        "    if _DENIED_AFTER.match(folded, end) is not None:\n        return True\n",
        "",
        ("tests/lexicon/test_drug_mentions_rule.py",),
    ),
    Mutation(
        "a denied drug hides an unsupported one beside it",
        "tier1/drug_mentions.py",
        "        if denied and not findings:",
        "        if denied:",
        ("tests/lexicon/test_drug_mentions_rule.py",),
    ),
    Mutation(
        "a number listed after a label number is a value ('cohort 1 and 2' needs a 2 in the window)",
        "citeproof/values/extract.py",
        "            or (high is None and self._listed_label(nstart, pos, numeral, qualifier, scale, count_noun))",
        "            or False",
        ("tests/values/test_extract.py", "tests/values/test_assess.py"),
    ),
    Mutation(
        "a count after a listed label is taken for a label ('Cohort 1 and 2 patients died' loses its count)",
        "citeproof/values/extract.py",
        "qualifier or scale != 1.0 or count_noun or",
        "qualifier or scale != 1.0 or",
        ("tests/values/test_extract.py",),
    ),
    Mutation(
        "a singular label lists after a comma ('In Arm 2, 12, 13 and 14 patients' loses 12 and 13)",
        "citeproof/values/extract.py",
        "(self.label_plural and bool(_LABEL_LIST_GOES_ON.match(self.low, pos)))",
        "bool(_LABEL_LIST_GOES_ON.match(self.low, pos))",
        ("tests/values/test_extract.py",),
    ),
    Mutation(
        "a number after a comma is a label even when it does not go on listing ('In arms 1 and 2, 12 responded')",
        "citeproof/values/extract.py",
        "(self.label_plural and bool(_LABEL_LIST_GOES_ON.match(self.low, pos)))",
        "self.label_plural",
        ("tests/values/test_extract.py",),
    ),
    Mutation(
        "a number word after a label word is a count ('intervention one and two')",
        "citeproof/values/extract.py",
        "            (high is None and bool(self.lex.label_before_re.search(",
        "            (high is None and word_value is None and bool(self.lex.label_before_re.search(",
        ("tests/values/test_extract.py",),
    ),
    Mutation(
        "a claim citing two sources passes when one of them carries it",
        "tier1/claim_support.py",
        "        if all(carried.values()):",
        "        if any(carried.values()):",
        ("tests/tier1/test_rule_examples.py",),
    ),
    Mutation(
        "a source's windows after the first are never read (its second anchor cannot carry the claim)",
        "tier1/claim_support.py",
        "            source = window.document.path\n            carried.setdefault(source, False)\n",
        "            source = window.document.path\n            if source in carried:\n                continue\n            carried[source] = False\n",
        ("tests/tier1/test_claim_support.py",),
    ),
    Mutation(
        "a unit in the row label is ignored ('Median PFS (months) | 11.2' fails against 11.2 months)",
        "citeproof/values/columns.py",
        "    return column_atoms(columns, atoms, row_unit(columns)) if",
        "    return column_atoms(columns, atoms, None) if",
        ("tests/tier1/test_table_rows.py",),
    ),
    Mutation(
        "an HTML label spanning rows is not part of the rows below (their numbers lose their subject)",
        "citeproof/parse/html.py",
        "        if placed is not None and any(cell for cell, _ in carried.values()):",
        "        if False:",
        ("tests/parse/test_table_columns.py", "tests/tier1/test_table_rows.py"),
    ),
    Mutation(
        "any yuan amount is plausible against the same yen amount (not only one written with ¥)",
        "citeproof/values/compare.py",
        "        symbol in atom.raw and codes <= group",
        "        codes <= group",
        ("tests/values/test_currency_amounts.py",),
    ),
    Mutation(
        "a table row's cell order still counts when its headers pair every number",
        "tier1/claim_support.py",
        "ordered=not columns_pair_all)",
        "ordered=True)",
        ("tests/tier1/test_table_rows.py",),
    ),
    Mutation(
        "a number outside the subject columns is taken as paired",
        "citeproof/values/columns.py",
        "            every = every and paired\n",
        "",
        ("tests/values/test_columns.py",),
    ),
    Mutation(
        "a spread read in its value's unit meets any number (a mean of 8 kg vs 71 kg (SD 8))",
        "citeproof/values/compare.py",
        "                               or (source.spread_form and not claim.spread)\n",
        "",
        ("tests/values/test_spread_units.py",),
    ),
    Mutation(
        "an m after a currency is a metre ($5m)",
        "citeproof/values/extract.py",
        'if unit is not None and unit.canonical in ("m", "mm") and not dens:',
        "if False:",
        ("tests/values/test_currency_amounts.py",),
    ),
    Mutation(
        "a scale header ($B) does not scale its cells",
        "citeproof/values/columns.py",
        "    scale = unit.number\n",
        "    scale = 1.0\n",
        ("tests/values/test_columns.py",),
    ),
    Mutation(
        "a number under two scale headers takes one of them",
        "citeproof/values/columns.py",
        "(u.dim, u.unit, u.number) if u",
        "(u.dim, u.unit) if u",
        ("tests/values/test_columns.py",),
    ),
    Mutation(
        "any number in the parenthesis after a value is its spread ((21 day cycle))",
        "citeproof/values/extract.py",
        "or _CLOSING.match(text, atom.end) is not None",
        "or True",
        ("tests/values/test_spread_units.py",),
    ),
    Mutation(
        "a spread is read only in the form it is written (71 ± 8 kg vs 71 kg (SD 8))",
        "citeproof/values/assess.py",
        "            for extra in _spread_forms(atom, value):\n",
        "            for extra in ():\n",
        ("tests/values/test_spread_units.py",),
    ),
    Mutation(
        "a spread in a unit of its own is read in the value's unit",
        "citeproof/values/assess.py",
        "if spread.dim == value.dim and spread.unit == value.unit and spread.kind",
        "if spread.dim == value.dim and spread.kind",
        ("tests/values/test_spread_units.py",),
    ),
    Mutation(
        "the unit after a spread in parentheses is nobody's",
        "citeproof/values/extract.py",
        "        unit, dens = self._spread_unit(pos, unit, dens)\n",
        "",
        ("tests/values/test_spread_units.py",),
    ),
    Mutation(
        "a spread of a range is not a spread",
        "citeproof/values/extract.py",
        "(?:\\s?(?:-|–|—|to|至)\\s?[-+]?\\d[\\d.,]*)?[)）]\",",
        "[)）]\",",
        ("tests/values/test_spread_units.py",),
    ),
    Mutation(
        "drop emphasis folding",
        "citeproof/text/normalize.py",
        "def fold_emphasis(text: str) -> str:\n",
        "def fold_emphasis(text: str) -> str:\n    return text\n",
        ("tests/cli/test_exit_codes.py", "tests/values", "tests/tier1/test_numeric_support.py"),
    ),
    Mutation(
        "accept a plausible number as supported",
        "citeproof/values/compare.py",
        '        if wq in (None, "~") and abs(cv - wv) <= max(claim.step / 2, _APPROX_SHARE * abs(cv)):\n            return "plausible"',
        '        if wq in (None, "~") and abs(cv - wv) <= max(claim.step / 2, _APPROX_SHARE * abs(cv)):\n            return "supported"',
        ("tests/values", "tests/tier1/test_numeric_support.py"),
    ),
    Mutation(
        "same-unit rounding counts as equal (14 months for 13.5)",
        "citeproof/values/compare.py",
        "is only plausible (SPEC §3.4), never supported.\n        return False",
        "is only plausible (SPEC §3.4), never supported.\n        return _rounds_to(cv, wv, claim.step)",
        ("tests/values", "tests/tier1/test_numeric_support.py"),
    ),
    Mutation(
        "ignore units (compare bare values)",
        "citeproof/values/compare.py",
        "    if claim.dim == source.dim:\n",
        "    if True:\n",
        ("tests/values", "tests/tier1/test_numeric_support.py"),
    ),
    Mutation(
        "calendar conversion is exact",
        "citeproof/values/compare.py",
        "        approx = claim.dim == \"time\" and claim.calendar != source.calendar\n",
        "        approx = False\n",
        ("tests/values", "tests/tier1/test_numeric_support.py"),
    ),
    Mutation(
        "no full-width / NFKC normalisation",
        "citeproof/text/normalize.py",
        'unicodedata.normalize("NFKC", ',
        '(lambda _form, s: s)("NFKC", ',
        ("tests/values", "tests/parse", "tests/tier1/test_numeric_support.py"),
    ),
    Mutation(
        "plausible numbers pass without the judge",
        "tier1/numeric_support.py",
        '            return self.undecided(f"plausible: {detail}", claim_id=claim.id)',
        "            return self.ok(claim.id)",
        ("tests/tier1/test_numeric_support.py", "tests/tier1/test_rule_examples.py", "tests/values"),
    ),
    Mutation(
        "a missing number does not block",
        "tier1/numeric_support.py",
        "            return self.fail(*findings, claim_id=claim.id)",
        "            return self.undecided('missing', *findings, claim_id=claim.id)",
        ("tests/tier1/test_numeric_support.py", "tests/tier1/test_rule_examples.py", "tests/cli/test_exit_codes.py"),
    ),
    Mutation(
        "count n/a as a pass in the per-rule totals",
        "citeproof/pipeline.py",
        "        if o.applicable:\n            by_rule.setdefault(o.rule, []).append(o)\n",
        "        by_rule.setdefault(o.rule, []).append(\n"
        "            o if o.applicable else o.model_copy(update={'applicable': True, 'passed': True}))\n",
        ("tests/tier1/test_rule_examples.py", "tests/test_pipeline_verdict.py"),
    ),
    Mutation(
        "Chinese numerals left unread (三周 invisible to the gate)",
        "citeproof/values/extract.py",
        "        text = arabic_numerals(text)",
        "        pass",
        ("tests/values",),
    ),
    Mutation(
        "a numeral inside a word read as a number (同一组 -> 同1组)",
        "citeproof/values/cjk_numerals.py",
        '        if head == "一" and before in _WORD_BEFORE_ONE:',
        "        if False:",
        ("tests/values",),
    ),
    Mutation(
        "Chinese numerals before a measure word left unread (五十家医院 passes against 30家医院)",
        "citeproof/values/cjk_numerals.py",
        '    measure = "|".join(',
        '    measure = "(?!)" or "|".join(',
        ("tests/values/test_zh_measure_words.py",),
    ),
    Mutation(
        "a lone 一 before a measure word read as the count 1 (一家公司 -> 1家公司)",
        "citeproof/values/cjk_numerals.py",
        "    return (measure is not None or follow in measure_words) and before not in counted_after",
        "    return follow in measure_words and before not in counted_after",
        ("tests/values/test_zh_measure_words.py",),
    ),
    Mutation(
        "shares spelled as words left unread ('half of' invisible to the gate)",
        "citeproof/values/extract.py",
        "    if (out := numeric_shares(text, low)) is not text:",
        "    if False:",
        ("tests/values",),
    ),
    Mutation(
        "dosing shorthand and spelled multiples left unread ('t.i.d.' passes for 'b.i.d.')",
        "citeproof/values/extract.py",
        "    if (out := numeric_multiples(text, low)) is not text:",
        "    if (out := text) is not text:",
        ("tests/values",),
    ),
    Mutation(
        "numbers spelled with 'hundred' read word by word",
        "citeproof/values/extract.py",
        "    if (out := numeric_hundreds(text, low)) is not text:",
        "    if False:",
        ("tests/values",),
    ),
    Mutation(
        "numbers swapped between subjects pass (no order check)",
        "tier1/claim_support.py",
        "    if why := binding_differs(claim, atoms, segment, _drug_names(ctx, claim), ordered=not columns_pair_all):",
        "    if False:",
        ("tests/values", "tests/tier1/test_rule_examples.py"),
    ),
    Mutation(
        "a word swapped for another passes on word overlap (no swap check)",
        "tier1/claim_support.py",
        "    if swap := swapped_word(claim, segment):",
        "    if False:",
        ("tests/values", "tests/tier1/test_rule_examples.py"),
    ),
    Mutation(
        "a word borrowed from another line of the cited place passes",
        "tier1/claim_support.py",
        "    if word := table.borrowed(profile.terms, i):",
        "    if False:",
        ("tests/values",),
    ),
    Mutation(
        "a claim stronger than its source (hedge dropped, universal added) passes",
        "tier1/claim_support.py",
        "    if why := stronger_than_source(claim, segment):",
        "    if False:",
        ("tests/values",),
    ),
    Mutation(
        "a number moved to the other subject passes (one subject named)",
        "citeproof/values/binding.py",
        "    return (pairing.label_differs(claim, source)",
        "    return (None",
        ("tests/values",),
    ),
    Mutation(
        "a number on the other side of its label passes (the clause opening ignored)",
        "citeproof/values/pairing.py",
        '    opens_with_label = runs[0][0] == "l"',
        "    opens_with_label = True",
        ("tests/values/test_binding.py", "tests/tier1/test_clause_binding_pairs.py"),
    ),
    Mutation(
        "the denominator of 'x of N' claimed as a count passes",
        "citeproof/values/binding.py",
        "            or pairing.role_differs(claim_low, claim, seg_low, source)",
        "            or None",
        ("tests/values/test_binding.py", "tests/tier1/test_clause_binding_pairs.py"),
    ),
    Mutation(
        "a number stated with another clause's verb passes",
        "citeproof/values/binding.py",
        "            or pairing.words_differ(claim_low, claim, seg_low, source)\n",
        "",
        ("tests/values/test_binding.py", "tests/tier1/test_clause_binding_pairs.py"),
    ),
    Mutation(
        "a time point is compared as written (60 months is not 5 years)",
        "citeproof/values/pairing.py",
        "        Label(n, time_key(n), WHEN, at, at + len(n)) if n in whens",
        "        Label(n, n, WHEN, at, at + len(n)) if n in whens",
        ("tests/values/test_binding.py", "tests/tier1/test_clause_binding_pairs.py"),
    ),
    Mutation(
        "a number reframed (every 3 weeks / for 3 weeks; rose to / by 25%) passes",
        "tier1/claim_support.py",
        "    if why := framing_differs(claim, segment):",
        "    if False:",
        ("tests/values",),
    ),
    Mutation(
        "a table row's column headers are ignored (values under swapped headers pass)",
        "tier1/claim_support.py",
        "    if column_why:",
        "    if False:",
        ("tests/tier1/test_table_rows.py",),
    ),
    Mutation(
        "a header subject the line does not name leaves every row open (one subject column too)",
        "citeproof/values/columns.py",
        "            if not named and len(headed) >= 2:",
        "            if not named:",
        ("tests/values/test_columns.py", "tests/tier1/test_table_rows.py"),
    ),
    Mutation(
        "a header subject the line does not name is ignored where columns compete",
        "citeproof/values/columns.py",
        "            if not named and len(headed) >= 2:",
        "            if False:",
        ("tests/values/test_columns.py", "tests/tier1/test_table_rows.py"),
    ),
    Mutation(
        "a header subject is found inside a longer word ('men' in 'women')",
        "citeproof/values/columns.py",
        '    before = r"(?<![a-z0-9])" if name[:1].isascii() and name[:1].isalnum() else ""',
        '    before = ""',
        ("tests/values/test_columns.py",),
    ),
    Mutation(
        "capitalised header words are subjects ('Objective Response Rate')",
        "citeproof/values/columns.py",
        "capitalised=False)",
        "capitalised=True)",
        ("tests/values/test_columns.py", "tests/tier1/test_table_rows.py"),
    ),
    Mutation(
        "a header subject's number is looked for after it only",
        "citeproof/values/columns.py",
        "    for after in (True, False):",
        "    for after in (True,):",
        ("tests/values/test_columns.py",),
    ),
    Mutation(
        "a header subject takes the nearest number on either side (the line's layout unread)",
        "citeproof/values/columns.py",
        "    if not picks or None in picks or len({_key(p) for p in picks if p is not None}) != 1:",
        "    if not picks or None in picks:",
        ("tests/values/test_columns.py",),
    ),
    Mutation(
        "a unit header is ignored (a bare cell number never matches the unit it is given in)",
        "citeproof/values/columns.py",
        "    return column_atoms(columns, atoms, row_unit(columns)) if columns and atoms else atoms",
        "    return atoms",
        ("tests/values/test_columns.py", "tests/tier1/test_table_rows.py"),
    ),
    Mutation(
        "a count column's unit ('n (%)') qualifies its count",
        "citeproof/values/columns.py",
        "    if m is None or _COUNT_LABEL.search(header[: m.start()].strip()):",
        "    if m is None:",
        ("tests/values/test_columns.py", "tests/tier1/test_table_rows.py"),
    ),
    Mutation(
        "a cell number under a unit header is matched only in that unit",
        "citeproof/values/assess.py",
        "    state, line = match_atom(claim.evolve(under_header=None), index, negated=negated)",
        '    state, line = ("missing", None)',
        ("tests/values/test_columns.py", "tests/tier1/test_table_rows.py"),
    ),
    Mutation(
        "HTML rowspans are not carried to the rows below",
        "citeproof/parse/html.py",
        "            while col in covered:",
        "            while False:",
        ("tests/parse/test_table_columns.py",),
    ),
    Mutation(
        "a title row spanning the table heads its columns",
        "citeproof/parse/html.py",
        "            title = header and span is not None and span[0] > 1",
        "            title = False",
        ("tests/parse/test_table_columns.py",),
    ),
    Mutation(
        "a header row after data rows stacks on the old header",
        "citeproof/parse/blocks.py",
        "        if self.data_seen:\n            self.rows, self.data_seen = [], False\n",
        "",
        ("tests/parse/test_table_columns.py",),
    ),
    Mutation(
        "an HTML first row of labels is never a header",
        "citeproof/parse/blocks.py",
        "        elif first and self.implicit and _label_row(cells):",
        "        elif False:",
        ("tests/parse/test_table_columns.py", "tests/tier1/test_table_rows.py"),
    ),
    Mutation(
        "an HTML first row with numbers is taken for a header",
        "citeproof/parse/blocks.py",
        '    return len(filled) >= 2 and not any(ch.isdigit() or ch == "[" for c in filled for ch in c)',
        "    return len(filled) >= 2",
        ("tests/parse/test_table_columns.py",),
    ),
    Mutation(
        "a table row reaches the judge without its column headers",
        "tier2/stage.py",
        "    if not claim.columns:\n        return claim.text\n",
        "    return claim.text\n",
        ("tests/tier2/runner/test_tier2_stage.py",),
    ),
    Mutation(
        "a claim under the report's exclusion heading passes on an inclusion line",
        "tier1/claim_support.py",
        "    if (lead := report_exclusion((*ctx.claim.location.section_path, *ctx.claim.lead_in))) is not None:",
        "    if False:",
        ("tests/tier1/test_claim_support.py",),
    ),
    Mutation(
        "a sub-heading ending in ':' ends the exclusion list it sits in",
        "citeproof/values/exclusion_scope.py",
        "    return after_blank\n",
        "    return True\n",
        ("tests/values/test_exclusion_scope.py",),
    ),
    Mutation(
        "an exclusion list runs on into the next JSON section",
        "citeproof/values/exclusion_scope.py",
        "        if section_starts is not None and i in section_starts:",
        "        if False:",
        ("tests/values/test_exclusion_scope.py",),
    ),
    Mutation(
        "a report bullet loses the lead-in over its list",
        "citeproof/parse/blocks.py",
        "            lead = self.lines\n            self.takes_paragraph = False\n",
        "            lead = ()\n            self.takes_paragraph = False\n",
        ("tests/parse/test_claims.py", "tests/tier1/test_claim_support.py"),
    ),
    Mutation(
        "a bare cell number under a unit header is supported as written ('12' under '($B)' on '12 stores')",
        "citeproof/values/assess.py",
        "    if state == \"supported\" and not (line is not None and _states_unit(line, claim, in_unit)):",
        "    if False:",
        ("tests/tier1/test_table_rows.py",),
    ),
    Mutation(
        "exclusion lists are never looked for (the one-search precheck always says no)",
        "citeproof/values/exclusion_scope.py",
        "    return _exclusion_cue().search(text.lower()) is not None",
        "    return False",
        ("tests/values/test_exclusion_scope.py", "tests/tier1/test_claim_support.py"),
    ),
    Mutation(
        "a Cyrillic or Greek lookalike letter is left as written ('nоt')",
        "citeproof/text/normalize.py",
        "    if _ANY_LOOKALIKE.search(text) is None:",
        "    if True:",
        ("tests/parse/test_text_normalize.py", "tests/tier1/test_claim_support.py"),
    ),
    Mutation(
        "a line locator that cuts a wrapped sentence still carries it",
        "tier1/claim_support.py",
        "    if i != 0 and i != n - 1:\n        return None\n",
        "    return None\n",
        ("tests/tier1/test_claim_support.py",),
    ),
    Mutation(
        "a table row that speaks through a mark ('✓' under 'Not observed') passes on its label",
        "tier1/claim_support.py",
        "        if (marked := marked_cell(claim.columns)) is not None:",
        "        if False:",
        ("tests/tier1/test_table_rows.py",),
    ),
    Mutation(
        "any multiple after any value leaves the ULN unsaid ('3 mg, or 5-fold with treatment' is 5 × ULN)",
        "citeproof/values/extract.py",
        '        if previous is None or previous.dim != "uln" or previous.kind != "value":',
        '        if previous is None or previous.kind != "value":',
        ("tests/values/test_uln_left_unsaid.py",),
    ),
    Mutation(
        "a fold change after a ULN multiple ('≤3 × ULN or 5-fold higher') reads as a ULN multiple",
        "citeproof/values/uln_multiples.py",
        "    if m is None or not after.match(low, m.end()):",
        "    if m is None:",
        ("tests/values/test_uln_left_unsaid.py",),
    ),
    Mutation(
        "a multiple in another clause after a ULN multiple leaves the ULN unsaid",
        "citeproof/values/uln_multiples.py",
        'low[previous_end:joint_start].replace(" ", "") not in joints',
        "False",
        ("tests/values/test_uln_left_unsaid.py",),
    ),
    Mutation(
        "the rate an amount over a period may be is certain ('2 g in a day' supports a daily dose)",
        "citeproof/values/assess.py",
        "per_hours=hours, ambiguous_digits=True, over_period=None))",
        "per_hours=hours, over_period=None))",
        ("tests/values/test_amount_periods.py",),
    ),
    Mutation(
        "a share or count over a period is a rate too ('12% of patients in a week')",
        "citeproof/values/extract.py",
        'if self.mode == "source" and dim in AMOUNT_DIMS',
        'if self.mode == "source"',
        ("tests/values/test_amount_periods.py",),
    ),
    Mutation(
        "a bound between a number and its count noun is read as words before the noun ('5 or more patients' is a plain 5)",
        "citeproof/values/extract.py",
        "            if count_noun and not self.lex.bounds_after_re.match(low, pos):",
        "            if count_noun:",
        ("tests/values/test_bound_before_count_noun.py",),
    ),
    Mutation(
        "a claim's accounting parentheses inside the symbol ('$(45) million') are read as a bare 45",
        "citeproof/values/extract.py",
        '(self.mode == "source" or nstart in self.accounting_inside)',
        '(self.mode == "source")',
        ("tests/values/test_market_amounts.py",),
    ),
    Mutation(
        "a claim's '12M' found as 12 months is supported, not judged",
        "citeproof/values/assess.py",
        '    return ("plausible", line) if state == "supported" else (state, line)',
        "    return state, line",
        ("tests/values/test_market_amounts.py",),
    ),
    Mutation(
        "a claim's '12M' after a period word is read only as a million",
        "citeproof/values/extract.py",
        "        if currency or unit is not None or dens or pos != end + 1:",
        '        if self.mode != "source" or currency or unit is not None or dens or pos != end + 1:',
        ("tests/values/test_market_amounts.py",),
    ),
    Mutation(
        "the lazy index reads a claim's '12M' only near 12 million",
        "citeproof/values/window_index.py",
        '            or atom.month_count is not None:  # "12M" is looked up as 12 months too',
        "            or False:",
        ("tests/values/test_lazy_index.py",),
    ),
    Mutation(
        "the negative of an amount a loss word names is certain ('-$45 million' supported by 'a net loss of $45 million')",
        "citeproof/values/assess.py",
        "out.append(atom.evolve(number=-atom.number, ambiguous_digits=True, loss_named=False))",
        "out.append(atom.evolve(number=-atom.number, loss_named=False))",
        ("tests/values/test_market_amounts.py",),
    ),
    Mutation(
        "every source amount also reads as its negative",
        "citeproof/values/extract.py",
        "            and _loss_before().search(low[max(0, nstart - 30):nstart].rstrip()) is not None",
        "            and True",
        ("tests/values/test_market_amounts.py",),
    ),
    Mutation(
        "every rate states a period of its hours ('1 g/day' supports '24 hours')",
        "citeproof/values/assess.py",
        "        if _numbered_period().search(atom.raw.lower()):",
        "        if True:",
        ("tests/values/test_amount_periods.py",),
    ),
)


def run(cmd: list[str], cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(cmd, cwd=cwd, capture_output=True, text=True)


def main(mutations: tuple[Mutation, ...] = MUTATIONS) -> int:
    """Apply each mutation in a throwaway worktree of HEAD; 1 when any survives."""
    survived = 0
    with tempfile.TemporaryDirectory() as tmp:
        tree = Path(tmp) / "tree"
        run(["git", "worktree", "add", "--detach", str(tree), "HEAD"], REPO).check_returncode()
        try:
            for m in mutations:
                target = tree / m.path
                original = target.read_text(encoding="utf-8")
                if m.old not in original:
                    print(f"?? {m.name}: pattern not found in {m.path} (update the mutation)")
                    survived += 1
                    continue
                target.write_text(original.replace(m.old, m.new, 1), encoding="utf-8")
                try:
                    result = run([sys.executable, "-m", "pytest", "-x", "-q", "-p", "no:cacheprovider", *m.tests], tree)
                finally:
                    target.write_text(original, encoding="utf-8")
                if result.returncode == 0:
                    survived += 1
                    print(f"SURVIVED  {m.name}")
                else:
                    failed = [ln.split(" ")[1] for ln in result.stdout.splitlines() if ln.startswith("FAILED")]
                    print(f"killed    {m.name}  by {failed[0] if failed else 'an error'}")
        finally:
            run(["git", "worktree", "remove", "--force", str(tree)], REPO)
    print(f"{len(mutations) - survived}/{len(mutations)} mutations killed")
    return 1 if survived else 0


if __name__ == "__main__":
    sys.exit(main())
