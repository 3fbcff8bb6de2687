"""Claims with resolved windows built by hand, for run_tier2 (no parser, no source store)."""

from __future__ import annotations

import json
from pathlib import Path

import httpx

from citeproof.model import Anchor, Claim, Location, Locator
from citeproof.sources.types import Resolution, Segment, SourceDocument, SourceWindow
from tier2.options import Tier2Options

SOURCE_LINES = [
    "Study record",
    "Primary outcome: objective response at week 12.",
    "In cohort-{n} the response rate was 45% (54 of 120 participants).",
    "Adverse events were mild.",
]


def document(n: int) -> SourceDocument:
    lines = tuple(line.format(n=n) for line in SOURCE_LINES)
    return SourceDocument(
        source_id=f"NCT{n:08d}", channel="clinical_trials", path=f"clinical_trials/NCT{n:08d}.txt", media="txt",
        text="\n".join(lines), lines=lines,
    )


def window(doc: SourceDocument, first: int, last: int, *, coarse: bool = False) -> SourceWindow:
    segments, offset = [], 0
    for number, line in enumerate(doc.lines, start=1):
        if first <= number <= last:
            segments.append(Segment(text=line, line_start=number, line_end=number, char_start=offset, char_end=offset + len(line)))
        offset += len(line) + 1
    text = "\n".join(doc.lines[first - 1 : last])
    return SourceWindow(document=doc, line_start=first, line_end=last, text=text, segments=tuple(segments), coarse=coarse, locator_raw=f"L{first}-L{last}")


def item(n: int, *, risk: int = 0) -> tuple[Claim, list[Resolution], int]:
    doc = document(n)
    location = Location(line=n + 1)
    anchor = Anchor(
        raw=f"[nct:NCT{n:08d}#L2-L3]", kind="nct", source_id=f"NCT{n:08d}",
        locator=Locator(raw="L2-L3", kind="lines", start=2, end=3), channel="clinical_trials", location=location,
    )
    text = f"In cohort-{n} the response rate was 45%."
    claim = Claim(id=f"claim-{n:03d}", text=text, raw_text=text + f" {anchor.raw}", location=location, anchors=(anchor,), fact_bearing=True)
    return claim, [Resolution(anchor=anchor, window=window(doc, 2, 3))], risk


def chat_reply(answer: dict, *, prompt_tokens: int = 100, completion_tokens: int = 10) -> httpx.Response:
    """An OpenAI chat-completions response whose message is ``answer`` as JSON."""
    return httpx.Response(200, json={
        "id": "x", "object": "chat.completion", "created": 1, "model": "m",
        "choices": [{"index": 0, "message": {"role": "assistant", "content": json.dumps(answer)}, "finish_reason": "stop"}],
        "usage": {"prompt_tokens": prompt_tokens, "completion_tokens": completion_tokens,
                  "total_tokens": prompt_tokens + completion_tokens},
    })


def options(tmp_path: Path, **kw) -> Tier2Options:
    """Judge options against the respx-mocked http://judge.test/v1, log and cache in ``tmp_path``."""
    base = dict(model="m", base_url="http://judge.test/v1", call_budget=20, audit_log=tmp_path / "audit.jsonl",
                cache_dir=tmp_path / "cache", timeout_s=5, max_retries=0)
    return Tier2Options(**{**base, **kw})
