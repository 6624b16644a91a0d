"""What a real user brings to a call that generated data cannot: for scripts/api_fuzz/hooks.py's before_call.

Most of a positive case (a case the document says is valid) is left as schemathesis made it. Where a
call needs something no schema can say, a positive case gets it, as a user would:
- secrets read where the user reads them: an SMS code from the dev SMS outbox (/dev/outbox), the
  slider's gap from the dev captcha hint (/dev/captcha/{token}), the demo accounts' passwords and
  the admin's TOTP code (scripts/api-fuzz passes the secret the server printed);
- a file of a type the upload takes (its `x-extensions` in the document, server/src/api/input_parts.rs),
  made here: a small PNG, a one-page PDF, a resume as text;
- a JSON text drawn from the field's `contentSchema` (input_parts.rs's JSON_FIELDS);
- the sections of a talent to save, from /comresume/analyze of the same file, as the review page does.
Negative cases are left alone, so the refusals are still reached.
"""

import json
import os
import random
import re
import struct
import time
import zlib

import requests

from login import totp

BASE = os.environ.get("API_FUZZ_BASE", "")
COOKIE = os.environ.get("API_FUZZ_COOKIE", "")
# The company's session, which invites an interviewer for /comlogin/acceptInvitation in any run.
COMPANY_COOKIE = os.environ.get("API_FUZZ_COMPANY_COOKIE", "")
TOTP_SECRET = os.environ.get("API_FUZZ_TOTP", "")
DEMO_PASSWORD = "demo1234"
# A password the account rules take (letters and digits), for new accounts.
NEW_PASSWORD = "Fuzz2026x"

_random = random.Random(os.environ.get("API_FUZZ_SEED", "0") + "prepare")


def _session(with_cookie: bool = True, cookie: str | None = None) -> requests.Session:
    s = requests.Session()
    cookie = COOKIE if cookie is None else cookie
    if with_cookie and cookie:
        name, value = cookie.split("=", 1)
        s.cookies.set(name, value)
    return s


def _post(path: str, data: dict, with_cookie: bool = True, ip: str | None = None, cookie: str | None = None):
    headers = {"X-Forwarded-For": ip} if ip else {}
    res = _session(with_cookie, cookie).post(f"{BASE}/ajax{path}", data=data, headers=headers, timeout=30)
    try:
        return res.status_code, res.json()
    except ValueError:
        return res.status_code, None


# --- files -----------------------------------------------------------------------------------------


def png(width: int = 64, height: int = 48) -> bytes:
    """A small RGB PNG (a gradient), written by hand so no imaging library is needed."""
    rows = b"".join(b"\x00" + b"".join(bytes(((x * 7) % 256, (y * 9) % 256, 90)) for x in range(width)) for y in range(height))

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b"")


def pdf(text: str = "Resume") -> bytes:
    """A one-page PDF with one line of text, its cross-reference table counted here."""
    stream = f"BT /F1 12 Tf 72 720 Td ({text}) Tj ET".encode()
    objects = [
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
        b"<< /Length %d >>\nstream\n" % len(stream) + stream + b"\nendstream",
        b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
    ]
    out = b"%PDF-1.4\n"
    offsets = []
    for n, body in enumerate(objects, 1):
        offsets.append(len(out))
        out += b"%d 0 obj\n" % n + body + b"\nendobj\n"
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
    out += b"".join(b"%010d 00000 n \n" % o for o in offsets)
    out += b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (len(objects) + 1, xref)
    return out


def resume_text() -> bytes:
    """A short resume as text, with a new name and mobile each time (so it is no one's duplicate)."""
    n = _random.randint(0, 99_999_999)
    name = _random.choice(["张", "李", "王", "刘", "陈"]) + _random.choice(["伟", "娜", "敏", "静", "磊"])
    return (
        f"{name}\n手机：135{n:08d}\n邮箱：fuzz{n}@example.com\n\n工作经历\n2019-2024 杭州某科技有限公司 前端工程师\n\n"
        "教育经历\n2015-2019 浙江大学 计算机科学 本科\n"
    ).encode()


# What can be made here, by extension; schemathesis names the part after the bytes' own type.
MAKERS = {"png": png, "pdf": pdf, "txt": resume_text}


def a_file(extensions) -> bytes | None:
    """A file of the first type (in MAKERS's order) the call takes; a text file goes without an
    extension in its name, so it comes last."""
    for ext, make in MAKERS.items():
        if ext in extensions:
            return make()
    return None


