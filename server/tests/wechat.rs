//! WeChat binding: the dev provider's local scan page, and the official-account provider
//! against a fake WeChat API on loopback with a signed scan callback.

use crate::common;

use std::net::TcpListener;
use std::sync::{Arc, Mutex};

use crate::common::{code, login, servers, servers_with, TestServer};
use serde_json::Value;
use sha1::Digest;

fn qr(s: &TestServer, client: &reqwest::blocking::Client) -> (String, String) {
    let (status, v) = s.call(client, "/im/getImWxCode", &[]);
    assert_eq!(status, 200, "{v}");
    (v["result"]["scene"].as_str().unwrap().to_string(), v["result"]["qrContent"].as_str().unwrap().to_string())
}

fn status_of(s: &TestServer, client: &reqwest::blocking::Client, scene: &str) -> Value {
    let (_, v) = s.call(client, "/pcuser/getBindWxInfo", &[("scene", scene)]);
    v["result"].clone()
}

#[test]
fn the_dev_provider_binds_through_a_local_scan_page() {
    for s in servers() {
        let client = s.client();
        login(&s, &client);
        let (_, v) = s.call(&client, "/pcuser/getWeiXinSetting", &[]);
        assert_eq!((&v["result"]["bound"], v["result"]["provider"].as_str()), (&Value::Bool(false), Some("dev")));
        let (scene, content) = qr(&s, &client);
        assert!(content.ends_with(&format!("/dev/wx/scan/{scene}")), "{content}");
        assert_eq!(status_of(&s, &client, &scene)["status"], "waiting");

        // The "phone" opens the page and confirms; it has no session of ours.
        let phone = reqwest::blocking::Client::new();
        let page = phone.get(&content).send().unwrap().text().unwrap();
        assert!(page.contains("确认绑定"));
        let done = phone.post(&content).form(&[("openid", "dev_alice"), ("nickname", "阿丽")]).send().unwrap().text().unwrap();
        assert!(done.contains("绑定成功"), "{done}");
        let info = status_of(&s, &client, &scene);
        assert_eq!((info["status"].as_str(), &info["bound"], info["nickname"].as_str()), (Some("bound"), &Value::Bool(true), Some("阿丽")));
        let (_, v) = s.call(&client, "/im/getImWxCode", &[]);
        assert_eq!(code(&v), "WX_ALREADY_BOUND", "this account already has a WeChat");

        // The same WeChat cannot bind a second account.
        let other = s.client();
        let (st, _) = s.call(&other, "/pclogin/login", &[("mobile", "13900000001"), ("password", common::DEMO_PASSWORD)]);
        assert_eq!(st, 200);
        let (scene2, content2) = qr(&s, &other);
        let refused = phone.post(&content2).form(&[("openid", "dev_alice"), ("nickname", "阿丽")]).send().unwrap().text().unwrap();
        assert!(refused.contains("已绑定其他账号"), "{refused}");
        assert_eq!(status_of(&s, &other, &scene2)["status"], "refused");
        let (_, v) = s.call(&other, "/pcuser/getBindWxInfo", &[("scene", &scene)]);
        assert_eq!(code(&v), "NOT_FOUND", "another user's scene");
        let stale = phone.post(&content).form(&[("openid", "dev_bob")]).send().unwrap().text().unwrap();
        assert!(stale.contains("失效"), "a used code does not bind again");

        let (_, v) = s.call(&client, "/pcuser/unBindWx", &[]);
        assert_eq!(v["result"], true);
        let (_, v) = s.call(&client, "/pcuser/unBindWx", &[]);
        assert_eq!(code(&v), "WX_NOT_BOUND");
        let (scene3, content3) = qr(&s, &other);
        phone.post(&content3).form(&[("openid", "dev_alice")]).send().unwrap();
        assert_eq!(status_of(&s, &other, &scene3)["status"], "bound", "free again after unbinding");
    }
}

struct FakeWeChat {
    base: String,
    scenes: Arc<Mutex<Vec<String>>>,
}

/// Answers /cgi-bin/token and /cgi-bin/qrcode/create like WeChat.
fn fake_wechat() -> FakeWeChat {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let base = format!("http://{}", listener.local_addr().unwrap());
    let scenes = Arc::new(Mutex::new(Vec::new()));
    let seen = scenes.clone();
    std::thread::spawn(move || {
        for stream in listener.incoming().flatten() {
            let (mut reader, request_line, body) = crate::common::fakes::read_request(stream);
            let answer = if request_line.contains("/cgi-bin/token?") && request_line.contains("appid=wx123") && request_line.contains("secret=s3cret") {
                r#"{"access_token":"ACCESS","expires_in":7200}"#.to_string()
            } else if request_line.contains("/cgi-bin/qrcode/create?access_token=ACCESS") {
                let v: Value = serde_json::from_slice(&body).unwrap_or_default();
                let scene = v["action_info"]["scene"]["scene_str"].as_str().unwrap_or("").to_string();
                seen.lock().unwrap().push(scene);
                r#"{"ticket":"T1","expire_seconds":600,"url":"http://weixin.qq.com/q/fake"}"#.to_string()
            } else {
                r#"{"errcode":40001,"errmsg":"invalid credential"}"#.to_string()
            };
            crate::common::fakes::answer_json(&mut reader, &answer);
        }
    });
    FakeWeChat { base, scenes }
}

