"""Everything a Tier 2 run is configured with. The API key itself is never an option:
only the *name* of the environment variable that holds it, so it never reaches argv,
the report or the audit log."""

from __future__ import annotations

from pathlib import Path
from typing import Literal

import re

import httpx
from pydantic import BaseModel, ConfigDict, Field, field_validator

from audit.scrub import public_url

OutputModeOption = Literal["auto", "json_schema", "json_object", "prompt"]
_ENV_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


def _named(url: str) -> str:
    """How a message names a URL: never with its user-info, which may be the key
    ("http://u:KEY@h/v1"). Everything from "://" (or the start) to the last "@" goes, not
    only what a parser would call user-info: a key holding a "/" ("http://u:a/b@h") is
    still the key."""
    return public_url(re.sub(r"^([A-Za-z][A-Za-z0-9+.-]*://)?.*@", lambda m: m.group(1) or "", url, count=1))


def _port_text(url: str) -> str | None:
    """The port as written in ``url`` (None when it names none): after the user-info's last "@"
    and past an IPv6 literal's brackets."""
    authority = re.match(r"[A-Za-z][A-Za-z0-9+.-]*://([^/]*)", url)
    host = authority.group(1).rpartition("@")[2].rpartition("]")[2] if authority else ""
    return host.partition(":")[2] if ":" in host else None


def looks_like_env_name(value: str) -> bool:
    """Whether ``value`` is spelled as an environment variable's name."""
    return _ENV_NAME.fullmatch(value) is not None


# A part of a name between underscores that mixes digits in is a name's only when short ("V2",
# "GPT4"); a long run of letters and digits is how keys are spelled ("c4e1f09ab27d…", "sk_live_4eC3…").
_KEYLIKE_PART = re.compile(r"(?=[A-Za-z0-9]*[0-9])[A-Za-z0-9]{5,}")


def env_key_problem(flag: str, name: str) -> str | None:
    """Why ``name`` (the value of ``flag``) does not name a variable holding a key, or None: it
    is not spelled as a name (never echoed: it may be the key itself, pasted by mistake), or the
    variable is unset, empty or blank (a blank key is no key: an HMAC over " " keys nothing). One
    message for ``verify``, the audit commands and the API alike."""
    import os

    if not looks_like_env_name(name):
        return f"{flag} must be the NAME of an environment variable, not a key"
    if not os.environ.get(name, "").strip():
        return f"{flag} names {shown_env_name(name)}, which is not set (or is empty, or blank) in the environment"
    return None


# What an HTTP header value can carry (h11, httpx): printable ASCII, spaces only inside.
_HEADER_VALUE = re.compile(r"[\x21-\x7e](?:[\x20-\x7e]*[\x21-\x7e])?")


def key_header_problem(name: str, key: str) -> str | None:
    """Why the key in variable ``name`` cannot be sent as ``Authorization: Bearer KEY``, or None.
    A key read from a file with its newline (or pasted with a space or a typographic quote) fails
    every request before it leaves: as a connection fault it was retried, each claim spending
    max_retries + 1 calls of the budget to end judge_error, and no message said why. Never echoes the key."""
    if _HEADER_VALUE.fullmatch(key):
        return None
    return (f"{shown_env_name(name)} holds a key that an HTTP header cannot carry (whitespace at its start or end, a "
            "line break, a control character or a non-ASCII character): set it to the key alone")


def shown_env_name(name: str) -> str:
    """The variable's name as a message may show it. A value pasted there by mistake may be the key
    itself, and many keys are spelled like names ("gsk_…", 32 hex characters), so only a name made
    of words is shown: each of its underscore-separated parts letters, or short when it has digits."""
    if looks_like_env_name(name) and not any(_KEYLIKE_PART.fullmatch(part) for part in name.split("_")):
        return name
    return "a variable (its name is not shown: it does not read as one, and may be the key itself)"


