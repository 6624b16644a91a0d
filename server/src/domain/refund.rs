//! Every order in the admin console (candidates' `orders` and companies' `company_orders`), and
//! refunds through the payment provider (issue 19).
//!
//! A refund runs in three steps so that no database transaction waits on the vendor:
//! 1. `begin`: in one transaction, the order must be paid and the amount at most what was paid; a
//!    `pending` row of `order_refunds` is written (its UNIQUE order_no lets one refund per order exist).
//! 2. the provider refunds, with a refund number fixed for the order, so the vendor refunds once
//!    however often it is asked (a second click, a retry after a lost answer).
//! 3. `finish`: the order becomes refunded (its paid effect ends: the candidate's service, the
//!    company's plan), the refund row done, and the audit row written, in one transaction. Only the
//!    call that moved the order from paid writes; a second one hears ORDER_REFUNDED.
//!
//! A refusal by the vendor drops the pending row (the admin may try again, with another amount); a
//! vendor that cannot be reached leaves it pending, and the next try reuses its number and amount.

use diesel::QueryResult;
use serde::Serialize;

use crate::db::admin::{self as admin_db, Admin, Entry};
use crate::db::admin_order::{self, CandidateOrderRow, CompanyOrderRow, OrderFilter};
use crate::db::order::{self, OrderStatus};
use crate::db::order_refund::{self, NewRefund, Refund, RefundStatus};
use crate::db::DbConnection;
use crate::error::{ApiError, ApiResult};
use crate::ids::now_ms;

pub const REASON_MAX: usize = 200;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
#[schema(as = OrderKind)]
pub enum Kind {
    Candidate,
    Company,
}

impl Kind {
    pub fn parse(s: &str) -> ApiResult<Self> {
        match s.trim() {
            "" | "candidate" => Ok(Kind::Candidate),
            "company" => Ok(Kind::Company),
            _ => Err(ApiError::BadInput("kind".into())),
        }
    }
}

/// The console's filters: a status code, a text held by the buyer's mobile or name (candidates) or
/// the company's name, and created between two Beijing dates (both included).
#[derive(Debug, Default)]
pub struct Filter {
    pub status: Option<OrderStatus>,
    pub q: String,
    pub from_ms: Option<i64>,
    pub until_ms: Option<i64>,
}

/// `YYYY-MM-DD` (a Beijing date) to the first millisecond of that day.
pub fn beijing_day_start(s: &str) -> ApiResult<i64> {
    let bad = || ApiError::BadInput("date must be YYYY-MM-DD".into());
    let parts: Vec<&str> = s.trim().split('-').collect();
    let [y, m, d] = parts.as_slice() else { return Err(bad()) };
    let (y, m, d): (i32, u8, u8) = (y.parse().map_err(|_| bad())?, m.parse().map_err(|_| bad())?, d.parse().map_err(|_| bad())?);
    let month = time::Month::try_from(m).map_err(|_| bad())?;
    let date = time::Date::from_calendar_date(y, month, d).map_err(|_| bad())?;
    let days = i64::from(date.to_julian_day()) - 2_440_588;
    Ok(days * 86_400_000 - 8 * 3_600_000)
}

impl Filter {
    pub fn parse(status: &str, q: &str, from: &str, to: &str) -> ApiResult<Self> {
        let status = match status.trim() {
            "" => None,
            s => Some(s.parse::<i32>().ok().and_then(OrderStatus::from_code).ok_or_else(|| ApiError::BadInput("status".into()))?),
        };
        if q.chars().count() > 50 {
            return Err(ApiError::BadInput("q".into()));
        }
        let from_ms = (!from.trim().is_empty()).then(|| beijing_day_start(from)).transpose()?;
        let until_ms = (!to.trim().is_empty()).then(|| beijing_day_start(to).map(|t| t + 86_400_000)).transpose()?;
        Ok(Self { status, q: q.trim().to_string(), from_ms, until_ms })
    }

    fn query(&self) -> OrderFilter<'_> {
        OrderFilter { status: self.status, q: &self.q, from_ms: self.from_ms, until_ms: self.until_ms }
    }
}

