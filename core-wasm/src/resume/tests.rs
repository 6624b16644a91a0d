use super::*;
use serde_json::json;

/// A valid example of every section, as the editor would send it.
pub fn example(section: &str) -> Value {
    match section {
        "basic" => json!({
            "title": "张伟的简历", "name": "张伟", "gender": "1", "birthday": "1990-05-12", "city": "beijing",
            "workSince": "5to10", "education": "bachelor", "mobile": "13800000000", "email": "zhang@example.cn",
            "careerStatus": "open", "homePage": "https://zhangwei.example.cn", "qq": "123456", "postalCode": "100000",
        }),
        "assessment" => json!({ "selfAssessment": "踏实肯干", "careerObjective": "成为架构师" }),
        "intention" => json!({
            "jobType": "fulltime", "targetCity": "shanghai", "targetIndustry": "internet", "targetCategory": "Java开发",
            "targetSalary": "25000", "onBoard": "month", "keywords": ["Java", "微服务"],
        }),
        "work" => json!({
            "company": "星河科技", "industry": "internet", "jobTitle": "后端工程师", "start": "2018-07", "end": "now",
            "duties": "负责订单系统", "salary": "20000", "subordinates": "5",
        }),
        "education" => json!({
            "school": "北京大学", "level": "bachelor", "major": "计算机科学", "start": "2010-09", "end": "2014-06", "classSize": "40",
        }),
        "language" => json!({ "language": "english", "listenSpeak": "good", "readWrite": "fluent", "test": "CET-6", "score": "560" }),
        "skillsText" => json!({ "text": "Java、Go、PostgreSQL" }),
        "training" => json!({ "start": "2019-03", "programme": "云原生", "institution": "某培训中心" }),
        "project" => json!({ "name": "订单中心", "start": "2019-01", "end": "2020-12", "summary": "重构订单系统" }),
        "skill" => json!({ "name": "Java", "level": "expert", "months": "72" }),
        "certificate" => json!({ "name": "PMP", "date": "2020-08" }),
        "reference" => json!({ "name": "李娜", "relationship": "前同事", "contact": "13900000001" }),
        "additional" => json!({ "title": "爱好", "description": "跑步" }),
        "pasted" => json!({ "text": "张伟 Java 工程师" }),
        "resumeFile" | "attachment" => json!({ "name": "作品集" }),
        _ => Value::Null,
    }
}

fn with(section: &str, field: &str, value: Value) -> Value {
    let mut v = example(section);
    v[field] = value;
    v
}

fn verdict(section: &str, data: &Value) -> Verdict {
    validate(section, data).unwrap_or_else(|e| panic!("{section}: {e}"))
}

/// The problem key for `field` when it holds `value` (None when valid).
fn key_of(section: &str, field: &str, value: Value) -> Option<&'static str> {
    verdict(section, &with(section, field, value)).get(field).map(|p| p.key)
}

fn zh(n: usize) -> String {
    "字".repeat(n)
}

#[test]
fn sixteen_sections_in_spec_order() {
    let names: Vec<&str> = SECTIONS.iter().map(|s| s.name).collect();
    assert_eq!(
        names,
        [
            "basic", "assessment", "intention", "work", "education", "language", "skillsText", "training", "project",
            "skill", "certificate", "reference", "additional", "pasted", "resumeFile", "attachment"
        ]
    );
}

#[test]
fn every_example_is_valid() {
    for s in SECTIONS {
        assert_eq!(verdict(s.name, &example(s.name)), Verdict::new(), "{}", s.name);
    }
}

#[test]
fn every_select_names_a_known_option_list() {
    for s in SECTIONS {
        for f in s.fields {
            if let Widget::Select(list) = f.widget {
                assert!(!options(list).is_empty(), "{}.{} -> {list}", s.name, f.name);
            }
        }
    }
}

