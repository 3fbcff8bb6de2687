"""How the judge asks a server for structured output, and when to ask less of it.

Servers differ: OpenAI honours ``response_format={"type": "json_schema", ...}``; llama.cpp's
server answers that with HTTP 500 but constrains ``{"type": "json_object", "schema": ...}``
with a grammar; others follow only the prompt. ``ModeLadder`` starts at the strictest mode
and steps down, once per rejection, never back up — a judge that learned its server cannot
do ``json_schema`` should not pay a rejected request for every claim.
"""

from __future__ import annotations

import functools
import threading
from typing import Any

from tier2.interface import JudgeAnswer, OutputMode

MODES: tuple[OutputMode, ...] = ("json_schema", "json_object", "prompt")
SCHEMA_NAME = "judge_answer"

# Words a server uses when it refuses the response_format it was sent.
_REJECTION_WORDS = ("response_format", "json_schema", "schema")


@functools.cache
def answer_schema() -> dict[str, Any]:
    """JudgeAnswer's JSON Schema, flattened for grammar converters and strict mode.

    ``$ref`` is inlined (some servers' schema-to-grammar converters do not follow it) and
    descriptions are dropped (OpenAI counts the schema as prompt tokens; the instruction
    already says what each field means). Built once; callers must not modify it.
    """
    schema = JudgeAnswer.model_json_schema()
    defs = schema.get("$defs", {})
    properties: dict[str, Any] = {}
    for name, prop in schema["properties"].items():
        if "$ref" in prop:
            prop = defs[prop["$ref"].rsplit("/", 1)[-1]]
        properties[name] = {key: prop[key] for key in ("type", "enum") if key in prop}
    return {
        "type": "object",
        "properties": properties,
        "required": list(schema["required"]),
        "additionalProperties": False,
    }


def response_format_for(mode: OutputMode) -> dict[str, Any] | None:
    """The ``response_format`` request field for a mode; None means: do not send one."""
    if mode == "json_schema":
        return {
            "type": "json_schema",
            "json_schema": {"name": SCHEMA_NAME, "schema": answer_schema(), "strict": True},
        }
    if mode == "json_object":
        return {"type": "json_object", "schema": answer_schema()}
    return None


def looks_like_mode_rejection(status: int, body: str, *, mode_ever_succeeded: bool) -> bool:
    """Did the server refuse the output mode (rather than fail for another reason)?

    A 4xx/5xx whose body names the response format is a refusal. A bare 500 counts too
    while no request in this mode has ever succeeded: llama.cpp's refusal is a 500 whose
    wording may change between versions. Auth, not-found and rate-limit answers never do.
    """
    if status < 400 or status in (401, 403, 404, 408, 429):
        return False
    lowered = body.lower()
    if any(word in lowered for word in _REJECTION_WORDS):
        return True
    return status == 500 and not mode_ever_succeeded


class ModeLadder:
    """The judge's current output mode: fixed, or stepping down on rejections (thread-safe)."""

    def __init__(self, requested: OutputMode | str) -> None:
        if requested not in (*MODES, "auto"):
            raise ValueError(f"output mode must be auto, {', '.join(MODES)}; got {requested!r}")
        self.auto = requested == "auto"
        self._mode: OutputMode = "json_schema" if self.auto else requested  # type: ignore[assignment]
        self._succeeded: set[str] = set()
        self._lock = threading.Lock()

    @property
    def current(self) -> OutputMode:
        with self._lock:
            return self._mode

    def ever_succeeded(self, mode: OutputMode) -> bool:
        with self._lock:
            return mode in self._succeeded

    def mark_success(self, mode: OutputMode) -> None:
        with self._lock:
            self._succeeded.add(mode)

    def step_down_from(self, mode: OutputMode) -> OutputMode | None:
        """Move below ``mode`` unless a concurrent attempt already did; None at the bottom or when fixed.

        Compare-and-set on ``mode``: eight concurrent first requests that all get refused
        step down one rung, not eight.
        """
        with self._lock:
            if not self.auto:
                return None
            if self._mode != mode:
                return self._mode
            index = MODES.index(mode)
            if index + 1 >= len(MODES):
                return None
            self._mode = MODES[index + 1]
            return self._mode
