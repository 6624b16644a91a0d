//! Orders for value-added services. Amounts are integer fen.

use diesel::prelude::*;
use serde::Serialize;

use crate::db::DbConnection;
use crate::ids::{OrderId, UserId};
use crate::db::schema::orders;

int_enum! {
    /// Where an order stands (orders.status); the order list answers the number.
    pub enum OrderStatus {
        /// Waiting for payment until expires_at.
        Pending = 1,
        Paid = 2,
        /// Not paid in time.
        Expired = 3,
        Cancelled = 4,
        /// Paid, then refunded by an admin (domain/refund.rs): the service is no longer in effect.
        Refunded = 5,
    }
}

/// Paid orders: the services in effect (read by domain/employer.rs).
pub const PAID: OrderStatus = OrderStatus::Paid;

#[derive(Debug, Clone, Copy, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Service {
    pub code: &'static str,
    pub name_zh: &'static str,
    pub name_en: &'static str,
    pub description_zh: &'static str,
    pub description_en: &'static str,
    pub amount_fen: i64,
    pub days: i64,
}

/// The catalogue of what a candidate can buy.
pub const SERVICES: &[Service] = &[
    Service {
        code: "resume_top_7d",
        name_zh: "简历置顶 7 天",
        name_en: "Resume top placement, 7 days",
        description_zh: "7 天内在企业搜索结果中排在前列",
        description_en: "Your resume ranks near the top of employers' searches for 7 days",
        amount_fen: 1990,
        days: 7,
    },
    Service {
        code: "resume_refresh_30d",
        name_zh: "简历每日刷新 30 天",
        name_en: "Daily resume refresh, 30 days",
        description_zh: "30 天内每天自动刷新简历，保持活跃",
        description_en: "Your resume is refreshed every day for 30 days",
        amount_fen: 990,
        days: 30,
    },
    Service {
        code: "resume_highlight_30d",
        name_zh: "简历亮点标识 30 天",
        name_en: "Highlighted resume, 30 days",
        description_zh: "30 天内简历带醒目标识，更易被 HR 注意",
        description_en: "A highlight badge on your resume for 30 days",
        amount_fen: 2990,
        days: 30,
    },
];

pub fn service(code: &str) -> Option<&'static Service> {
    SERVICES.iter().find(|s| s.code == code)
}

/// 1990 fen -> "19.90".
pub fn yuan(fen: i64) -> String {
    format!("{}.{:02}", fen / 100, fen % 100)
}

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = orders)]
pub struct Order {
    pub id: OrderId,
    pub order_no: String,
    pub user_id: UserId,
    pub service_code: String,
    pub amount_fen: i64,
    pub status: OrderStatus,
    pub created_at: i64,
    pub expires_at: i64,
    pub paid_at: Option<i64>,
    pub effective_until: Option<i64>,
}

#[derive(Debug, Insertable)]
#[diesel(table_name = orders)]
pub struct NewOrder<'a> {
    pub id: OrderId,
    pub order_no: &'a str,
    pub user_id: UserId,
    pub service_code: &'a str,
    pub amount_fen: i64,
    pub status: OrderStatus,
    pub created_at: i64,
    pub expires_at: i64,
}

pub fn insert(conn: &mut DbConnection, new: &NewOrder) -> QueryResult<usize> {
    diesel::insert_into(orders::table).values(new).execute(conn)
}

pub fn by_no_of_user(conn: &mut DbConnection, order_no: &str, user: UserId) -> QueryResult<Option<Order>> {
    orders::table
        .filter(orders::order_no.eq(order_no))
        .filter(orders::user_id.eq(user))
        .select(Order::as_select())
        .first(conn)
        .optional()
}

/// An order that just expired.
#[derive(Debug, diesel::QueryableByName)]
pub struct Expired {
    #[diesel(sql_type = diesel::sql_types::Text)]
    pub order_no: String,
    #[diesel(sql_type = diesel::sql_types::BigInt)]
    pub user_id: UserId,
}

/// Unpaid orders past their time become expired: the user's, or everyone's. Answers the orders this
/// call changed; one statement guarded by the status, so an order expires once however many servers
/// (or calls) try at the same moment.
pub fn expire_overdue(conn: &mut DbConnection, user: Option<UserId>, now: i64) -> QueryResult<Vec<Expired>> {
    use diesel::sql_types::{BigInt, Integer};
    let (pending, expired) = (OrderStatus::Pending.code(), OrderStatus::Expired.code());
    match user {
        Some(u) => diesel::sql_query(
            "UPDATE orders SET status = $1 WHERE status = $2 AND expires_at <= $3 AND user_id = $4 RETURNING order_no, user_id",
        )
        .bind::<Integer, _>(expired)
        .bind::<Integer, _>(pending)
        .bind::<BigInt, _>(now)
        .bind::<BigInt, _>(u.0)
        .load(conn),
        None => diesel::sql_query("UPDATE orders SET status = $1 WHERE status = $2 AND expires_at <= $3 RETURNING order_no, user_id")
            .bind::<Integer, _>(expired)
            .bind::<Integer, _>(pending)
            .bind::<BigInt, _>(now)
            .load(conn),
    }
}

