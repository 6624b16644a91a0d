//! `order_refunds`: an order's refund through the payment provider, one per order (UNIQUE order_no);
//! domain/refund.rs has its steps.

use diesel::prelude::*;
use serde::Serialize;

use crate::db::schema::order_refunds;
use crate::db::DbConnection;
use crate::ids::RefundId;

text_enum! {
    pub enum RefundStatus {
        /// Written before the provider is asked; dropped when the provider refuses.
        Pending = "pending",
        /// The provider refunded and the order is refunded.
        Done = "done",
    }
}

#[derive(Debug, Serialize, Queryable, Selectable, utoipa::ToSchema)]
#[diesel(table_name = order_refunds)]
#[serde(rename_all = "camelCase")]
#[schema(as = OrderRefund)]
pub struct Refund {
    pub refund_no: String,
    pub amount_fen: i64,
    pub reason: String,
    #[serde(rename = "admin")]
    pub admin_name: String,
    pub status: RefundStatus,
    pub created_at: i64,
    #[schema(required)]
    pub done_at: Option<i64>,
}

#[derive(Debug, Insertable)]
#[diesel(table_name = order_refunds)]
pub struct NewRefund<'a> {
    pub id: RefundId,
    pub order_no: &'a str,
    pub refund_no: &'a str,
    pub amount_fen: i64,
    pub reason: &'a str,
    pub admin_name: &'a str,
    pub status: RefundStatus,
    pub created_at: i64,
}

/// A second refund of the same order is refused (a UniqueViolation).
pub fn insert(c: &mut DbConnection, new: &NewRefund) -> QueryResult<usize> {
    diesel::insert_into(order_refunds::table).values(new).execute(c)
}

#[derive(Debug, Queryable, Selectable)]
#[diesel(table_name = order_refunds)]
pub struct RefundOfOrder {
    pub order_no: String,
    #[diesel(embed)]
    pub refund: Refund,
}

/// The refunds of those of `order_nos` that have one.
pub fn of_orders(c: &mut DbConnection, order_nos: &[String]) -> QueryResult<Vec<RefundOfOrder>> {
    order_refunds::table.filter(order_refunds::order_no.eq_any(order_nos)).select(RefundOfOrder::as_select()).load(c)
}

pub fn mark_done(c: &mut DbConnection, order_no: &str, now: i64) -> QueryResult<usize> {
    diesel::update(order_refunds::table.filter(order_refunds::order_no.eq(order_no)))
        .set((order_refunds::status.eq(RefundStatus::Done), order_refunds::done_at.eq(Some(now))))
        .execute(c)
}

pub fn delete_pending(c: &mut DbConnection, order_no: &str) -> QueryResult<usize> {
    diesel::delete(order_refunds::table.filter(order_refunds::order_no.eq(order_no)).filter(order_refunds::status.eq(RefundStatus::Pending)))
        .execute(c)
}
