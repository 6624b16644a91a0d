//! The public job site over HTTP: search relevance, filters, sorting, paging, the applied and
//! saved flags, job and company pages, the home page, and the index following the database.

use std::time::{Duration, Instant};

use crate::common::{code, login, servers_with, update_job, TestServer, DEMO_PASSWORD};
use reqwest::blocking::Client;
use serde_json::Value;

const SECOND: &str = "13900000001";
/// The index looks for changed jobs every second in these tests.
const FAST_SYNC: &[(&str, &str)] = &[("SEARCH_SYNC_SECS", "1")];

fn result(s: &TestServer, client: &Client, path: &str, form: &[(&str, &str)]) -> Value {
    let (status, v) = s.call(client, path, form);
    assert_eq!(status, 200, "{} {path} {form:?}: {v}", s.engine);
    v["result"].clone()
}

fn search(s: &TestServer, client: &Client, form: &[(&str, &str)]) -> Value {
    result(s, client, "/job/search", form)
}

fn list(v: &Value) -> &Vec<Value> {
    v["list"].as_array().expect("list")
}

fn titles(v: &Value) -> Vec<String> {
    list(v).iter().map(|j| j["title"].as_str().expect("title").to_string()).collect()
}

fn id_of(j: &Value) -> String {
    j["id"].as_i64().expect("id").to_string()
}

/// Loads generated data into the server's database and waits until search sees all of it.
fn seed(s: &TestServer, jobs: usize) {
    let out = s.run_command(&["seed", "--jobs", &jobs.to_string(), "--seed", "7"]);
    assert!(out.contains(&format!("{jobs} jobs")), "{out}");
    let client = s.client();
    let deadline = Instant::now() + Duration::from_secs(60);
    loop {
        let total = search(s, &client, &[])["total"].as_u64().unwrap_or(0);
        // 11 open demo jobs plus ~97% of the generated ones are open.
        if total as f64 > 11.0 + jobs as f64 * 0.9 {
            return;
        }
        assert!(Instant::now() < deadline, "{}: search still sees {total} jobs", s.engine);
        std::thread::sleep(Duration::from_millis(300));
    }
}

#[test]
fn search_finds_what_the_user_means() {
    for s in servers_with(FAST_SYNC) {
        let c = s.client();
        // A part of the title finds the whole, best match first.
        let r = search(&s, &c, &[("kw", "前端")]);
        assert_eq!(titles(&r).first().map(String::as_str), Some("前端开发工程师"), "{}", s.engine);
        assert!(r["terms"].as_array().unwrap().iter().any(|t| t == "前端"), "{r}");

        let r = search(&s, &c, &[("kw", "Java开发")]);
        assert_eq!(titles(&r).first().map(String::as_str), Some("Java高级开发工程师"), "{:?}", titles(&r));
        assert!(r["terms"].as_array().unwrap().iter().any(|t| t == "java"));
        for kw in ["java", "JAVA", " Java "] {
            assert!(titles(&search(&s, &c, &[("kw", kw)])).contains(&"Java高级开发工程师".to_string()), "{kw}");
        }

        // Every job holding the word, titles first: the embedded job says 开发 only in its description.
        let r = search(&s, &c, &[("kw", "开发")]);
        let t = titles(&r);
        let embedded = t.iter().position(|x| x == "嵌入式软件工程师").expect("found through its description");
        for (i, title) in t.iter().enumerate() {
            if title.contains("开发") {
                assert!(i < embedded, "{title} ranks above the description-only match: {t:?}");
            }
        }
        assert_eq!(r["total"].as_u64(), Some(t.len() as u64));

        // All words must match: Go + 开发 is the Go back-end job, not every 开发 job.
        let t = titles(&search(&s, &c, &[("kw", "Go 后台")]));
        assert_eq!(t.first().map(String::as_str), Some("后台开发工程师（Go）"), "{t:?}");
        assert!(!t.contains(&"前端开发工程师".to_string()), "{t:?}");

        // Company names, skills and cities are searched too.
        let t = titles(&search(&s, &c, &[("kw", "腾讯")]));
        assert_eq!(t.len(), 3, "{t:?}");
        assert!(titles(&search(&s, &c, &[("kw", "Kubernetes")])).contains(&"云原生开发工程师".to_string()));
        let t = titles(&search(&s, &c, &[("kw", "杭州 数据分析")]));
        assert_eq!(t, ["数据分析师"]);

        // Closed jobs are not offered.
        let t = titles(&search(&s, &c, &[("kw", "Python开发")]));
        assert!(!t.iter().any(|x| x.contains("已招满")), "{t:?}");

        // Nothing matches, or not every word: the answer says so.
        let r = search(&s, &c, &[("kw", "区块链")]);
        assert_eq!((r["total"].as_u64(), list(&r).len(), r["loose"].as_bool()), (Some(0), 0, Some(false)));
        let r = search(&s, &c, &[("kw", "前端 区块链")]);
        assert_eq!(r["loose"], true);
        assert_eq!(titles(&r).first().map(String::as_str), Some("前端开发工程师"));

        let (status, v) = s.call(&c, "/job/search", &[("kw", &"长".repeat(51))]);
        assert_eq!((status, code(&v)), (400, "BAD_INPUT"));
    }
}