fn signed_query(token: &str, timestamp: &str, nonce: &str) -> String {
    let mut parts = [token, timestamp, nonce];
    parts.sort();
    let sig: String = sha1::Sha1::digest(parts.concat().as_bytes()).iter().map(|b| format!("{b:02x}")).collect();
    format!("signature={sig}&timestamp={timestamp}&nonce={nonce}")
}

#[test]
fn the_official_account_provider_binds_on_a_signed_scan_event() {
    let fake = fake_wechat();
    let env = [
        ("WECHAT_PROVIDER", "official"),
        ("WECHAT_API_BASE", fake.base.as_str()),
        ("WECHAT_APP_ID", "wx123"),
        ("WECHAT_APP_SECRET", "s3cret"),
        ("WECHAT_CALLBACK_TOKEN", "cbtoken"),
    ];
    for s in servers_with(&env) {
        let client = s.client();
        login(&s, &client);
        let (scene, content) = qr(&s, &client);
        assert_eq!(content, "http://weixin.qq.com/q/fake");
        assert_eq!(fake.scenes.lock().unwrap().last(), Some(&scene), "the QR code carries our scene");
        assert_eq!(s.client().get(s.url("/dev/wx/scan/x")).send().unwrap().status().as_u16(), 404, "no dev page with the real provider");

        let wx = reqwest::blocking::Client::new();
        let echo = wx.get(s.url(&format!("/wx/callback?{}&echostr=hello", signed_query("cbtoken", "1700000000", "n1")))).send().unwrap();
        assert_eq!(echo.text().unwrap(), "hello", "URL check");

        let event = format!(
            "<xml><ToUserName><![CDATA[gh_1]]></ToUserName><FromUserName><![CDATA[oOPENID1]]></FromUserName>\
             <CreateTime>1700000000</CreateTime><MsgType><![CDATA[event]]></MsgType><Event><![CDATA[SCAN]]></Event>\
             <EventKey><![CDATA[{scene}]]></EventKey><Ticket><![CDATA[T1]]></Ticket></xml>"
        );
        let forged = wx.post(s.url(&format!("/wx/callback?{}", signed_query("wrong", "1700000000", "n2")))).body(event.clone()).send().unwrap();
        assert_eq!(forged.status().as_u16(), 403);
        assert_eq!(status_of(&s, &client, &scene)["status"], "waiting", "a forged event binds nothing");

        let res = wx.post(s.url(&format!("/wx/callback?{}", signed_query("cbtoken", "1700000001", "n3")))).body(event).send().unwrap();
        assert_eq!(res.text().unwrap(), "success");
        let info = status_of(&s, &client, &scene);
        assert_eq!((info["status"].as_str(), &info["bound"]), (Some("bound"), &Value::Bool(true)));

        // A first follow through the code ("subscribe" with qrscene_) binds too.
        let other = s.client();
        let (st, _) = s.call(&other, "/pclogin/login", &[("mobile", "13900000001"), ("password", common::DEMO_PASSWORD)]);
        assert_eq!(st, 200);
        let (scene2, _) = qr(&s, &other);
        let follow = format!(
            "<xml><FromUserName><![CDATA[oOPENID2]]></FromUserName><MsgType><![CDATA[event]]></MsgType>\
             <Event><![CDATA[subscribe]]></Event><EventKey><![CDATA[qrscene_{scene2}]]></EventKey></xml>"
        );
        wx.post(s.url(&format!("/wx/callback?{}", signed_query("cbtoken", "1700000002", "n4")))).body(follow).send().unwrap();
        assert_eq!(status_of(&s, &other, &scene2)["status"], "bound");
    }
    let broken = [("WECHAT_PROVIDER", "official"), ("WECHAT_API_BASE", fake.base.as_str()), ("WECHAT_APP_ID", "wx123"), ("WECHAT_APP_SECRET", "wrong")];
    for s in servers_with(&broken) {
        let client = s.client();
        login(&s, &client);
        let (status, v) = s.call(&client, "/im/getImWxCode", &[]);
        assert_eq!((status, code(&v)), (502, "WX_FAILED"));
    }
}
