//! Payment providers. The embedded default is the dev provider: its checkout is a local page
//! on which the candidate confirms the payment, so the flow works on one machine. WeChat Pay
//! and Alipay implement the same trait later; their payment notices end in `orders::mark_paid`.

use actix_web::{web, HttpRequest, HttpResponse};
use serde::Deserialize;

use crate::auth;
use crate::db;
use crate::error::ApiError;
use crate::models::order;
use crate::state::AppState;

pub trait PaymentProvider: Send + Sync {
    fn name(&self) -> &'static str;
    /// Where the candidate goes to pay the order.
    fn checkout_url(&self, order_no: &str) -> String;
}

pub struct DevPayment;

impl PaymentProvider for DevPayment {
    fn name(&self) -> &'static str {
        "dev"
    }

    fn checkout_url(&self, order_no: &str) -> String {
        format!("/dev/pay/{order_no}")
    }
}

pub fn routes(cfg: &mut web::ServiceConfig) {
    cfg.route("/dev/pay/{order_no}", web::get().to(dev_checkout_page))
        .route("/dev/pay/{order_no}", web::post().to(dev_confirm));
}

fn escape_html(s: &str) -> String {
    s.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}

fn page(body: &str) -> HttpResponse {
    HttpResponse::Ok().content_type("text/html; charset=utf-8").body(format!(
        "<!doctype html><html lang=\"zh-CN\"><head><meta charset=\"utf-8\"><meta name=\"viewport\" content=\"width=device-width\">\
         <title>模拟支付 · Dev payment</title><style>body{{font-family:system-ui,'Noto Sans CJK SC',sans-serif;background:#f5f6f8;margin:0}}\
         main{{max-width:420px;margin:60px auto;background:#fff;border-radius:8px;padding:28px;box-shadow:0 1px 4px #0001}}\
         h1{{font-size:20px;margin:0 0 16px}}dl{{display:grid;grid-template-columns:auto 1fr;gap:8px 16px}}dt{{color:#888}}\
         button{{width:100%;padding:12px;border:0;border-radius:6px;background:#1a73e8;color:#fff;font-size:16px;cursor:pointer}}\
         .note{{color:#888;font-size:12px;margin-top:16px}}a{{color:#1a73e8}}</style></head><body><main>{body}</main></body></html>"
    ))
}

async fn owned_order(state: &web::Data<AppState>, req: &HttpRequest, order_no: String) -> Result<order::Order, ApiError> {
    let session = auth::current_session(state, req).await?.ok_or(ApiError::NotLoggedIn)?;
    let uid = session.user.user_id();
    db::run(&state.pool, move |c| order::by_no_of_user(c, &order_no, uid)?.ok_or(ApiError::NotFound)).await
}

async fn dev_checkout_page(state: web::Data<AppState>, req: HttpRequest, path: web::Path<String>) -> Result<HttpResponse, ApiError> {
    let o = owned_order(&state, &req, path.into_inner()).await?;
    let service = order::service(&o.service_code).map_or(o.service_code.clone(), |s| s.name_zh.to_string());
    let action = if o.status == order::PENDING && o.expires_at > crate::ids::now_ms() {
        format!(
            "<form method=\"post\"><button type=\"submit\">确认支付 ¥{}</button></form>",
            order::yuan(o.amount_fen)
        )
    } else {
        "<p>该订单不可支付（已支付、已取消或已过期）。</p>".to_string()
    };
    Ok(page(&format!(
        "<h1>模拟支付（开发环境）</h1><dl><dt>订单号</dt><dd>{}</dd><dt>服务</dt><dd>{}</dd><dt>金额</dt><dd>¥{}</dd></dl>{}\
         <p class=\"note\">This page stands in for WeChat Pay / Alipay on a development install. <a href=\"/my/order\">返回我的订单</a></p>",
        escape_html(&o.order_no),
        escape_html(&service),
        order::yuan(o.amount_fen),
        action
    )))
}

#[derive(Deserialize)]
struct Empty {}

async fn dev_confirm(
    state: web::Data<AppState>,
    req: HttpRequest,
    path: web::Path<String>,
    _form: crate::api::form::Form<Empty>,
) -> Result<HttpResponse, ApiError> {
    let o = owned_order(&state, &req, path.into_inner()).await?;
    let paid = db::run(&state.pool, move |c| Ok(order::mark_paid(c, &o.order_no, crate::ids::now_ms())?)).await?;
    if !paid {
        return Err(ApiError::OrderNotPayable);
    }
    Ok(HttpResponse::SeeOther().insert_header(("Location", "/my/order?paid=1")).finish())
}
