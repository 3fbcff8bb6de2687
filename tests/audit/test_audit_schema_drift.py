import difflib

from audit.schema import REGENERATE, SCHEMA_PATH, render_schema


def test_committed_audit_record_schema_matches_the_model():
    committed = SCHEMA_PATH.read_text(encoding="utf-8") if SCHEMA_PATH.exists() else ""
    fresh = render_schema()
    if committed != fresh:
        diff = "".join(difflib.unified_diff(committed.splitlines(True), fresh.splitlines(True), "committed", "generated"))
        raise AssertionError(f"{SCHEMA_PATH.name} is out of date; run `{REGENERATE}`\n{diff}")
