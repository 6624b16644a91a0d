//! `/complan/plans` and `/complan/order/*`: the paid plans and the company's orders for them. The
//! owner buys (through the same payment checkout as candidates' orders) and cancels; owners and HR
//! see the company's orders, never another company's.

use actix_web::web;
use serde::{Deserialize, Serialize};

use crate::api::{answer, Answer};
use crate::db::company_member::Role;
use crate::db::company_order::{self, CompanyOrder};
use crate::db::order::OrderStatus;
use crate::db::{self};
use crate::domain::plan::{self, PaidPlan};
use crate::error::{ApiError, ApiResult};
use crate::ids::{new_id, now_ms, CompanyOrderId};
use crate::state::AppState;
use crate::web::extract::CompanyMember;
use crate::web::form::Form;
use crate::web::paging::{PageOf, Paging};

/// `/complan/plans`: the catalogue of paid plans.
pub async fn plans(who: CompanyMember) -> ApiResult<Answer<&'static [PaidPlan]>> {
    who.require(&[Role::Owner, Role::Hr])?;
    Ok(answer(plan::PAID_PLANS))
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CompanyOrderItem {
    pub order_no: String,
    pub plan_code: String,
    pub plan_name_zh: String,
    pub plan_name_en: String,
    pub amount_fen: i64,
    /// 1 pending payment, 2 paid, 3 expired, 4 cancelled, 5 refunded.
    pub status: OrderStatus,
    pub created_at: i64,
    pub expires_at: i64,
    #[schema(required)]
    pub paid_at: Option<i64>,
    #[schema(required)]
    pub effective_from: Option<i64>,
    #[schema(required)]
    pub effective_until: Option<i64>,
    /// The checkout's address while the order waits for payment.
    #[schema(required)]
    pub pay_url: Option<String>,
}

fn item(state: &AppState, o: CompanyOrder) -> CompanyOrderItem {
    let p = plan::paid_plan(&o.plan_code);
    CompanyOrderItem {
        pay_url: (o.status == OrderStatus::Pending).then(|| state.payment.checkout_url(&o.order_no)),
        plan_name_zh: p.map_or(o.plan_code.clone(), |p| p.name_zh.into()),
        plan_name_en: p.map_or(o.plan_code.clone(), |p| p.name_en.into()),
        order_no: o.order_no,
        plan_code: o.plan_code,
        amount_fen: o.amount_fen,
        status: o.status,
        created_at: o.created_at,
        expires_at: o.expires_at,
        paid_at: o.paid_at,
        effective_from: o.effective_from,
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

/// `/complan/order/list`: the company's orders, newest first (owners and HR).
pub async fn list(state: web::Data<AppState>, who: CompanyMember, Form(form): Form<ListForm>) -> ApiResult<Answer<PageOf<CompanyOrderItem>>> {
    who.require(&[Role::Owner, Role::Hr])?;
    let paging = Paging::parse(form.current.as_deref(), form.pagesize.as_deref())?;
    let company = who.company();
    let (rows, total) = db::run(&state.pool, move |c| {
        company_order::expire_overdue(c, Some(company), now_ms())?;
        Ok(company_order::page_of_company(c, company, paging.pagesize, paging.offset())?)
    })
    .await?;
    let list = rows.into_iter().map(|o| item(&state, o)).collect::<Vec<_>>();
    Ok(answer(PageOf::new(list, total, paging)))
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct CreateForm {
    #[serde(default, rename = "planCode")]
    pub plan_code: String,
}

/// A new order waiting for payment, and where to pay it.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PlanOrderCreated {
    pub order_no: String,
    pub pay_url: String,
    pub amount_fen: i64,
    pub expires_at: i64,
}

/// `/complan/order/create` (owner only): a pending order, `{orderNo, payUrl, amountFen, expiresAt}`.
pub async fn create(state: web::Data<AppState>, who: CompanyMember, Form(form): Form<CreateForm>) -> ApiResult<Answer<PlanOrderCreated>> {
    who.require(&[Role::Owner])?;
    let p = plan::paid_plan(form.plan_code.trim()).ok_or_else(|| ApiError::BadInput("planCode".into()))?;
    let (company, member) = (who.company(), who.member.id);
    let now = now_ms();
    let id: CompanyOrderId = new_id();
    let order_no = format!("{}{}{id}", company_order::PREFIX, crate::ids::beijing_date(now));
    let expires_at = now + state.settings.order_pay_within_secs * 1000;
    let no = order_no.clone();
    db::run(&state.pool, move |c| Ok(company_order::insert(c, id, &no, company, member, p.code, p.amount_fen, now, expires_at)?)).await?;
    let pay_url = state.payment.checkout_url(&order_no);
    Ok(answer(PlanOrderCreated { order_no, pay_url, amount_fen: p.amount_fen, expires_at }))
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct OrderNoForm {
    #[serde(default, rename = "orderNo")]
    pub order_no: String,
}

/// `/complan/order/cancel` (owner only): a pending order of the company's.
pub async fn cancel(state: web::Data<AppState>, who: CompanyMember, Form(form): Form<OrderNoForm>) -> ApiResult<Answer<bool>> {
    who.require(&[Role::Owner])?;
    let company = who.company();
    let order_no = form.order_no.trim().to_string();
    db::run(&state.pool, move |c| {
        let o = company_order::by_no_of_company(c, &order_no, company)?.ok_or(ApiError::NotFound)?;
        if !company_order::cancel_pending(c, o.id)? {
            return Err(ApiError::OrderNotPayable);
        }
        Ok(())
    })
    .await?;
    Ok(answer(true))
}