#[test]
fn filters_sorts_and_pages_over_generated_data() {
    for s in servers_with(FAST_SYNC) {
        seed(&s, 3000);
        let c = s.client();
        let all = search(&s, &c, &[]);
        let everything = all["total"].as_u64().unwrap();

        // Each filter keeps only what it names, and narrows the result.
        for (field, key, value) in [
            ("city", "city", "北京"),
            ("category", "category", "后端开发"),
            ("industry", "industry", "互联网"),
            ("experience", "experience", "3-5年"),
            ("education", "education", "硕士"),
            ("comType", "companyType", "国企"),
            ("comSize", "companySize", "10000人以上"),
        ] {
            let r = search(&s, &c, &[(field, value), ("pagesize", "50")]);
            let total = r["total"].as_u64().unwrap();
            assert!(total > 0 && total < everything, "{field}={value}: {total} of {everything}");
            assert!(list(&r).iter().all(|j| j[key] == value), "{field}={value}");
        }

        // Keyword plus two filters: all hold.
        let r = search(&s, &c, &[("kw", "工程师"), ("city", "上海"), ("education", "本科"), ("pagesize", "50")]);
        assert!(r["total"].as_u64().unwrap() > 0);
        for j in list(&r) {
            assert_eq!((j["city"].as_str(), j["education"].as_str()), (Some("上海"), Some("本科")));
            assert!(j["title"].as_str().unwrap().contains("工程"), "{}", j["title"]);
        }

        // Salary ranges overlap the job's range.
        let r = search(&s, &c, &[("salary", "20000-30000"), ("pagesize", "50")]);
        assert!(r["total"].as_u64().unwrap() > 0);
        for j in list(&r) {
            let (lo, hi) = (j["salaryMin"].as_i64().unwrap(), j["salaryMax"].as_i64().unwrap());
            assert!(hi >= 20000 && lo < 30000, "{lo}-{hi}");
        }
        let r = search(&s, &c, &[("salary", "50000-"), ("pagesize", "50")]);
        assert!(list(&r).iter().all(|j| j["salaryMax"].as_i64().unwrap() >= 50000));

        // Posted within.
        let day = search(&s, &c, &[("posted", "1"), ("pagesize", "50")]);
        let month = search(&s, &c, &[("posted", "30")]);
        let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_millis() as i64;
        assert!(list(&day).iter().all(|j| j["postedAt"].as_i64().unwrap() >= now - 86_400_000 - 60_000));
        assert!(day["total"].as_u64().unwrap() < month["total"].as_u64().unwrap());

        // Sorting.
        let r = search(&s, &c, &[("kw", "工程师"), ("sort", "salary"), ("pagesize", "50")]);
        let pay: Vec<i64> = list(&r).iter().map(|j| j["salaryMax"].as_i64().unwrap()).collect();
        assert!(pay.windows(2).all(|w| w[0] >= w[1]), "{pay:?}");
        let r = search(&s, &c, &[("kw", "工程师"), ("sort", "newest"), ("pagesize", "50")]);
        let at: Vec<i64> = list(&r).iter().map(|j| j["postedAt"].as_i64().unwrap()).collect();
        assert!(at.windows(2).all(|w| w[0] >= w[1]));
        let relevance = search(&s, &c, &[("kw", "工程师"), ("pagesize", "50")]);
        assert_ne!(titles(&relevance), titles(&r), "relevance is not the newest order");

        // Paging: pages do not overlap and add up to the total.
        let q = [("kw", "开发"), ("city", "上海")];
        let total = search(&s, &c, &q)["total"].as_u64().unwrap() as usize;
        assert!(total > 10, "{total}");
        let mut seen = std::collections::HashSet::new();
        for page in 1..=total.div_ceil(10) {
            let p = page.to_string();
            let r = search(&s, &c, &[q[0], q[1], ("page", &p), ("pagesize", "10")]);
            assert_eq!(r["total"].as_u64(), Some(total as u64));
            for j in list(&r) {
                assert!(seen.insert(id_of(j)), "job on two pages");
            }
        }
        assert_eq!(seen.len(), total);

        for bad in [
            vec![("city", "火星")], vec![("salary", "1-2")], vec![("sort", "random")], vec![("posted", "2")],
            vec![("page", "0")], vec![("pagesize", "51")], vec![("page", "51"), ("pagesize", "20")], vec![("experience", "x")],
        ] {
            let (status, v) = s.call(&c, "/job/search", &bad);
            assert_eq!((status, code(&v)), (400, "BAD_INPUT"), "{bad:?}");
        }

        // Generated candidates can log in and see their own applications as flags.
        let candidate = s.client();
        let (status, _) = s.call(&candidate, "/pcuser/applyList", &[]);
        assert_eq!(status, 401);
        let (status, v) = s.call(&candidate, "/pclogin/login", &[("mobile", "17000000001"), ("password", DEMO_PASSWORD)]);
        assert_eq!(status, 200, "{v}");
        let applied = result(&s, &candidate, "/pcuser/applyList", &[]);
        assert_eq!(applied["total"], 3);
        let job = applied["list"][0]["jobId"].as_i64().unwrap().to_string();
        let detail = result(&s, &candidate, "/job/detail", &[("jobid", &job)]);
        assert_eq!(detail["job"]["applied"], true);
    }
}