# --- JSON from a contentSchema ---------------------------------------------------------------------

WORDS = ["沟通", "设计", "前端", "测试", "质量", "协作", "Rust", "SQL", "产品", "运营"]


def from_schema(schema: dict, depth: int = 0):
    """A value the schema admits, drawn at random: the keywords input_parts.rs writes."""
    if "oneOf" in schema:
        return from_schema(_random.choice(schema["oneOf"]), depth)
    if "enum" in schema:
        return _random.choice(schema["enum"])
    kind = schema.get("type")
    if isinstance(kind, list):
        kind = next((k for k in kind if k != "null"), "string")
    if kind is None:
        kind = "object" if "properties" in schema or "additionalProperties" in schema else "string"
    if kind == "integer":
        return _random.randint(schema.get("minimum", 0), schema.get("maximum", 100))
    if kind == "array":
        low, high = schema.get("minItems", 0), min(schema.get("maxItems", 3), max(schema.get("minItems", 0), 3))
        return [from_schema(schema.get("items", {"type": "string"}), depth + 1) for _ in range(_random.randint(low, high))]
    if kind == "object":
        out = {}
        for name, sub in schema.get("properties", {}).items():
            if name in schema.get("required", []) or _random.random() < 0.5:
                out[name] = from_schema(sub, depth + 1)
        extra = schema.get("additionalProperties")
        if isinstance(extra, dict):
            low, high = schema.get("minProperties", 0), min(schema.get("maxProperties", 3), 3)
            names = schema.get("propertyNames", {})
            for _ in range(_random.randint(low, max(low, high))):
                out[text(names.get("minLength", 1), names.get("maxLength", 8))] = from_schema(extra, depth + 1)
        return out
    return text(schema.get("minLength", 0), schema.get("maxLength", 20))


def text(low: int, high: int) -> str:
    words = []
    want = _random.randint(max(low, 1), max(low, min(high, 12)))
    while len("".join(words)) < want:
        words.append(_random.choice(WORDS))
    return "".join(words)[: max(high, 1)] if high else ""


# --- secrets ---------------------------------------------------------------------------------------


def drag(x: float) -> str:
    """A person's drag of the slider's piece to `x` (as server/tests/common/slider.rs's track)."""
    import math

    samples = []
    for i in range(37):
        s = i / 36
        ease = 10 * s**3 - 15 * s**4 + 6 * s**5
        samples.append(f'[{i * 16 + (i * 7) % 5},{x * ease:.2f},{math.sin(i * 0.6) * 1.5:.2f},"p"]')
    return "[" + ",".join(samples) + "]"


def slider(ip: str) -> tuple[str, float] | None:
    """A new slider picture's token and its gap's x (the dev hint), for a user at `ip`."""
    status, body = _post("/slider/init", {}, with_cookie=False, ip=ip)
    if status != 200:
        return None
    token = body["result"]["token"]
    hint = requests.get(f"{BASE}/dev/captcha/{token}", timeout=30)
    return (token, hint.json()["x"]) if hint.status_code == 200 else None


def verification(ip: str) -> str | None:
    """A solved slider's captchaVerification, which /pcuser/sendCode spends (from the same address)."""
    picture = slider(ip)
    if picture is None:
        return None
    token, x = picture
    status, body = _post("/slider/test", {"token": token, "x": str(x), "track": drag(x)}, with_cookie=False, ip=ip)
    return body["result"]["captchaVerification"] if status == 200 else None


def sms_code(mobile: str, scene: str, ip: str) -> str | None:
    """A code sent to `mobile` for `scene`, read from the dev outbox as its owner reads the SMS."""
    passed = verification(ip)
    if passed is None:
        return None
    form = {"mobile": mobile, "captchaVerification": passed, "scene": scene}
    status, _ = _post("/pcuser/sendCode", form, with_cookie=scene in ("bind", "verify"), ip=ip)
    if status != 200:
        return None
    for m in requests.get(f"{BASE}/dev/outbox?format=json", timeout=30).json():
        if m.get("mobile") == mobile and isinstance(m.get("code"), str):
            return m["code"]
    return None


def new_mobile() -> str:
    return "135" + "%08d" % _random.randint(0, 99_999_999)


_reset_account: list[str] = []


