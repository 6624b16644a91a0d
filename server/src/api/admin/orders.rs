//! `/admin/order/*`: every order (candidates' and companies'), one order, and refunds through the
//! payment provider (domain/refund.rs). Super admins and support read; only super admins refund
//! (support's powers are reads, disables and unlocks; reviewers keep the queues).

use actix_web::{web, HttpRequest};
use serde::Deserialize;

use crate::api::{answer, Answer};
use crate::db::admin::AdminRole::{Super, Support};
use crate::db::{self};
use crate::domain::refund::{self, AdminOrder, Filter, Kind};
use crate::error::{ApiError, ApiResult};
use crate::providers::payment::{RefundError, RefundRequest};
use crate::state::AppState;
use crate::web::client_ip;
use crate::web::extract::AdminSession;
use crate::web::form::Form;
use crate::web::paging::{Listed, Paging};

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct ListForm {
    #[serde(default)]
    pub kind: String,
    #[serde(default)]
    pub status: String,
    #[serde(default)]
    pub q: String,
    #[serde(default)]
    pub from: String,
    #[serde(default)]
    pub to: String,
    pub page: Option<String>,
    pub pagesize: Option<String>,
}

/// `/admin/order/list`: `{total, list}` of one kind's orders, newest first.
pub async fn list(state: web::Data<AppState>, who: AdminSession, Form(form): Form<ListForm>) -> ApiResult<Answer<Listed<AdminOrder>>> {
    who.require(&[Super, Support])?;
    let paging = Paging::parse(form.page.as_deref(), form.pagesize.as_deref())?;
    let kind = Kind::parse(&form.kind)?;
    let filter = Filter::parse(&form.status, &form.q, &form.from, &form.to)?;
    let (total, list) = db::run(&state.pool, move |c| refund::order_page(c, kind, &filter, paging.offset(), paging.pagesize)).await?;
    Ok(answer(Listed::new(total, list)))
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DetailForm {
    #[serde(default)]
    pub order_no: String,
}

/// `/admin/order/detail`: one order of either kind, with its refund.
pub async fn detail(state: web::Data<AppState>, who: AdminSession, Form(form): Form<DetailForm>) -> ApiResult<Answer<AdminOrder>> {
    who.require(&[Super, Support])?;
    Ok(answer(db::run(&state.pool, move |c| refund::order_detail(c, &form.order_no)).await?))
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RefundForm {
    #[serde(default)]
    pub order_no: String,
    #[serde(default)]
    pub amount_fen: String,
    #[serde(default)]
    pub reason: String,
}

/// `/admin/order/refund` (super admins): refunds `amountFen` (at most what was paid) of a paid order
/// with a reason; answers the order as it is now.
pub async fn refund(state: web::Data<AppState>, req: HttpRequest, who: AdminSession, Form(form): Form<RefundForm>) -> ApiResult<Answer<AdminOrder>> {
    who.require(&[Super])?;
    let amount: i64 = form.amount_fen.trim().parse().map_err(|_| ApiError::BadInput("amountFen".into()))?;
    let ip = client_ip(&req);
    let admin = who.admin.clone();
    let prepared = db::run(&state.pool, move |c| refund::begin(c, &admin, &form.order_no, amount, &form.reason)).await?;
    let st = state.clone();
    let p = prepared.clone();
    let paid_back = web::block(move || {
        st.payment.refund(&RefundRequest {
            order_no: &p.order_no,
            refund_no: &p.refund_no,
            amount_fen: p.amount_fen,
            total_fen: p.total_fen,
            reason: &p.reason,
        })
    })
    .await?;
    let admin = who.admin.clone();
    match paid_back {
        Ok(()) => Ok(answer(db::run(&state.pool, move |c| refund::finish(c, &admin, &ip, &prepared)).await?)),
        Err(RefundError::Refused(code)) => {
            tracing::warn!(order = %prepared.order_no, %code, "refund refused by the payment provider");
            db::run(&state.pool, move |c| refund::refused(c, &admin, &ip, &prepared, &code)).await?;
            Err(ApiError::RefundFailed)
        }
        Err(RefundError::Failed(why)) => {
            tracing::warn!(order = %prepared.order_no, %why, "refund: the payment provider did not answer");
            Err(ApiError::RefundFailed)
        }
    }
}
