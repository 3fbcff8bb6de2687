"""Names a source writes as its lines' labels (ctx2 1): "### Acme" (or "Acme:") over "Revenue grew
12% to $4.2 billion" passed on "Globex: revenue grew 12% to $4.2 billion.", another company's
figure. No list knows company names; a source labelling its lines with them says which they are.
A report context equal to one of those labels names a subject; a context no label equals
("### Key findings", "## Results") changes nothing."""

from __future__ import annotations

import pytest

from citeproof.values.source_labels import context_label, label_differs, label_key, line_label, name_labels
from tests.values.helpers import cited_claim

_LINES = ("Globex: revenue grew 12% to $4.2 billion.", "Acme: revenue grew 5% to $1.1 billion.")


@pytest.mark.parametrize("line, label", [
    ("Globex: revenue grew 12%.", "Globex"),
    ("- **Acme Corp:** revenue grew 5%.", "Acme Corp"),
    ("| Globex | 4.2 |", "Globex"),
    ("|---|---|", ""),
    ("revenue: 12%", ""),  # a lower-case opening is a sentence's, not a label
    ("In 2024 revenue grew 12%.", ""),
])
def test_a_line_opens_with_a_label(line, label):
    assert line_label(line) == label


@pytest.mark.parametrize("lines, headings, labels", [
    (_LINES, (), {"globex", "acme"}),
    (("## Globex", "Revenue grew 12%.", "## Acme", "Revenue grew 5%."), ("## Globex", "## Acme"), {"globex", "acme"}),
    (("| Company | Revenue ($B) |", "|---|---|", "| Globex | 4.2 |"), (), {"company", "globex"}),
    # a word the source's sentences use in lower case is no name
    (("Revenue: $4.2 billion.", "Margin: 12%; revenue rose."), (), {"margin"}),
    (("Net margin: 12%.", "The net margin rose."), (), set()),
    # structure words, a label holding a number, a long opening are never names
    (("Results: the ORR was 45%.", "Methods: we enrolled 40 patients.", "Importance: trials are few.",
      "Cohort 2: 12%."), (), set()),
    (("## Efficacy", "The ORR was 45%.", "## Safety", "Grade 3 events 22%."), ("## Efficacy", "## Safety"), set()),
    (("The five largest European markets by revenue: 12%.",), (), set()),
])
def test_name_labels_are_the_ones_never_written_in_lower_case(lines, headings, labels):
    assert name_labels(lines, headings) == frozenset(labels)


@pytest.mark.parametrize("contexts, found", [
    (("Acme",), "acme"),
    (("**In Acme:**",), "acme"),
    (("Acme Corp",), "acme"),  # a name and its longer form
    (("Revenue:", "Acme"), "acme"),  # a context no label equals is read past
    (("Key findings",), ""),
    (("Acmeville",), ""),  # a word holding a name is not the name
    (("Acme and Globex in five markets this year",), ""),  # a long context is no label
])
def test_a_context_equal_to_a_label_names_it(contexts, found):
    assert context_label(contexts, frozenset({"acme", "globex"})) == found


def test_a_line_carrying_another_label_differs_and_its_own_or_a_named_claim_does_not():
    labels = frozenset({"acme", "globex"})
    why = label_differs("acme", ("Globex",), "Revenue grew 12%", labels)
    assert why == "the report states it under 'acme'; the source line is labelled 'Globex'"
    assert label_differs("acme", ("Acme Corp",), "Revenue grew 12%", labels | {"acme corp"}) is None
    assert label_differs("acme", ("", "Globex"), "Revenue grew 12%", labels) is not None  # its section's
    assert label_differs("acme", ("",), "Revenue grew 12%", labels) is None  # a line carrying none
    assert label_differs("acme", ("Globex",), "Globex's revenue grew 12%", labels) is None  # the claim's own
    assert label_differs("acme", ("Margin",), "Revenue grew 12%", labels) is None  # no name label


def test_a_label_key_ignores_markup_case_and_a_preposition():
    assert label_key("**In Acme:**") == label_key("acme") == "acme"


_SRC = "# Market\n\n" + "\n".join(_LINES) + "\n"
_HEADED = "# Market\n\n## Globex\n\nRevenue grew 12% to $4.2 billion.\n\n## Acme\n\nRevenue grew 5% to $1.1 billion.\n"
_TABLE = ("# Market\n\n| Company | Growth |\n|---|---|\n| Globex | Revenue grew 12% to $4.2 billion |\n"
          "| Acme | Revenue grew 5% to $1.1 billion |\n")
_CLAIM = "Revenue grew 12% to $4.2 billion [evidence:s.md#L{}].\n"


@pytest.mark.parametrize("source, report, status", [
    # another company over the claim than the one the source labels the line with
    (_SRC, "# R\n\n### Acme\n\n" + _CLAIM.format(3), "undecided"),
    (_SRC, "# R\n\n### Acme Corp\n\n" + _CLAIM.format(3), "undecided"),
    (_SRC, "# R\n\nAcme:\n\n- " + _CLAIM.format(3), "undecided"),
    (_HEADED, "# R\n\n### Acme\n\n" + _CLAIM.format(5), "undecided"),
    (_TABLE, "# R\n\n### Acme\n\n" + _CLAIM.format(5), "undecided"),
    # the same company; a heading no label equals; no context
    (_SRC, "# R\n\n### Globex\n\n" + _CLAIM.format(3), "pass"),
    (_SRC, "# R\n\n**Globex:**\n\n- " + _CLAIM.format(3), "pass"),
    (_HEADED, "# R\n\n### Globex\n\n" + _CLAIM.format(5), "pass"),
    (_TABLE, "# R\n\n### Globex\n\n" + _CLAIM.format(5), "pass"),
    (_SRC, "# R\n\n### Key findings\n\n" + _CLAIM.format(3), "pass"),
    (_SRC, "# R\n\n## Results\n\n" + _CLAIM.format(3), "pass"),
    (_SRC, "# R\n\n" + _CLAIM.format(3), "pass"),
    # a clinical report: section words are no names, whichever section the line lies in
    ("# Trial\n\n## Efficacy\n\nThe ORR was 45%.\n\n## Safety\n\nGrade 3 events occurred in 22%.\n",
     "# R\n\n### Safety\n\nThe ORR was 45% [evidence:s.md#L5].\n", "pass"),
])
def test_through_the_pipeline_a_context_equal_to_a_source_label_is_the_claims_subject(tmp_path, source, report, status):
    claim = cited_claim(tmp_path, source, report)
    assert claim.status == status, claim.undecided_reasons