/// One order as the console shows it.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AdminOrder {
    pub kind: Kind,
    pub order_no: String,
    /// The candidate's or the company's id.
    pub buyer_id: i64,
    /// The candidate's name or the company's name.
    pub buyer: String,
    /// The candidate's mobile; empty for companies.
    pub mobile: String,
    /// The service's or the plan's code and names.
    pub item: String,
    pub item_zh: String,
    pub item_en: String,
    pub amount_fen: i64,
    pub status: OrderStatus,
    pub created_at: i64,
    #[schema(required)]
    pub paid_at: Option<i64>,
    #[schema(required)]
    pub effective_until: Option<i64>,
    #[schema(required)]
    pub refund: Option<Refund>,
}

fn candidate_order(r: CandidateOrderRow) -> AdminOrder {
    let s = order::service(&r.service_code);
    AdminOrder {
        kind: Kind::Candidate,
        order_no: r.order_no,
        buyer_id: r.buyer_id,
        buyer: r.buyer,
        mobile: r.mobile.unwrap_or_default(),
        item_zh: s.map_or(r.service_code.clone(), |s| s.name_zh.into()),
        item_en: s.map_or(r.service_code.clone(), |s| s.name_en.into()),
        item: r.service_code,
        amount_fen: r.amount_fen,
        status: r.status,
        created_at: r.created_at,
        paid_at: r.paid_at,
        effective_until: r.effective_until,
        refund: None,
    }
}

fn company_order(r: CompanyOrderRow) -> AdminOrder {
    let p = crate::domain::plan::paid_plan(&r.plan_code);
    AdminOrder {
        kind: Kind::Company,
        order_no: r.order_no,
        buyer_id: r.buyer_id,
        buyer: r.buyer,
        mobile: String::new(),
        item_zh: p.map_or(r.plan_code.clone(), |p| p.name_zh.into()),
        item_en: p.map_or(r.plan_code.clone(), |p| p.name_en.into()),
        item: r.plan_code,
        amount_fen: r.amount_fen,
        status: r.status,
        created_at: r.created_at,
        paid_at: r.paid_at,
        effective_until: r.effective_until,
        refund: None,
    }
}

fn with_refunds(c: &mut DbConnection, mut list: Vec<AdminOrder>) -> QueryResult<Vec<AdminOrder>> {
    let nos: Vec<String> = list.iter().map(|o| o.order_no.clone()).collect();
    for r in order_refund::of_orders(c, &nos)? {
        if let Some(o) = list.iter_mut().find(|o| o.order_no == r.order_no) {
            o.refund = Some(r.refund);
        }
    }
    Ok(list)
}

/// One page of a kind's orders, newest first, and how many match.
pub fn order_page(c: &mut DbConnection, kind: Kind, f: &Filter, offset: i64, limit: i64) -> ApiResult<(i64, Vec<AdminOrder>)> {
    let (total, list) = match kind {
        Kind::Candidate => {
            let (total, rows) = admin_order::candidate_page(c, &f.query(), offset, limit)?;
            (total, rows.into_iter().map(candidate_order).collect())
        }
        Kind::Company => {
            let (total, rows) = admin_order::company_page(c, &f.query(), offset, limit)?;
            (total, rows.into_iter().map(company_order).collect())
        }
    };
    Ok((total, with_refunds(c, list)?))
}

/// One order, of either kind, with its refund.
pub fn order_detail(c: &mut DbConnection, order_no: &str) -> ApiResult<AdminOrder> {
    let order_no = order_no.trim();
    let found = match admin_order::candidate_order(c, order_no)? {
        Some(r) => candidate_order(r),
        None => company_order(admin_order::company_order(c, order_no)?.ok_or(ApiError::NotFound)?),
    };
    with_refunds(c, vec![found])?.pop().ok_or(ApiError::NotFound)
}

/// What the provider is asked to refund.
#[derive(Debug, Clone)]
pub struct Prepared {
    pub order_no: String,
    pub refund_no: String,
    pub amount_fen: i64,
    pub total_fen: i64,
    pub reason: String,
}

