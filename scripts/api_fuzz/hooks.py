"""schemathesis hooks for scripts/api-fuzz: the project's own checks on every answer.

- `envelope_and_documented_code`: every answer of a JSON call is the envelope, `{"result": …}` with
  200 or `{"error": {"code", "message"}}` otherwise, and the code is one the document lists for that
  status (which is also what schemathesis's response_schema_conformance checks; this one says it in
  the project's words and also covers statuses the document lacks).
- `refused_call_changed_nothing`: a call answered with an error left the database as it was. Before
  each call (`before_call`) the SQLite database is read and every table hashed, row by row; after a
  refused call the hashes are compared. What a refused call may rightly write, or what changes by
  itself, is left out (BOOKKEEPING, IGNORED_COLUMNS, ROW_FILTERS below); workers=1, so no other fuzz
  call runs in between. Files (uploads) and the search index are not compared.

- `before_call` also: random strings rarely name a real row, so most calls would stop
  at NOT_FOUND. Half the time an id field (`id`, `…Id`, `jobid`, `…Ids`) gets the id of a real row of the
  database instead, and `mobile` a demo account's, so the fuzzing also reaches the code behind them.

The database is API_FUZZ_DB (the server's SQLite file); API_FUZZ_SEED seeds the substitutions.
"""

import hashlib
import json
import os
import random
import re
import sqlite3

import schemathesis

DB = os.environ["API_FUZZ_DB"]

# Written by refused calls on purpose, or by the server on its own, and so left out:
# - shared_keys: rate limits, lockouts, slider state, leases (a wrong password counts);
# - notices: the outbox worker's state changes after earlier successful calls;
# - behaviour_log: the purge loop.
BOOKKEEPING = {"shared_keys", "notices", "behaviour_log"}
# Columns a refused call may touch: a session's last use (the session extractors record it).
IGNORED_COLUMNS = {"last_seen_at"}
# Rows a refused call may add: the audit of a failed admin log-in (admin.login.failed, …otp_wrong).
ROW_FILTERS = {"audit_log": "action NOT LIKE 'admin.login%'"}

_before: dict[int, dict[str, str]] = {}
_random = random.Random(os.environ.get("API_FUZZ_SEED", "0"))
_ids: dict[str, list[str]] = {}
ID_FIELD = re.compile(r"ids?$", re.IGNORECASE)
DEMO_MOBILES = ["13800000000", "13700000000", "13900000001"]


def real_ids() -> dict[str, list[str]]:
    """Ids of rows of every table with an `id` column, by table (read once, at the first call)."""
    if not _ids:
        conn = sqlite3.connect(f"file:{DB}?mode=ro", uri=True, timeout=30)
        try:
            for (t,) in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"):
                if any(c[1] == "id" for c in conn.execute(f'PRAGMA table_info("{t}")')):
                    ids = [str(r[0]) for r in conn.execute(f'SELECT id FROM "{t}" LIMIT 50')]
                    if ids:
                        _ids[t] = ids
        finally:
            conn.close()
    return _ids or {"none": ["1"]}


def real_id(field: str) -> str:
    """A real id for the field: from the table its name starts with (jobid: jobs), else any."""
    tables = real_ids()
    prefix = ID_FIELD.sub("", field).lower()
    named = [t for t in tables if prefix and t.startswith(prefix)]
    return _random.choice(tables[_random.choice(named or sorted(tables))])


def _real(values):
    if not isinstance(values, dict):
        return values
    for key in list(values):
        if ID_FIELD.search(key) and _random.random() < 0.5:
            values[key] = real_id(key)
        elif key == "mobile" and _random.random() < 0.3:
            values[key] = _random.choice(DEMO_MOBILES)
    return values


def snapshot() -> dict[str, str]:
    conn = sqlite3.connect(f"file:{DB}?mode=ro", uri=True, timeout=30)
    try:
        tables = [
            r[0]
            for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
            if r[0] not in BOOKKEEPING
        ]
        out = {}
        for t in tables:
            columns = [c[1] for c in conn.execute(f'PRAGMA table_info("{t}")') if c[1] not in IGNORED_COLUMNS]
            select = ", ".join(f'"{c}"' for c in columns)
            where = f"WHERE {ROW_FILTERS[t]}" if t in ROW_FILTERS else ""
            h = hashlib.blake2b(digest_size=16)
            for row in conn.execute(f'SELECT {select} FROM "{t}" {where} ORDER BY rowid'):
                h.update(repr(row).encode())
            out[t] = h.hexdigest()
        return out
    finally:
        conn.close()


@schemathesis.hook
def before_call(ctx, case, kwargs):
    _real(case.body)
    _real(case.path_parameters)
    _before[id(case)] = snapshot()


@schemathesis.check
def refused_call_changed_nothing(ctx, response, case):
    before = _before.pop(id(case), None)
    if before is None or response.status_code < 400:
        return None
    after = snapshot()
    changed = sorted(t for t in set(before) | set(after) if before.get(t) != after.get(t))
    if changed:
        raise AssertionError(f"refused with {response.status_code} but changed the tables {changed}")
    return None


@schemathesis.check
def envelope_and_documented_code(ctx, response, case):
    media = response.headers.get("content-type", [""])
    media = media[0] if isinstance(media, list) else media
    if response.status_code == 200 and not media.startswith("application/json"):
        return None  # a file (resume PDF, download): its media type is checked by content_type_conformance
    try:
        body = json.loads(response.content or b"null")
    except ValueError:
        raise AssertionError(f"{response.status_code}: not JSON: {response.content[:200]!r}")
    if response.status_code == 200:
        if not (isinstance(body, dict) and set(body) == {"result"}):
            raise AssertionError(f"200 without the result envelope: {str(body)[:200]}")
        return None
    error = body.get("error") if isinstance(body, dict) else None
    if not (isinstance(body, dict) and set(body) == {"error"} and isinstance(error, dict) and set(error) == {"code", "message"}):
        raise AssertionError(f"{response.status_code} without the error envelope: {str(body)[:200]}")
    documented = (
        case.operation.definition.raw.get("responses", {}).get(str(response.status_code))
    )
    if documented is None:
        raise AssertionError(f"{response.status_code} ({error['code']}) is not a documented status of this call")
    return None