#[test]
fn required_fields_say_please_select_or_please_input() {
    for (section, field, key) in [
        ("basic", "title", "resume.v.input"),
        ("basic", "name", "resume.v.input"),
        ("basic", "gender", "resume.v.select"),
        ("basic", "birthday", "resume.v.select"),
        ("basic", "city", "resume.v.select"),
        ("basic", "workSince", "resume.v.select"),
        ("basic", "education", "resume.v.select"),
        ("basic", "careerStatus", "resume.v.select"),
        ("assessment", "selfAssessment", "resume.v.input"),
        ("intention", "jobType", "resume.v.select"),
        ("intention", "targetCity", "resume.v.select"),
        ("intention", "targetCategory", "resume.v.input"),
        ("work", "company", "resume.v.input"),
        ("work", "start", "resume.v.select"),
        ("work", "end", "resume.v.select"),
        ("work", "duties", "resume.v.input"),
        ("education", "school", "resume.v.input"),
        ("education", "level", "resume.v.select"),
        ("language", "listenSpeak", "resume.v.select"),
        ("skillsText", "text", "resume.v.input"),
        ("training", "programme", "resume.v.input"),
        ("project", "summary", "resume.v.input"),
        ("certificate", "name", "resume.v.input"),
        ("reference", "contact", "resume.v.input"),
        ("additional", "description", "resume.v.input"),
        ("pasted", "text", "resume.v.input"),
        ("attachment", "name", "resume.v.input"),
        ("resumeFile", "name", "resume.v.input"),
    ] {
        assert_eq!(key_of(section, field, json!("")), Some(key), "{section}.{field}");
        assert_eq!(key_of(section, field, json!("   ")), Some(key), "{section}.{field} blank");
        assert_eq!(key_of(section, field, Value::Null), Some(key), "{section}.{field} missing");
    }
}

#[test]
fn mobile_or_telephone_is_required() {
    let mut v = example("basic");
    v["mobile"] = json!("");
    assert_eq!(verdict("basic", &v).get("mobile").map(|p| p.key), Some("resume.v.mobileOrPhone"));
    v["telephone"] = json!("010-12345678");
    assert_eq!(verdict("basic", &v), Verdict::new());
    v["mobile"] = json!("13800000000");
    v["telephone"] = json!("");
    assert_eq!(verdict("basic", &v), Verdict::new());
    assert_eq!(key_of("basic", "mobile", json!("1380000000")), Some("resume.v.mobile"));
    assert_eq!(key_of("basic", "telephone", json!("12ab5678")), Some("resume.v.phone"));
    assert_eq!(key_of("basic", "telephone", json!("123456")), Some("resume.v.phone"));
    assert_eq!(key_of("basic", "telephone", json!("1234567")), None);
}

#[test]
fn emails_are_checked_and_at_most_three() {
    assert_eq!(key_of("basic", "email", json!("not-an-email")), Some("resume.v.email"));
    assert_eq!(key_of("basic", "email", json!("a@b.cn;bad")), Some("resume.v.email"));
    assert_eq!(key_of("basic", "email", json!("a@b.cn; c@d.cn，e@f.cn")), None);
    let four = verdict("basic", &with("basic", "email", json!("a@b.cn;c@d.cn;e@f.cn;g@h.cn")));
    assert_eq!(four.get("email"), Some(&Problem { key: "resume.v.emailCount", limit: Some(3) }));
    assert_eq!(split_emails("a@b.cn, c@d.cn；e@f.cn  g@h.cn"), ["a@b.cn", "c@d.cn", "e@f.cn", "g@h.cn"]);
}

#[test]
fn home_page_is_a_url_and_qq_is_numeric() {
    assert_eq!(key_of("basic", "homePage", json!("http://a.cn/x?y=1")), None);
    for bad in ["zhangwei.cn", "ftp://a.cn", "https://", "https://a b.cn", "javascript:alert(1)", "https://nodot"] {
        assert_eq!(key_of("basic", "homePage", json!(bad)), Some("resume.v.url"), "{bad}");
    }
    assert_eq!(key_of("basic", "qq", json!("12345")), None);
    assert_eq!(key_of("basic", "qq", json!("123456789012")), None);
    for bad in ["1234", "1234567890123", "12345a", "１２３４５"] {
        assert_eq!(key_of("basic", "qq", json!(bad)), Some("resume.v.qq"), "{bad}");
    }
    assert_eq!(key_of("basic", "postalCode", json!("10000")), Some("resume.v.postalCode"));
}

#[test]
fn numbers_are_digits_only() {
    for (section, field) in [
        ("intention", "currentSalary"),
        ("intention", "targetSalary"),
        ("work", "salary"),
        ("work", "subordinates"),
        ("education", "classSize"),
        ("skill", "months"),
    ] {
        assert_eq!(key_of(section, field, json!("12")), None, "{section}.{field}");
        assert_eq!(key_of(section, field, json!(12)), None, "{section}.{field} as a JSON number");
        for bad in ["1.5", "-3", "十二", "1 2", "12k"] {
            assert_eq!(key_of(section, field, json!(bad)), Some("resume.v.number"), "{section}.{field} {bad}");
        }
        assert_eq!(key_of(section, field, json!("999999999")), None);
        assert_eq!(key_of(section, field, json!("1000000000")), Some("resume.v.numberTooLong"));
    }
}

