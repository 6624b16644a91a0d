"""Rows for scripts/api-fuzz to aim at: the demo data has no interview, assessment, talent, picture or
order, so every call that reads or changes one could only answer NOT_FOUND. Made through the API, as
a user would, before the fuzzing starts; hooks.py then draws ids from them.

usage: seed.py BASE CANDIDATE_COOKIE COMPANY_COOKIE ADMIN_COOKIE
Each step says what it made; a step that fails stops the script (the API changed: fix it here).
"""

import json
import sys

import requests

from prepare import png

base, candidate_cookie, company_cookie, admin_cookie = sys.argv[1:5]


def session(cookie: str) -> requests.Session:
    s = requests.Session()
    name, value = cookie.split("=", 1)
    s.cookies.set(name, value)
    return s


candidate, company, admin = session(candidate_cookie), session(company_cookie), session(admin_cookie)


def call(who: requests.Session, path: str, data=None, files=None):
    res = who.post(base + "/ajax" + path, data=data or {}, files=files, timeout=60)
    body = res.json()
    if res.status_code != 200:
        sys.exit(f"seed: {path} answered {res.status_code}: {json.dumps(body, ensure_ascii=False)[:300]}")
    return body["result"]


job = call(company, "/comjob/save", {
    "title": "接口测试前端工程师", "category": "前端开发", "city": "杭州", "salaryMin": "15000", "salaryMax": "25000",
    "experience": "3-5年", "education": "本科", "description": "负责招聘网站前端的开发与维护，和设计、后端一起交付。",
})["id"]
resume = call(candidate, "/pclogin/islogin").get("resumeId")
if not resume:
    sys.exit("seed: the demo candidate has no resume")
call(candidate, "/pcjob/apply", {"jobid": job, "resumeId": resume})
apply = call(company, "/comresume/applyresume", {"stageOppId": job, "page": "1", "pagesize": "50"})["list"][0]["applyId"]
print(f"seed: job {job}, application {apply}")

interviewer = call(company, "/cominterviewer/save", {"name": "接口面试官", "mobile": "13600007777", "email": "fuzz-interviewer@example.com"})
print(f"seed: interviewer {json.dumps(interviewer)[:80]}")
# Three interviews (cancelling one uses it up), the owner among the interviewers so that the fuzzing's
# owner may give feedback (only an assigned interviewer may).
owner = call(company, "/comlogin/me")["id"]
for day in (18, 19, 20):
    interview = call(company, "/cominterview/save", {
        "applyId": apply, "start": f"2030-06-{day} 10:00", "minutes": "60", "contact": "王丽", "contactPhone": "13800138000",
        "address": "杭州市西湖区文三路 478 号 12 楼", "interviewers": f"{interviewer['id']},{owner}",
    })
print(f"seed: interviews, the last {json.dumps(interview)[:80]}")

questions = [
    {"kind": "single", "text": "HTTP 404 的含义？", "options": ["服务器错误", "未找到"], "correct": [1], "score": 10},
    {"kind": "text", "text": "谈谈你对可访问性的理解", "options": [], "correct": [], "score": 30},
]
assessment_id = call(company, "/comassessment/save", {"name": "接口测试测评", "timeLimit": "30", "questions": json.dumps(questions, ensure_ascii=False)})["id"]
call(company, "/comassessment/send", {"applyId": apply, "assessmentId": assessment_id})
# More, not sent yet: an assessment goes to an application once (comassessment/send).
for n in range(3):
    call(company, "/comassessment/save", {"name": f"接口测试测评{n}", "timeLimit": "30", "questions": json.dumps(questions, ensure_ascii=False)})
print(f"seed: assessment {assessment_id} sent, three more unsent")

call(company, "/comtemplate/list")
for kind in ("photo", "photo", "licence"):
    call(company, "/comcompany/uploadPicture", {"kind": kind}, files={"file": (f"{kind}.png", png(), "image/png")})
call(company, "/complan/order/create", {"planCode": "basic_30d"})
call(company, "/complan/applyTrial", {"contact": "王经理 13700000000", "note": "想试用人才搜索"})
print("seed: templates, company photos and licence, a plan order, a trial application")

# A second admin, whom the super admin may disable and enable.
call(admin, "/admin/admins/create", {"username": "fuzz.reviewer", "password": "Fuzz#2026x", "role": "reviewer"})

# A job held for review: a black word in its description.
call(admin, "/admin/blackword/add", {"word": "接口测试违禁词"})
# Several, since approving or taking one down uses it up (admin/job/approve and takedown).
for n in range(5):
    held = call(company, "/comjob/save", {
        "title": f"接口测试运营专员{n}", "category": "运营", "city": "杭州", "salaryMin": "8000", "salaryMax": "12000",
        "experience": "1-3年", "education": "本科", "description": "负责日常运营，接口测试违禁词，按时完成每周的活动。",
    })
print(f"seed: jobs held for review ({held.get('state')}, {held.get('heldWords')})")

for n, (name, mobile) in enumerate([("张伟", "13912345678"), ("李娜", "13912345679")]):
    text = f"{name}\n手机：{mobile}\n邮箱：talent{n}@example.com\n\n工作经历\n2019-2024 杭州某科技有限公司 前端工程师\n\n教育经历\n2015-2019 浙江大学 计算机科学 本科\n".encode()
    sections = call(company, "/comresume/analyze", files={"file": (f"{name}简历.txt", text, "text/plain")})["sections"]
    talent = call(company, "/comtalent/save", {"sections": json.dumps(sections, ensure_ascii=False)}, files={"file": (f"{name}简历.txt", text, "text/plain")})
    print(f"seed: talent {json.dumps(talent)[:80]}")

# Orders: five paid (through the dev payment page, as a user would), which an admin may refund (a
# refund uses one up), and one left unpaid.
for _ in range(5):
    paid = call(candidate, "/order/create", {"serviceCode": "resume_refresh_30d"})
    res = candidate.post(f"{base}/dev/pay/{paid['orderNo']}", allow_redirects=False, timeout=60)
    if res.status_code != 303:
        sys.exit(f"seed: paying {paid['orderNo']} answered {res.status_code}: {res.text[:200]}")
call(candidate, "/order/create", {"serviceCode": "resume_refresh_30d"})
# A file on the candidate's resume, which the company reads through the application and the interview.
call(candidate, "/resume/upload", {"resumeId": resume, "kind": "attachment", "name": "作品集"}, files={"file": ("作品集.png", png(), "image/png")})
# A conversation with the job's recruiter, which chat's calls read and write.
call(candidate, "/chat/start", {"jobid": job})
call(candidate, "/pcjob/report", {"jobid": job, "reason": "fraud", "detail": "要求先交培训费"})
print("seed: a candidate order, a job report")
