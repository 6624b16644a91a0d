//! Buying a service: catalogue, pending order, dev payment page, expiry, cancelling.

use crate::common;

use crate::common::{code, login, servers};
use serde_json::Value;

#[test]
fn an_order_is_created_paid_through_the_dev_provider_and_takes_effect() {
    for s in servers() {
        let client = s.client();
        login(&s, &client);
        let (_, v) = s.call(&client, "/order/services", &[]);
        let services = v["result"].as_array().expect("catalogue").clone();
        assert!(services.len() >= 3);
        let top = services.iter().find(|x| x["code"] == "resume_top_7d").expect("top placement");
        assert_eq!(top["amountFen"], 1990);

        let (_, v) = s.call(&client, "/order/orderList", &[("current", "1"), ("pagesize", "10")]);
        assert_eq!(v["result"]["total"], 0);

        let (status, v) = s.call(&client, "/order/create", &[("serviceCode", "resume_top_7d")]);
        assert_eq!(status, 200, "{v}");
        let order_no = v["result"]["orderNo"].as_str().expect("orderNo").to_string();
        assert!(order_no.starts_with("ZD20"), "{order_no}");
        let pay_url = v["result"]["payUrl"].as_str().expect("payUrl").to_string();

        let (_, v) = s.call(&client, "/order/orderList", &[("current", "1"), ("pagesize", "10")]);
        let first = &v["result"]["list"][0];
        assert_eq!((first["orderNo"].as_str(), &first["status"], &first["amountFen"]), (Some(order_no.as_str()), &Value::from(1), &Value::from(1990)));
        assert_eq!(first["serviceNameZh"], "简历置顶 7 天");

        // The dev checkout page shows the order to its owner only.
        let page = client.get(s.url(&pay_url)).send().expect("page");
        assert_eq!(page.status().as_u16(), 200);
        let html = page.text().expect("html");
        assert!(html.contains(&order_no) && html.contains("19.90"), "{html}");
        let other = s.client();
        let (st, _) = s.call(&other, "/pclogin/login", &[("mobile", "13900000001"), ("password", common::DEMO_PASSWORD)]);
        assert_eq!(st, 200);
        assert_eq!(other.get(s.url(&pay_url)).send().expect("page").status().as_u16(), 404);
        assert_eq!(other.post(s.url(&pay_url)).send().expect("pay").status().as_u16(), 404, "cannot pay another's order");

        let no_redirect = reqwest::blocking::Client::builder()
            .cookie_store(true)
            .redirect(reqwest::redirect::Policy::none())
            .build()
            .expect("client");
        login(&s, &no_redirect);
        let forged = no_redirect.post(s.url(&pay_url)).header("Origin", "https://evil.example").send().expect("pay");
        assert_eq!(forged.status().as_u16(), 403, "a payment confirmed from another site's page is refused");
        let paid = no_redirect.post(s.url(&pay_url)).send().expect("pay");
        assert_eq!(paid.status().as_u16(), 303);
        assert_eq!(paid.headers().get("location").and_then(|h| h.to_str().ok()), Some("/my/order?paid=1"));
        assert_eq!(no_redirect.post(s.url(&pay_url)).send().expect("pay").status().as_u16(), 400, "paying twice is refused");

        let (_, v) = s.call(&client, "/order/orderList", &[("current", "1"), ("pagesize", "10")]);
        let first = &v["result"]["list"][0];
        assert_eq!(first["status"], 2, "{first}");
        let paid_at = first["paidAt"].as_i64().expect("paidAt");
        let until = first["effectiveUntil"].as_i64().expect("effectiveUntil");
        assert_eq!(until - paid_at, 7 * 86_400_000, "top placement runs 7 days from payment");
        assert!(first["payUrl"].is_null());

        // Buying again extends the running service instead of overlapping it.
        let (_, v) = s.call(&client, "/order/create", &[("serviceCode", "resume_top_7d")]);
        let second_url = v["result"]["payUrl"].as_str().expect("payUrl").to_string();
        assert_eq!(no_redirect.post(s.url(&second_url)).send().expect("pay").status().as_u16(), 303);
        let (_, v) = s.call(&client, "/order/orderList", &[("current", "1"), ("pagesize", "10")]);
        assert_eq!(v["result"]["list"][0]["effectiveUntil"].as_i64(), Some(until + 7 * 86_400_000));
    }
}

#[test]
fn orders_can_be_cancelled_and_bad_input_is_refused() {
    for s in servers() {
        let client = s.client();
        login(&s, &client);
        let (_, v) = s.call(&client, "/order/create", &[("serviceCode", "nothing")]);
        assert_eq!(code(&v), "BAD_INPUT");
        let (_, v) = s.call(&client, "/order/create", &[("serviceCode", "resume_refresh_30d")]);
        let order_no = v["result"]["orderNo"].as_str().expect("orderNo").to_string();
        let other = s.client();
        let (st, _) = s.call(&other, "/pclogin/login", &[("mobile", "13900000001"), ("password", common::DEMO_PASSWORD)]);
        assert_eq!(st, 200);
        let (_, v) = s.call(&other, "/order/cancel", &[("orderNo", &order_no)]);
        assert_eq!(code(&v), "NOT_FOUND", "another user's order");
        let (_, v) = s.call(&client, "/order/cancel", &[("orderNo", &order_no)]);
        assert_eq!(v["result"], true);
        let (_, v) = s.call(&client, "/order/cancel", &[("orderNo", &order_no)]);
        assert_eq!(code(&v), "ORDER_NOT_PAYABLE");
        let (_, v) = s.call(&client, "/order/orderList", &[("current", "1"), ("pagesize", "10")]);
        assert_eq!(v["result"]["list"][0]["status"], 4);
        for bad in [("0", "10"), ("1", "100")] {
            let (_, v) = s.call(&client, "/order/orderList", &[("current", bad.0), ("pagesize", bad.1)]);
            assert_eq!(code(&v), "BAD_INPUT");
        }
    }
}

#[test]
fn unpaid_orders_expire() {
    // A test-only knob: orders lapse after 1 second instead of 30 minutes.
    for s in common::servers_with(&[("ORDER_PAY_WITHIN_SECS", "1")]) {
        let client = s.client();
        login(&s, &client);
        let (_, v) = s.call(&client, "/order/create", &[("serviceCode", "resume_highlight_30d")]);
        let pay_url = v["result"]["payUrl"].as_str().expect("payUrl").to_string();
        std::thread::sleep(std::time::Duration::from_millis(1300));
        let (_, v) = s.call(&client, "/order/orderList", &[]);
        assert_eq!(v["result"]["list"][0]["status"], 3, "expired");
        assert_eq!(client.post(s.url(&pay_url)).send().expect("pay").status().as_u16(), 400);
    }
}
