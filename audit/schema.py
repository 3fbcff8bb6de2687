"""Write ``schemas/audit_record.schema.json`` from ``AuditRecord``: ``python -m audit.schema``."""

from __future__ import annotations

import json
import sys
from pathlib import Path

from audit.record import AuditRecord

SCHEMA_PATH = Path(__file__).resolve().parent.parent / "schemas" / "audit_record.schema.json"
REGENERATE = "python -m audit.schema"


def render_schema() -> str:
    schema = AuditRecord.model_json_schema()
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    schema["$id"] = "audit_record.schema.json"
    return json.dumps(schema, indent=2, sort_keys=True, ensure_ascii=False) + "\n"


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    target = Path(argv[0]) if argv else SCHEMA_PATH
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(render_schema(), encoding="utf-8")
    print(f"wrote {target}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
