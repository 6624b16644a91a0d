//! Orders in the admin console and refunds through the payment provider (issue 19), and paid plans
//! bought through company orders (issue 16), over HTTP on SQLite and PostgreSQL: who may list and
//! refund, every refusal, a refund that ends the paid effect and is audited, a second click that
//! refunds nothing, a company's purchase raising its quotas and falling back when the plan ends or is
//! refunded, and companies that never see or pay each other's orders. The WeChat Pay face is run
//! against a fake WeChat Pay on loopback.

// Test helpers: a failed step panics with its message, as in a #[test] itself.
#![allow(clippy::expect_used)]

use crate::common;
use crate::common::fake_wechatpay;
use crate::common::staff;

use crate::common::{code, servers, servers_with, TestServer, DEMO_PASSWORD};
use diesel::{ExpressionMethods, QueryDsl, RunQueryDsl};
use server::db::order::OrderStatus;
use server::db::schema::{company_orders, company_quota_uses, orders};
use reqwest::blocking::Client;
use serde_json::Value;

const SECOND_CANDIDATE: &str = "13900000001";

fn no_redirect() -> Client {
    Client::builder().cookie_store(true).redirect(reqwest::redirect::Policy::none()).build().expect("client")
}

fn candidate_login(s: &TestServer, c: &Client, mobile: &str) {
    let (status, v) = s.call(c, "/pclogin/login", &[("mobile", mobile), ("password", DEMO_PASSWORD)]);
    assert_eq!(status, 200, "{v}");
}

/// A candidate's order of `service`, paid through the dev checkout; answers its number.
fn bought(s: &TestServer, candidate: &Client, service: &str) -> String {
    let (_, v) = s.call(candidate, "/order/create", &[("serviceCode", service)]);
    let url = v["result"]["payUrl"].as_str().expect("payUrl").to_string();
    assert_eq!(candidate.post(s.url(&url)).send().expect("pay").status().as_u16(), 303);
    v["result"]["orderNo"].as_str().expect("orderNo").to_string()
}

fn first_hit(s: &TestServer, company: &Client) -> Value {
    let (_, v) = s.call(company, "/comresume/search", &[("page", "1"), ("pagesize", "10")]);
    v["result"]["list"][0].clone()
}

fn refunds_in_audit(s: &TestServer, admin: &Client) -> Vec<Value> {
    let (_, v) = s.call(admin, "/admin/audit/list", &[("page", "1"), ("pagesize", "50"), ("q", "order.refund")]);
    v["result"]["list"].as_array().expect("audit").clone()
}

