#!/usr/bin/env python3
"""Makes the labelled resume set: fake people written in six layouts that follow common Chinese
resume templates, rendered by LibreOffice (soffice --headless) to PDF, DOCX and DOC, plus plain
text in UTF-8 and GBK. Each file gets <name>.expected.json with what a reader should find.

Run from anywhere: python3 server/tests/data/resumes/make.py  (needs libreoffice-writer-nogui and
fonts-noto-cjk from Debian; scripts/make-resume-set installs them). The files are committed, so
tests and CI never need LibreOffice. Deterministic for a given SEED. With --expected-only it
rewrites the .expected.json files alone (no LibreOffice), for a change to what is labelled.
"""
import html
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile

SEED = 17
COUNT = 120
HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "set")

SURNAMES = "王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘蒋蔡余杜叶程苏魏吕丁任沈姚卢姜崔钟谭陆汪范金石廖贾夏韦方白邹孟熊秦邱江尹薛段雷侯龙史陶黎贺顾毛郝龚邵万钱严武戴孔汤常温康施文樊葛邢安齐易乔伍庞颜倪"
COMPOUND = ["欧阳", "司马", "上官", "诸葛"]
GIVEN = "伟芳娜秀英敏静丽强磊军洋勇艳杰娟涛明超秀兰霞平刚桂英华建国志强晓东海燕鹏飞思远子涵雨欣浩然梓萱一鸣文博嘉怡俊杰婷婷宇航晨曦佳琪欣怡若溪天佑语桐明哲"
PINYIN = {"王": "Wang", "李": "Li", "张": "Zhang", "刘": "Liu", "陈": "Chen", "杨": "Yang", "黄": "Huang", "赵": "Zhao", "吴": "Wu", "周": "Zhou"}
SCHOOLS = [
    ("北京大学", "Peking University", "北京"), ("清华大学", "Tsinghua University", "北京"), ("复旦大学", "Fudan University", "上海"),
    ("上海交通大学", "Shanghai Jiao Tong University", "上海"), ("浙江大学", "Zhejiang University", "杭州"), ("南京大学", "Nanjing University", "南京"),
    ("武汉大学", "Wuhan University", "武汉"), ("华中科技大学", "Huazhong University of Science and Technology", "武汉"),
    ("中山大学", "Sun Yat-sen University", "广州"), ("四川大学", "Sichuan University", "成都"), ("西安交通大学", "Xi'an Jiaotong University", "西安"),
    ("哈尔滨工业大学", "Harbin Institute of Technology", "哈尔滨"), ("同济大学", "Tongji University", "上海"), ("厦门大学", "Xiamen University", "厦门"),
    ("山东大学", "Shandong University", "济南"), ("东南大学", "Southeast University", "南京"), ("北京邮电大学", "Beijing University of Posts and Telecommunications", "北京"),
    ("电子科技大学", "University of Electronic Science and Technology of China", "成都"), ("湖南大学", "Hunan University", "长沙"),
    ("郑州大学", "Zhengzhou University", "郑州"), ("深圳职业技术学院", "Shenzhen Polytechnic", "深圳"), ("杭州电子科技大学", "Hangzhou Dianzi University", "杭州"),
    ("南京信息工程大学", "Nanjing University of Information Science and Technology", "南京"), ("广东工业大学", "Guangdong University of Technology", "广州"),
    ("重庆邮电大学", "Chongqing University of Posts and Telecommunications", "重庆"), ("天津职业技术师范大学", "Tianjin University of Technology and Education", "天津"),
    ("苏州科技大学", "Suzhou University of Science and Technology", "苏州"), ("长沙民政职业技术学院", "Changsha Social Work College", "长沙"),
]
MAJORS = [("计算机科学与技术", "Computer Science"), ("软件工程", "Software Engineering"), ("电子信息工程", "Electronic Information Engineering"),
          ("市场营销", "Marketing"), ("会计学", "Accounting"), ("金融学", "Finance"), ("人力资源管理", "Human Resource Management"),
          ("工商管理", "Business Administration"), ("机械设计制造及其自动化", "Mechanical Engineering"), ("英语", "English"),
          ("新闻学", "Journalism"), ("统计学", "Statistics"), ("数据科学与大数据技术", "Data Science"), ("视觉传达设计", "Visual Communication Design")]
