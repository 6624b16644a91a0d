//! Starts the real server binary on a free port against a real database, once per engine:
//! SQLite in a temporary data dir always, PostgreSQL when TEST_DATABASE_URL is set (a fresh
//! database is created beside it and dropped afterwards).

#![allow(dead_code)]

pub mod fake_wechatpay;
pub mod fakes;
pub mod moto;
pub mod slider;
pub mod staff;

use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use diesel::{Connection, PgConnection, RunQueryDsl};
use reqwest::blocking::{Client, Response};
use serde_json::Value;
use server::db::DbConnection;

pub const DEMO_MOBILE: &str = "13800000000";
pub const DEMO_PASSWORD: &str = "demo1234";
/// The seeded demo company's owner (cli/seed.rs), who logs in with DEMO_PASSWORD.
pub const COMPANY_MOBILE: &str = "13700000000";
/// The candidate chat's tests talk as: 王芳, who applied to the demo company. The demo candidate
/// already talks with the demo company's owner in the seeded demo conversation (cli/seed.rs).
pub const CHAT_MOBILE: &str = "13900000002";

pub struct TestServer {
    pub engine: &'static str,
    pub base: String,
    database_url: Option<String>,
    child: Child,
    _data_dir: tempdir::Dir,
    pg_drop: Option<(String, String)>,
}

pub mod tempdir {
    pub struct Dir(pub std::path::PathBuf);
    impl Dir {
        pub fn new() -> Self {
            let p = std::env::temp_dir().join(format!("jobseeker-test-{}-{}", std::process::id(), rand_suffix()));
            std::fs::create_dir_all(&p).expect("temp dir");
            Dir(p)
        }
    }
    impl Drop for Dir {
        fn drop(&mut self) {
            let _ = std::fs::remove_dir_all(&self.0);
        }
    }
    /// Unique within the process (a counter: two test threads read the same clock tick, and CI once
    /// made the same database name twice) and across processes (the clock, with the pid beside it).
    pub fn rand_suffix() -> String {
        use std::sync::atomic::{AtomicU32, Ordering};
        use std::time::{SystemTime, UNIX_EPOCH};
        static NEXT: AtomicU32 = AtomicU32::new(0);
        let n = SystemTime::now().duration_since(UNIX_EPOCH).map(|d| d.subsec_nanos()).unwrap_or(0);
        format!("{n:x}_{}", NEXT.fetch_add(1, Ordering::Relaxed))
    }
}

impl TestServer {
    fn start(engine: &'static str, database_url: Option<String>, pg_drop: Option<(String, String)>, extra_env: &[(&str, &str)]) -> Self {
        let data_dir = tempdir::Dir::new();
        let (child, base) = spawn_server(&data_dir.0, database_url.as_deref(), extra_env);
        TestServer { engine, base, database_url, child, _data_dir: data_dir, pg_drop }
    }

    /// Runs `jobseeker-server <args>` against this server's database (the admin command).
    pub fn run_command(&self, args: &[&str]) -> String {
        let mut cmd = Command::new(env!("CARGO_BIN_EXE_jobseeker-server"));
        cmd.args(args).env("DATA_DIR", &self._data_dir.0).env("RUST_LOG", "error").env_remove("DATABASE_URL");
        if let Some(url) = &self.database_url {
            cmd.env("DATABASE_URL", url);
        }
        let out = cmd.output().expect("run command");
        assert!(out.status.success(), "{args:?}: {}", String::from_utf8_lossy(&out.stderr));
        String::from_utf8_lossy(&out.stdout).into_owned()
    }

    /// The server's DATA_DIR (its uploads are in `uploads/` there).
    pub fn data_dir(&self) -> &std::path::Path {
        &self._data_dir.0
    }

    /// The database this server uses: the PostgreSQL URL, or the SQLite file in its data dir.
    pub fn database_url(&self) -> String {
        self.database_url.clone().unwrap_or_else(|| self._data_dir.0.join("jobseeker.sqlite3").to_string_lossy().into_owned())
    }

    /// A connection to this server's database, for diesel queries on `server::db::schema`.
    pub fn db(&self) -> DbConnection {
        db_at(&self.database_url())
    }