#[test]
fn skill_rows_need_all_three_boxes() {
    for field in ["name", "level", "months"] {
        assert_eq!(key_of("skill", field, json!("")), Some("resume.v.skillRow"), "{field}");
    }
    let v = verdict("skill", &json!({ "name": "Go" }));
    assert_eq!(v.keys().collect::<Vec<_>>(), ["level", "months"]);
}

/// Each SPEC limit: fine at the limit, refused one past it, counting a Chinese character as one.
#[test]
fn spec_maximum_lengths_on_the_boundary() {
    for (section, field, limit) in [
        ("assessment", "selfAssessment", 500),
        ("assessment", "careerObjective", 500),
        ("work", "duties", 4000),
        ("work", "companyProfile", 500),
        ("education", "description", 800),
        ("education", "positions", 800),
        ("education", "scholarships", 800),
        ("education", "socialPractice", 800),
        ("training", "description", 800),
        ("skillsText", "text", 1000),
        ("project", "summary", 2000),
        ("additional", "description", 1500),
        ("pasted", "text", 20000),
    ] {
        assert_eq!(key_of(section, field, json!(zh(limit))), None, "{section}.{field} at {limit}");
        let past = verdict(section, &with(section, field, json!(zh(limit + 1))));
        assert_eq!(past.get(field), Some(&Problem { key: "resume.v.maxChars", limit: Some(limit) }), "{section}.{field}");
        assert_eq!(key_of(section, field, json!("a".repeat(limit + 1))), Some("resume.v.maxChars"));
    }
}

#[test]
fn keywords_30_each_and_200_together() {
    assert_eq!(key_of("intention", "keywords", json!([zh(30)])), None);
    assert_eq!(key_of("intention", "keywords", json!([zh(31)])), Some("resume.v.keywordTooLong"));
    let twenty: Vec<String> = (0..20).map(|i| format!("关键词{i:02}abcde")).collect(); // 10 characters each
    assert_eq!(key_of("intention", "keywords", json!(twenty)), None);
    let mut more = twenty.clone();
    more.push("x".into());
    let v = verdict("intention", &with("intention", "keywords", json!(more)));
    assert_eq!(v.get("keywords"), Some(&Problem { key: "resume.v.keywordsTooLong", limit: Some(200) }));
    // Blanks do not count; a keyword is trimmed.
    assert_eq!(normalize("intention", &with("intention", "keywords", json!([" Go ", "", "  "]))).unwrap()["keywords"], json!(["Go"]));
}

/// The generic rule for short fields: a Chinese character counts 2.
#[test]
fn generic_widths_count_chinese_as_two() {
    assert_eq!(width("张伟ab"), 6);
    assert_eq!(key_of("basic", "name", json!(zh(20))), None);
    assert_eq!(key_of("basic", "name", json!(format!("{}a", zh(20)))), Some("resume.v.maxWidth"));
    assert_eq!(key_of("basic", "name", json!("a".repeat(40))), None);
    assert_eq!(key_of("basic", "name", json!("a".repeat(41))), Some("resume.v.maxWidth"));
    assert_eq!(key_of("basic", "title", json!(zh(30))), None);
    assert_eq!(key_of("basic", "title", json!(zh(31))), Some("resume.v.maxWidth"));
    assert_eq!(key_of("work", "company", json!(zh(30))), None);
    assert_eq!(key_of("work", "company", json!(zh(31))), Some("resume.v.maxWidth"));
    assert_eq!(key_of("attachment", "name", json!(zh(31))), Some("resume.v.maxWidth"));
}

#[test]
fn options_dates_and_periods() {
    assert_eq!(key_of("basic", "gender", json!("3")), Some("resume.v.option"));
    assert_eq!(key_of("basic", "city", json!("atlantis")), Some("resume.v.option"));
    assert_eq!(key_of("basic", "birthday", json!("1990-02-29")), Some("resume.v.date"));
    assert_eq!(key_of("basic", "birthday", json!("1992-02-29")), None);
    assert_eq!(key_of("basic", "birthday", json!("1990-13-01")), Some("resume.v.date"));
    assert_eq!(key_of("work", "start", json!("2018-7")), Some("resume.v.date"));
    assert_eq!(key_of("work", "start", json!("now")), Some("resume.v.date"));
    assert_eq!(key_of("work", "end", json!("2018-07")), None, "ends the month it starts");
    assert_eq!(key_of("work", "end", json!("2018-06")), Some("resume.v.period"));
    assert_eq!(key_of("education", "end", json!("2009-12")), Some("resume.v.period"));
    assert_eq!(key_of("project", "end", json!("now")), None);
}