pub fn page_of_user(conn: &mut DbConnection, user: UserId, limit: i64, offset: i64) -> QueryResult<(Vec<Order>, i64)> {
    let total = orders::table.filter(orders::user_id.eq(user)).count().get_result(conn)?;
    let list = orders::table
        .filter(orders::user_id.eq(user))
        .order((orders::created_at.desc(), orders::id.desc()))
        .limit(limit)
        .offset(offset)
        .select(Order::as_select())
        .load(conn)?;
    Ok((list, total))
}

/// The buyers of `service` whose paid order of it runs at `now`.
pub fn buyers_of_running(conn: &mut DbConnection, service: &str, now: i64) -> QueryResult<Vec<i64>> {
    orders::table
        .filter(orders::service_code.eq(service))
        .filter(orders::status.eq(OrderStatus::Paid))
        .filter(orders::effective_until.gt(now))
        .select(orders::user_id)
        .distinct()
        .load(conn)
}

/// A pending order of the user's becomes cancelled; false when it was no longer pending.
pub fn cancel_pending(conn: &mut DbConnection, id: OrderId) -> QueryResult<bool> {
    let changed = diesel::update(orders::table.find(id).filter(orders::status.eq(OrderStatus::Pending)))
        .set(orders::status.eq(OrderStatus::Cancelled))
        .execute(conn)?;
    Ok(changed == 1)
}

/// A paid order becomes refunded; 0 when it was not paid (any more).
pub fn refund_paid(conn: &mut DbConnection, order_no: &str) -> QueryResult<usize> {
    diesel::update(orders::table.filter(orders::order_no.eq(order_no)).filter(orders::status.eq(OrderStatus::Paid)))
        .set(orders::status.eq(OrderStatus::Refunded))
        .execute(conn)
}

pub fn set_effective_until(conn: &mut DbConnection, order_no: &str, until: Option<i64>) -> QueryResult<usize> {
    diesel::update(orders::table.filter(orders::order_no.eq(order_no))).set(orders::effective_until.eq(until)).execute(conn)
}

/// Marks a pending, unexpired order paid and puts its service into effect, extending a
/// running one of the same kind. False when the order cannot be paid (any more).
pub fn mark_paid(conn: &mut DbConnection, order_no: &str, now: i64) -> QueryResult<bool> {
    conn.transaction(|conn| {
        let Some(o) = orders::table
            .filter(orders::order_no.eq(order_no))
            .select(Order::as_select())
            .first(conn)
            .optional()?
        else {
            return Ok(false);
        };
        if o.status != OrderStatus::Pending || o.expires_at <= now {
            return Ok(false);
        }
        let days = service(&o.service_code).map_or(0, |s| s.days);
        let running: Option<i64> = orders::table
            .filter(orders::user_id.eq(o.user_id))
            .filter(orders::service_code.eq(&o.service_code))
            .filter(orders::status.eq(OrderStatus::Paid))
            .select(diesel::dsl::max(orders::effective_until))
            .first(conn)?;
        let from = running.filter(|until| *until > now).unwrap_or(now);
        let changed = diesel::update(orders::table.find(o.id).filter(orders::status.eq(OrderStatus::Pending)))
            .set((
                orders::status.eq(OrderStatus::Paid),
                orders::paid_at.eq(Some(now)),
                orders::effective_until.eq(Some(from + days * 86_400_000)),
            ))
            .execute(conn)?;
        Ok(changed == 1)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn yuan_from_fen() {
        assert_eq!(yuan(1990), "19.90");
        assert_eq!(yuan(5), "0.05");
        assert_eq!(yuan(100), "1.00");
    }

    #[test]
    fn catalogue_codes_are_unique_and_priced() {
        for (i, s) in SERVICES.iter().enumerate() {
            assert!(s.amount_fen > 0 && s.days > 0);
            assert!(SERVICES[i + 1..].iter().all(|o| o.code != s.code));
        }
        assert!(service("resume_top_7d").is_some());
        assert!(service("nope").is_none());
    }
}
