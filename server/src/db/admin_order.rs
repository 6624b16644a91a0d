//! Every order as the admin console lists it (domain/refund.rs): candidates' `orders` with the
//! buyer's account, and companies' `company_orders` with the company.

use diesel::prelude::*;

use crate::db::order::OrderStatus;
use crate::db::schema::{companies, company_orders, orders, users};
use crate::db::DbConnection;

/// The console's filters: a status, a text held by the buyer (the candidate's mobile or name, the
/// company's name) or the order number, and created in [from_ms, until_ms).
#[derive(Debug, Default)]
pub struct OrderFilter<'a> {
    pub status: Option<OrderStatus>,
    pub q: &'a str,
    pub from_ms: Option<i64>,
    pub until_ms: Option<i64>,
}

#[derive(Debug, Queryable, Selectable)]
#[diesel(table_name = orders)]
pub struct CandidateOrderRow {
    pub order_no: String,
    #[diesel(select_expression = users::id)]
    pub buyer_id: i64,
    #[diesel(select_expression = users::name)]
    pub buyer: String,
    #[diesel(select_expression = users::mobile)]
    pub mobile: Option<String>,
    pub service_code: String,
    pub amount_fen: i64,
    pub status: OrderStatus,
    pub created_at: i64,
    pub paid_at: Option<i64>,
    pub effective_until: Option<i64>,
}

#[derive(Debug, Queryable, Selectable)]
#[diesel(table_name = company_orders)]
pub struct CompanyOrderRow {
    pub order_no: String,
    #[diesel(select_expression = companies::id)]
    pub buyer_id: i64,
    #[diesel(select_expression = companies::name)]
    pub buyer: String,
    pub plan_code: String,
    pub amount_fen: i64,
    pub status: OrderStatus,
    pub created_at: i64,
    pub paid_at: Option<i64>,
    pub effective_until: Option<i64>,
}

/// One page of candidates' orders, newest first, and how many match.
pub fn candidate_page(c: &mut DbConnection, f: &OrderFilter, offset: i64, limit: i64) -> QueryResult<(i64, Vec<CandidateOrderRow>)> {
    let p = format!("%{}%", crate::db::like_escape(f.q));
    let filtered = || {
        let mut q = orders::table.inner_join(users::table.on(users::id.eq(orders::user_id))).into_boxed();
        if let Some(s) = f.status {
            q = q.filter(orders::status.eq(s));
        }
        if !f.q.is_empty() {
            q = q.filter(
                users::mobile.like(p.clone()).escape('\\').or(users::name.like(p.clone()).escape('\\')).or(orders::order_no.like(p.clone()).escape('\\')),
            );
        }
        if let Some(t) = f.from_ms {
            q = q.filter(orders::created_at.ge(t));
        }
        if let Some(t) = f.until_ms {
            q = q.filter(orders::created_at.lt(t));
        }
        q
    };
    let total: i64 = filtered().count().get_result(c)?;
    let rows = filtered()
        .order((orders::created_at.desc(), orders::id.desc()))
        .offset(offset)
        .limit(limit)
        .select(CandidateOrderRow::as_select())
        .load(c)?;
    Ok((total, rows))
}

/// One page of companies' orders, newest first, and how many match.
pub fn company_page(c: &mut DbConnection, f: &OrderFilter, offset: i64, limit: i64) -> QueryResult<(i64, Vec<CompanyOrderRow>)> {
    let p = format!("%{}%", crate::db::like_escape(f.q));
    let filtered = || {
        let mut q = company_orders::table.inner_join(companies::table).into_boxed();
        if let Some(s) = f.status {
            q = q.filter(company_orders::status.eq(s));
        }
        if !f.q.is_empty() {
            q = q.filter(companies::name.like(p.clone()).escape('\\').or(company_orders::order_no.like(p.clone()).escape('\\')));
        }
        if let Some(t) = f.from_ms {
            q = q.filter(company_orders::created_at.ge(t));
        }
        if let Some(t) = f.until_ms {
            q = q.filter(company_orders::created_at.lt(t));
        }
        q
    };
    let total: i64 = filtered().count().get_result(c)?;
    let rows = filtered()
        .order((company_orders::created_at.desc(), company_orders::id.desc()))
        .offset(offset)
        .limit(limit)
        .select(CompanyOrderRow::as_select())
        .load(c)?;
    Ok((total, rows))
}

pub fn candidate_order(c: &mut DbConnection, order_no: &str) -> QueryResult<Option<CandidateOrderRow>> {
    orders::table
        .inner_join(users::table.on(users::id.eq(orders::user_id)))
        .filter(orders::order_no.eq(order_no))
        .select(CandidateOrderRow::as_select())
        .first(c)
        .optional()
}

pub fn company_order(c: &mut DbConnection, order_no: &str) -> QueryResult<Option<CompanyOrderRow>> {
    company_orders::table
        .inner_join(companies::table)
        .filter(company_orders::order_no.eq(order_no))
        .select(CompanyOrderRow::as_select())
        .first(c)
        .optional()
}
