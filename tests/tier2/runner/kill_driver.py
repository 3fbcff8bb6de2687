"""Run one Tier 2 stage in its own process (the kill -9 test SIGKILLs it mid-run).

    python kill_driver.py BASE_URL AUDIT_LOG CACHE_DIR N OUT_JSON
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from stage_fixtures import item  # noqa: E402

from tier2.options import Tier2Options  # noqa: E402
from tier2.stage import run_tier2  # noqa: E402


def main() -> None:
    base_url, audit_log, cache_dir, n, out = sys.argv[1:6]
    options = Tier2Options(
        model="local-slow", base_url=base_url, call_budget=100, audit_log=Path(audit_log),
        cache_dir=Path(cache_dir), concurrency=2, timeout_s=10, max_retries=0, output_mode="json_object",
    )
    outcome = run_tier2([item(i) for i in range(int(n))], options)
    Path(out).write_text(outcome.model_dump_json(indent=1), encoding="utf-8")


if __name__ == "__main__":
    main()