LEVELS = {"college": ("大专", "Associate Degree"), "bachelor": ("本科", "Bachelor"), "master": ("硕士", "Master"), "doctor": ("博士", "Ph.D.")}
CITIES = [("北京", "beijing", "Beijing"), ("上海", "shanghai", "Shanghai"), ("广州", "guangzhou", "Guangzhou"), ("深圳", "shenzhen", "Shenzhen"),
          ("杭州", "hangzhou", "Hangzhou"), ("成都", "chengdu", "Chengdu"), ("武汉", "wuhan", "Wuhan"), ("南京", "nanjing", "Nanjing"),
          ("西安", "xian", "Xi'an"), ("苏州", "suzhou", "Suzhou")]
BRANDS = ["云帆", "星河", "启明", "远景", "博雅", "汇通", "鼎盛", "微澜", "青禾", "聚力", "锐思", "恒信", "领航", "数智", "优品", "蓝海", "华创", "优途", "易达", "中科"]
BRANDS_EN = ["Cloudsail", "Galaxy", "Qiming", "Vista", "Boya", "Huitong", "Dingsheng", "Ripple", "Greenfield", "Synergy", "Ruisi", "Hengxin", "Pilot", "Datawise", "Youpin", "Bluesea", "Huachuang", "Yotu", "Yida", "Zhongke"]
INDUSTRY = [("网络科技有限公司", "Network Technology Co., Ltd."), ("信息技术有限公司", "Information Technology Co., Ltd."), ("电子商务有限公司", "E-commerce Co., Ltd."),
            ("金融服务有限公司", "Financial Services Co., Ltd."), ("教育科技有限公司", "Education Technology Co., Ltd."), ("医疗器械有限公司", "Medical Devices Co., Ltd."),
            ("智能制造股份有限公司", "Intelligent Manufacturing Co., Ltd."), ("文化传媒有限公司", "Culture Media Co., Ltd."), ("物流集团有限公司", "Logistics Group Co., Ltd."),
            ("软件股份有限公司", "Software Co., Ltd.")]
BIG = [("腾讯科技（深圳）有限公司", "Tencent"), ("阿里巴巴（中国）有限公司", "Alibaba Group"), ("北京字节跳动科技有限公司", "ByteDance"),
       ("华为技术有限公司", "Huawei Technologies Co., Ltd."), ("网易（杭州）网络有限公司", "NetEase"), ("中国建设银行股份有限公司", "China Construction Bank")]
TITLES = [("Java开发工程师", "Java Developer"), ("前端开发工程师", "Front-end Engineer"), ("高级后端工程师", "Senior Backend Engineer"), ("产品经理", "Product Manager"),
          ("数据分析师", "Data Analyst"), ("测试工程师", "QA Engineer"), ("UI设计师", "UI Designer"), ("市场专员", "Marketing Specialist"),
          ("销售经理", "Sales Manager"), ("人力资源专员", "HR Specialist"), ("财务会计", "Accountant"), ("运营主管", "Operations Supervisor"),
          ("技术总监", "Technical Director"), ("算法工程师", "Algorithm Engineer"), ("行政助理", "Administrative Assistant"), ("项目经理", "Project Manager")]
DUTIES = ["负责核心业务系统的需求分析、方案设计与开发，保证系统稳定运行", "主导团队代码评审，制定开发规范，提升交付质量", "与产品、测试紧密协作，按期完成版本迭代",
          "优化数据库查询与缓存策略，接口平均响应时间降低40%", "搭建数据看板，支持业务决策，月活提升15%", "负责新员工培训与团队日常管理",
          "策划并执行线上推广活动，获客成本下降20%", "维护重点客户关系，年度销售额完成率120%", "编写测试用例并推动自动化测试覆盖率达到80%",
          "参与公司年度预算编制与成本核算", "负责招聘全流程，半年内完成30个岗位的招聘", "设计移动端界面与交互规范，输出高保真原型"]