#[test]
fn an_admin_refunds_a_paid_order_once_its_effect_ends_and_every_refusal_changes_nothing() {
    for s in servers() {
        let candidate = no_redirect();
        candidate_login(&s, &candidate, SECOND_CANDIDATE);
        let company = staff::company_login(&s);
        let order_no = bought(&s, &candidate, "resume_top_7d");
        let top = first_hit(&s, &company);
        assert_eq!((top["name"].as_str(), &top["top"]), (Some("李娜"), &Value::Bool(true)), "{top}");
        let (_, v) = s.call(&candidate, "/order/create", &[("serviceCode", "resume_refresh_30d")]);
        let unpaid = v["result"]["orderNo"].as_str().expect("orderNo").to_string();

        let refund_form = |no: &str, amount: &str, reason: &str| -> Vec<(String, String)> {
            vec![("orderNo".into(), no.into()), ("amountFen".into(), amount.into()), ("reason".into(), reason.into())]
        };
        let call = |c: &Client, form: &[(String, String)]| -> (u16, Value) {
            let form: Vec<(&str, &str)> = form.iter().map(|(k, v)| (k.as_str(), v.as_str())).collect();
            s.call(c, "/admin/order/refund", &form)
        };
        let good = refund_form(&order_no, "1990", "用户误购，协商退款");

        // Not an admin: no session, a candidate's, a company's.
        for c in [&s.client(), &candidate, &company] {
            assert_eq!(call(c, &good).0, 401);
            assert_eq!(s.call(c, "/admin/order/list", &[]).0, 401);
        }
        // Roles: support reads but does not refund; a reviewer does neither.
        let admin = staff::super_admin(&s);
        let support = staff::admin_of_role(&s, &admin, "refund_support", "support");
        let reviewer = staff::admin_of_role(&s, &admin, "refund_reviewer", "reviewer");
        let (status, v) = s.call(&support, "/admin/order/list", &[("q", SECOND_CANDIDATE)]);
        assert_eq!(status, 200, "{v}");
        assert_eq!(code(&call(&support, &good).1), "FORBIDDEN_ROLE");
        assert_eq!(code(&s.call(&reviewer, "/admin/order/list", &[]).1), "FORBIDDEN_ROLE");
        assert_eq!(code(&call(&reviewer, &good).1), "FORBIDDEN_ROLE");

        // The list: by state, by the buyer, by date, paged.
        let list = |form: &[(&str, &str)]| -> Value {
            let (status, v) = s.call(&admin, "/admin/order/list", form);
            assert_eq!(status, 200, "{v}");
            v["result"].clone()
        };
        let nos = |v: &Value| -> Vec<String> { v["list"].as_array().expect("list").iter().map(|o| o["orderNo"].as_str().unwrap_or("").to_string()).collect() };
        let mine = list(&[("q", SECOND_CANDIDATE)]);
        assert_eq!(nos(&mine), vec![unpaid.clone(), order_no.clone()], "newest first: {mine}");
        assert_eq!((&mine["list"][1]["buyer"], &mine["list"][1]["itemZh"], &mine["list"][1]["status"]), (&Value::from("李娜"), &Value::from("简历置顶 7 天"), &Value::from(2)));
        assert_eq!(nos(&list(&[("q", SECOND_CANDIDATE), ("status", "2")])), vec![order_no.clone()]);
        assert_eq!(nos(&list(&[("q", SECOND_CANDIDATE), ("status", "1")])), vec![unpaid.clone()]);
        assert_eq!(nos(&list(&[("q", SECOND_CANDIDATE), ("page", "2"), ("pagesize", "1")])), vec![order_no.clone()]);
        assert_eq!(list(&[("q", SECOND_CANDIDATE), ("pagesize", "1")])["total"], 2);
        let today = server::ids::beijing_date(server::ids::now_ms());
        let today = format!("{}-{}-{}", &today[..4], &today[4..6], &today[6..]);
        assert_eq!(nos(&list(&[("q", SECOND_CANDIDATE), ("from", &today), ("to", &today)])).len(), 2);
        assert!(nos(&list(&[("q", SECOND_CANDIDATE), ("from", "2099-01-01")])).is_empty());
        assert!(nos(&list(&[("q", SECOND_CANDIDATE), ("to", "2020-01-01")])).is_empty());
        assert!(nos(&list(&[("q", "没有这个人")])).is_empty());
        for bad in [[("from", "yesterday")], [("status", "9")], [("kind", "alien")]] {
            assert_eq!(code(&s.call(&admin, "/admin/order/list", &bad).1), "BAD_INPUT", "{bad:?}");
        }
        let (_, v) = s.call(&admin, "/admin/order/detail", &[("orderNo", &order_no)]);
        assert_eq!((&v["result"]["kind"], &v["result"]["mobile"], &v["result"]["refund"]), (&Value::from("candidate"), &Value::from(SECOND_CANDIDATE), &Value::Null), "{v}");
        assert_eq!(code(&s.call(&admin, "/admin/order/detail", &[("orderNo", "ZD0000")]).1), "NOT_FOUND");

        // Every refusal changes nothing.
        assert_eq!(code(&call(&admin, &refund_form("ZD20000101000", "100", "x")).1), "NOT_FOUND");
        assert_eq!(code(&call(&admin, &refund_form(&unpaid, "990", "退款")).1), "ORDER_NOT_REFUNDABLE");
        assert_eq!(code(&call(&admin, &refund_form(&order_no, "1990", "  ")).1), "BAD_INPUT", "a reason is required");
        assert_eq!(code(&call(&admin, &refund_form(&order_no, "1991", "退款")).1), "REFUND_TOO_MUCH");
        assert_eq!(code(&call(&admin, &refund_form(&order_no, "0", "退款")).1), "BAD_INPUT");
        assert_eq!(code(&call(&admin, &refund_form(&order_no, "19.9", "退款")).1), "BAD_INPUT");
        assert_eq!(s.call(&candidate, "/order/orderList", &[]).1["result"]["list"][1]["status"], 2);
        assert_eq!(first_hit(&s, &company)["top"], true, "still on top");
        assert!(refunds_in_audit(&s, &admin).is_empty());

        // The refund: the order shows refunded, the top placement ends, the audit row has it all.
        let (status, v) = call(&admin, &good);
        assert_eq!(status, 200, "{v}");
        assert_eq!((&v["result"]["status"], &v["result"]["refund"]["status"], &v["result"]["refund"]["amountFen"]), (&Value::from(5), &Value::from("done"), &Value::from(1990)), "{v}");
        let (_, v) = s.call(&candidate, "/order/orderList", &[]);
        assert_eq!(v["result"]["list"][1]["status"], 5, "{v}");
        assert!(v["result"]["list"][1]["effectiveUntil"].as_i64().expect("until") <= server::ids::now_ms());
        assert_eq!(first_hit(&s, &company)["top"], false, "the paid effect ended");
        let audit = refunds_in_audit(&s, &admin);
        assert_eq!(audit.len(), 1, "{audit:?}");
        assert_eq!(
            (&audit[0]["action"], &audit[0]["admin"], &audit[0]["before"], &audit[0]["after"], &audit[0]["reason"]),
            (&Value::from("order.refund"), &Value::from("admin"), &Value::from("paid 19.90"), &Value::from("refunded 19.90"), &Value::from("用户误购，协商退款"))
        );
        assert!(audit[0]["target"].as_str().is_some_and(|t| t.contains(&order_no)));

        // A second click refunds nothing and writes nothing.
        assert_eq!(code(&call(&admin, &good).1), "ORDER_REFUNDED");
        assert_eq!(code(&call(&admin, &refund_form(&order_no, "10", "再退")).1), "ORDER_REFUNDED");
        assert_eq!(refunds_in_audit(&s, &admin).len(), 1);
        assert_eq!(nos(&list(&[("q", SECOND_CANDIDATE), ("status", "5")])), vec![order_no.clone()]);

        // A partial refund is at most what was paid, and is the amount recorded.
        let other = bought(&s, &candidate, "resume_highlight_30d");
        let (status, v) = call(&admin, &refund_form(&other, "1000", "部分退款"));
        assert_eq!(status, 200, "{v}");
        assert_eq!(refunds_in_audit(&s, &admin)[0]["after"], "refunded 10.00");
    }
}

