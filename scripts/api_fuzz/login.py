"""Logs a demo account in and prints the session cookie for schemathesis's -H "Cookie: …".

usage: login.py BASE candidate|company|admin [TOTP_SECRET]
The demo accounts are the seed's (scripts/run lists them); the admin's TOTP code is computed here
(RFC 6238: SHA-1, 6 digits, 30 s) from the secret the server prints at start.
"""

import base64
import hashlib
import hmac
import struct
import sys
import time

import requests

ACCOUNTS = {
    "candidate": ("/ajax/pclogin/login", {"mobile": "13800000000", "password": "demo1234"}, "token"),
    "company": ("/ajax/comlogin/login", {"mobile": "13700000000", "password": "demo1234"}, "com_token"),
    "admin": ("/ajax/admin/login", {"username": "admin", "password": "demo1234"}, "admin_token"),
}


def totp(secret: str, at: float) -> str:
    key = base64.b32decode(secret.upper() + "=" * (-len(secret) % 8))
    mac = hmac.new(key, struct.pack(">Q", int(at // 30)), hashlib.sha1).digest()
    offset = mac[-1] & 0x0F
    return "%06d" % ((struct.unpack(">I", mac[offset : offset + 4])[0] & 0x7FFFFFFF) % 1_000_000)


def main() -> None:
    base, role = sys.argv[1], sys.argv[2]
    path, form, cookie = ACCOUNTS[role]
    if role == "admin":
        form = dict(form, otp=totp(sys.argv[3], time.time()))
    res = requests.post(base + path, data=form, timeout=30)
    if res.status_code != 200 or cookie not in res.cookies:
        sys.exit(f"{role} log-in failed: {res.status_code} {res.text[:300]}")
    print(f"{cookie}={res.cookies[cookie]}")


if __name__ == "__main__":
    main()