DUTIES_EN = ["Designed and built core services handling 10k requests per second", "Led code reviews and set coding standards for a team of 8",
             "Worked with product and QA to ship releases every two weeks", "Cut average API latency by 40% through caching and query tuning"]
PROJECTS = ["电商订单中心重构", "智能客服机器人", "供应链管理系统", "移动端会员小程序", "数据中台建设", "在线教育直播平台", "风控规则引擎", "企业OA系统升级"]
SKILLS = ["Java", "Python", "Go", "MySQL", "Redis", "Kafka", "Spring Boot", "Vue", "React", "Docker", "Kubernetes", "Excel", "SQL", "Photoshop", "Figma", "Axure", "Tableau"]
CERTS = ["CET-6", "计算机二级", "PMP项目管理专业人士资格认证", "初级会计职称", "人力资源管理师三级", "软件设计师（中级）", "普通话二级甲等"]
ASSESS = ["性格开朗，责任心强，善于沟通与团队协作，具备较强的学习能力和抗压能力。", "五年互联网行业经验，熟悉从需求到上线的完整流程，注重结果与效率。",
          "对数据敏感，逻辑清晰，能独立分析问题并推动解决。"]


def person(rng, i):
    if rng.random() < 0.06:
        surname = rng.choice(COMPOUND)
    else:
        surname = rng.choice(SURNAMES)
    given = "".join(rng.choice(GIVEN) for _ in range(rng.choice([1, 2, 2])))
    name = surname + given
    gender = rng.choice(["1", "2"])
    year = rng.randint(1978, 2001)
    birthday = f"{year}-{rng.randint(1, 12):02d}-{rng.randint(1, 28):02d}"
    prefix = rng.choice(["138", "139", "135", "186", "188", "150", "177", "199", "131", "158"])
    mobile = prefix + "".join(str(rng.randint(0, 9)) for _ in range(8))
    user = rng.choice(["zhang", "li", "wang", "chen", "liu", "yang", "sun", "lee", "hr", "job"]) + str(rng.randint(10, 9999))
    email = f"{user}@{rng.choice(['163.com', 'qq.com', 'gmail.com', 'outlook.com', '126.com', 'foxmail.com', 'example.cn'])}"
    city = rng.choice(CITIES)
    # Education: the last degree ends the year before the first job starts.
    grad_year = min(year + 22 + rng.randint(0, 1), 2024)
    levels = ["bachelor"]
    r = rng.random()
    if r < 0.15:
        levels = ["college"]
    elif r < 0.45:
        levels = ["bachelor", "master"]
    elif r < 0.5:
        levels = ["bachelor", "master", "doctor"]
    edu = []
    start = grad_year - 4 if levels[0] != "college" else grad_year - 3
    for lv in levels:
        length = {"college": 3, "bachelor": 4, "master": 3, "doctor": 4}[lv]
        if lv == "master":
            length = rng.choice([2, 3])
        end = start + length
        school = rng.choice(SCHOOLS)
        major = rng.choice(MAJORS)
        edu.append({"school": school, "level": lv, "major": major, "start": f"{start}-09", "end": f"{end}-{rng.choice(['06', '07'])}"})
        start = end
    jobs_start = start
    n_jobs = rng.choice([1, 2, 2, 3, 3, 4, 5])
    work = []
    y, m = jobs_start, rng.choice([7, 8])
    for j in range(n_jobs):
        span = rng.randint(8, 40)
        ey, em = y + (m + span - 1) // 12, (m + span - 1) % 12 + 1
        last = j == n_jobs - 1
        if (ey, em) > (2026, 6):
            last = True
        end = "now" if last and rng.random() < 0.7 else f"{min(ey, 2026):04d}-{em:02d}"
        if rng.random() < 0.2:
            comp = rng.choice(BIG)
        else:
            b = rng.randrange(len(BRANDS))
            ind = rng.choice(INDUSTRY)
            c = rng.choice(CITIES)
            comp = (f"{c[0]}{BRANDS[b]}{ind[0]}", f"{c[2]} {BRANDS_EN[b]} {ind[1]}")
        title = rng.choice(TITLES)
        duties = rng.sample(DUTIES, rng.randint(2, 4))
        work.append({"company": comp, "title": title, "start": f"{y:04d}-{m:02d}", "end": end, "duties": duties})
        if end == "now" or last:
            break
        y, m = ey, em + 1
        if m > 12:
            y, m = y + 1, 1
    work.reverse()  # newest first, as resumes list them
    edu.reverse()
    target = rng.choice(TITLES)
    return {
        "name": name, "name_en": PINYIN.get(surname, "Zhang") + " " + rng.choice(["Wei", "Min", "Lei", "Jing", "Hao", "Yu"]),
        "gender": gender, "birthday": birthday, "mobile": mobile, "email": email, "city": city,
        "edu": edu, "work": work, "target": target, "salary": rng.choice([8, 10, 12, 15, 20, 25, 30, 35]),
        "skills": rng.sample(SKILLS, 5), "certs": rng.sample(CERTS, 2), "assess": rng.choice(ASSESS),
        "projects": [{"name": p, "start": work[-1]["start"], "end": work[0]["end"], "role": rng.choice(["项目负责人", "核心开发", "后端开发"]) } for p in rng.sample(PROJECTS, rng.randint(1, 3))],
        "years": max(0, 2026 - jobs_start),
    }


