//! `/resume/exportJson`: the resume in the JSON Resume format (jsonresume.org schema 1.0.0), so a
//! candidate can take it elsewhere. Option codes become their names in the resume's language
//! (a Chinese resume in Chinese, an English one in English).

use actix_web::web;
use serde_json::{json, Map, Value};

use crate::web::form::Form;
use crate::api::{answer, Answer};
use crate::api::candidate::resume::ResumeForm;
use crate::db::resume_view::{view, ResumeView};
use crate::domain::resume::{resolve, ENGLISH};
use crate::web::extract::LoggedIn;
use crate::db;
use crate::error::ApiResult;
use crate::state::AppState;

const LABELS: &str = core_wasm::resume::LABELS;

struct Names(Value, &'static str);

impl Names {
    fn opt(&self, list: &str, code: &str) -> String {
        if code.is_empty() {
            return String::new();
        }
        self.0[self.1]["opt"][list][code].as_str().unwrap_or(code).to_string()
    }
}

fn s<'a>(v: &'a Value, k: &str) -> &'a str {
    v[k].as_str().unwrap_or("")
}

/// Keeps only the non-empty members, as the format leaves out what is unknown.
fn object(pairs: Vec<(&str, Value)>) -> Value {
    let mut m = Map::new();
    for (k, v) in pairs {
        let empty = match &v {
            Value::String(x) => x.is_empty(),
            Value::Array(a) => a.is_empty(),
            Value::Object(o) => o.is_empty(),
            Value::Null => true,
            _ => false,
        };
        if !empty {
            m.insert(k.to_string(), v);
        }
    }
    Value::Object(m)
}

fn end_date(v: &Value) -> Value {
    match s(v, "end") {
        "now" | "" => Value::Null,
        e => Value::from(e),
    }
}

fn entries<'a>(r: &'a ResumeView, section: &str) -> impl Iterator<Item = &'a Value> {
    r.sections.get(section).and_then(Value::as_array).into_iter().flatten().map(|e| &e["data"])
}

