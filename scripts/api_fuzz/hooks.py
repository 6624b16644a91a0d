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

- `before_call` also: random ids rarely name a real row, so most calls would stop at NOT_FOUND.
  Six times in ten an id field (`id`, `…Id`, `jobid`, `…Ids`, a path's id) gets the id of a real row of the
  table it names (FIELD_TABLES, else the call's area: AREA_TABLES), the caller's own where the table
  records an owner (API_FUZZ_WHO, set by scripts/api-fuzz), and `mobile` sometimes a demo account's, so the
  fuzzing also reaches the code behind them. The document states what each field must look like
  (server/src/api/input_rules.rs), so the rest of the generated data is mostly what a handler takes.

- what a user brings to a call that generated data cannot (prepare.py): as a case is made (`map_case`)
  a file of a type the upload takes and JSON from the field's contentSchema; in `before_call` a code
  from the dev outbox, a solved slider, a password, a fresh row the call uses up.

The database is API_FUZZ_DB (the server's SQLite file); API_FUZZ_SEED seeds the substitutions.
"""

import hashlib
import json
import os
import random
import re
import sqlite3

import schemathesis

import prepare

DB = os.environ["API_FUZZ_DB"]

# Written by refused calls on purpose, or by the server on its own, and so left out:
# - shared_keys: rate limits, lockouts, slider state, leases (a wrong password counts);
# - notices: the outbox worker's state changes after earlier successful calls;
# - behaviour_log: the purge loop.
BOOKKEEPING = {"shared_keys", "notices", "behaviour_log"}
# Columns a refused call may touch: a session's last use (the session extractors record it), and a
# code's wrong attempts (a wrong code counts against it, so it cannot be guessed).
IGNORED_COLUMNS = {"last_seen_at", "attempts"}
# Rows a refused call may add: the audit of a failed admin log-in (admin.login.failed, …otp_wrong).
ROW_FILTERS = {"audit_log": "action NOT LIKE 'admin.login%'"}

_before: dict[int, dict[str, str]] = {}
_random = random.Random(os.environ.get("API_FUZZ_SEED", "0"))
_ids: dict[tuple[str, str], list[str]] = {}
ID_FIELD = re.compile(r"ids?$", re.IGNORECASE)
DEMO_MOBILES = ["13800000000", "13700000000", "13900000001"]
# Who the run logs in as (scripts/api-fuzz): ids are drawn from that caller's own rows where a table
# says whose a row is, since another's row is rightly NOT_FOUND.
WHO = os.environ.get("API_FUZZ_WHO", "")
OWNER = {
    "company": ("company_id", "SELECT company_id FROM company_members WHERE mobile = '13700000000'"),
    "candidate": ("user_id", "SELECT id FROM users WHERE mobile = '13800000000'"),
}
# The table an id field names, where its name does not start with the table's: by field, then by
# the call's area for a bare `id`.
FIELD_TABLES = {
    "jobid": "jobs", "jobId": "jobs", "resumeId": "resumes", "applyId": "applications", "applyIds": "applications",
    "companyId": "companies", "comId": "companies", "stageId": "pipeline_stages", "itemId": "resume_entries",
    "fileId": "resume_files", "sendId": "assessment_sends", "assessmentId": "assessments", "reportId": "job_reports",
    "interview": "interviews", "ids": "pipeline_stages", "orderNo": "orders", "conversationId": "conversations",
}
AREA_TABLES = [
    ("/ajax/comjob/", "jobs"), ("/ajax/comtalent/", "talent_candidates"), ("/ajax/comtemplate/", "notice_templates"),
    ("/ajax/cominterviewer/", "company_members"), ("/ajax/cominterview/", "interviews"), ("/ajax/comassessment/", "assessments"),
    ("/ajax/pcassessment/", "assessment_sends"), ("/ajax/pcuser/interviewAnswer", "interviews"), ("/ajax/admin/admins/", "admins"),
    ("/ajax/admin/user/", "users"), ("/ajax/company/picture/", "company_files"), ("/ajax/comcompany/", "company_files"),
    ("/ajax/comresume/file/", "resume_files"), ("/ajax/resume/file/", "resume_files"), ("/ajax/comtalent/file/", "talent_candidates"),
    ("/ajax/admin/company/", "companies"), ("/ajax/admin/order/", "orders"), ("/ajax/comresume/", "applications"),
]


# Jobs a candidate may apply for, save or ask about: open, and not held for review.
OPEN_JOBS = "SELECT id FROM jobs WHERE NOT closed AND id NOT IN (SELECT job_id FROM job_moderation WHERE status = 'queued')"

CLOSED_JOBS = "SELECT id FROM jobs WHERE closed AND company_id IN ({company}) AND id NOT IN (SELECT job_id FROM job_moderation WHERE status = 'queued')"

# Where a call takes only rows in some state, or reached through another table: (call, field) to a
# query; {company} and {user} are the caller's (OWNER).
CALL_IDS = {
    ("/ajax/admin/job/approve", "jobId"): "SELECT job_id FROM job_moderation WHERE status = 'queued'",
    ("/ajax/admin/job/takedown", "jobId"): "SELECT job_id FROM job_moderation WHERE status = 'queued'",
    ("/ajax/admin/order/refund", "orderNo"): "SELECT order_no FROM orders WHERE status = 2",
    ("/ajax/admin/order/detail", "orderNo"): "SELECT order_no FROM orders",
    ("/ajax/admin/trial/decide", "companyId"): "SELECT company_id FROM company_trials WHERE status = 'pending'",
    ("/ajax/admin/company/licence/{id}", "id"): "SELECT company_id FROM company_files WHERE kind = 'licence'",
    ("/ajax/admin/admins/disable", "id"): "SELECT id FROM admins WHERE username <> 'admin'",
    ("/ajax/admin/admins/enable", "id"): "SELECT id FROM admins WHERE username <> 'admin'",
    ("/ajax/company/picture/{id}", "id"): "SELECT id FROM company_files WHERE kind <> 'licence'",
    ("/ajax/comcompany/removePicture", "id"): "SELECT id FROM company_files WHERE company_id IN ({company}) AND kind <> 'licence'",
    ("/ajax/cominterview/cancel", "id"): "SELECT id FROM interviews WHERE company_id IN ({company}) AND state = 'scheduled'",
    ("/ajax/cominterview/file/{interview}/{file}", "interview"): "SELECT id FROM interviews WHERE company_id IN ({company})",
    ("/ajax/cominterview/file/{interview}/{file}", "file"):
        "SELECT f.id FROM resume_files f JOIN interviews i ON i.user_id = f.user_id WHERE i.company_id IN ({company})",
    ("/ajax/comresume/file/{id}", "id"):
        "SELECT f.id FROM resume_files f JOIN applications a ON a.user_id = f.user_id JOIN jobs j ON j.id = a.job_id WHERE j.company_id IN ({company})",
    ("/ajax/comresume/orderStages", "ids"): "SELECT group_concat(id) FROM (SELECT id FROM pipeline_stages WHERE company_id IN ({company}) ORDER BY position)",
    ("/ajax/resume/file/{id}", "id"): "SELECT id FROM resume_files WHERE user_id IN ({user})",
    ("/ajax/resume/deleteItem", "itemId"): "SELECT e.id FROM resume_entries e JOIN resumes r ON r.id = e.resume_id WHERE r.user_id IN ({user})",
    ("/ajax/resume/moveItem", "itemId"): "SELECT e.id FROM resume_entries e JOIN resumes r ON r.id = e.resume_id WHERE r.user_id IN ({user})",
    ("/ajax/pcjob/apply", "jobid"): OPEN_JOBS,
    ("/ajax/pcuser/saveJob", "jobid"): OPEN_JOBS,
    ("/ajax/chat/start", "jobid"): OPEN_JOBS,
    ("/ajax/comchat/start", "jobid"): OPEN_JOBS + " AND company_id IN ({company})",
    ("/ajax/comjob/close", "id"): OPEN_JOBS + " AND company_id IN ({company})",
    ("/ajax/comjob/reopen", "id"): CLOSED_JOBS,
    ("/ajax/comjob/publish", "id"): CLOSED_JOBS,
    ("/ajax/pcuser/unsaveJob", "jobid"): "SELECT job_id FROM saved_jobs WHERE user_id IN ({user})",
    ("/ajax/pcuser/unshield", "comId"): "SELECT company_id FROM shields WHERE resume_id IN (SELECT id FROM resumes WHERE user_id IN ({user}))",
    ("/ajax/pcuser/unshield", "resumeId"): "SELECT resume_id FROM shields WHERE resume_id IN (SELECT id FROM resumes WHERE user_id IN ({user}))",
}
# An entry's resume and section go with it (resume/moveItem, resume/deleteItem): NOT_FOUND otherwise.
ENTRY_CALLS = {"/ajax/resume/moveItem", "/ajax/resume/deleteItem"}


def call_rows(path: str, field: str) -> list[str] | None:
    """The values CALL_IDS's query gives for the call's field (read once), or None if it has none."""
    query = CALL_IDS.get((path, field))
    if query is None:
        return None
    key = (path, field)
    if key not in _ids:
        conn = sqlite3.connect(f"file:{DB}?mode=ro", uri=True, timeout=30)
        try:
            sql = query.format(company=OWNER["company"][1], user=OWNER["candidate"][1])
            _ids[key] = [str(r[0]) for r in conn.execute(sql + " LIMIT 50") if r[0] is not None]
        finally:
            conn.close()
    return _ids[key]


def rows(table: str, column: str = "id") -> list[str]:
    """Up to 50 values of `column` in `table`, the caller's own rows first where the table records an
    owner (read once per table)."""
    key = (table, column)
    if key not in _ids:
        conn = sqlite3.connect(f"file:{DB}?mode=ro", uri=True, timeout=30)
        try:
            columns = [c[1] for c in conn.execute(f'PRAGMA table_info("{table}")')]
            found: list[str] = []
            if (table, WHO) == ("applications", "company"):
                # Applications record their job, not its company.
                found = [str(r[0]) for r in conn.execute(
                    f"SELECT a.id FROM applications a JOIN jobs j ON j.id = a.job_id WHERE j.company_id IN ({OWNER['company'][1]}) LIMIT 50")]
            elif column in columns:
                owner = OWNER.get(WHO)
                if owner and owner[0] in columns:
                    found = [str(r[0]) for r in conn.execute(f'SELECT "{column}" FROM "{table}" WHERE "{owner[0]}" IN ({owner[1]}) LIMIT 50')]
                if not found:
                    found = [str(r[0]) for r in conn.execute(f'SELECT "{column}" FROM "{table}" LIMIT 50')]
            _ids[key] = found
        finally:
            conn.close()
    return _ids[key]


def real_id(path: str, field: str) -> str | None:
    """A real id for the field of the call at `path`, from the table it names, else None."""
    found = call_rows(path, field)
    if found is not None:
        return _random.choice(found) if found else None
    table = "company_orders" if (field, WHO) == ("orderNo", "company") else FIELD_TABLES.get(field)
    if table is None and field in ("id", "file"):
        table = next((t for prefix, t in AREA_TABLES if path.startswith(prefix)), None)
    if table is None:
        prefix = ID_FIELD.sub("", field).lower()
        table = next((t for t in ("jobs", "resumes", "applications", "companies", "interviews", "orders") if prefix and t.startswith(prefix)), None)
    if table is None:
        return None
    column = "order_no" if field == "orderNo" else "id"
    found = rows(table, column)
    if not found:
        return None
    if field.endswith("Ids") or field == "ids":
        return ",".join(_random.sample(found, k=min(len(found), _random.randint(1, 3))))
    return _random.choice(found)


# A demo account's mobile with a generated password would lock the demo account out (five wrong
# passwords from one address); prepare.py logs in with the right one instead.
LOGINS = {"/ajax/pclogin/login", "/ajax/comlogin/login"}


def _real(path: str, values, in_path: bool = False):
    if not isinstance(values, dict):
        return values
    for key in list(values):
        # `file` names a row only in a path ({file}); in an upload's body it is the file itself.
        if (ID_FIELD.search(key) or key in FIELD_TABLES or (key == "file" and in_path) or (path, key) in CALL_IDS) and _random.random() < 0.6:
            found = real_id(path, key)
            if found is not None and not isinstance(values[key], (bytes, bytearray)):
                values[key] = found
                if path in ENTRY_CALLS and key == "itemId":
                    _entry_of(found, values)
        elif key == "mobile" and path not in LOGINS and _random.random() < 0.3:
            values[key] = _random.choice(DEMO_MOBILES)
    return values


def _entry_of(item: str, values: dict) -> None:
    conn = sqlite3.connect(f"file:{DB}?mode=ro", uri=True, timeout=30)
    try:
        row = conn.execute("SELECT resume_id, section FROM resume_entries WHERE id = ?", (int(item),)).fetchone()
    finally:
        conn.close()
    if row:
        values["resumeId"], values["section"] = str(row[0]), row[1]


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
def map_case(ctx, case):
    """A file or JSON a user would send (scripts/api_fuzz/prepare.py's make), as the case is made."""
    prepare.make(case)
    return case


@schemathesis.hook
def before_call(ctx, case, kwargs):
    path = case.operation.path
    _real(path, case.body)
    _real(path, case.path_parameters, in_path=True)
    _real(path, case.query)
    prepare.prepare(case)
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


TRACE = os.environ.get("API_FUZZ_TRACE")


def _trace(case, response, code: str) -> None:
    """API_FUZZ_TRACE=file: one line per answer (mode, phase, method, path, status, code, what was sent), to see why
    calls are refused."""
    if TRACE:
        meta = getattr(case, "meta", None)
        mode = getattr(getattr(meta, "generation", None), "mode", "?")
        phase = getattr(getattr(getattr(meta, "phase", None), "name", None), "value", "?")
        with open(TRACE, "a") as f:
            sent = {"path": case.path_parameters, "query": case.query, "body": case.body if isinstance(case.body, dict) else None}
            f.write(f"{getattr(mode, 'value', mode)}\t{phase}\t{case.method}\t{case.path}\t{response.status_code}\t{code}\t{str(sent)[:300]}\n")


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
    error = body.get("error") if isinstance(body, dict) else None
    _trace(case, response, f"{error.get('code')}: {error.get('message')}" if isinstance(error, dict) else "")
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
