//! /ajax/order/*: the service catalogue, buying, cancelling and the order list.

use actix_web::web;
use serde::{Deserialize, Serialize};

use crate::web::form::Form;
use crate::web::paging::{PageOf, Paging};
use crate::api::{answer, Answer};
use crate::web::extract::LoggedIn;
use crate::db;
use crate::error::{ApiError, ApiResult};
use crate::ids::{new_id, now_ms, OrderId};
use crate::db::order::{self, Order, OrderStatus};
use crate::state::AppState;

pub async fn services() -> Answer<&'static [order::Service]> {
    answer(order::SERVICES)
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OrderItem {
    pub order_no: String,
    pub service_code: String,
    pub service_name_zh: String,
    pub service_name_en: String,
    pub amount_fen: i64,
    /// 1 pending payment, 2 paid, 3 expired, 4 cancelled.
    pub status: OrderStatus,
    pub created_at: i64,
    pub expires_at: i64,
    #[schema(required)]
    pub paid_at: Option<i64>,
    #[schema(required)]
    pub effective_until: Option<i64>,
    /// Where to pay a pending order.
    #[schema(required)]
    pub pay_url: Option<String>,
}

fn item(state: &AppState, o: Order) -> OrderItem {
    let s = order::service(&o.service_code);
    OrderItem {
        pay_url: (o.status == OrderStatus::Pending).then(|| state.payment.checkout_url(&o.order_no)),
        service_name_zh: s.map_or(o.service_code.clone(), |s| s.name_zh.to_string()),
        service_name_en: s.map_or(o.service_code.clone(), |s| s.name_en.to_string()),
        order_no: o.order_no,
        service_code: o.service_code,
        amount_fen: o.amount_fen,
        status: o.status,
        created_at: o.created_at,
        expires_at: o.expires_at,
        paid_at: o.paid_at,
        effective_until: o.effective_until,
    }
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct ListForm {
    #[serde(default)]
    pub current: Option<String>,
    #[serde(default)]
    pub pagesize: Option<String>,
}

pub async fn order_list(state: web::Data<AppState>, who: LoggedIn, Form(form): Form<ListForm>) -> ApiResult<Answer<PageOf<OrderItem>>> {
    let paging = Paging::parse(form.current.as_deref(), form.pagesize.as_deref())?;
    let uid = who.0.user.user_id();
    let (rows, total) = db::run(&state.pool, move |c| {
        crate::domain::background::expire_orders(c, Some(uid))?;
        Ok(order::page_of_user(c, uid, paging.pagesize, paging.offset())?)
    })
    .await?;
    let list = rows.into_iter().map(|o| item(&state, o)).collect();
    Ok(answer(PageOf::new(list, total, paging)))
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct CreateForm {
    #[serde(default, rename = "serviceCode")]
    pub service_code: String,
}

/// A pending order.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OrderCreated {
    pub order_no: String,
    pub pay_url: String,
    pub amount_fen: i64,
    pub expires_at: i64,
}

pub async fn create(state: web::Data<AppState>, who: LoggedIn, Form(form): Form<CreateForm>) -> ApiResult<Answer<OrderCreated>> {
    let service = order::service(form.service_code.trim()).ok_or_else(|| ApiError::BadInput("serviceCode".into()))?;
    let uid = who.0.user.user_id();
    let now = now_ms();
    let id: OrderId = new_id();
    // Readable and unique: ZD, the date in Beijing, then the id.
    let order_no = format!("ZD{}{id}", crate::ids::beijing_date(now));
    let expires_at = now + state.settings.order_pay_within_secs * 1000;
    let no = order_no.clone();
    db::run(&state.pool, move |c| {
        let new = order::NewOrder {
            id,
            order_no: &no,
            user_id: uid,
            service_code: service.code,
            amount_fen: service.amount_fen,
            status: OrderStatus::Pending,
            created_at: now,
            expires_at,
        };
        Ok(order::insert(c, &new)?)
    })
    .await?;
    Ok(answer(OrderCreated { pay_url: state.payment.checkout_url(&order_no), order_no, amount_fen: service.amount_fen, expires_at }))
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct OrderNoForm {
    #[serde(default, rename = "orderNo")]
    pub order_no: String,
}

pub async fn cancel(state: web::Data<AppState>, who: LoggedIn, Form(form): Form<OrderNoForm>) -> ApiResult<Answer<bool>> {
    let uid = who.0.user.user_id();
    let order_no = form.order_no.trim().to_string();
    db::run(&state.pool, move |c| {
        let o = order::by_no_of_user(c, &order_no, uid)?.ok_or(ApiError::NotFound)?;
        if !order::cancel_pending(c, o.id)? {
            return Err(ApiError::OrderNotPayable);
        }
        Ok(())
    })
    .await?;
    Ok(answer(true))
}