def reset_account(ip: str) -> str | None:
    """A candidate of this run's own whose password a reset may change (not a demo account's, whose
    sessions the other runs use)."""
    if not _reset_account:
        mobile = new_mobile()
        code = sms_code(mobile, "register", ip)
        if code is None:
            return None
        form = {"mobile": mobile, "code": code, "password": NEW_PASSWORD, "confirmPassword": NEW_PASSWORD, "agree": "1"}
        status, _ = _post("/pclogin/register", form, with_cookie=False, ip=ip)
        if status != 200:
            return None
        _reset_account.append(mobile)
    return _reset_account[0]


def mail_code(email: str, ip: str) -> str | None:
    """A code mailed to `email` (/pcuser/sendEmailCode), read from the dev mail outbox."""
    status, _ = _post("/pcuser/sendEmailCode", {"email": email}, ip=ip)
    if status != 200:
        return None
    for m in requests.get(f"{BASE}/dev/outbox?format=json&kind=mail", timeout=30).json():
        if m.get("to") == email:
            found = re.search(r"\b([0-9]{6})\b", m.get("text", ""))
            return found.group(1) if found else None
    return None


def invitation_token(mobile: str | None = None, wait: float = 0.0) -> str | None:
    """The token of the newest invitation SMS (to `mobile`, if given) in the dev outbox; the notice
    worker sends it a moment after the invitation, so this waits up to `wait` seconds."""
    until = time.time() + wait
    while True:
        for m in requests.get(f"{BASE}/dev/outbox?format=json", timeout=30).json():
            found = re.search(r"/recruit/invite/([A-Za-z0-9_-]+)", m.get("text", ""))
            if found and (mobile is None or m.get("mobile") == mobile):
                return found.group(1)
        if time.time() >= until:
            return None
        time.sleep(0.2)


# --- by call ---------------------------------------------------------------------------------------


def _login(mobile: str):
    def fill(body: dict, ip: str):
        body.update(mobile=mobile, password=DEMO_PASSWORD)
    return fill


def _admin_login(body: dict, ip: str):
    body.update(username="admin", password=DEMO_PASSWORD)
    if TOTP_SECRET:
        body["otp"] = totp(TOTP_SECRET, time.time())


def _slider_test(body: dict, ip: str):
    picture = slider(ip)
    if picture:
        token, x = picture
        body.update(token=token, x=str(x), track=drag(x))


def _send_code(body: dict, ip: str):
    passed = verification(ip)
    if passed:
        body["captchaVerification"] = passed
    # Logged out, a user asks for a log-in code (bind and verify, the default, need a session); a
    # code to register goes to a phone with no account yet.
    if not COOKIE and body.get("scene") in (None, "", "bind", "verify"):
        body["scene"] = "login"
    if body.get("scene") in ("register", "comRegister"):
        body["mobile"] = new_mobile()


def _login_by_code(body: dict, ip: str):
    code = sms_code("13800000000", "login", ip)
    if code:
        body.update(mobile="13800000000", code=code)


def _register(body: dict, ip: str):
    mobile = new_mobile()
    code = sms_code(mobile, "register", ip)
    if code:
        body.update(mobile=mobile, code=code, password=NEW_PASSWORD, confirmPassword=NEW_PASSWORD, agree="1")


def _reset_password(body: dict, ip: str):
    mobile = reset_account(ip)
    code = sms_code(mobile, "reset", ip) if mobile else None
    if code:
        body.update(mobile=mobile, code=code, password=NEW_PASSWORD, confirmPassword=NEW_PASSWORD)


def _company_register(body: dict, ip: str):
    mobile = new_mobile()
    code = sms_code(mobile, "comRegister", ip)
    if code:
        body.update(mobile=mobile, code=code, password=NEW_PASSWORD, confirmPassword=NEW_PASSWORD, companyName=f"接口测试{mobile[-6:]}科技有限公司")


def _modify_password(body: dict, ip: str):
    # The demo password again: the other runs' log-ins keep working, and the call does its work.
    body.update(oldPassword=DEMO_PASSWORD, password=DEMO_PASSWORD, confirmPassword=DEMO_PASSWORD)


def _bind_email(body: dict, ip: str):
    email = "fuzz%d@example.com" % _random.randint(0, 99_999_999)
    code = mail_code(email, ip)
    if code:
        body.update(email=email, code=code)


def _wechat_bound(body: dict, ip: str):
    """Binds a WeChat as the phone's scan would (the dev provider's scan page), so unBindWx has one."""
    status, answer = _post("/im/getImWxCode", {})
    if status == 200:
        scene = answer["result"]["scene"]
        requests.post(f"{BASE}/dev/wx/scan/{scene}", data={"openid": "dev_fuzz%d" % _random.randint(0, 10**9), "nickname": "微信用户"}, timeout=30)


