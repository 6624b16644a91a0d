//! `scripts/seed` for the recruiter site, on SQLite and PostgreSQL: generated companies have owners
//! who log in (147xxxxxxxx), the default pipeline with applications spread over its stages, and
//! filled resumes that resume search finds; `--big-company-applications` gives the first company
//! its share and N more.

use crate::common::{code, servers_with, DEMO_PASSWORD};
use serde_json::Value;

#[test]
fn seeded_companies_have_owners_pipelines_and_candidates_to_find() {
    for s in servers_with(&[("SEARCH_SYNC_SECS", "1")]) {
        let out = s.run_command(&["seed", "--jobs", "2000", "--candidates", "400", "--big-company-applications", "300", "--seed", "3"]);
        assert!(out.contains("2000 jobs") && out.contains("400 candidates"), "{out}");
        let company = s.client();
        let (status, v) = s.call(&company, "/comlogin/login", &[("mobile", "14700000000"), ("password", DEMO_PASSWORD)]);
        assert_eq!(status, 200, "{} {v}", s.engine);
        assert_eq!(v["result"]["role"], "owner");

        // Every application of the company, then stage by stage: the stages hold them all between them,
        // spread over more than one.
        let total_of = |stage: &str| -> i64 {
            let (_, v) = s.call(&company, "/comresume/applyresume", &[("stageId", stage), ("stageOppId", "1"), ("page", "1"), ("pagesize", "10")]);
            v["result"]["total"].as_i64().unwrap_or_else(|| panic!("{v}"))
        };
        let all = total_of("0");
        assert!(all >= 300, "{}: the first company has its 300 more: {all}", s.engine);
        let (_, v) = s.call(&company, "/comresume/stages", &[]);
        let stages: Vec<Value> = v["result"].as_array().expect("stages").clone();
        assert_eq!(stages.len(), 6, "the default pipeline: {v}");
        let per_stage: Vec<i64> = stages.iter().map(|st| total_of(&st["id"].to_string())).collect();
        assert_eq!(per_stage.iter().sum::<i64>(), all, "{per_stage:?}");
        assert!(per_stage.iter().filter(|n| **n > 0).count() >= 3, "spread over stages: {per_stage:?}");

        // A page of the list names candidates; opening one shows the resume with its name.
        let (_, v) = s.call(&company, "/comresume/applyresume", &[("stageId", "0"), ("stageOppId", "1"), ("page", "2"), ("pagesize", "10")]);
        let first = &v["result"]["list"][0];
        assert!(first["name"].as_str().is_some_and(|n| !n.is_empty()), "{v}");
        let apply = first["applyId"].to_string();
        let (status, v) = s.call(&company, "/comresume/detail", &[("applyId", &apply)]);
        assert_eq!(status, 200, "{v}");

        // Resume search finds the generated resumes once the resume index has synced (every second
        // here), the first company minus the resumes blocked for it.
        let search = || s.call(&company, "/comresume/search", &[("keyword", ""), ("page", "1"), ("pagesize", "10")]).1;
        let started = std::time::Instant::now();
        let mut v = search();
        while v["result"]["total"].as_i64().expect("total") < 390 && started.elapsed() < std::time::Duration::from_secs(15) {
            std::thread::sleep(std::time::Duration::from_millis(200));
            v = search();
        }
        let found = v["result"]["total"].as_i64().expect("total");
        assert_eq!(found, 400 + 3 - 1, "{}: the generated and demo resumes but the one blocking this company: {v}", s.engine);
        let top = &v["result"]["list"][0];
        assert_eq!(top["top"], true, "the generated candidate with top placement comes first: {top}");
        let hit = &v["result"]["list"][0];
        let city = hit["city"].as_str().expect("city").to_string();
        assert!(!city.is_empty() && !hit["name"].as_str().unwrap_or("").is_empty(), "{hit}");

        // Another generated company's owner sees none of the first one's applications.
        let other = s.client();
        let (status, _) = s.call(&other, "/comlogin/login", &[("mobile", "14700000001"), ("password", DEMO_PASSWORD)]);
        assert_eq!(status, 200);
        assert_eq!(code(&s.call(&other, "/comresume/detail", &[("applyId", &apply)]).1), "NOT_FOUND", "{}", s.engine);
    }
}
