//! moto's server from PyPI as the fake S3 vendor on loopback (scripts/lib.sh `ensure_moto` installs it
//! under target/moto-venv; MOTO_SERVER names another). One bucket is made for the test.

use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

pub struct FakeS3 {
    child: Child,
    pub endpoint: String,
    pub bucket: String,
}

fn moto_server() -> String {
    if let Some(p) = std::env::var("MOTO_SERVER").ok().filter(|p| std::path::Path::new(p).is_file()) {
        return p;
    }
    let local = concat!(env!("CARGO_MANIFEST_DIR"), "/../target/moto-venv/bin/moto_server");
    assert!(
        std::path::Path::new(local).is_file(),
        "the fake S3 (moto_server) is not installed: run scripts/test, or `source scripts/lib.sh && ensure_moto`"
    );
    local.to_string()
}

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0").expect("bind").local_addr().expect("addr").port()
}

impl FakeS3 {
    pub fn start(bucket: &str) -> FakeS3 {
        let port = free_port();
        let child = Command::new(moto_server())
            .args(["-H", "127.0.0.1", "-p", &port.to_string()])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("start moto_server");
        let endpoint = format!("http://127.0.0.1:{port}");
        let client = reqwest::blocking::Client::new();
        let started = Instant::now();
        loop {
            // moto takes requests without a signature; this makes the bucket.
            match client.put(format!("{endpoint}/{bucket}")).send() {
                Ok(r) if r.status().is_success() => break,
                Ok(r) => panic!("making the bucket: {}", r.status()),
                Err(_) if started.elapsed() < Duration::from_secs(30) => std::thread::sleep(Duration::from_millis(100)),
                Err(e) => panic!("moto_server did not answer on {endpoint}: {e}"),
            }
        }
        FakeS3 { child, endpoint, bucket: bucket.to_string() }
    }

    /// STORAGE_URL for a server keeping its uploads under `prefix` in the bucket.
    pub fn storage_url(&self, prefix: &str) -> String {
        format!("s3://{}/{prefix}?endpoint={}&region=us-east-1", self.bucket, self.endpoint)
    }

    /// The keys in the bucket (ListObjectsV2, first thousand).
    pub fn keys(&self) -> Vec<String> {
        let xml = reqwest::blocking::get(format!("{}/{}?list-type=2", self.endpoint, self.bucket)).expect("list").text().expect("body");
        xml.split("<Key>").skip(1).filter_map(|s| s.split("</Key>").next()).map(str::to_string).collect()
    }
}

impl Drop for FakeS3 {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