def dot(ym, style):
    """A YYYY-MM (or now) written in one of the common forms."""
    if ym == "now":
        return {"dot": "至今", "slash": "至今", "zh": "至今", "en": "Present", "dash": "至今"}[style]
    y, m = ym.split("-")
    mi = int(m)
    if style == "dot":
        return f"{y}.{m}"
    if style == "slash":
        return f"{y}/{m}"
    if style == "zh":
        return f"{y}年{mi}月"
    if style == "en":
        return ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"][mi - 1] + f" {y}"
    return f"{y}-{m}"


def rng_of(style):
    return {"dot": " - ", "slash": " ~ ", "zh": " – ", "en": " – ", "dash": " 至 "}[style]


def period(e, style):
    return dot(e["start"], style) + rng_of(style) + dot(e["end"], style)


def esc(s):
    return html.escape(s)


CSS = """<style>body{font-family:'Noto Sans CJK SC',sans-serif;font-size:10.5pt} h1{font-size:20pt;margin:0} h2{font-size:13pt;border-bottom:1px solid #333;margin:10pt 0 4pt 0}
 td{vertical-align:top;padding:2pt 6pt} p{margin:2pt 0} .r{text-align:right}</style>"""


def layout_table(p, style, long):
    """Template A (智联/51job style): a title, a label/value table of basics, headed parts, one line per entry head."""
    g = "男" if p["gender"] == "1" else "女"
    lv = LEVELS[p["edu"][0]["level"]][0]
    rows = [("姓名", p["name"], "性别", g), ("出生年月", p["birthday"][:7].replace("-", "."), "现居住地", p["city"][0]),
            ("手机", p["mobile"], "邮箱", p["email"]), ("最高学历", lv, "工作年限", f"{p['years']}年")]
    h = [f"<html><head><meta charset='utf-8'>{CSS}</head><body><h1 style='text-align:center'>个人简历</h1><table border='1' cellspacing='0' width='100%'>"]
    for r in rows:
        h.append("<tr>" + "".join(f"<td>{esc(c)}</td>" for c in r) + "</tr>")
    h.append("</table><h2>求职意向</h2>")
    h.append(f"<p>期望职位：{esc(p['target'][0])}　　期望城市：{p['city'][0]}　　期望薪资：{p['salary']}K-{p['salary'] + 5}K/月</p>")
    h.append("<h2>工作经历</h2>")
    for w in p["work"]:
        h.append(f"<p><b>{period(w, style)}　　{esc(w['company'][0])}　　{esc(w['title'][0])}</b></p>")
        for d in w["duties"] * (4 if long else 1):
            h.append(f"<p>• {esc(d)}。</p>" if not d.endswith("。") else f"<p>• {esc(d)}</p>")
    h.append("<h2>教育背景</h2>")
    for e in p["edu"]:
        h.append(f"<p>{period(e, style)}　　{esc(e['school'][0])}　　{esc(e['major'][0])}　　{LEVELS[e['level']][0]}</p>")
    if long:
        h.append("<h2>项目经验</h2>")
        for pr in p["projects"]:
            h.append(f"<p><b>{period(pr, style)}　{esc(pr['name'])}　{esc(pr['role'])}</b></p><p>项目描述：为业务部门搭建{esc(pr['name'])}，覆盖用户超过百万。</p>")
    h.append(f"<h2>专业技能</h2><p>熟练掌握 {'、'.join(p['skills'][:3])}；熟悉 {'、'.join(p['skills'][3:])}。</p>")
    h.append(f"<h2>证书</h2><p>{'、'.join(p['certs'])}</p><h2>自我评价</h2><p>{esc(p['assess'])}</p></body></html>")
    return "".join(h)


