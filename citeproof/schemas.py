"""Generate the committed JSON Schemas from the pydantic models.

    python -m citeproof.schemas          # rewrite schemas/*.schema.json
    python -m citeproof.schemas --check  # exit 1 with a diff when they drift

The report schema is generated from ``VerificationReport``; every model forbids
undeclared fields, so a field written but not declared fails validation.
"""

from __future__ import annotations

import difflib
import json
import sys
from collections.abc import Callable
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
SCHEMA_DIR = REPO / "schemas"
REGENERATE = "python -m citeproof.schemas"


DRAFT = "https://json-schema.org/draft/2020-12/schema"


def _with_ids(schema: dict, name: str) -> dict:
    schema["$schema"] = DRAFT
    schema["$id"] = name
    return schema


def _report_schema() -> dict:
    from citeproof.report import VerificationReport

    return _with_ids(VerificationReport.model_json_schema(), "verification_report.schema.json")


def _audit_schema() -> dict:
    # The audit package renders its own schema (``python -m audit.schema``); both commands
    # write byte-identical files, so either may be used to regenerate.
    from audit.schema import render_schema

    return json.loads(render_schema())


GENERATORS: dict[str, Callable[[], dict]] = {
    "verification_report.schema.json": _report_schema,
    "audit_record.schema.json": _audit_schema,
}


def render(schema: dict) -> str:
    return json.dumps(schema, indent=2, sort_keys=True, ensure_ascii=False) + "\n"


def drift() -> list[str]:
    """Unified diffs (committed → generated) for every schema that changed."""
    diffs = []
    for name, make in GENERATORS.items():
        schema = make()
        if schema is None:
            continue
        path = SCHEMA_DIR / name
        want = render(schema)
        have = path.read_text(encoding="utf-8") if path.exists() else ""
        if want != have:
            diffs.append(
                "".join(
                    difflib.unified_diff(
                        have.splitlines(True), want.splitlines(True), f"committed/{name}", f"generated/{name}"
                    )
                )
            )
    return diffs


def main(argv: list[str]) -> int:
    if "--check" in argv:
        diffs = drift()
        if diffs:
            print("\n".join(diffs))
            print(f"schemas drifted from the models; regenerate with: {REGENERATE}")
            return 1
        return 0
    SCHEMA_DIR.mkdir(exist_ok=True)
    for name, make in GENERATORS.items():
        schema = make()
        if schema is not None:
            (SCHEMA_DIR / name).write_text(render(schema), encoding="utf-8")
            print(f"wrote schemas/{name}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
