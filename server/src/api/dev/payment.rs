//! `/dev/pay/{order_no}`: the dev payment provider's checkout, where the buyer confirms: a candidate
//! their order (ZD…), a company's owner the company's plan order (ZC…). Each sees only their own.

use actix_web::{web, HttpRequest, HttpResponse};
use serde::Deserialize;

use crate::api::dev::{dev_page, esc};
use crate::db;
use crate::db::company_member::Role;
use crate::db::order::{self, OrderStatus};
use crate::db::company_order;
use crate::error::ApiError;
use crate::ids::{now_ms, CompanyId};
use crate::state::AppState;

/// An order the caller may pay.
enum Owned {
    Candidate(order::Order),
    Company(company_order::CompanyOrder, CompanyId),
}

impl Owned {
    fn order_no(&self) -> &str {
        match self {
            Owned::Candidate(o) => &o.order_no,
            Owned::Company(o, _) => &o.order_no,
        }
    }
    fn payable(&self) -> bool {
        let (status, expires) = match self {
            Owned::Candidate(o) => (o.status, o.expires_at),
            Owned::Company(o, _) => (o.status, o.expires_at),
        };
        status == OrderStatus::Pending && expires > now_ms()
    }
    fn amount(&self) -> i64 {
        match self {
            Owned::Candidate(o) => o.amount_fen,
            Owned::Company(o, _) => o.amount_fen,
        }
    }
    fn what(&self) -> String {
        match self {
            Owned::Candidate(o) => order::service(&o.service_code).map_or(o.service_code.clone(), |s| s.name_zh.to_string()),
            Owned::Company(o, _) => crate::domain::plan::paid_plan(&o.plan_code).map_or(o.plan_code.clone(), |p| p.name_zh.to_string()),
        }
    }
    fn back(&self) -> &'static str {
        match self {
            Owned::Candidate(_) => "/my/order",
            Owned::Company(..) => "/recruit/plan",
        }
    }
}

async fn owned_order(state: &web::Data<AppState>, req: &HttpRequest, order_no: String) -> Result<Owned, ApiError> {
    if order_no.starts_with(company_order::PREFIX) {
        let (_, member) = crate::web::extract::current_member(state, req).await?.ok_or(ApiError::NotLoggedIn)?;
        if member.role() != Role::Owner {
            return Err(ApiError::ForbiddenRole);
        }
        let company = member.company_id;
        return db::run(&state.pool, move |c| {
            let o = company_order::by_no_of_company(c, &order_no, company)?.ok_or(ApiError::NotFound)?;
            Ok(Owned::Company(o, company))
        })
        .await;
    }
    let session = crate::web::extract::current_session(state, req).await?.ok_or(ApiError::NotLoggedIn)?;
    let uid = session.user.user_id();
    db::run(&state.pool, move |c| Ok(Owned::Candidate(order::by_no_of_user(c, &order_no, uid)?.ok_or(ApiError::NotFound)?))).await
}

pub async fn dev_checkout_page(state: web::Data<AppState>, req: HttpRequest, path: web::Path<String>) -> Result<HttpResponse, ApiError> {
    let o = owned_order(&state, &req, path.into_inner()).await?;
    let action = if o.payable() {
        format!("<form method=\"post\"><button type=\"submit\">确认支付 ¥{}</button></form>", order::yuan(o.amount()))
    } else {
        "<p>该订单不可支付（已支付、已取消或已过期）。</p>".to_string()
    };
    Ok(dev_page(
        "模拟支付 · Dev payment",
        &format!(
            "<main><h1>模拟支付（开发环境）</h1><dl><dt>订单号</dt><dd>{}</dd><dt>服务</dt><dd>{}</dd><dt>金额</dt><dd>¥{}</dd></dl>{}\
         <p class=\"note\">This page stands in for WeChat Pay / Alipay on a development install. <a href=\"{}\">返回我的订单</a></p></main>",
            esc(o.order_no()),
            esc(&o.what()),
            order::yuan(o.amount()),
            action,
            o.back()
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
    let back = o.back();
    let paid = db::run(&state.pool, move |c| {
        Ok(match &o {
            Owned::Candidate(o) => order::mark_paid(c, &o.order_no, now_ms())?,
            Owned::Company(o, company) => {
                let days = crate::domain::plan::paid_plan(&o.plan_code).map_or(0, |p| p.days);
                company_order::mark_paid(c, &o.order_no, *company, days, now_ms())?
            }
        })
    })
    .await?;
    if !paid {
        return Err(ApiError::OrderNotPayable);
    }
    Ok(HttpResponse::SeeOther().insert_header(("Location", format!("{back}?paid=1"))).finish())
}
