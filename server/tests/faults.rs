//! Faults, short versions (scripts/fault runs them longer): the server killed with SIGKILL in the
//! middle of a write load keeps every write it answered with success, and SQLite's integrity
//! check passes; PostgreSQL stopped under load gives a clear error meanwhile and the server
//! recovers by itself when it is back.

use std::collections::HashSet;
use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::thread;
use std::time::{Duration, Instant};

use crate::common::{envelope, spawn_server, tempdir, DEMO_MOBILE, DEMO_PASSWORD};
use diesel::sql_types::Text;
use diesel::{Connection, QueryableByName, RunQueryDsl, SqliteConnection};
use reqwest::blocking::Client;
use serde_json::Value;

fn rounds(var: &str, default: usize) -> usize {
    std::env::var(var).ok().and_then(|v| v.parse().ok()).unwrap_or(default)
}

fn client() -> Client {
    Client::builder().cookie_store(true).timeout(Duration::from_secs(20)).build().expect("client")
}

fn call(client: &Client, base: &str, path: &str, form: &[(&str, &str)]) -> reqwest::Result<(u16, Value)> {
    client.post(format!("{base}/ajax{path}")).form(form).send().map(envelope)
}

fn login(client: &Client, base: &str) {
    let (status, v) = call(client, base, "/pclogin/login", &[("mobile", DEMO_MOBILE), ("password", DEMO_PASSWORD)]).expect("login");
    assert_eq!(status, 200, "login: {v}");
}

/// Every order number the caller has, through the paged list.
fn all_orders(client: &Client, base: &str) -> HashSet<String> {
    let mut seen = HashSet::new();
    for page in 1.. {
        let p = page.to_string();
        let (status, v) = call(client, base, "/order/orderList", &[("current", &p), ("pagesize", "50")]).expect("orderList");
        assert_eq!(status, 200, "{v}");
        let list = v["result"]["list"].as_array().expect("list").clone();
        if list.is_empty() {
            break;
        }
        seen.extend(list.iter().map(|o| o["orderNo"].as_str().expect("orderNo").to_string()));
    }
    seen
}

#[derive(QueryableByName)]
struct IntegrityCheck {
    #[diesel(sql_type = Text)]
    integrity_check: String,
}

#[test]
fn sqlite_keeps_every_answered_write_through_sigkill() {
    let dir = tempdir::Dir::new();
    let env = [("ORDER_PAY_WITHIN_SECS", "86400")];
    let mut answered: Vec<String> = Vec::new();
    let rounds = rounds("CRASH_ROUNDS", 3);
    for round in 0..rounds {
        let (mut child, base) = spawn_server(&dir.0, None, &env);
        let stop = Arc::new(AtomicBool::new(false));
        // Log in before the clock starts: the kill must land in the middle of writes.
        let clients: Vec<Client> = (0..3)
            .map(|_| {
                let c = client();
                login(&c, &base);
                c
            })
            .collect();
        let writers: Vec<_> = clients
            .into_iter()
            .map(|c| {
                let (base, stop) = (base.clone(), stop.clone());
                thread::spawn(move || {
                    let mut mine = Vec::new();
                    while !stop.load(Ordering::Relaxed) {
                        match call(&c, &base, "/order/create", &[("serviceCode", "resume_refresh_30d")]) {
                            Ok((200, v)) => mine.push(v["result"]["orderNo"].as_str().expect("orderNo").to_string()),
                            Ok((status, v)) => panic!("round {round}: {status} {v}"),
                            Err(_) => break, // the server is gone
                        }
                    }
                    mine
                })
            })
            .collect();
        // Kill at a different moment each round, while the writers are busy.
        thread::sleep(Duration::from_millis(400 + (round as u64 * 137) % 500));
        child.kill().expect("SIGKILL");
        child.wait().expect("reap");
        stop.store(true, Ordering::Relaxed);
        let before = answered.len();
        for w in writers {
            answered.extend(w.join().expect("writer"));
        }
        assert!(answered.len() > before, "round {round}: no write was answered before the kill");
    }

    let (mut child, base) = spawn_server(&dir.0, None, &env);
    let c = client();
    login(&c, &base);
    let stored = all_orders(&c, &base);
    let lost: Vec<&String> = answered.iter().filter(|no| !stored.contains(*no)).collect();
    child.kill().expect("stop");
    child.wait().expect("reap");
    assert!(lost.is_empty(), "{} of {} answered writes lost after {rounds} kills: {lost:?}", lost.len(), answered.len());

    let mut conn = SqliteConnection::establish(&dir.0.join("jobseeker.sqlite3").to_string_lossy()).expect("open the database file");
    let check: Vec<IntegrityCheck> = diesel::sql_query("PRAGMA integrity_check").load(&mut conn).expect("integrity_check");
    assert_eq!(check.iter().map(|r| r.integrity_check.as_str()).collect::<Vec<_>>(), ["ok"]);
}

