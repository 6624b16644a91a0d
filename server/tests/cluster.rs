//! Two servers share their limits: log-in lockouts, slider verifications and used partner links
//! hold on both, and survive a restart. On SQLite the two processes open the same file; on
//! PostgreSQL (TEST_DATABASE_URL) the same database; with REDIS_URL (TEST_REDIS_URL, default the
//! local Redis) each server has a database of its own, so only Redis can carry the state across.

use crate::common;
use crate::common::slider;

use std::process::Child;

use crate::common::{code, spawn_server, tempdir, COMPANY_MOBILE, DEMO_MOBILE, DEMO_PASSWORD};
use diesel::{Connection, PgConnection, RunQueryDsl};
use hmac::Mac;
use reqwest::blocking::Client;
use serde_json::Value;

const SECRET: &str = "cluster-partner-secret-2026";

struct Node {
    child: Child,
    base: String,
    _dir: tempdir::Dir,
}

impl Node {
    fn start(database_url: &str, store_env: &[(String, String)]) -> Node {
        let dir = tempdir::Dir::new();
        let partners = format!("zgzx01:{SECRET}");
        let mut env = vec![("JWT_SECRET", "a-shared-jwt-secret-of-at-least-32-bytes!!"), ("PARTNERS", partners.as_str())];
        env.extend(store_env.iter().map(|(k, v)| (k.as_str(), v.as_str())));
        let (child, base) = spawn_server(&dir.0, Some(database_url), &env);
        Node { child, base, _dir: dir }
    }

    fn call(&self, client: &Client, path: &str, form: &[(&str, &str)]) -> (u16, Value) {
        common::envelope(client.post(format!("{}/ajax{path}", self.base)).form(form).send().expect("send"))
    }
}

