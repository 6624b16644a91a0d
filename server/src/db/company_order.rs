//! `company_orders`: a company's orders for paid plans (issue 16). Amounts are integer fen; the
//! statuses are `orders`' OrderStatus. Every read and write names the company, so one company never
//! reaches another's order.

use diesel::prelude::*;

use crate::db::order::OrderStatus;
use crate::db::schema::company_orders;
use crate::db::DbConnection;
use crate::ids::{CompanyId, CompanyOrderId, MemberId};

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = company_orders)]
pub struct CompanyOrder {
    pub id: CompanyOrderId,
    pub order_no: String,
    pub company_id: CompanyId,
    pub member_id: MemberId,
    pub plan_code: String,
    pub amount_fen: i64,
    pub status: OrderStatus,
    pub created_at: i64,
    pub expires_at: i64,
    pub paid_at: Option<i64>,
    pub effective_from: Option<i64>,
    pub effective_until: Option<i64>,
}

/// Company order numbers start with ZC (candidates' with ZD): the dev checkout tells them apart.
pub const PREFIX: &str = "ZC";

#[allow(clippy::too_many_arguments)]
pub fn insert(c: &mut DbConnection, id: CompanyOrderId, order_no: &str, company: CompanyId, member: MemberId, plan_code: &str, amount_fen: i64, now: i64, expires_at: i64) -> QueryResult<usize> {
    diesel::insert_into(company_orders::table)
        .values((
            company_orders::id.eq(id),
            company_orders::order_no.eq(order_no),
            company_orders::company_id.eq(company),
            company_orders::member_id.eq(member),
            company_orders::plan_code.eq(plan_code),
            company_orders::amount_fen.eq(amount_fen),
            company_orders::status.eq(OrderStatus::Pending),
            company_orders::created_at.eq(now),
            company_orders::expires_at.eq(expires_at),
        ))
        .execute(c)
}

pub fn by_no_of_company(c: &mut DbConnection, order_no: &str, company: CompanyId) -> QueryResult<Option<CompanyOrder>> {
    company_orders::table
        .filter(company_orders::order_no.eq(order_no))
        .filter(company_orders::company_id.eq(company))
        .select(CompanyOrder::as_select())
        .first(c)
        .optional()
}

pub fn by_no(c: &mut DbConnection, order_no: &str) -> QueryResult<Option<CompanyOrder>> {
    company_orders::table.filter(company_orders::order_no.eq(order_no)).select(CompanyOrder::as_select()).first(c).optional()
}

/// The company's unpaid orders past their time become expired.
pub fn expire_overdue(c: &mut DbConnection, company: Option<CompanyId>, now: i64) -> QueryResult<usize> {
    let mut q = diesel::update(company_orders::table)
        .filter(company_orders::status.eq(OrderStatus::Pending))
        .filter(company_orders::expires_at.le(now))
        .into_boxed();
    if let Some(co) = company {
        q = q.filter(company_orders::company_id.eq(co));
    }
    q.set(company_orders::status.eq(OrderStatus::Expired)).execute(c)
}

pub fn page_of_company(c: &mut DbConnection, company: CompanyId, limit: i64, offset: i64) -> QueryResult<(Vec<CompanyOrder>, i64)> {
    let total = company_orders::table.filter(company_orders::company_id.eq(company)).count().get_result(c)?;
    let list = company_orders::table
        .filter(company_orders::company_id.eq(company))
        .order((company_orders::created_at.desc(), company_orders::id.desc()))
        .limit(limit)
        .offset(offset)
        .select(CompanyOrder::as_select())
        .load(c)?;
    Ok((list, total))
}

pub fn cancel_pending(c: &mut DbConnection, id: CompanyOrderId) -> QueryResult<bool> {
    let n = diesel::update(company_orders::table.find(id).filter(company_orders::status.eq(OrderStatus::Pending)))
        .set(company_orders::status.eq(OrderStatus::Cancelled))
        .execute(c)?;
    Ok(n == 1)
}

/// Paid orders of the company whose plan runs at `now`.
pub fn running(c: &mut DbConnection, company: CompanyId, now: i64) -> QueryResult<Vec<CompanyOrder>> {
    company_orders::table
        .filter(company_orders::company_id.eq(company))
        .filter(company_orders::status.eq(OrderStatus::Paid))
        .filter(company_orders::effective_from.le(now))
        .filter(company_orders::effective_until.gt(now))
        .select(CompanyOrder::as_select())
        .load(c)
}

/// Marks a pending, unexpired order paid: its plan runs `days` from now, or from the end of a
/// running paid order of the same plan (a renewal). False when the order cannot be paid (any more).
pub fn mark_paid(c: &mut DbConnection, order_no: &str, company: CompanyId, days: i64, now: i64) -> QueryResult<bool> {
    c.transaction(|c| {
        let Some(o) = by_no_of_company(c, order_no, company)? else {
            return Ok(false);
        };
        if o.status != OrderStatus::Pending || o.expires_at <= now {
            return Ok(false);
        }
        let running_until: Option<i64> = company_orders::table
            .filter(company_orders::company_id.eq(company))
            .filter(company_orders::plan_code.eq(&o.plan_code))
            .filter(company_orders::status.eq(OrderStatus::Paid))
            .select(diesel::dsl::max(company_orders::effective_until))
            .first(c)?;
        let from = running_until.filter(|until| *until > now).unwrap_or(now);
        let n = diesel::update(company_orders::table.find(o.id).filter(company_orders::status.eq(OrderStatus::Pending)))
            .set((
                company_orders::status.eq(OrderStatus::Paid),
                company_orders::paid_at.eq(Some(now)),
                company_orders::effective_from.eq(Some(from)),
                company_orders::effective_until.eq(Some(from + days * 86_400_000)),
            ))
            .execute(c)?;
        Ok(n == 1)
    })
}

/// A paid order becomes refunded; 0 when it was not paid (any more).
pub fn refund_paid(c: &mut DbConnection, order_no: &str) -> QueryResult<usize> {
    diesel::update(company_orders::table.filter(company_orders::order_no.eq(order_no)).filter(company_orders::status.eq(OrderStatus::Paid)))
        .set(company_orders::status.eq(OrderStatus::Refunded))
        .execute(c)
}

pub fn set_effective_until(c: &mut DbConnection, order_no: &str, until: Option<i64>) -> QueryResult<usize> {
    diesel::update(company_orders::table.filter(company_orders::order_no.eq(order_no))).set(company_orders::effective_until.eq(until)).execute(c)
}