#[test]
fn results_show_what_the_caller_applied_for_and_saved() {
    for s in servers_with(FAST_SYNC) {
        let visitor = s.client();
        let r = search(&s, &visitor, &[("pagesize", "50")]);
        assert!(list(&r).iter().all(|j| j["applied"] == false && j["saved"] == false));

        let c = s.client();
        let user = login(&s, &c);
        let resume = user["resumeId"].as_i64().unwrap().to_string();
        let r = search(&s, &c, &[("pagesize", "50")]);
        let applied = list(&r).iter().filter(|j| j["applied"] == true).count();
        let saved = list(&r).iter().filter(|j| j["saved"] == true).count();
        // The demo candidate applied for 5 jobs and saved 4, one of them since closed.
        assert_eq!((applied, saved), (5, 3), "{}", s.engine);

        let fresh = list(&r).iter().find(|j| j["applied"] == false && j["saved"] == false).expect("an untouched job");
        let id = id_of(fresh);
        result(&s, &c, "/pcjob/apply", &[("jobid", &id), ("resumeId", &resume)]);
        result(&s, &c, "/pcuser/saveJob", &[("jobid", &id)]);
        let title = fresh["title"].as_str().unwrap().to_string();
        let r = search(&s, &c, &[("kw", &title)]);
        let again = list(&r).iter().find(|j| id_of(j) == id).expect("still found");
        assert_eq!((&again["applied"], &again["saved"]), (&Value::Bool(true), &Value::Bool(true)));
        let d = result(&s, &c, "/job/detail", &[("jobid", &id)]);
        assert_eq!((&d["job"]["applied"], &d["job"]["saved"]), (&Value::Bool(true), &Value::Bool(true)));

        // Flags are the caller's own.
        let other = s.client();
        let (status, _) = s.call(&other, "/pclogin/login", &[("mobile", SECOND), ("password", DEMO_PASSWORD)]);
        assert_eq!(status, 200);
        let r = search(&s, &other, &[("kw", &title)]);
        let theirs = list(&r).iter().find(|j| id_of(j) == id).expect("found");
        assert_eq!((&theirs["applied"], &theirs["saved"]), (&Value::Bool(false), &Value::Bool(false)));
    }
}