def new_invitation() -> str | None:
    """The token of a new interviewer's invitation (the company invites one; the dev outbox keeps
    its SMS, among its newest 50 texts)."""
    mobile = "136" + "%08d" % _random.randint(0, 99_999_999)
    form = {"name": "接口面试官", "mobile": mobile, "email": f"interviewer{mobile}@example.com"}
    status, _ = _post("/cominterviewer/save", form, cookie=COMPANY_COOKIE)
    return invitation_token(mobile, wait=10) if status == 200 else None


_unaccepted: list[str] = []


def _invitation(body: dict, ip: str):
    # One invitation a run, which nothing accepts (reading it changes nothing).
    if not _unaccepted:
        token = new_invitation()
        if token:
            _unaccepted.append(token)
    if _unaccepted:
        body["token"] = _unaccepted[0]


def _accept_invitation(body: dict, ip: str):
    token = new_invitation()
    if token:
        body.update(token=token, password=NEW_PASSWORD, confirmPassword=NEW_PASSWORD)


def _company_password(body: dict, ip: str):
    body.update(oldPassword=DEMO_PASSWORD, password=DEMO_PASSWORD, confirmPassword=DEMO_PASSWORD)


def _interview(body: dict, ip: str):
    """What the recruiter types into the interview form: a time to come (on a day of its own, so it
    rarely clashes), its length, a contact, a place, and the owner (the caller) as an interviewer."""
    owner = _db_one("SELECT id FROM company_members WHERE mobile = '13700000000'")
    day = _random.randint(0, 3000)
    start = time.strftime("%Y-%m-%d", time.gmtime(1_900_000_000 + day * 86400)) + " %02d:%02d" % (_random.randint(8, 18), _random.choice([0, 30]))
    body.update(start=start, minutes="60", contact="王丽", contactPhone="13800138000", address="杭州市西湖区文三路 478 号 12 楼")
    if owner:
        body["interviewers"] = str(owner)
    for optional in ("id", "template", "jobId"):
        body.pop(optional, None)


def _refund(body: dict, ip: str):
    """A paid order, read as the admin's list shows it, and part of what was paid."""
    paid = _db_row("SELECT order_no, amount_fen FROM orders WHERE status = 2 ORDER BY random() LIMIT 1")
    if paid:
        body.update(orderNo=paid[0], amountFen=str(_random.randint(1, max(1, paid[1]))))


def _trial(body: dict, ip: str):
    """A company that has just applied for a trial (registered through the slider and an SMS code,
    as its owner would), for the admin to decide: a decided trial cannot be decided again."""
    mobile = new_mobile()
    code = sms_code(mobile, "comRegister", ip)
    if not code:
        return
    owner = _session(with_cookie=False)
    form = {"mobile": mobile, "code": code, "password": NEW_PASSWORD, "confirmPassword": NEW_PASSWORD, "companyName": f"接口测试{mobile[-6:]}有限公司"}
    if owner.post(f"{BASE}/ajax/comlogin/register", data=form, headers={"X-Forwarded-For": ip}, timeout=30).status_code != 200:
        return
    if owner.post(f"{BASE}/ajax/complan/applyTrial", data={"contact": f"王经理 {mobile}"}, timeout=30).status_code == 200:
        body["companyId"] = str(_db_one(f"SELECT company_id FROM company_members WHERE mobile = '{mobile}'"))
        if not str(body.get("reason", "")).strip():
            body["reason"] = "资料齐全"


def _new_admin(body: dict, ip: str):
    body["username"] = "fuzz.%d" % _random.randint(0, 10**9)


def _db_one(sql: str):
    row = _db_row(sql)
    return row[0] if row else None


def _db_row(sql: str):
    import sqlite3

    conn = sqlite3.connect(f"file:{os.environ['API_FUZZ_DB']}?mode=ro", uri=True, timeout=30)
    try:
        return conn.execute(sql).fetchone()
    finally:
        conn.close()


def _talent_sections(body: dict, ip: str):
    # The file make() put in, read as the review page reads it.
    resume = body.get("file")
    if not isinstance(resume, bytes):
        return
    res = _session().post(f"{BASE}/ajax/comresume/analyze", files={"file": ("resume.txt", resume, "text/plain")}, timeout=60)
    if res.status_code == 200:
        body["sections"] = json.dumps(res.json()["result"]["sections"], ensure_ascii=False)
        body.pop("confirmDuplicate", None)