fn plan(s: &TestServer, c: &Client) -> Value {
    let (status, v) = s.call(c, "/complan/get", &[]);
    assert_eq!(status, 200, "{v}");
    v["result"].clone()
}

fn set_refreshes_used(s: &TestServer, company: i64, month: &str, used: i64) {
    use company_quota_uses::dsl as q;
    let c = &mut s.db();
    diesel::delete(q::company_quota_uses.filter(q::company_id.eq(company)).filter(q::month.eq(month)).filter(q::kind.eq("refreshes"))).execute(c).expect("delete");
    diesel::insert_into(q::company_quota_uses).values((q::company_id.eq(company), q::month.eq(month), q::kind.eq("refreshes"), q::used.eq(used))).execute(c).expect("insert");
}

#[test]
fn a_company_owner_buys_a_plan_that_raises_its_quotas_until_it_ends_or_is_refunded_and_no_other_company_sees_it() {
    for s in servers() {
        let a = no_redirect();
        staff::company_login_into(&s, &a);
        let (_, me) = s.call(&a, "/comlogin/me", &[]);
        let company_id = me["result"]["company"]["id"].as_i64().expect("company id");
        let suffix = format!("{:04}", std::process::id() % 10_000);
        let b = staff::register_company(&s, &format!("1350000{suffix}"), &format!("乙方科技{suffix}"));

        let (status, v) = s.call(&a, "/complan/plans", &[]);
        assert_eq!(status, 200, "{v}");
        let pro = v["result"].as_array().expect("plans").iter().find(|p| p["code"] == "pro_30d").expect("pro").clone();
        assert_eq!((&pro["amountFen"], &pro["quotas"]["refreshes"]), (&Value::from(69_900), &Value::from(1000)));

        // The free allowance is used up: the next refresh is refused.
        let p = plan(&s, &a);
        assert_eq!(p["plan"], "free");
        let month = p["month"].as_str().expect("month").to_string();
        let job = staff::post_job(&s, &a, &format!("套餐职位{}", common::tempdir::rand_suffix()));
        set_refreshes_used(&s, company_id, &month, 60);
        assert_eq!(code(&s.call(&a, "/comjob/refresh", &[("id", &job)]).1), "QUOTA_EXCEEDED");

        // Only the owner buys: not an interviewer of the company, not a candidate.
        let (_, v) = s.call(&a, "/cominterviewer/save", &[("name", "周面试"), ("mobile", &format!("1360002{suffix}")), ("email", &format!("zhou{suffix}@example.com"))]);
        assert_eq!(v["result"]["invited"], true, "{v}");
        let password = staff::accept_invitation(&s, &format!("1360002{suffix}"));
        let interviewer = staff::interviewer_login(&s, &format!("1360002{suffix}"), &password);
        assert_eq!(code(&s.call(&interviewer, "/complan/order/create", &[("planCode", "pro_30d")]).1), "FORBIDDEN_ROLE");
        assert_eq!(code(&s.call(&interviewer, "/complan/order/list", &[]).1), "FORBIDDEN_ROLE");
        let candidate = s.client();
        common::login(&s, &candidate);
        assert_eq!(s.call(&candidate, "/complan/order/create", &[("planCode", "pro_30d")]).0, 401);
        assert_eq!(code(&s.call(&a, "/complan/order/create", &[("planCode", "gold")]).1), "BAD_INPUT");

        let (status, v) = s.call(&a, "/complan/order/create", &[("planCode", "pro_30d")]);
        assert_eq!(status, 200, "{v}");
        let order_no = v["result"]["orderNo"].as_str().expect("orderNo").to_string();
        let pay_url = v["result"]["payUrl"].as_str().expect("payUrl").to_string();
        assert!(order_no.starts_with("ZC20") && pay_url == format!("/dev/pay/{order_no}"), "{v}");
        assert_eq!(v["result"]["amountFen"], 69_900);

        // Company B neither sees nor pays nor cancels A's order; a candidate cannot pay it either.
        let (_, v) = s.call(&b, "/complan/order/list", &[]);
        assert_eq!(v["result"]["total"], 0, "{v}");
        assert_eq!(b.get(s.url(&pay_url)).send().expect("page").status().as_u16(), 404);
        assert_eq!(b.post(s.url(&pay_url)).send().expect("pay").status().as_u16(), 404);
        assert_eq!(code(&s.call(&b, "/complan/order/cancel", &[("orderNo", &order_no)]).1), "NOT_FOUND");
        assert_eq!(candidate.post(s.url(&pay_url)).send().expect("pay").status().as_u16(), 401);
        assert_eq!(interviewer.post(s.url(&pay_url)).send().expect("pay").status().as_u16(), 400, "FORBIDDEN_ROLE");
        assert_eq!(plan(&s, &a)["plan"], "free");

        // A's owner pays on the dev checkout: the plan and its quotas change at once.
        let page = a.get(s.url(&pay_url)).send().expect("page").text().expect("html");
        assert!(page.contains(&order_no) && page.contains("699.00") && page.contains("专业版"), "{page}");
        let paid = a.post(s.url(&pay_url)).send().expect("pay");
        assert_eq!(paid.status().as_u16(), 303);
        assert_eq!(paid.headers().get("location").and_then(|h| h.to_str().ok()), Some("/recruit/plan?paid=1"));
        assert_eq!(a.post(s.url(&pay_url)).send().expect("pay").status().as_u16(), 400, "paying twice is refused");
        let p = plan(&s, &a);
        assert_eq!((&p["plan"], &p["quotas"]["refreshes"], &p["used"]["refreshes"]), (&Value::from("pro_30d"), &Value::from(1000), &Value::from(60)), "{p}");
        assert!(p["until"].as_i64().expect("until") > server::ids::now_ms() + 29 * 86_400_000);
        assert_eq!(s.call(&a, "/comjob/refresh", &[("id", &job)]).0, 200, "the paid plan's quota");
        assert_eq!(plan(&s, &b)["plan"], "free", "B's plan is its own");
        let (_, v) = s.call(&a, "/complan/order/list", &[]);
        assert_eq!((&v["result"]["total"], &v["result"]["list"][0]["status"], &v["result"]["list"][0]["planNameZh"]), (&Value::from(1), &Value::from(2), &Value::from("专业版 30 天")), "{v}");

        // The plan ends: the company falls back to the free allowance.
        diesel::update(company_orders::table.filter(company_orders::order_no.eq(&order_no)))
            .set((company_orders::effective_from.eq(Some(1_i64)), company_orders::effective_until.eq(Some(2_i64))))
            .execute(&mut s.db())
            .expect("end");
        let p = plan(&s, &a);
        assert_eq!((&p["plan"], &p["quotas"]["refreshes"]), (&Value::from("free"), &Value::from(60)), "{p}");
        assert_eq!(code(&s.call(&a, "/comjob/refresh", &[("id", &job)]).1), "QUOTA_EXCEEDED");

        // A second plan, refunded by an admin: the plan ends at once, the order shows refunded.
        let (_, v) = s.call(&a, "/complan/order/create", &[("planCode", "basic_30d")]);
        let basic = v["result"]["orderNo"].as_str().expect("orderNo").to_string();
        assert_eq!(a.post(s.url(&format!("/dev/pay/{basic}"))).send().expect("pay").status().as_u16(), 303);
        assert_eq!(plan(&s, &a)["plan"], "basic_30d");
        let admin = staff::super_admin(&s);
        let (_, v) = s.call(&admin, "/admin/order/list", &[("kind", "company"), ("q", "乙方科技")]);
        assert_eq!(v["result"]["total"], 0, "B bought nothing: {v}");
        let (_, v) = s.call(&admin, "/admin/order/list", &[("kind", "company"), ("status", "2")]);
        assert!(v["result"]["list"].as_array().expect("list").iter().any(|o| o["orderNo"] == basic.as_str() && o["buyerId"] == company_id), "{v}");
        let (status, v) = s.call(&admin, "/admin/order/refund", &[("orderNo", &basic), ("amountFen", "29900"), ("reason", "企业申请退订")]);
        assert_eq!(status, 200, "{v}");
        assert_eq!(plan(&s, &a)["plan"], "free");
        let (_, v) = s.call(&a, "/complan/order/list", &[]);
        assert_eq!(v["result"]["list"][0]["status"], 5, "{v}");

        // A pending order the owner cancels; then it cannot be paid.
        let (_, v) = s.call(&a, "/complan/order/create", &[("planCode", "basic_30d")]);
        let pending = v["result"]["orderNo"].as_str().expect("orderNo").to_string();
        assert_eq!(code(&s.call(&admin, "/admin/order/refund", &[("orderNo", &pending), ("amountFen", "100"), ("reason", "x")]).1), "ORDER_NOT_REFUNDABLE");
        assert_eq!(s.call(&a, "/complan/order/cancel", &[("orderNo", &pending)]).0, 200);
        assert_eq!(a.post(s.url(&format!("/dev/pay/{pending}"))).send().expect("pay").status().as_u16(), 400);
    }
}

