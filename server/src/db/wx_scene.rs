//! `wx_scenes`: one row per WeChat binding QR code shown, and what its scan did.

use base64::Engine;
use diesel::prelude::*;

use crate::db::schema::{users, wx_scenes};
use crate::db::DbConnection;
use crate::ids::now_ms;

pub const WAITING: i32 = 1;
pub const BOUND: i32 = 2;
pub const REFUSED: i32 = 3;

pub fn new_scene() -> String {
    format!("bind_{}", base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(rand::random::<[u8; 18]>()))
}

/// Records a new scene for `user`, valid for `ttl_secs`; returns when it expires.
pub fn create_scene(conn: &mut DbConnection, scene: &str, user: i64, ttl_secs: i64) -> QueryResult<i64> {
    let now = now_ms();
    let expires = now + ttl_secs * 1000;
    diesel::insert_into(wx_scenes::table)
        .values((
            wx_scenes::scene.eq(scene),
            wx_scenes::user_id.eq(user),
            wx_scenes::status.eq(WAITING),
            wx_scenes::created_at.eq(now),
            wx_scenes::expires_at.eq(expires),
        ))
        .execute(conn)?;
    Ok(expires)
}

/// A scan of `scene` by `openid`: binds it to the scene's account unless that WeChat already
/// belongs to another account. Returns the scene's new status, or None for an unknown or
/// stale scene.
pub fn scanned(conn: &mut DbConnection, scene: &str, openid: &str, nickname: &str) -> QueryResult<Option<i32>> {
    conn.transaction(|c| {
        let found: Option<(i64, i32, i64)> = wx_scenes::table
            .find(scene)
            .select((wx_scenes::user_id, wx_scenes::status, wx_scenes::expires_at))
            .first(c)
            .optional()?;
        let Some((user, WAITING, expires)) = found else { return Ok(None) };
        if expires <= now_ms() {
            return Ok(None);
        }
        let owner: Option<i64> = users::table.filter(users::wx_openid.eq(openid)).select(users::id).first(c).optional()?;
        let status = match owner {
            Some(other) if other != user => REFUSED,
            _ => {
                diesel::update(users::table.find(user))
                    .set((users::wx_openid.eq(Some(openid)), users::wx_nickname.eq(Some(nickname))))
                    .execute(c)?;
                BOUND
            }
        };
        diesel::update(wx_scenes::table.find(scene)).set(wx_scenes::status.eq(status)).execute(c)?;
        Ok(Some(status))
    })
}