impl Drop for Node {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn client() -> Client {
    Client::builder().cookie_store(true).build().expect("client")
}

/// Where the two servers keep their state.
struct Setup {
    /// Server A's and B's database URLs.
    databases: (String, String),
    /// The shared store's settings (REDIS_URL), empty for the database's.
    store_env: Vec<(String, String)>,
    /// A PostgreSQL database to drop afterwards: (admin URL, name).
    drop_db: Option<(String, String)>,
}

fn setups(sqlite_dir: &std::path::Path) -> Vec<Setup> {
    let shared = sqlite_dir.join("shared.sqlite3").to_string_lossy().into_owned();
    let redis_url = std::env::var("TEST_REDIS_URL").ok().filter(|u| !u.is_empty()).unwrap_or_else(|| "redis://127.0.0.1:6379/".into());
    let mut list = vec![
        Setup { databases: (shared.clone(), shared), store_env: vec![], drop_db: None },
        Setup {
            databases: (
                sqlite_dir.join("a.sqlite3").to_string_lossy().into_owned(),
                sqlite_dir.join("b.sqlite3").to_string_lossy().into_owned(),
            ),
            store_env: vec![
                ("REDIS_URL".into(), redis_url),
                ("REDIS_PREFIX".into(), format!("jobseeker-test-{}-{}:", std::process::id(), tempdir::rand_suffix())),
            ],
            drop_db: None,
        },
    ];
    if let Some(admin) = std::env::var("TEST_DATABASE_URL").ok().filter(|u| !u.is_empty()) {
        let name = format!("jobseeker_cluster_{}_{}", std::process::id(), tempdir::rand_suffix());
        let mut c = PgConnection::establish(&admin).expect("TEST_DATABASE_URL reachable");
        diesel::sql_query(format!("CREATE DATABASE {name}")).execute(&mut c).expect("create database");
        let mut url = url::Url::parse(&admin).expect("url");
        url.set_path(&format!("/{name}"));
        list.push(Setup { databases: (url.to_string(), url.to_string()), store_env: vec![], drop_db: Some((admin, name)) });
    }
    list
}

fn verification(node: &Node, c: &Client) -> String {
    let (_, v) = node.call(c, "/slider/init", &[]);
    let x = slider::solve(&node.base, &v["result"]).to_string();
    let track = slider::track(x.parse().expect("x"));
    let token = v["result"]["token"].as_str().expect("token").to_string();
    let (status, v) = node.call(c, "/slider/test", &[("token", &token), ("x", &x), ("track", &track)]);
    assert_eq!(status, 200, "{v}");
    v["result"]["captchaVerification"].as_str().expect("verification").to_string()
}

fn signed_link(ts: &str) -> String {
    let message = format!("id=u77&platformId=zgzx01&ts={ts}&type=1");
    let mut mac = hmac::Hmac::<sha2::Sha256>::new_from_slice(SECRET.as_bytes()).expect("key");
    mac.update(message.as_bytes());
    mac.finalize().into_bytes().iter().map(|b| format!("{b:02x}")).collect()
}

#[test]
fn limits_verifications_and_partner_links_hold_across_servers_and_restarts() {
    let sqlite_dir = tempdir::Dir::new();
    for setup in setups(&sqlite_dir.0) {
        let url = format!("{} {:?}", setup.databases.0, setup.store_env.first().map(|(_, v)| v));
        let a = Node::start(&setup.databases.0, &setup.store_env);
        let b = Node::start(&setup.databases.1, &setup.store_env);

        // Five failed log-ins, spread over both servers, lock the mobile on both.
        for i in 0..5 {
            let node = if i % 2 == 0 { &a } else { &b };
            let (_, v) = node.call(&client(), "/pclogin/login", &[("mobile", DEMO_MOBILE), ("password", "wrong-pass-1")]);
            assert_eq!(code(&v), "LOGIN_FAILED", "{url} try {i}");
        }
        for node in [&a, &b] {
            let (status, v) = node.call(&client(), "/pclogin/login", &[("mobile", DEMO_MOBILE), ("password", DEMO_PASSWORD)]);
            assert_eq!((status, code(&v)), (429, "RATE_LIMITED"), "{url}: locked on every server");
        }

        // A slider verification spent on one server is refused on the other.
        let c = client();
        let v = verification(&a, &c);
        let (status, body) = a.call(&c, "/pcuser/sendCode", &[("mobile", "13612340001"), ("captchaVerification", &v), ("scene", "register")]);
        assert_eq!(status, 200, "{url}: {body}");
        let (_, body) = b.call(&c, "/pcuser/sendCode", &[("mobile", "13612340002"), ("captchaVerification", &v), ("scene", "register")]);
        assert_eq!(code(&body), "CAPTCHA_REQUIRED", "{url}: spent on A");

        // A partner link used on one server does not log in on the other.
        let ts = (std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).expect("clock").as_secs()).to_string();
        let sign = signed_link(&ts);
        let link = [("platformId", "zgzx01"), ("id", "u77"), ("type", "1"), ("ts", ts.as_str()), ("sign", sign.as_str())];
        let (_, v) = a.call(&client(), "/pclogin/islogin", &link);
        assert_eq!(v["result"]["zxInfo"]["id"], "u77", "{url}: {v}");
        let (_, v) = b.call(&client(), "/pclogin/islogin", &link);
        assert!(v["result"].is_null(), "{url}: replayed on B: {v}");

        // A restarted server still knows the lockout.
        drop(a);
        let a = Node::start(&setup.databases.0, &setup.store_env);
        let (status, v) = a.call(&client(), "/pclogin/login", &[("mobile", DEMO_MOBILE), ("password", DEMO_PASSWORD)]);
        assert_eq!((status, code(&v)), (429, "RATE_LIMITED"), "{url}: after a restart");
        drop((a, b));
        if let Some((admin, name)) = setup.drop_db {
            if let Ok(mut c) = PgConnection::establish(&admin) {
                let _ = diesel::sql_query(format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)")).execute(&mut c);
            }
        }
    }
}