/// A PostgreSQL cluster of the test's own, so stopping it troubles no one else.
struct PrivateCluster {
    bin: PathBuf,
    dir: tempdir::Dir,
    port: u16,
}

impl PrivateCluster {
    fn create() -> Self {
        let bin = std::fs::read_dir("/usr/lib/postgresql")
            .expect("PostgreSQL's server programs under /usr/lib/postgresql (Debian's postgresql package)")
            .filter_map(|e| e.ok().map(|e| e.path().join("bin")))
            .find(|p| p.join("initdb").exists())
            .expect("initdb");
        let dir = tempdir::Dir::new();
        let port = TcpListener::bind("127.0.0.1:0").expect("free port").local_addr().expect("addr").port();
        let cluster = PrivateCluster { bin, dir, port };
        // PostgreSQL refuses to run as root: the cluster belongs to the postgres user then.
        if is_root() {
            run(Command::new("chown").args(["-R", "postgres:postgres"]).arg(&cluster.dir.0));
        }
        cluster.pg(&["initdb", "-D", &cluster.data().to_string_lossy(), "-U", "postgres", "--auth=trust", "-E", "UTF8"]);
        cluster.start();
        cluster
    }

    fn data(&self) -> PathBuf {
        self.dir.0.join("data")
    }

    fn url(&self) -> String {
        format!("postgres://postgres@127.0.0.1:{}/postgres", self.port)
    }

    fn pg(&self, args: &[&str]) {
        let program = self.bin.join(args[0]);
        let mut cmd = if is_root() {
            let mut c = Command::new("runuser");
            c.args(["-u", "postgres", "--"]).arg(&program);
            c
        } else {
            Command::new(&program)
        };
        cmd.args(&args[1..]).current_dir(&self.dir.0);
        run(&mut cmd);
    }

    fn start(&self) {
        let opts = format!("-p {} -k {} -c listen_addresses=127.0.0.1", self.port, self.dir.0.display());
        let log = self.dir.0.join("pg.log");
        self.pg(&["pg_ctl", "-D", &self.data().to_string_lossy(), "-o", &opts, "-l", &log.to_string_lossy(), "-w", "start"]);
    }

    fn stop(&self) {
        self.pg(&["pg_ctl", "-D", &self.data().to_string_lossy(), "-m", "fast", "-w", "stop"]);
    }
}

impl Drop for PrivateCluster {
    fn drop(&mut self) {
        let _ = Command::new(if is_root() { "runuser" } else { "true" })
            .args(["-u", "postgres", "--"])
            .arg(self.bin.join("pg_ctl"))
            .args(["-D", &self.data().to_string_lossy(), "-m", "immediate", "stop"])
            .output();
    }
}

fn is_root() -> bool {
    Command::new("id").arg("-u").output().map(|o| String::from_utf8_lossy(&o.stdout).trim() == "0").unwrap_or(false)
}