#[test]
fn reference_contact_is_a_mobile_or_an_email() {
    assert_eq!(key_of("reference", "contact", json!("li@example.cn")), None);
    assert_eq!(key_of("reference", "contact", json!("13900000001")), None);
    assert_eq!(key_of("reference", "contact", json!("li at example")), Some("resume.v.contact"));
}

#[test]
fn shapes_that_are_not_a_section_are_refused() {
    assert_eq!(validate("nope", &json!({})), Err(ShapeError::UnknownSection("nope".into())));
    assert_eq!(validate("basic", &json!([])), Err(ShapeError::NotAnObject));
    assert_eq!(validate("basic", &json!({ "salary": "1" })), Err(ShapeError::UnknownField("salary".into())));
    assert_eq!(validate("basic", &json!({ "name": ["x"] })), Err(ShapeError::WrongType("name".into())));
    assert_eq!(validate("intention", &json!({ "keywords": "Java" })), Err(ShapeError::WrongType("keywords".into())));
}

#[test]
fn normalize_trims_and_fills_every_field() {
    let n = normalize("skill", &json!({ "name": "  Go ", "months": 12 })).unwrap();
    assert_eq!(n, json!({ "name": "Go", "level": "", "months": "12" }).as_object().unwrap().clone());
}

#[test]
fn completeness() {
    assert!(is_complete("basic", Some(&example("basic")), 0));
    assert!(!is_complete("basic", Some(&with("basic", "name", json!(""))), 0));
    assert!(!is_complete("basic", None, 0));
    assert!(!is_complete("work", None, 0));
    assert!(is_complete("work", None, 1));
    assert!(is_complete("attachment", None, 2));
    assert!(!is_complete("nope", None, 3));
}

#[test]
fn verdicts_serialise_as_the_ui_reads_them() {
    let v = verdict("assessment", &json!({ "selfAssessment": "", "careerObjective": zh(501) }));
    assert_eq!(
        serde_json::to_value(&v).unwrap(),
        json!({ "selfAssessment": { "key": "resume.v.input" }, "careerObjective": { "key": "resume.v.maxChars", "limit": 500 } })
    );
}

#[test]
fn upload_formats_by_kind() {
    for (kind, ok, bad) in [
        (UploadKind::Photo, &["a.jpg", "a.JPEG", "a.gif", "a.png"][..], &["a.bmp", "a.pdf", "png", ".png", "a.png.exe"][..]),
        (UploadKind::ResumeFile, &["cv.txt", "cv.doc", "cv.DOCX", "cv.pdf"][..], &["cv.ppt", "cv.png", "cv"][..]),
        (
            UploadKind::Attachment,
            &["a.doc", "a.docx", "a.ppt", "a.txt", "a.pdf", "a.gif", "a.jpg", "a.jpeg", "a.png"][..],
            &["a.pptx", "a.exe", "a.zip"][..],
        ),
    ] {
        for name in ok {
            assert_eq!(upload_problem(kind, name, 10, 0), None, "{name}");
        }
        for name in bad {
            assert_eq!(upload_problem(kind, name, 10, 0), Some("resume.upload.format"), "{name}");
        }
    }
}

#[test]
fn uploads_at_most_2_mib() {
    assert_eq!(upload_problem(UploadKind::Photo, "a.png", UPLOAD_MAX_BYTES, 0), None);
    assert_eq!(upload_problem(UploadKind::Photo, "a.png", UPLOAD_MAX_BYTES + 1, 0), Some("resume.upload.size"));
    assert_eq!(upload_problem(UploadKind::ResumeFile, "a.pdf", 0, 0), Some("resume.upload.size"));
}

#[test]
fn upload_counts_3_and_5() {
    assert_eq!(upload_problem(UploadKind::ResumeFile, "a.pdf", 10, 2), None);
    assert_eq!(upload_problem(UploadKind::ResumeFile, "a.pdf", 10, 3), Some("resume.upload.count"));
    assert_eq!(upload_problem(UploadKind::Attachment, "a.pdf", 10, 4), None);
    assert_eq!(upload_problem(UploadKind::Attachment, "a.pdf", 10, 5), Some("resume.upload.count"));
    assert_eq!(upload_problem(UploadKind::Photo, "a.png", 10, 1), None, "a new photo replaces the old");
}
