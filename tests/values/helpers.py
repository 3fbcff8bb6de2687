"""Build source windows directly (no store) for value-atom tests."""

from __future__ import annotations

from citeproof.sources.types import Segment, SourceDocument, SourceWindow


def window(text: str, *, source_id: str = "S1", path: str = "clinical_trials/S1.txt", segments: bool = True) -> SourceWindow:
    lines = tuple(text.split("\n"))
    doc = SourceDocument(source_id=source_id, channel=path.split("/")[0], path=path, media="txt", text=text, lines=lines)
    segs: list[Segment] = []
    offset = 0
    if segments:
        for n, line in enumerate(lines, start=1):
            if line.strip():
                segs.append(Segment(text=line, line_start=n, line_end=n, char_start=offset, char_end=offset + len(line)))
            offset += len(line) + 1
    return SourceWindow(document=doc, line_start=1, line_end=len(lines), text=text, segments=tuple(segs), coarse=False)


def verify_against(tmp_path, source_text: str, report: str, *, name: str = "s.md"):
    """Run ``report`` (Markdown) through the real pipeline against one evidence file
    ``sources/evidence/<name>`` holding ``source_text``; the report in report mode."""
    from citeproof.pipeline import VerifyOptions, run

    folder = tmp_path / "sources" / "evidence"
    folder.mkdir(parents=True)
    (folder / name).write_text(source_text, encoding="utf-8")
    return run(report, "markdown", tmp_path / "sources", VerifyOptions(mode="report"))


def cite(claim: str, anchor: str) -> str:
    """``claim`` citing ``anchor`` before its closing full stop ("… 45% [evidence:s.md#L3].",
    "…45%[evidence:s.md#L3]。")."""
    if claim.endswith("。"):
        return f"{claim[:-1]}{anchor}。"
    if claim.endswith("."):
        return f"{claim[:-1]} {anchor}."
    return f"{claim} {anchor}"


def cited_report(*claims: str, anchor: str = "[evidence:s.md#L3]") -> str:
    """A Markdown report whose every paragraph is one of ``claims`` citing ``anchor``."""
    return "# R\n\n" + "\n\n".join(cite(c, anchor) for c in claims) + "\n"


def verify_pairs(tmp_path, pairs):
    """(source sentence, claim) pairs through the whole pipeline: one evidence file holds each
    distinct source sentence as a paragraph, and each claim cites its sentence's line alone, so
    it is judged on that sentence. The report's claims, in the order of ``pairs``."""
    sources = list(dict.fromkeys(s for s, _ in pairs))
    source = "# S\n\n" + "\n\n".join(sources) + "\n"
    lines = source.split("\n")
    report = "# R\n\n" + "\n\n".join(cite(claim, f"[evidence:s.md#L{lines.index(s) + 1}]") for s, claim in pairs) + "\n"
    claims = [c for c in verify_against(tmp_path, source, report).claims if c.anchors]
    assert len(claims) == len(pairs)
    return claims


def ending(tmp_path, pairs, *statuses: str) -> list[tuple[str, str]]:
    """(claim text, status) of the pairs' claims that end in one of ``statuses`` (``verify_pairs``)."""
    return [(c.text, c.status) for c in verify_pairs(tmp_path, pairs) if c.status in statuses]


def binding_reason(claim: str, source: str) -> str | None:
    """Why ``claim``'s figures are bound to other words in ``source`` than the claim gives them
    (``citeproof.values.binding.binding_differs``), or None."""
    from citeproof.values import claim_atoms
    from citeproof.values.binding import binding_differs

    return binding_differs(claim, claim_atoms(claim), source)


def list_readings(text: str) -> list[list[tuple[str, str]]]:
    """The lists ``text`` is read to hold (``citeproof.values.list_items.list_entries``): per
    list, each item's figures as written and its words, lower-cased and spaced once."""
    from citeproof.values.extract import extract_atoms, prepare
    from citeproof.values.list_items import list_entries

    low = prepare(text).lower()
    values = extract_atoms(low, mode="source")
    return [[(" ".join(values[i].raw for i in idx), " ".join(low[s:e].split())) for idx, (s, e) in items]
            for items in list_entries(low, values)]


def cited_claim(tmp_path, source_text: str, report: str, *, name: str = "s.md"):
    """The one claim of ``report`` that cites anything, run against ``source_text`` (``verify_against``)."""
    (claim,) = [c for c in verify_against(tmp_path, source_text, report, name=name).claims if c.anchors]
    return claim
