//! `/dev/pay/{order_no}`: the dev payment provider's checkout, where the candidate confirms.

use actix_web::{web, HttpRequest, HttpResponse};
use serde::Deserialize;

use crate::api::dev::{dev_page, esc};
use crate::db;
use crate::db::order;
use crate::error::ApiError;
use crate::state::AppState;

async fn owned_order(state: &web::Data<AppState>, req: &HttpRequest, order_no: String) -> Result<order::Order, ApiError> {
    let session = crate::web::extract::current_session(state, req).await?.ok_or(ApiError::NotLoggedIn)?;
    let uid = session.user.user_id();
    db::run(&state.pool, move |c| order::by_no_of_user(c, &order_no, uid)?.ok_or(ApiError::NotFound)).await
}

pub async fn dev_checkout_page(state: web::Data<AppState>, req: HttpRequest, path: web::Path<String>) -> Result<HttpResponse, ApiError> {
    let o = owned_order(&state, &req, path.into_inner()).await?;
    let service = order::service(&o.service_code).map_or(o.service_code.clone(), |s| s.name_zh.to_string());
    let action = if o.status == order::OrderStatus::Pending && o.expires_at > crate::ids::now_ms() {
        format!(
            "<form method=\"post\"><button type=\"submit\">确认支付 ¥{}</button></form>",
            order::yuan(o.amount_fen)
        )
    } else {
        "<p>该订单不可支付（已支付、已取消或已过期）。</p>".to_string()
    };
    Ok(dev_page(
        "模拟支付 · Dev payment",
        &format!(
        "<main><h1>模拟支付（开发环境）</h1><dl><dt>订单号</dt><dd>{}</dd><dt>服务</dt><dd>{}</dd><dt>金额</dt><dd>¥{}</dd></dl>{}\
         <p class=\"note\">This page stands in for WeChat Pay / Alipay on a development install. <a href=\"/my/order\">返回我的订单</a></p></main>",
        esc(&o.order_no),
        esc(&service),
        order::yuan(o.amount_fen),
        action
    ),
    ))
}

#[derive(Deserialize)]
pub struct Empty {}

pub async fn dev_confirm(
    state: web::Data<AppState>,
    req: HttpRequest,
    path: web::Path<String>,
    _form: crate::web::form::Form<Empty>,
) -> Result<HttpResponse, ApiError> {
    let o = owned_order(&state, &req, path.into_inner()).await?;
    let paid = db::run(&state.pool, move |c| Ok(order::mark_paid(c, &o.order_no, crate::ids::now_ms())?)).await?;
    if !paid {
        return Err(ApiError::OrderNotPayable);
    }
    Ok(HttpResponse::SeeOther().insert_header(("Location", "/my/order?paid=1")).finish())
}