#[test]
fn job_detail_and_company_pages() {
    for s in servers_with(FAST_SYNC) {
        let c = s.client();
        let r = search(&s, &c, &[("kw", "Java高级开发工程师")]);
        let job = list(&r)[0].clone();
        let id = id_of(&job);
        let d = result(&s, &c, "/job/detail", &[("jobid", &id)]);
        assert_eq!(d["job"]["title"], "Java高级开发工程师");
        assert_eq!(d["job"]["tags"], serde_json::json!(["五险一金", "年终奖", "带薪年假"]));
        assert!(d["description"].as_str().unwrap().contains("Spring"));
        let company = &d["company"];
        assert_eq!(company["name"], "阿里巴巴（中国）有限公司");
        assert_eq!((company["industry"].as_str(), company["companySize"].as_str()), (Some("电子商务"), Some("10000人以上")));
        assert!(company["address"].as_str().unwrap().contains("杭州"));
        assert_eq!(company["openJobs"], 2);
        let similar = d["similar"].as_array().unwrap();
        assert!(similar.iter().all(|j| id_of(j) != id && j["category"] == "后端开发"), "{similar:?}");
        assert!(!similar.is_empty());
        assert_eq!(d["myResumes"], serde_json::json!([]), "a visitor has no resumes");

        // Logged in: the caller's resumes to apply with, and which of them hide from this company.
        let user = login(&s, &c);
        let d = result(&s, &c, "/job/detail", &[("jobid", &id)]);
        assert_eq!(d["myResumes"][0]["id"], user["resumeId"]);
        assert_eq!(d["shieldedResumeIds"], serde_json::json!([]));
        let com_id = company["id"].as_i64().unwrap().to_string();
        let resume = user["resumeId"].as_i64().unwrap().to_string();
        result(&s, &c, "/pcuser/shield", &[("comId", &com_id), ("resumeId", &resume)]);
        let d = result(&s, &c, "/job/detail", &[("jobid", &id)]);
        assert_eq!(d["shieldedResumeIds"], serde_json::json!([user["resumeId"]]));

        for (jobid, want) in [("abc", "BAD_INPUT"), ("0", "BAD_INPUT"), ("123456789", "NOT_FOUND")] {
            let (_, v) = s.call(&c, "/job/detail", &[("jobid", jobid)]);
            assert_eq!(code(&v), want, "{jobid}");
        }

        // The company page lists its open jobs, newest first; closed ones are left out.
        let p = result(&s, &c, "/company/detail", &[("comId", &com_id)]);
        assert_eq!(p["company"]["intro"], "让天下没有难做的生意。");
        let t = titles(&p["jobs"]);
        assert_eq!(t.len(), 2);
        assert!(t.contains(&"数据分析师".to_string()));
        assert!(list(&p["jobs"]).iter().all(|j| j["companyId"] == company["id"]));
        let closed_company = result(&s, &c, "/pcuser/shieldSearch", &[("comname", "新希望")]);
        let cid = closed_company[0]["comId"].as_i64().unwrap().to_string();
        let p = result(&s, &c, "/company/detail", &[("comId", &cid)]);
        assert_eq!(titles(&p["jobs"]), ["运维工程师"], "the closed Python job is not listed");
        assert_eq!(p["company"]["openJobs"], 1);
        let (_, v) = s.call(&c, "/company/detail", &[("comId", "42")]);
        assert_eq!(code(&v), "NOT_FOUND");
    }
}