BY_CALL = {
    "/ajax/pclogin/login": _login("13800000000"),
    "/ajax/comlogin/login": _login("13700000000"),
    "/ajax/admin/login": _admin_login,
    "/ajax/slider/test": _slider_test,
    "/ajax/pcuser/sendCode": _send_code,
    "/ajax/pclogin/loginByCode": _login_by_code,
    "/ajax/pclogin/register": _register,
    "/ajax/pclogin/resetPassword": _reset_password,
    "/ajax/comlogin/register": _company_register,
    "/ajax/comtalent/save": _talent_sections,
    "/ajax/pcuser/modifypassword": _modify_password,
    "/ajax/pcuser/bindEmail": _bind_email,
    "/ajax/pcuser/unBindWx": _wechat_bound,
    "/ajax/comlogin/invitation": _invitation,
    "/ajax/comlogin/acceptInvitation": _accept_invitation,
    "/ajax/comlogin/modifyPassword": _company_password,
    "/ajax/cominterview/save": _interview,
    "/ajax/admin/order/refund": _refund,
    "/ajax/admin/trial/decide": _trial,
    "/ajax/admin/admins/create": _new_admin,
}


def positive(case) -> bool:
    mode = getattr(getattr(getattr(case, "meta", None), "generation", None), "mode", None)
    return getattr(mode, "value", mode) == "positive"


_prepared: set[tuple[str, str]] = set()


def _chosen(case, chosen: set) -> bool:
    """Whether to fill this positive case: always the first of a call in a phase, then three times in
    four, so the generated values are sent as they are too."""
    if not positive(case):
        return False
    key = (case.operation.path, str(getattr(getattr(getattr(case.meta, "phase", None), "name", None), "value", "")))
    if key in chosen and _random.random() >= 0.75:
        return False
    chosen.add(key)
    return True


_made: set[tuple[str, str]] = set()
# A recruiter's resume file: text, which the analysis reads best.
RESUME_FILES = {"/ajax/comresume/analyze", "/ajax/comtalent/save"}


def make(case) -> None:
    """As the case is made (map_case): a file of a type the upload takes and JSON from a field's
    contentSchema. A body with bytes is never a valid case to schemathesis, so a file put in later
    (before_call, which checks the case again) would make the case count as a negative one."""
    if not isinstance(case.body, dict) or not _chosen(case, _made):
        return
    body = case.body
    for name, field in _body_schema(case).get("properties", {}).items():
        if "contentSchema" in field and name in body:
            body[name] = json.dumps(from_schema(field["contentSchema"]), ensure_ascii=False)
        extensions = field.get("x-extensions")
        if extensions is not None and name in body:
            if isinstance(extensions, dict):
                extensions = extensions.get(str(body.get("kind")), [])
            made = resume_text() if case.operation.path in RESUME_FILES else a_file(extensions)
            if made is not None:
                body[name] = made


_prepared: set[tuple[str, str]] = set()


def prepare(case) -> None:
    """Just before the call (before_call): the secrets and rows a user would bring (BY_CALL), read
    then so that they are fresh (a code, a slider's verification)."""
    fill = BY_CALL.get(case.operation.path)
    if fill is None or not _chosen(case, _prepared):
        return
    # A call without a form (unBindWx) still gets what comes before it.
    body = case.body if isinstance(case.body, dict) else {}
    # A person's form has the form's fields only (the document allows others, which the negative
    # cases and the positive ones not filled still send).
    known = _body_schema(case).get("properties")
    if known:
        for name in [n for n in body if n not in known]:
            del body[name]
    # Each such user comes from an address of their own (scripts/api-fuzz trusts loopback as a
    # proxy): the per-address limits of the slider, the SMS codes and the log-ins (30 and 20 a
    # minute) are meant for one person, and the whole run comes from one.
    ip = "10.%d.%d.%d" % (_random.randint(0, 255), _random.randint(0, 255), _random.randint(1, 254))
    if case.operation.path != "/ajax/admin/login":
        case.headers = {**(case.headers or {}), "X-Forwarded-For": ip}
    try:
        fill(body, ip)
    except (requests.RequestException, ValueError, KeyError, TypeError):
        pass  # left as generated: the call then answers for the generated data


def _body_schema(case) -> dict:
    content = case.operation.definition.raw.get("requestBody", {}).get("content", {})
    media = content.get(case.media_type or "", {}) or next(iter(content.values()), {})
    return media.get("schema", {}) if isinstance(media, dict) else {}