class Tier2Options(BaseModel):
    # hide_input_in_errors: a key pasted into the wrong option must not be echoed in the error
    model_config = ConfigDict(extra="forbid", frozen=True, hide_input_in_errors=True)

    model: str = Field(min_length=1, description="Judge model name as the server knows it.")
    base_url: str = Field(min_length=1, description="OpenAI-compatible endpoint, e.g. http://127.0.0.1:8080/v1.")
    api_key_env: str = Field("OPENAI_API_KEY", description="Name of the environment variable holding the API key.")
    call_budget: int = Field(40, ge=0, description="Hard ceiling on requests; every attempt (retries too) is one.")
    audit_log: Path = Field(Path("out/audit.jsonl"), description="JSONL audit log; appended, never rewritten.")
    audit_key_env: str | None = Field(
        None, description="Name of the environment variable holding the audit log's key: its lines are then chained "
        "with HMAC-SHA256 (audit.record). None: the plain sha256 chain."
    )
    cache_dir: Path | None = Field(None, description="diskcache directory; None = no cache (--no-cache).")
    concurrency: int = Field(1, ge=1, le=64, description="Requests in flight at once.")
    excerpt_tokens: int = Field(512, ge=32, description="Ceiling on excerpt tokens per judged claim (a claim citing several sources shares it among them).")
    timeout_s: float = Field(30.0, gt=0, le=3600, description="Seconds per request (at most an hour: an endless wait is no timeout).")
    max_retries: int = Field(2, ge=0, le=10, description="Retries per claim (see tier2/runner.py for which faults).")
    output_mode: OutputModeOption = Field("auto", description="auto steps json_schema → json_object → prompt on rejection.")
    temperature: float = Field(0.0, ge=0, le=2)

    @field_validator("base_url")
    @classmethod
    def _http_url(cls, value: str) -> str:
        shown = _named(value)
        if not re.match(r"https?://[^/\s]+", value):
            raise ValueError(f"base_url must be an http(s) URL such as http://127.0.0.1:8080/v1, got {shown!r}")
        try:
            url = httpx.URL(value)  # what the client will parse: a bad host or port fails here, not mid-run
        except httpx.InvalidURL as exc:
            # the parser's reason quotes a piece of the URL, which may be a piece of the key
            reason = str(exc) if "@" not in value else "the reason is not shown: the URL carries credentials"
            raise ValueError(f"base_url {shown!r} is not a valid URL ({reason})") from None
        # Refused rather than scrubbed and sent: the OpenAI client appends "chat/completions"
        # after the query ("/v1/?key=abc&chat/completions"), so no request with one reaches the
        # endpoint, and a query is where gateways take keys ("?key=", "?sig=", "?access_token="),
        # which would then be recorded. The key goes in --api-key-env. (audit.scrub.public_url
        # redacts query values anyway, for any other caller; the message shows that form.)
        if "?" in value or "#" in value:
            raise ValueError(
                f"base_url {shown!r} has a query string or fragment, which the judge cannot use (the client appends "
                "/chat/completions after it) and which may carry a key: pass the endpoint alone, and the key's variable "
                "name with --api-key-env"
            )
        # httpx reads "：８０" (full-width digits) as no port at all and would send to port 80
        # while the report records the URL as given: a port is ASCII digits or nothing
        port = _port_text(value)
        if port and not re.fullmatch(r"[0-9]+", port):
            raise ValueError(f"base_url {shown!r} has a port that is not ASCII digits 0-9")
        # httpx parses any number as a port; one no socket can have would spend the whole
        # budget on connection errors
        if url.port is not None and not 1 <= url.port <= 65535:
            raise ValueError(f"base_url {shown!r} has port {url.port}, which cannot exist (ports are 1-65535)")
        return value

    @field_validator("api_key_env", "audit_key_env")
    @classmethod
    def _env_name(cls, value: str | None) -> str | None:
        if value is not None and not looks_like_env_name(value):
            # never echo the value: it may be the key itself, pasted by mistake
            raise ValueError("api_key_env must be the NAME of an environment variable (e.g. OPENAI_API_KEY), not a key")
        return value