#[test]
fn the_home_page_has_everything_in_one_call() {
    for s in servers_with(FAST_SYNC) {
        let visitor = s.client();
        let h = result(&s, &visitor, "/site/home", &[]);
        assert!(h["hotKeywords"].as_array().unwrap().iter().any(|k| k == "Java"));
        assert!(h["categories"][0]["categories"].as_array().unwrap().iter().any(|c| c["value"] == "前端开发" && c["en"] == "Front-end"));
        assert_eq!(h["cities"][0]["value"], "北京");
        assert_eq!(h["jobCount"], 11);
        let newest = h["newest"].as_array().unwrap();
        assert_eq!(newest.len(), 11);
        assert!(newest.windows(2).all(|w| w[0]["postedAt"].as_i64() >= w[1]["postedAt"].as_i64()));
        assert_eq!(h["recommended"], serde_json::json!([]));
        let companies = h["companies"].as_array().unwrap();
        assert!(!companies.is_empty());
        assert!(companies.windows(2).all(|w| w[0]["openJobs"].as_i64() >= w[1]["openJobs"].as_i64()));

        // The demo candidate's tags are Java, 后端, 微服务: back-end jobs not yet applied for.
        let c = s.client();
        login(&s, &c);
        let h = result(&s, &c, "/site/home", &[]);
        assert_eq!(h["tags"], serde_json::json!(["Java", "后端", "微服务"]));
        let rec = h["recommended"].as_array().unwrap();
        assert!(!rec.is_empty());
        assert!(rec.iter().all(|j| j["applied"] == false), "{rec:?}");
        // Applied for every open back-end job already; the test job asks for Java.
        assert!(rec.iter().any(|j| j["title"] == "测试开发工程师"), "{rec:?}");
        assert!(rec.iter().all(|j| j["closed"] == false));

        let f = result(&s, &c, "/job/filters", &[]);
        for key in ["cities", "categories", "industries", "salaries", "experience", "education", "companyTypes", "companySizes", "posted", "benefits"] {
            assert!(!f[key].as_array().unwrap().is_empty(), "{key}");
        }
        // Every benefit the demo jobs list has its English label.
        let known: Vec<&str> = f["benefits"].as_array().unwrap().iter().map(|b| b["value"].as_str().unwrap()).collect();
        for job in list(&search(&s, &c, &[])) {
            let detail = result(&s, &c, "/job/detail", &[("jobid", &id_of(&job).to_string())]);
            for tag in detail["job"]["tags"].as_array().unwrap() {
                assert!(known.contains(&tag.as_str().unwrap()), "{tag} has no English label");
            }
        }
    }
}

#[test]
fn the_index_follows_changes_in_the_database() {
    for s in servers_with(FAST_SYNC) {
        let c = s.client();
        let id = id_of(&list(&search(&s, &c, &[("kw", "UI设计师")]))[0]);
        let wait_for = |want: bool| {
            let deadline = Instant::now() + Duration::from_secs(15);
            loop {
                let found = list(&search(&s, &c, &[("kw", "设计师")])).iter().any(|j| id_of(j) == id);
                if found == want {
                    return;
                }
                assert!(Instant::now() < deadline, "{}: still found={found}", s.engine);
                std::thread::sleep(Duration::from_millis(200));
            }
        };
        // Another server (here: a statement) closes the job and stamps it: it leaves the index.
        let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_millis() as i64;
        update_job(&s, id.parse().unwrap(), true, None, now);
        wait_for(false);
        let d = result(&s, &c, "/job/detail", &[("jobid", &id)]);
        assert_eq!(d["job"]["closed"], true, "a closed job's page still opens");
        // Reopened and retitled: back, under its new title.
        update_job(&s, id.parse().unwrap(), false, Some("资深视觉设计师"), now + 1);
        wait_for(true);
        assert_eq!(titles(&search(&s, &c, &[("kw", "资深视觉")])), ["资深视觉设计师"]);
        // A word found inside a longer one: jieba cuts 大数据分析 as 大数据 + 分析, and 数据分析 still finds it.
        update_job(&s, id.parse().unwrap(), false, Some("大数据分析工程师"), now + 2);
        let deadline = Instant::now() + Duration::from_secs(15);
        while !list(&search(&s, &c, &[("kw", "数据分析")])).iter().any(|j| id_of(j) == id) {
            assert!(Instant::now() < deadline, "{}: 数据分析 does not find 大数据分析工程师", s.engine);
            std::thread::sleep(Duration::from_millis(200));
        }
    }
}