    /// Runs `statement` straight on this server's database (what time passing, an older database or
    /// a look inside would do); answers the rows it changed.
    pub fn sql(&self, statement: &str) -> usize {
        diesel::sql_query(statement).execute(&mut self.db()).expect(statement)
    }

    /// What the server logged, when it was started with RUST_LOG in its environment.
    pub fn log(&self) -> String {
        std::fs::read_to_string(self._data_dir.0.join("server.log")).unwrap_or_default()
    }

    pub fn url(&self, path: &str) -> String {
        format!("{}{}", self.base, path)
    }

    /// A client with its own cookie jar, like one browser.
    pub fn client(&self) -> Client {
        client()
    }

    /// POST a form to /ajax + path; returns the HTTP status and the parsed envelope.
    pub fn call(&self, client: &Client, path: &str, form: &[(&str, &str)]) -> (u16, Value) {
        let res = client.post(self.url(&format!("/ajax{path}"))).form(form).send().expect("send");
        envelope(res)
    }
}

/// A client with its own cookie jar, like one browser (for servers started without a TestServer).
pub fn client() -> Client {
    Client::builder().cookie_store(true).timeout(Duration::from_secs(20)).build().expect("client")
}

/// A connection to the database at `url` (a PostgreSQL URL or a SQLite file), of the server's own
/// type: like the server's pool, `establish` tries PostgreSQL, which refuses a file path, then SQLite.
pub fn db_at(url: &str) -> DbConnection {
    use diesel::connection::SimpleConnection;
    let mut conn = DbConnection::establish(url).unwrap_or_else(|e| panic!("{url}: {e}"));
    // A test's own writes wait their turn beside the server's, as the server's connections do
    // (db/mod.rs): without a busy timeout SQLite answers "database is locked" at once.
    if let DbConnection::Sqlite(c) = &mut conn {
        c.batch_execute("PRAGMA busy_timeout = 5000;").unwrap_or_else(|e| panic!("{url}: {e}"));
    }
    conn
}

/// Starts the server binary on a free port with this data dir (and database, when given);
/// returns the process and the base URL it printed.
pub fn spawn_server(data_dir: &std::path::Path, database_url: Option<&str>, extra_env: &[(&str, &str)]) -> (Child, String) {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_jobseeker-server"));
    cmd.env("PORT", "0")
        .env("HOST", "127.0.0.1")
        .env("DATA_DIR", data_dir)
        .env("UI_DIR", data_dir.join("no-ui"))
        .env("RUST_LOG", "error")
        .env_remove("DATABASE_URL")
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit());
    // A test that asks for a log level (RUST_LOG) reads what was logged through TestServer::log.
    if extra_env.iter().any(|(k, _)| *k == "RUST_LOG") {
        cmd.stderr(std::fs::File::create(data_dir.join("server.log")).expect("server log"));
    }
    if let Some(url) = database_url {
        cmd.env("DATABASE_URL", url);
    }
    for (k, v) in extra_env {
        cmd.env(k, v);
    }
    let mut child = cmd.spawn().expect("start server");
    let stdout = child.stdout.take().expect("stdout");
    let mut line = String::new();
    BufReader::new(stdout).read_line(&mut line).expect("read listening line");
    let base = line.trim().strip_prefix("listening on ").unwrap_or_else(|| panic!("unexpected: {line}")).to_string();
    (child, base)
}

pub fn envelope(res: Response) -> (u16, Value) {
    let status = res.status().as_u16();
    let text = res.text().expect("body");
    let value = serde_json::from_str(&text).unwrap_or_else(|_| panic!("not JSON ({status}): {text}"));
    (status, value)
}

/// The error code of an envelope, or "" when it holds a result.
pub fn code(v: &Value) -> &str {
    v.pointer("/error/code").and_then(Value::as_str).unwrap_or("")
}

impl Drop for TestServer {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        if let Some((admin_url, name)) = &self.pg_drop {
            if let Ok(mut c) = PgConnection::establish(admin_url) {
                let _ = diesel::sql_query(format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)")).execute(&mut c);
            }
        }
    }
}

/// One server per engine this run can reach.
pub fn servers() -> Vec<TestServer> {
    servers_with(&[])
}