pub fn to_json_resume(r: &ResumeView) -> Value {
    let lang = if r.resume_type == ENGLISH { "en-US" } else { "zh-CN" };
    let names = Names(serde_json::from_str(LABELS).unwrap_or(Value::Null), lang);
    let empty = Value::Null;
    let basic = r.sections.get("basic").unwrap_or(&empty);
    let assessment = r.sections.get("assessment").unwrap_or(&empty);
    let intention = r.sections.get("intention").unwrap_or(&empty);
    let emails = core_wasm::resume::split_emails(s(basic, "email"));
    let mut profiles = Vec::new();
    if !s(basic, "qq").is_empty() {
        profiles.push(json!({ "network": "QQ", "username": s(basic, "qq") }));
    }
    if !s(basic, "msn").is_empty() {
        profiles.push(json!({ "network": "MSN", "username": s(basic, "msn") }));
    }
    let summary = [s(assessment, "selfAssessment"), s(assessment, "careerObjective")].iter().filter(|x| !x.is_empty()).copied().collect::<Vec<_>>().join("\n\n");
    let basics = object(vec![
        ("name", Value::from(s(basic, "name"))),
        ("label", Value::from(if s(intention, "targetCategory").is_empty() { s(intention, "currentTitle") } else { s(intention, "targetCategory") })),
        ("email", Value::from(emails.first().copied().unwrap_or(""))),
        ("phone", Value::from(if s(basic, "mobile").is_empty() { s(basic, "telephone") } else { s(basic, "mobile") })),
        ("url", Value::from(s(basic, "homePage"))),
        ("summary", Value::from(summary)),
        ("image", Value::from(r.photo.as_ref().map(|p| p.url.clone()).unwrap_or_default())),
        (
            "location",
            object(vec![
                ("address", Value::from(s(basic, "address"))),
                ("postalCode", Value::from(s(basic, "postalCode"))),
                ("city", Value::from(names.opt("city", s(basic, "city")))),
                ("countryCode", Value::from("CN")),
            ]),
        ),
        ("profiles", Value::from(profiles)),
    ]);
    let work: Vec<Value> = entries(r, "work")
        .map(|w| {
            object(vec![
                ("name", Value::from(s(w, "company"))),
                ("position", Value::from(s(w, "jobTitle"))),
                ("location", Value::from(s(w, "location"))),
                ("description", Value::from(s(w, "companyProfile"))),
                ("startDate", Value::from(s(w, "start"))),
                ("endDate", end_date(w)),
                ("summary", Value::from(s(w, "duties"))),
            ])
        })
        .collect();
    let education: Vec<Value> = entries(r, "education")
        .map(|e| {
            object(vec![
                ("institution", Value::from(s(e, "school"))),
                ("area", Value::from(s(e, "major"))),
                ("studyType", Value::from(names.opt("education", s(e, "level")))),
                ("startDate", Value::from(s(e, "start"))),
                ("endDate", end_date(e)),
                ("score", Value::from(s(e, "classRank"))),
            ])
        })
        .collect();
    let mut skills: Vec<Value> = entries(r, "skill")
        .map(|k| object(vec![("name", Value::from(s(k, "name"))), ("level", Value::from(names.opt("skillLevel", s(k, "level"))))]))
        .collect();
    let keywords: Vec<Value> = intention["keywords"].as_array().cloned().unwrap_or_default();
    if !keywords.is_empty() {
        skills.push(json!({ "name": if lang == "en-US" { "Keywords" } else { "关键词" }, "keywords": keywords }));
    }
    let languages: Vec<Value> = entries(r, "language")
        .map(|l| object(vec![("language", Value::from(names.opt("language", s(l, "language")))), ("fluency", Value::from(names.opt("languageLevel", s(l, "listenSpeak"))))]))
        .collect();
    let projects: Vec<Value> = entries(r, "project")
        .map(|p| {
            object(vec![
                ("name", Value::from(s(p, "name"))),
                ("description", Value::from(s(p, "summary"))),
                ("startDate", Value::from(s(p, "start"))),
                ("endDate", end_date(p)),
                ("roles", Value::from(if s(p, "position").is_empty() { vec![] } else { vec![s(p, "position")] })),
                ("keywords", Value::from(s(p, "tools").split([',', '，', '、']).map(str::trim).filter(|x| !x.is_empty()).collect::<Vec<_>>())),
            ])
        })
        .collect();
    let certificates: Vec<Value> = entries(r, "certificate")
        .map(|c| object(vec![("name", Value::from(s(c, "name"))), ("date", Value::from(s(c, "date"))), ("issuer", Value::from(s(c, "institution")))]))
        .collect();
    let references: Vec<Value> = entries(r, "reference")
        .map(|x| {
            let about = [s(x, "relationship"), s(x, "company"), s(x, "title"), s(x, "contact")].iter().filter(|v| !v.is_empty()).copied().collect::<Vec<_>>().join(", ");
            object(vec![("name", Value::from(s(x, "name"))), ("reference", Value::from(about))])
        })
        .collect();
    let interests: Vec<Value> = entries(r, "additional")
        .map(|a| object(vec![("name", Value::from(s(a, "title"))), ("keywords", Value::from(vec![s(a, "description")]))]))
        .collect();
    object(vec![
        ("$schema", Value::from("https://raw.githubusercontent.com/jsonresume/resume-schema/v1.0.0/schema.json")),
        ("basics", basics),
        ("work", Value::from(work)),
        ("education", Value::from(education)),
        ("skills", Value::from(skills)),
        ("languages", Value::from(languages)),
        ("projects", Value::from(projects)),
        ("certificates", Value::from(certificates)),
        ("references", Value::from(references)),
        ("interests", Value::from(interests)),
        ("meta", json!({ "version": "v1.0.0", "lastModified": crate::ids::beijing_time(r.updated_at) })),
    ])
}

pub async fn export_json(state: web::Data<AppState>, who: LoggedIn, Form(form): Form<ResumeForm>) -> ApiResult<Answer<Value>> {
    let user = who.0.user.user_id();
    let v = db::run(&state.pool, move |c| {
        let row = resolve(c, user, &form.resume_id)?;
        Ok(to_json_resume(&view(c, &row)?))
    })
    .await?;
    Ok(answer(v))
}