def layout_modern(p, style, long):
    """Template B (modern one column): the name large, a line of facts, contacts, 【】 headings,
    company and dates on one row (a two-cell table), the title on the next line."""
    g = "男" if p["gender"] == "1" else "女"
    age = 2026 - int(p["birthday"][:4])
    lv = LEVELS[p["edu"][0]["level"]][0]
    h = [f"<html><head><meta charset='utf-8'>{CSS}</head><body><h1>{esc(p['name'])}</h1>",
         f"<p>{g} | {age}岁 | {lv} | {p['years']}年工作经验</p>",
         f"<p>电话：{p['mobile'][:3]}-{p['mobile'][3:7]}-{p['mobile'][7:]}　邮箱：{esc(p['email'])}　现居：{p['city'][0]}</p>",
         f"<h2>【求职意向】</h2><p>{esc(p['target'][0])} | {p['city'][0]} | {p['salary']}K-{p['salary'] + 5}K | 全职</p>",
         "<h2>【工作经验】</h2>"]
    for w in p["work"]:
        h.append(f"<table width='100%'><tr><td><b>{esc(w['company'][0])}</b></td><td class='r'>{period(w, style)}</td></tr></table>")
        h.append(f"<p>{esc(w['title'][0])}</p>")
        for d in w["duties"] * (4 if long else 1):
            h.append(f"<p>- {esc(d)}；</p>")
    h.append("<h2>【教育经历】</h2>")
    for e in p["edu"]:
        h.append(f"<table width='100%'><tr><td><b>{esc(e['school'][0])}</b>　{esc(e['major'][0])}　{LEVELS[e['level']][0]}</td><td class='r'>{period(e, style)}</td></tr></table>")
    if long:
        h.append("<h2>【项目经历】</h2>")
        for pr in p["projects"]:
            h.append(f"<table width='100%'><tr><td><b>{esc(pr['name'])}</b></td><td class='r'>{period(pr, style)}</td></tr></table><p>担任角色：{esc(pr['role'])}</p><p>负责系统架构设计与核心模块开发，上线后效率提升30%。</p>")
    h.append(f"<h2>【技能特长】</h2><p>精通 {p['skills'][0]}、{p['skills'][1]}</p><p>熟悉 {'、'.join(p['skills'][2:])}</p>")
    h.append(f"<h2>【自我评价】</h2><p>{esc(p['assess'])}</p></body></html>")
    return "".join(h)