pub fn servers_with(extra_env: &[(&str, &str)]) -> Vec<TestServer> {
    let mut list = vec![TestServer::start("sqlite", None, None, extra_env)];
    if let Ok(admin_url) = std::env::var("TEST_DATABASE_URL") {
        if !admin_url.is_empty() {
            let name = format!("jobseeker_t_{}_{}", std::process::id(), tempdir::rand_suffix());
            let mut c = PgConnection::establish(&admin_url).expect("TEST_DATABASE_URL reachable");
            diesel::sql_query(format!("CREATE DATABASE {name}")).execute(&mut c).expect("create test database");
            let url = with_database(&admin_url, &name);
            list.push(TestServer::start("postgresql", Some(url), Some((admin_url, name)), extra_env));
        }
    }
    list
}

fn with_database(url: &str, name: &str) -> String {
    let mut parsed = url::Url::parse(url).expect("TEST_DATABASE_URL is a URL");
    parsed.set_path(&format!("/{name}"));
    parsed.to_string()
}

pub fn login(server: &TestServer, client: &Client) -> Value {
    login_as(server, client, DEMO_MOBILE)
}

/// Logs a seeded candidate in (they share DEMO_PASSWORD); answers /pclogin/login's result.
pub fn login_as(server: &TestServer, client: &Client, mobile: &str) -> Value {
    let (status, v) = server.call(client, "/pclogin/login", &[("mobile", mobile), ("password", DEMO_PASSWORD)]);
    assert_eq!(status, 200, "{} login {mobile}: {v}", server.engine);
    v["result"].clone()
}

/// Changes a job straight in the database, as another server would (or time would).
pub fn update_job(s: &TestServer, id: i64, closed: bool, title: Option<&str>, at: i64) {
    use diesel::{ExpressionMethods, QueryDsl};
    use server::db::schema::jobs;
    let conn = &mut s.db();
    diesel::update(jobs::table.find(id)).set((jobs::closed.eq(closed), jobs::updated_at.eq(at))).execute(conn).expect("update");
    if let Some(t) = title {
        diesel::update(jobs::table.find(id)).set(jobs::title.eq(t)).execute(conn).expect("update");
    }
}

/// Gives the user `mobile` this email, straight in the database at `database_url`.
pub fn set_email(database_url: &str, mobile: &str, email: &str) {
    use diesel::{ExpressionMethods, QueryDsl};
    use server::db::schema::users;
    diesel::update(users::table.filter(users::mobile.eq(mobile))).set(users::email.eq(email)).execute(&mut db_at(database_url)).expect("email");
}

/// The newest code the dev SMS provider "sent" to `mobile` (its outbox at /dev/outbox).
pub fn outbox_code(s: &TestServer, mobile: &str) -> String {
    let list: Value = s.client().get(s.url("/dev/outbox?format=json")).send().expect("outbox").json().expect("json");
    list.as_array()
        .expect("list")
        .iter()
        // Codes only: a notice to the same mobile (the log-in mobile changed, say) has none.
        .find(|m| m["mobile"] == mobile && m["code"].is_string())
        .and_then(|m| m["code"].as_str())
        .unwrap_or_else(|| panic!("no text to {mobile}: {list}"))
        .to_string()
}

/// Waits (up to 30 s) until the one-off thumbnails job (server/src/domain/thumbnails.rs) is done on
/// the database at `database_url`: at a fresh server's start it gives the seeded demo photo its four
/// thumbnails, which a test counting stored files must not see arrive half-way.
pub fn wait_for_thumbnails(database_url: &str) {
    #[derive(diesel::QueryableByName)]
    struct Progress {
        #[diesel(sql_type = diesel::sql_types::Text)]
        value: String,
    }
    let progress = || -> Option<String> {
        let rows: Vec<Progress> = diesel::sql_query("SELECT value FROM shared_keys WHERE key = 'job:thumbnails'").load(&mut db_at(database_url)).expect("progress");
        rows.into_iter().next().map(|r| r.value)
    };
    let start = std::time::Instant::now();
    while progress().as_deref() != Some("done") {
        assert!(start.elapsed() < Duration::from_secs(30), "waited 30 s for the thumbnails job: {:?}", progress());
        std::thread::sleep(Duration::from_millis(100));
    }
}
