//! `partner_accounts`: which of our users a partner platform's user is (domain/partner.rs).

use diesel::prelude::*;

use crate::db::schema::partner_accounts;
use crate::db::DbConnection;
use crate::ids::UserId;

#[derive(Debug, Insertable)]
#[diesel(table_name = partner_accounts)]
pub struct NewPartnerAccount<'a> {
    pub platform_id: &'a str,
    pub partner_user_id: &'a str,
    pub user_id: UserId,
    pub created_at: i64,
}

pub fn insert(conn: &mut DbConnection, new: &NewPartnerAccount) -> QueryResult<usize> {
    diesel::insert_into(partner_accounts::table).values(new).execute(conn)
}

/// The user linked to the platform's user.
pub fn user_of(conn: &mut DbConnection, platform_id: &str, partner_user_id: &str) -> QueryResult<Option<UserId>> {
    partner_accounts::table.find((platform_id, partner_user_id)).select(partner_accounts::user_id).first(conn).optional()
}

#[derive(Debug, Queryable, Selectable)]
#[diesel(table_name = partner_accounts)]
pub struct PartnerLink {
    pub platform_id: String,
    pub partner_user_id: String,
}

/// The platform and its user that `user` came from, if any.
pub fn link_of(conn: &mut DbConnection, user: UserId) -> QueryResult<Option<PartnerLink>> {
    partner_accounts::table.filter(partner_accounts::user_id.eq(user)).select(PartnerLink::as_select()).first(conn).optional()
}