def layout_sidebar(p, style, long):
    """Template C (two columns): a sidebar with contacts, skills and certificates beside the main column."""
    g = "男" if p["gender"] == "1" else "女"
    side = [f"<h1>{esc(p['name'])}</h1><p>求职意向：{esc(p['target'][0])}</p><h2>联系方式</h2>",
            f"<p>手机：{p['mobile']}</p><p>邮箱：{esc(p['email'])}</p><p>性别：{g}</p><p>出生日期：{p['birthday']}</p><p>所在城市：{p['city'][0]}</p>",
            "<h2>技能</h2>" + "".join(f"<p>{s}</p>" for s in p["skills"]),
            "<h2>证书</h2>" + "".join(f"<p>{esc(c)}</p>" for c in p["certs"])]
    main = ["<h2>工作经历</h2>"]
    for w in p["work"]:
        main.append(f"<p><b>{esc(w['company'][0])}</b></p><p>{esc(w['title'][0])}　{period(w, style)}</p>")
        for d in w["duties"] * (4 if long else 1):
            main.append(f"<p>· {esc(d)}。</p>")
    main.append("<h2>教育背景</h2>")
    for e in p["edu"]:
        main.append(f"<p><b>{esc(e['school'][0])}</b></p><p>{LEVELS[e['level']][0]} · {esc(e['major'][0])}　{period(e, style)}</p>")
    main.append(f"<h2>自我评价</h2><p>{esc(p['assess'])}</p>")
    return (f"<html><head><meta charset='utf-8'>{CSS}</head><body><table width='100%'><tr><td width='32%' style='background:#eef'>"
            + "".join(side) + "</td><td>" + "".join(main) + "</td></tr></table></body></html>")


def layout_bilingual(p, style, long):
    """Template D (bilingual, for foreign companies): both languages in headings, English entries."""
    g = "Male" if p["gender"] == "1" else "Female"
    h = [f"<html><head><meta charset='utf-8'>{CSS}</head><body><h1>{esc(p['name'])} {esc(p['name_en'])}</h1>",
         f"<p>Mobile: +86 {p['mobile']} | Email: {esc(p['email'])} | Location: {p['city'][2]} | Gender: {g}</p>",
         "<h2>工作经历 WORK EXPERIENCE</h2>"]
    for w in p["work"]:
        h.append(f"<p><b>{esc(w['title'][1])}, {esc(w['company'][1])}</b></p><p>{period(w, 'en')}</p>")
        for d in (DUTIES_EN[:2] if not long else DUTIES_EN * 3):
            h.append(f"<p>• {esc(d)}</p>")
    h.append("<h2>教育背景 EDUCATION</h2>")
    for e in p["edu"]:
        h.append(f"<p><b>{esc(e['school'][1])}</b></p><p>{LEVELS[e['level']][1]} in {esc(e['major'][1])}, {period(e, 'en')}</p>")
    h.append(f"<h2>技能 SKILLS</h2><p>Proficient in {', '.join(p['skills'][:3])}</p>")
    h.append(f"<h2>语言能力 LANGUAGES</h2><p>English: CET-6, fluent</p><p>Mandarin: native</p></body></html>")
    return "".join(h)


def layout_blocks(p, style, long):
    """Template E (entry blocks, dates first): dates, then the organisation, then a detail line."""
    g = "男" if p["gender"] == "1" else "女"
    h = [f"<html><head><meta charset='utf-8'>{CSS}</head><body><p><b>{esc(p['name'])}的简历</b></p>",
         f"<p>性别：{g}　　出生：{p['birthday'][:4]}年{int(p['birthday'][5:7])}月</p>",
         f"<p>联系电话：{p['mobile']}</p><p>电子邮箱：{esc(p['email'])}</p><p>户籍：{p['city'][0]}</p>",
         "<h2>一、教育经历</h2>"]
    for e in p["edu"]:
        h.append(f"<p>{period(e, style)}</p><p>{esc(e['school'][0])}</p><p>专业：{esc(e['major'][0])}　学历：{LEVELS[e['level']][0]}</p>")
    h.append("<h2>二、工作经历</h2>")
    for w in p["work"]:
        h.append(f"<p>{period(w, style)}</p><p>{esc(w['company'][0])}</p><p>职位：{esc(w['title'][0])}</p><p>工作内容：{esc('；'.join(w['duties'] * (4 if long else 1)))}。</p>")
    h.append(f"<h2>三、自我评价</h2><p>{esc(p['assess'])}</p></body></html>")
    return "".join(h)