/// Marks a candidate's order paid straight in the database, as WeChat Pay's payment notice would.
fn mark_paid(s: &TestServer, order_no: &str) {
    let now = server::ids::now_ms();
    diesel::update(orders::table.filter(orders::order_no.eq(order_no)))
        .set((orders::status.eq(OrderStatus::Paid), orders::paid_at.eq(Some(now)), orders::effective_until.eq(Some(now + 7 * 86_400_000))))
        .execute(&mut s.db())
        .expect("paid");
}

#[test]
fn refunds_go_through_wechat_pay_signed_once_per_order_and_a_refusal_is_audited_and_retryable() {
    let fake = fake_wechatpay::fake_wechatpay();
    let dir = common::tempdir::Dir::new();
    let key_file = dir.0.join("apiclient_key.pem");
    std::fs::write(&key_file, fake_wechatpay::KEY_PEM).expect("key");
    let env = [
        ("PAYMENT_PROVIDER", "wechatpay"),
        ("WECHATPAY_BASE_URL", fake.base.as_str()),
        ("WECHATPAY_MCH_ID", fake_wechatpay::MCH_ID),
        ("WECHATPAY_SERIAL_NO", fake_wechatpay::SERIAL_NO),
        ("WECHATPAY_KEY_FILE", key_file.to_str().expect("path")),
    ];
    for s in servers_with(&env) {
        let candidate = s.client();
        candidate_login(&s, &candidate, SECOND_CANDIDATE);
        let admin = staff::super_admin(&s);
        let order = |service: &str| -> String {
            let (_, v) = s.call(&candidate, "/order/create", &[("serviceCode", service)]);
            let no = v["result"]["orderNo"].as_str().expect("orderNo").to_string();
            mark_paid(&s, &no);
            no
        };
        let refund = |no: &str, amount: &str| s.call(&admin, "/admin/order/refund", &[("orderNo", no), ("amountFen", amount), ("reason", "客服退款")]);
        let vendor_refunds = |no: &str| fake.refunds().into_iter().filter(|r| r.out_trade_no == no).collect::<Vec<_>>();

        // Accepted: one signed request, the vendor's record matches ours.
        let first = order("resume_top_7d");
        let (status, v) = refund(&first, "1500");
        assert_eq!(status, 200, "{v}");
        let r = vendor_refunds(&first);
        assert_eq!(r.len(), 1);
        assert_eq!((r[0].refund, r[0].total, r[0].out_refund_no.as_str(), r[0].reason.as_str()), (1500, 1990, format!("RF{first}").as_str(), "客服退款"));
        assert_eq!(code(&refund(&first, "1500").1), "ORDER_REFUNDED");
        assert_eq!(vendor_refunds(&first).len(), 1, "a second click never reaches the vendor twice");

        // The vendor refuses: nothing refunded here, the refusal audited, and it may be tried again.
        let refused = order("resume_refresh_30d");
        fake.state.refuse.lock().expect("refuse").insert(refused.clone());
        let (status, v) = refund(&refused, "990");
        assert_eq!((status, code(&v)), (502, "REFUND_FAILED"), "{v}");
        let (_, v) = s.call(&admin, "/admin/order/detail", &[("orderNo", &refused)]);
        assert_eq!((&v["result"]["status"], &v["result"]["refund"]), (&Value::from(2), &Value::Null), "{v}");
        assert_eq!(refunds_in_audit(&s, &admin)[0]["action"], "order.refund.refused");
        fake.state.refuse.lock().expect("refuse").clear();
        assert_eq!(refund(&refused, "990").0, 200);

        // The vendor fails (its answer lost): the refund stays pending; the next click sends the
        // same refund number and amount, and the vendor refunds once.
        let lost = order("resume_highlight_30d");
        fake.state.fail_first.store(1, std::sync::atomic::Ordering::SeqCst);
        assert_eq!(code(&refund(&lost, "2990").1), "REFUND_FAILED");
        let (_, v) = s.call(&admin, "/admin/order/detail", &[("orderNo", &lost)]);
        assert_eq!((&v["result"]["status"], &v["result"]["refund"]["status"]), (&Value::from(2), &Value::from("pending")), "{v}");
        assert_eq!(refund(&lost, "2990").0, 200);
        assert_eq!(vendor_refunds(&lost).len(), 1);
        assert_eq!(fake.state.bad_signatures.load(std::sync::atomic::Ordering::SeqCst), 0, "every request was signed right");
    }
}
