//! The dev providers' pages: the SMS outbox, the WeChat scan and the payment checkout, and the
//! slider's hint for our own browser tests. Routed only while a dev provider is in use, and only for
//! callers on loopback that came through no proxy (web::direct_from_loopback).

pub mod captcha;
pub mod outbox;
pub mod payment;
pub mod totest;
pub mod wechat;

use actix_web::HttpResponse;

/// Text for HTML, through a well-kept escaper rather than a hand-written one per page.
pub fn esc(s: &str) -> String {
    html_escape::encode_double_quoted_attribute(s).into_owned()
}

/// A small standalone page in the site's dev style.
pub fn dev_page(title: &str, body: &str) -> HttpResponse {
    HttpResponse::Ok().content_type("text/html; charset=utf-8").body(format!(
        "<!doctype html><html lang=\"zh-CN\"><head><meta charset=\"utf-8\"><meta name=\"viewport\" content=\"width=device-width\">\
         <title>{}</title><style>body{{font-family:system-ui,'Noto Sans CJK SC',sans-serif;background:#f5f6f8;margin:0;color:#222}}\
         main{{max-width:420px;margin:40px auto;background:#fff;border-radius:8px;padding:24px;box-shadow:0 1px 4px #0001}}\
         main.wide{{max-width:960px}}h1{{font-size:19px;margin:0 0 16px}}dl{{display:grid;grid-template-columns:auto 1fr;gap:8px 16px}}dt{{color:#666}}\
         label{{display:block;margin:12px 0 4px;color:#555}}input{{width:100%;box-sizing:border-box;padding:8px;border:1px solid #ccc;border-radius:4px}}\
         button{{margin-top:18px;width:100%;padding:12px;border:0;border-radius:6px;background:#1a73e8;color:#fff;font-size:16px;cursor:pointer}}\
         table{{border-collapse:collapse}}td,th{{border:1px solid #ddd;padding:6px 12px;text-align:left}}th{{background:#f5f6f8}}\
         .note,p{{color:#555}}a{{color:#1a73e8}}</style></head><body>{body}</body></html>",
        esc(title)
    ))
}

/// The dev pages of the providers in use, answered only to callers on loopback that no proxy
/// forwarded (a proxy on the same host would otherwise make them public).
pub fn routes(cfg: &mut actix_web::web::ServiceConfig, pages: super::DevPages) {
    use actix_web::web;
    let loopback = actix_web::guard::fn_guard(|ctx| crate::web::direct_from_loopback(ctx.head().peer_addr.map(|a| a.ip()), &ctx.head().headers));
    let mut scope = web::scope("/dev").guard(loopback);
    if pages.outbox || pages.wechat || pages.payment {
        scope = scope.route("/captcha/{token}", web::get().to(captcha::dev_captcha_hint));
    }
    if pages.outbox {
        scope = scope.route("/outbox", web::get().to(outbox::dev_outbox_page));
    }
    if pages.wechat {
        scope = scope
            .route("/wx/scan/{scene}", web::get().to(wechat::dev_scan_page))
            .route("/wx/scan/{scene}", web::post().to(wechat::dev_scan))
            .route("/wx/outbox", web::get().to(wechat::dev_wx_outbox));
    }
    if pages.payment {
        scope = scope
            .route("/pay/{order_no}", web::get().to(payment::dev_checkout_page))
            .route("/pay/{order_no}", web::post().to(payment::dev_confirm));
    }
    cfg.service(scope);
}