/// Step 1: checks the order and the amount and writes (or finds) the pending refund.
pub fn begin(c: &mut DbConnection, admin: &Admin, order_no: &str, amount_fen: i64, reason: &str) -> ApiResult<Prepared> {
    let reason = reason.trim();
    if reason.is_empty() || reason.chars().count() > REASON_MAX {
        return Err(ApiError::BadInput("reason".into()));
    }
    if amount_fen <= 0 {
        return Err(ApiError::BadInput("amountFen".into()));
    }
    crate::db::write_transaction(c, |c| {
        let o = order_detail(c, order_no)?;
        match (&o.refund, o.status) {
            (Some(r), _) if r.status == RefundStatus::Done => return Err(ApiError::OrderRefunded),
            (_, OrderStatus::Refunded) => return Err(ApiError::OrderRefunded),
            (_, OrderStatus::Paid) => {}
            _ => return Err(ApiError::OrderNotRefundable),
        }
        if let Some(r) = o.refund {
            // A try whose vendor answer was lost: the same refund again.
            return Ok(Prepared { order_no: o.order_no, refund_no: r.refund_no, amount_fen: r.amount_fen, total_fen: o.amount_fen, reason: r.reason });
        }
        if amount_fen > o.amount_fen {
            return Err(ApiError::RefundTooMuch);
        }
        let refund_no = format!("RF{}", o.order_no);
        let new = NewRefund {
            id: crate::ids::new_id(),
            order_no: &o.order_no,
            refund_no: &refund_no,
            amount_fen,
            reason,
            admin_name: &admin.username,
            status: RefundStatus::Pending,
            created_at: now_ms(),
        };
        order_refund::insert(c, &new).map_err(|e| match e {
            diesel::result::Error::DatabaseError(diesel::result::DatabaseErrorKind::UniqueViolation, _) => ApiError::OrderRefunded,
            other => other.into(),
        })?;
        Ok(Prepared { order_no: o.order_no, refund_no, amount_fen, total_fen: o.amount_fen, reason: reason.to_string() })
    })
}

/// Step 3 after the vendor accepted: the order refunded and its effect ended, the refund done, the
/// audit row; ORDER_REFUNDED when another call finished it first.
pub fn finish(c: &mut DbConnection, admin: &Admin, ip: &str, p: &Prepared) -> ApiResult<AdminOrder> {
    let now = now_ms();
    crate::db::write_transaction(c, |c| {
        let before = order_detail(c, &p.order_no)?;
        let changed = match before.kind {
            Kind::Candidate => order::refund_paid(c, &p.order_no)?,
            Kind::Company => crate::db::company_order::refund_paid(c, &p.order_no)?,
        };
        if changed == 0 {
            return Err(ApiError::OrderRefunded);
        }
        // The paid effect ends now: the service or plan stops counting (it reads paid orders only),
        // and the order shows when it ended.
        let ended = before.effective_until.map(|u| u.min(now));
        match before.kind {
            Kind::Candidate => order::set_effective_until(c, &p.order_no, ended)?,
            Kind::Company => crate::db::company_order::set_effective_until(c, &p.order_no, ended)?,
        };
        order_refund::mark_done(c, &p.order_no, now)?;
        admin_db::audit(
            c,
            &Entry {
                admin_id: Some(admin.id),
                admin_name: &admin.username,
                action: "order.refund",
                target: &format!("order {} {}", p.order_no, before.buyer),
                before: Some(format!("paid {}", order::yuan(before.amount_fen))),
                after: Some(format!("refunded {}", order::yuan(p.amount_fen))),
                reason: &p.reason,
                ip,
            },
            now,
        )?;
        order_detail(c, &p.order_no)
    })
}

/// The vendor refused: the pending refund goes (the admin may try again), and the try is audited.
pub fn refused(c: &mut DbConnection, admin: &Admin, ip: &str, p: &Prepared, code: &str) -> ApiResult<()> {
    crate::db::write_transaction(c, |c| {
        order_refund::delete_pending(c, &p.order_no)?;
        admin_db::audit(
            c,
            &Entry {
                admin_id: Some(admin.id),
                admin_name: &admin.username,
                action: "order.refund.refused",
                target: &format!("order {}", p.order_no),
                before: Some("paid".into()),
                after: Some(format!("refused by the provider: {code}")),
                reason: &p.reason,
                ip,
            },
            now_ms(),
        )?;
        Ok(())
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn beijing_days() {
        // 2026-11-24 00:00 in Beijing is 2026-11-23 16:00 UTC.
        assert_eq!(beijing_day_start("2026-11-24").unwrap(), 1_795_449_600_000);
        assert!(beijing_day_start("2026-13-01").is_err());
        assert!(beijing_day_start("yesterday").is_err());
    }
}
