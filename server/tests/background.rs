//! Background work in a cluster: two servers on one database sweep unpaid orders past their time,
//! and each order expires once — one "order expired" line in the two servers' logs together — with
//! the sweep on one server (the lease holder) while both run, and taken over by the other when that
//! one stops. On PostgreSQL when TEST_DATABASE_URL is set, and on a shared SQLite file.

use crate::common;

use std::collections::HashMap;
use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use crate::common::{db_at, tempdir, DEMO_MOBILE, DEMO_PASSWORD};
use diesel::{Connection, ExpressionMethods, PgConnection, QueryDsl, RunQueryDsl};
use server::db::order::OrderStatus;
use server::db::schema::orders;
use reqwest::blocking::Client;
use serde_json::Value;

struct Node {
    child: Child,
    base: String,
    log: PathBuf,
    _dir: tempdir::Dir,
}

impl Node {
    /// A server whose log (JSON lines on stderr) goes to a file the test reads.
    fn start(database_url: &str) -> Node {
        let dir = tempdir::Dir::new();
        let log = dir.0.join("server.log");
        let mut child = Command::new(env!("CARGO_BIN_EXE_jobseeker-server"))
            .env("PORT", "0")
            .env("HOST", "127.0.0.1")
            .env("DATA_DIR", &dir.0)
            .env("UI_DIR", dir.0.join("no-ui"))
            .env("DATABASE_URL", database_url)
            .env("JWT_SECRET", "a-shared-jwt-secret-of-at-least-32-bytes!!")
            .env("ORDER_PAY_WITHIN_SECS", "1")
            .env("ORDER_EXPIRY_SECS", "1")
            .env("RUST_LOG", "error,server::domain::background=info")
            .stdout(Stdio::piped())
            .stderr(std::fs::File::create(&log).expect("log file"))
            .spawn()
            .expect("start server");
        let mut line = String::new();
        BufReader::new(child.stdout.take().expect("stdout")).read_line(&mut line).expect("listening line");
        let base = line.trim().strip_prefix("listening on ").unwrap_or_else(|| panic!("unexpected: {line}")).to_string();
        Node { child, base, log, _dir: dir }
    }

    fn call(&self, client: &Client, path: &str, form: &[(&str, &str)]) -> Value {
        let (status, v) = common::envelope(client.post(format!("{}/ajax{path}", self.base)).form(form).send().expect("send"));
        assert_eq!(status, 200, "{path}: {v}");
        v["result"].clone()
    }

    /// The log's lines with this message.
    fn lines(&self, message: &str) -> Vec<Value> {
        lines_of(&self.log, message)
    }

    fn stop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Drop for Node {
    fn drop(&mut self) {
        self.stop();
    }
}

fn lines_of(log: &Path, message: &str) -> Vec<Value> {
    std::fs::read_to_string(log)
        .unwrap_or_default()
        .lines()
        .filter_map(|l| serde_json::from_str::<Value>(l).ok())
        .filter(|v| v["fields"]["message"] == message)
        .collect()
}

fn pending_orders(database_url: &str) -> i64 {
    orders::table.filter(orders::status.eq(OrderStatus::Pending)).count().get_result(&mut db_at(database_url)).expect("count")
}

fn wait_until(what: &str, mut done: impl FnMut() -> bool) {
    let start = Instant::now();
    while !done() {
        assert!(start.elapsed() < Duration::from_secs(15), "waited 15 s for {what}");
        std::thread::sleep(Duration::from_millis(200));
    }
}

fn client() -> Client {
    Client::builder().cookie_store(true).build().expect("client")
}

fn databases(sqlite_dir: &Path) -> Vec<(String, Option<(String, String)>)> {
    let mut list = vec![(sqlite_dir.join("shared.sqlite3").to_string_lossy().into_owned(), None)];
    match std::env::var("TEST_DATABASE_URL").ok().filter(|u| !u.is_empty()) {
        Some(admin) => {
            let name = format!("jobseeker_bg_{}_{}", std::process::id(), tempdir::rand_suffix());
            let mut c = PgConnection::establish(&admin).expect("TEST_DATABASE_URL reachable");
            diesel::sql_query(format!("CREATE DATABASE {name}")).execute(&mut c).expect("create database");
            let mut url = url::Url::parse(&admin).expect("url");
            url.set_path(&format!("/{name}"));
            list.push((url.to_string(), Some((admin, name))));
        }
        None => eprintln!("background: TEST_DATABASE_URL unset, so only the shared SQLite file is tested (not PostgreSQL)"),
    }
    list
}

#[test]
fn each_order_expires_once_across_two_servers_and_the_sweep_moves_when_its_server_stops() {
    let sqlite_dir = tempdir::Dir::new();
    for (database_url, pg_drop) in databases(&sqlite_dir.0) {
        let mut a = Node::start(&database_url);
        let b = Node::start(&database_url);
        let (ca, cb) = (client(), client());
        a.call(&ca, "/pclogin/login", &[("mobile", DEMO_MOBILE), ("password", DEMO_PASSWORD)]);
        b.call(&cb, "/pclogin/login", &[("mobile", DEMO_MOBILE), ("password", DEMO_PASSWORD)]);
        let mut orders = Vec::new();
        for i in 0..8 {
            let (node, c) = if i % 2 == 0 { (&a, &ca) } else { (&b, &cb) };
            let r = node.call(c, "/order/create", &[("serviceCode", "resume_top_7d")]);
            orders.push(r["orderNo"].as_str().expect("orderNo").to_string());
        }
        // Nobody lists the orders (which would expire them too): the sweep alone does it.
        wait_until("the sweep to expire every order", || pending_orders(&database_url) == 0);
        // Let both servers run a few more rounds: nothing expires twice.
        std::thread::sleep(Duration::from_millis(2500));
        let mut times: HashMap<String, usize> = HashMap::new();
        for line in a.lines("order expired").into_iter().chain(b.lines("order expired")) {
            *times.entry(line["fields"]["order_no"].as_str().expect("order_no").to_string()).or_default() += 1;
        }
        for no in &orders {
            assert_eq!(times.get(no), Some(&1), "{no} expired {:?} times ({database_url})", times.get(no));
        }
        let takers: Vec<&Node> = [&a, &b].into_iter().filter(|n| !n.lines("lease taken").is_empty()).collect();
        assert_eq!(takers.len(), 1, "one server sweeps while both run");
        let holder_is_a = std::ptr::eq(takers[0], &a);

        // The holder stops: the other takes the lease within its time and expires the next order.
        let (survivor, c) = if holder_is_a {
            a.stop();
            (&b, &cb)
        } else {
            drop(b);
            (&a, &ca)
        };
        let r = survivor.call(c, "/order/create", &[("serviceCode", "resume_refresh_30d")]);
        let last = r["orderNo"].as_str().expect("orderNo").to_string();
        wait_until("the other server to take over the sweep", || pending_orders(&database_url) == 0);
        assert_eq!(survivor.lines("lease taken").len(), 1);
        let by_survivor: Vec<Value> = survivor.lines("order expired").into_iter().filter(|l| l["fields"]["order_no"] == last.as_str()).collect();
        assert_eq!(by_survivor.len(), 1, "{last}");

        drop(a);
        if let Some((admin, name)) = pg_drop {
            if let Ok(mut c) = PgConnection::establish(&admin) {
                let _ = diesel::sql_query(format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)")).execute(&mut c);
            }
        }
    }
}