def layout_text(p, style, long):
    """Template F (plain text as pasted into mail): ===== headings, label: value lines."""
    g = "男" if p["gender"] == "1" else "女"
    lines = [f"姓名：{p['name']}", f"性别：{g}", f"出生日期：{p['birthday'].replace('-', '/')}", f"手机：{p['mobile']}", f"E-mail：{p['email']}",
             f"现居城市：{p['city'][0]}", "", "==== 求职意向 ====", f"意向岗位：{p['target'][0]}", f"期望薪资：{p['salary']}K", "", "==== 工作经历 ===="]
    for w in p["work"]:
        lines.append(f"{period(w, style)}  {w['company'][0]}  {w['title'][0]}")
        for d in w["duties"] * (4 if long else 1):
            lines.append(f"  * {d}")
        lines.append("")
    lines.append("==== 教育背景 ====")
    for e in p["edu"]:
        lines.append(f"{period(e, style)}  {e['school'][0]}  {e['major'][0]}  {LEVELS[e['level']][0]}")
    lines += ["", "==== 自我评价 ====", p["assess"], ""]
    return "\n".join(lines)


LAYOUTS = [("table", layout_table), ("modern", layout_modern), ("sidebar", layout_sidebar), ("bilingual", layout_bilingual), ("blocks", layout_blocks), ("text", layout_text)]


def expected(p, layout):
    english = layout == "bilingual"
    city = p["city"][1]
    return {
        "name": p["name"],
        "gender": p["gender"],
        "mobile": p["mobile"],
        "email": p["email"],
        "city": city if layout != "blocks" else None,
        "education": max((e["level"] for e in p["edu"]), key=["college", "bachelor", "master", "doctor"].index),
        "educationEntries": [{"school": e["school"][1 if english else 0], "level": e["level"], "major": e["major"][1 if english else 0], "start": e["start"], "end": e["end"]} for e in p["edu"]],
        "workEntries": [{"company": w["company"][1 if english else 0], "title": w["title"][1 if english else 0], "start": w["start"], "end": w["end"]} for w in p["work"]],
        **printed_extras(p, layout),
    }


def work_since(years):
    """The workSince code of whole years of work, as the analysis maps them."""
    return "none" if years == 0 else "1to3" if years < 3 else "3to5" if years < 5 else "5to10" if years < 10 else "gt10"


def printed_extras(p, layout):
    """What else each layout prints: the birthday (to the month where only the month is printed,
    or the age alone in "modern", which the reader turns into a birth year), the years of work,
    the job wanted and the skills. A field a layout does not print is left out."""
    out = {}
    if layout in ("table", "blocks"):
        out["birthday"] = p["birthday"][:7] + "-01"
    elif layout in ("sidebar", "text"):
        out["birthday"] = p["birthday"]
    elif layout == "modern":
        out["age"] = 2026 - int(p["birthday"][:4])
    if layout in ("table", "modern"):
        out["workSince"] = work_since(p["years"])
        out["targetCity"] = p["city"][1]
    if layout in ("table", "modern", "sidebar", "text"):
        out["targetCategory"] = p["target"][0]
    if layout in ("table", "modern", "text"):
        out["targetSalary"] = str(p["salary"] * 1000)
    if layout in ("table", "modern", "sidebar"):
        out["skills"] = p["skills"]
    elif layout == "bilingual":
        out["skills"] = p["skills"][:3]
    return out