#[test]
fn disabling_on_one_server_ends_a_session_cached_on_the_other_within_a_second() {
    let sqlite_dir = tempdir::Dir::new();
    // Only setups where both servers read one database: the disable is a row there.
    for setup in setups(&sqlite_dir.0).into_iter().filter(|s| s.databases.0 == s.databases.1) {
        let url = setup.databases.0.clone();
        let a = Node::start(&url, &setup.store_env);
        let b = Node::start(&url, &setup.store_env);
        let candidate = client();
        let (status, v) = b.call(&candidate, "/pclogin/login", &[("mobile", DEMO_MOBILE), ("password", DEMO_PASSWORD)]);
        assert_eq!(status, 200, "{url}: {v}");
        // Cached on B: the disable written through A must still reach it.
        assert!(!b.call(&candidate, "/pclogin/islogin", &[]).1["result"].is_null(), "{url}");
        assert!(!b.call(&candidate, "/pclogin/islogin", &[]).1["result"].is_null(), "{url}");
        let admin = crate::common::staff::super_admin_at(&a.base, &url);
        let (status, v) = a.call(&admin, "/admin/user/disable", &[("mobile", DEMO_MOBILE), ("reason", "批量注册")]);
        assert_eq!(status, 200, "{url}: {v}");
        std::thread::sleep(std::time::Duration::from_millis(1000));
        assert!(b.call(&candidate, "/pclogin/islogin", &[]).1["result"].is_null(), "{url}: ended on B within a second");
        assert_eq!(b.call(&candidate, "/pcuser/interviewList", &[]).0, 401, "{url}");
        drop((a, b));
        if let Some((admin, name)) = setup.drop_db {
            if let Ok(mut c) = PgConnection::establish(&admin) {
                let _ = diesel::sql_query(format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)")).execute(&mut c);
            }
        }
    }
}

/// Whether the company's resume search on `node` lists `resume`.
fn searched(node: &Node, company: &Client, resume: &str) -> bool {
    let (status, v) = node.call(company, "/comresume/search", &[("page", "1"), ("pagesize", "50")]);
    assert_eq!(status, 200, "{v}");
    v["result"]["list"].as_array().expect("list").iter().any(|r| r["resumeId"].to_string() == resume)
}

/// Polls `cond` until it holds, for at most `secs` seconds.
fn within(secs: u64, mut cond: impl FnMut() -> bool) -> bool {
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(secs);
    loop {
        if cond() {
            return true;
        }
        if std::time::Instant::now() > deadline {
            return false;
        }
        std::thread::sleep(std::time::Duration::from_millis(200));
    }
}

#[test]
fn a_resume_hidden_on_one_server_leaves_resume_search_on_the_other_within_search_sync_secs() {
    const SYNC_SECS: u64 = 2;
    let sqlite_dir = tempdir::Dir::new();
    // The setups where both servers read one database (the Redis one gives each its own).
    for setup in setups(&sqlite_dir.0).into_iter().filter(|s| s.databases.0 == s.databases.1) {
        let env = vec![("SEARCH_SYNC_SECS".to_string(), SYNC_SECS.to_string())];
        let (a, b) = (Node::start(&setup.databases.0, &env), Node::start(&setup.databases.1, &env));
        let candidate = client();
        let (status, v) = a.call(&candidate, "/pclogin/login", &[("mobile", DEMO_MOBILE), ("password", DEMO_PASSWORD)]);
        assert_eq!(status, 200, "{v}");
        let resume = v["result"]["resumeId"].to_string();
        let company = client();
        let (status, v) = b.call(&company, "/comlogin/login", &[("mobile", COMPANY_MOBILE), ("password", DEMO_PASSWORD)]);
        assert_eq!(status, 200, "{v}");
        assert!(searched(&b, &company, &resume), "public: B's search finds it");

        let (status, v) = a.call(&candidate, "/pcuser/updateType", &[("resumeId", &resume), ("type", "hidden")]);
        assert_eq!(status, 200, "{v}");
        assert!(within(SYNC_SECS + 1, || !searched(&b, &company, &resume)), "hidden on A: gone from B's search within SEARCH_SYNC_SECS");
        // Public again on A: B's index picks it up at its next sync.
        let (status, v) = a.call(&candidate, "/pcuser/updateType", &[("resumeId", &resume), ("type", "public")]);
        assert_eq!(status, 200, "{v}");
        assert!(within(SYNC_SECS + 3, || searched(&b, &company, &resume)), "public on A: back in B's search");
        drop((a, b));
        if let Some((admin, name)) = setup.drop_db {
            if let Ok(mut c) = PgConnection::establish(&admin) {
                let _ = diesel::sql_query(format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)")).execute(&mut c);
            }
        }
    }
}
