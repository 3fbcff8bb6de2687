"""Everything a Tier 2 run is configured with. The API key itself is never an option:
only the *name* of the environment variable that holds it, so it never reaches argv,
the report or the audit log."""

from __future__ import annotations

from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

OutputModeOption = Literal["auto", "json_schema", "json_object", "prompt"]


class Tier2Options(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    model: str = Field(min_length=1, description="Judge model name as the server knows it.")
    base_url: str = Field(min_length=1, description="OpenAI-compatible endpoint, e.g. http://127.0.0.1:8080/v1.")
    api_key_env: str = Field("OPENAI_API_KEY", description="Name of the environment variable holding the API key.")
    call_budget: int = Field(40, ge=0, description="Hard ceiling on requests; every attempt (retries too) is one.")
    audit_log: Path = Field(Path("out/audit.jsonl"), description="JSONL audit log; appended, never rewritten.")
    cache_dir: Path | None = Field(None, description="diskcache directory; None = no cache (--no-cache).")
    concurrency: int = Field(1, ge=1, le=64, description="Requests in flight at once.")
    excerpt_tokens: int = Field(512, ge=32, description="Ceiling on excerpt tokens per judged claim.")
    timeout_s: float = Field(30.0, gt=0, description="Seconds per request.")
    max_retries: int = Field(2, ge=0, le=10, description="Retries per claim (see tier2/runner.py for which faults).")
    output_mode: OutputModeOption = Field("auto", description="auto steps json_schema → json_object → prompt on rejection.")
    temperature: float = Field(0.0, ge=0, le=2)