def main():
    if "--expected-only" in sys.argv:
        # The labels alone, for a change to expected() (the same people: the files stay as they are).
        rng = random.Random(SEED)
        for i in range(COUNT):
            p = person(rng, i)
            layout = LAYOUTS[i % len(LAYOUTS)][0]
            stem = f"{i:03d}-{layout}{'-long' if i % 5 == 0 else ''}"
            ext = "txt" if layout == "text" else ["pdf", "pdf", "docx", "doc", "pdf"][i % 5]
            if layout == "text":
                stem += "-gbk" if (i // 6) % 2 == 0 else "-utf-8"
            exp = expected(p, layout)
            exp["file"] = f"{stem}.{ext}"
            exp["layout"] = layout
            with open(os.path.join(OUT, stem + ".expected.json"), "w", encoding="utf-8") as f:
                json.dump(exp, f, ensure_ascii=False, indent=1)
        print(f"{COUNT} labels in {OUT}")
        return
    if not shutil.which("soffice"):
        sys.exit("soffice not found: apt-get install libreoffice-writer-nogui fonts-noto-cjk")
    rng = random.Random(SEED)
    if os.path.isdir(OUT):
        shutil.rmtree(OUT)
    os.makedirs(OUT)
    jobs = {"pdf": [], "docx": [], "doc": []}
    with tempfile.TemporaryDirectory() as tmp:
        for i in range(COUNT):
            p = person(rng, i)
            layout, make = LAYOUTS[i % len(LAYOUTS)]
            long = i % 5 == 0  # one in five runs to about three pages
            style = ["dot", "slash", "zh", "dash", "dot"][i % 5]
            stem = f"{i:03d}-{layout}{'-long' if long else ''}"
            if layout == "text":
                text = make(p, style, long)
                enc = "gbk" if (i // 6) % 2 == 0 else "utf-8"
                with open(os.path.join(OUT, stem + f"-{enc}.txt"), "wb") as f:
                    f.write(text.encode(enc))
                stem = stem + f"-{enc}"
                ext = "txt"
            else:
                fmt = ["pdf", "pdf", "docx", "doc", "pdf"][i % 5]
                ext = fmt
                with open(os.path.join(tmp, stem + ".html"), "w", encoding="utf-8") as f:
                    f.write(make(p, style, long))
                jobs[fmt].append(stem)
            exp = expected(p, layout)
            exp["file"] = f"{stem}.{ext}"
            exp["layout"] = layout
            with open(os.path.join(OUT, stem + ".expected.json"), "w", encoding="utf-8") as f:
                json.dump(exp, f, ensure_ascii=False, indent=1)
        for fmt, stems in jobs.items():
            if not stems:
                continue
            filt = {"pdf": "pdf:writer_pdf_Export", "docx": "docx:MS Word 2007 XML", "doc": "doc:MS Word 97"}[fmt]
            cmd = ["soffice", "--headless", "--infilter=HTML (StarWriter)", "--convert-to", filt, "--outdir", OUT] + [os.path.join(tmp, s + ".html") for s in stems]
            subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, env=dict(os.environ, HOME=tmp))
    make_scan()
    print(f"{COUNT} resumes in {OUT}")


def make_scan():
    """failures/scanned.pdf: the first page of a resume as a picture only, no text layer, as a
    scanner makes it (pdftoppm renders the page, LibreOffice wraps the picture in a PDF)."""
    fail_dir = os.path.join(HERE, "failures")
    os.makedirs(fail_dir, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        subprocess.run(["pdftoppm", "-png", "-r", "60", "-f", "1", "-l", "1", os.path.join(OUT, "001-modern.pdf"), os.path.join(tmp, "page")], check=True)
        png = [f for f in os.listdir(tmp) if f.endswith(".png")][0]
        with open(os.path.join(tmp, "scanned.html"), "w") as f:
            f.write(f"<html><body><img src='{png}' width='600'></body></html>")
        subprocess.run(["soffice", "--headless", "--infilter=HTML (StarWriter)", "--convert-to", "pdf:writer_pdf_Export", "--outdir", fail_dir,
                        os.path.join(tmp, "scanned.html")], check=True, stdout=subprocess.DEVNULL, env=dict(os.environ, HOME=tmp))


if __name__ == "__main__":
    main()