fn run(cmd: &mut Command) {
    let out = cmd.output().unwrap_or_else(|e| panic!("{cmd:?}: {e}"));
    assert!(out.status.success(), "{cmd:?}: {}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
}

fn saved_jobs(c: &Client, base: &str) -> reqwest::Result<(u16, Value)> {
    call(c, base, "/pcuser/saveList", &[("page", "1"), ("pagesize", "10")])
}

#[test]
fn postgresql_outage_gives_a_clear_error_and_the_server_recovers_by_itself() {
    let cluster = PrivateCluster::create();
    let data_dir = tempdir::Dir::new();
    let (mut child, base) = spawn_server(&data_dir.0, Some(&cluster.url()), &[]);
    let c = client();
    login(&c, &base);
    let (status, before) = saved_jobs(&c, &base).expect("saveList");
    assert_eq!(status, 200, "{before}");

    for outage in 0..rounds("OUTAGE_ROUNDS", 1) {
        cluster.stop();
        let (status, v) = saved_jobs(&c, &base).expect("the server still answers");
        assert_eq!((status, v["error"]["code"].as_str()), (503, Some("DB_UNAVAILABLE")), "outage {outage}: {v}");
        let (status, v) = call(&c, &base, "/pcuser/saveJob", &[("jobid", "1")]).expect("the server still answers");
        assert_eq!((status, v["error"]["code"].as_str()), (503, Some("DB_UNAVAILABLE")), "outage {outage}: {v}");

        cluster.start();
        // No restart of ours: the pool replaces its dead connections on the next calls.
        let deadline = Instant::now() + Duration::from_secs(30);
        let after = loop {
            let (status, v) = saved_jobs(&c, &base).expect("answer");
            if status == 200 {
                break v;
            }
            assert!(Instant::now() < deadline, "outage {outage}: not recovered within 30 s: {v}");
            thread::sleep(Duration::from_millis(200));
        };
        assert_eq!(after["result"], before["result"], "outage {outage}: the data came back the same");
    }
    child.kill().expect("stop");
    child.wait().expect("reap");
    assert!(Path::new(&cluster.data()).exists());
}

/// A tmpfs of `kib` KiB mounted over a directory: a disk that fills up on demand. Unmounted on drop.
struct SmallDisk(PathBuf);

impl SmallDisk {
    fn mount(dir: &Path, kib: u32) -> Self {
        assert!(is_root(), "mounting a small disk needs root (the test machines and CI run as root)");
        std::fs::create_dir_all(dir).expect("mount point");
        run(Command::new("mount").args(["-t", "tmpfs", "-o", &format!("size={kib}k"), "tmpfs"]).arg(dir));
        SmallDisk(dir.to_path_buf())
    }

    fn names(&self) -> Vec<String> {
        let mut names: Vec<String> = std::fs::read_dir(&self.0).expect("list").map(|e| e.expect("entry").file_name().to_string_lossy().into_owned()).collect();
        names.sort();
        names
    }
}

impl Drop for SmallDisk {
    fn drop(&mut self) {
        let _ = Command::new("umount").arg(&self.0).status();
    }
}

fn upload_pdf(c: &Client, base: &str, rid: &str, bytes: Vec<u8>) -> (u16, Value) {
    let form = reqwest::blocking::multipart::Form::new()
        .text("resumeId", rid.to_string())
        .text("kind", "resumeFile")
        .part("file", reqwest::blocking::multipart::Part::bytes(bytes).file_name("简历.pdf"));
    envelope(c.post(format!("{base}/ajax/resume/upload")).multipart(form).send().expect("upload"))
}

#[test]
fn a_full_disk_while_uploading_is_a_clear_error_and_leaves_no_partial_file() {
    let data_dir = tempdir::Dir::new();
    let disk = SmallDisk::mount(&data_dir.0.join("uploads"), 1024);
    let (mut child, base) = spawn_server(&data_dir.0, None, &[]);
    let c = client();
    login(&c, &base);
    let (_, v) = call(&c, &base, "/resume/get", &[]).expect("get");
    let rid = v["result"]["id"].as_i64().expect("resume id").to_string();
    let files = |c: &Client| call(c, &base, "/resume/get", &[("resumeId", &rid)]).expect("get").1["result"]["files"]["resumeFile"].as_array().map_or(0, Vec::len);
    let before = files(&c);
    // The demo photo's thumbnails, made by a job at start, are there before the count.
    crate::common::wait_for_thumbnails(&data_dir.0.join("jobseeker.sqlite3").to_string_lossy());
    let initial = disk.names();

    // Leave about 64 KiB free, then send 300 KiB: the write runs out of room part-way.
    std::fs::write(disk.0.join("filler"), vec![0u8; 960 * 1024]).expect("filler");
    let mut pdf = b"%PDF-1.4\n".to_vec();
    pdf.resize(300 * 1024, b' ');
    let (status, v) = upload_pdf(&c, &base, &rid, pdf.clone());
    assert_eq!((status, v["error"]["code"].as_str()), (507, Some("STORAGE_FULL")), "{v}");
    let mut expected = initial.clone();
    expected.push("filler".to_string());
    expected.sort();
    assert_eq!(disk.names(), expected, "no part of the file is left behind");
    assert_eq!(files(&c), before, "no row points at a file that is not there");

    // Room again: the same upload goes through, and the stored file is whole.
    std::fs::remove_file(disk.0.join("filler")).expect("free the disk");
    let (status, v) = upload_pdf(&c, &base, &rid, pdf.clone());
    assert_eq!(status, 200, "{v}");
    assert_eq!(files(&c), before + 1);
    let stored: Vec<String> = disk.names().into_iter().filter(|n| !initial.contains(n)).collect();
    assert_eq!(stored.len(), 1, "{stored:?}");
    assert_eq!(std::fs::read(disk.0.join(&stored[0])).expect("stored file"), pdf);

    child.kill().expect("stop");
    child.wait().expect("reap");
}
