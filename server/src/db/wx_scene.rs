//! `wx_scenes`: one row per WeChat binding QR code shown, and what its scan did.

use base64::Engine;
use diesel::prelude::*;

use crate::db::schema::{users, wx_scenes};
use crate::db::DbConnection;
use crate::ids::{now_ms, UserId};

int_enum! {
    /// What a binding QR code's scan did (wx_scenes.status).
    pub enum SceneStatus {
        /// Shown, not scanned yet.
        Waiting = 1,
        /// Scanned: the WeChat is now bound to the scene's account.
        Bound = 2,
        /// Scanned by a WeChat that belongs to another account.
        Refused = 3,
    }
}

pub fn new_scene() -> String {
    format!("bind_{}", base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(rand::random::<[u8; 18]>()))
}

/// Records a new scene for `user`, valid for `ttl_secs`; returns when it expires.
pub fn create_scene(conn: &mut DbConnection, scene: &str, user: UserId, ttl_secs: i64) -> QueryResult<i64> {
    let now = now_ms();
    let expires = now + ttl_secs * 1000;
    diesel::insert_into(wx_scenes::table)
        .values((
            wx_scenes::scene.eq(scene),
            wx_scenes::user_id.eq(user),
            wx_scenes::status.eq(SceneStatus::Waiting),
            wx_scenes::created_at.eq(now),
            wx_scenes::expires_at.eq(expires),
        ))
        .execute(conn)?;
    Ok(expires)
}

/// A scan of `scene` by `openid`: binds it to the scene's account unless that WeChat already
/// belongs to another account. Returns the scene's new status, or None for an unknown or
/// stale scene.
pub fn scanned(conn: &mut DbConnection, scene: &str, openid: &str, nickname: &str) -> QueryResult<Option<SceneStatus>> {
    conn.transaction(|c| {
        let found: Option<SceneRow> = wx_scenes::table.find(scene).select(SceneRow::as_select()).first(c).optional()?;
        let Some(SceneRow { user_id: user, status: SceneStatus::Waiting, expires_at }) = found else { return Ok(None) };
        if expires_at <= now_ms() {
            return Ok(None);
        }
        let owner: Option<UserId> = users::table.filter(users::wx_openid.eq(openid)).select(users::id).first(c).optional()?;
        let status = match owner {
            Some(other) if other != user => SceneStatus::Refused,
            _ => {
                diesel::update(users::table.find(user))
                    .set((users::wx_openid.eq(Some(openid)), users::wx_nickname.eq(Some(nickname))))
                    .execute(c)?;
                SceneStatus::Bound
            }
        };
        diesel::update(wx_scenes::table.find(scene)).set(wx_scenes::status.eq(status)).execute(c)?;
        Ok(Some(status))
    })
}


#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = wx_scenes)]
pub struct SceneRow {
    pub user_id: UserId,
    pub status: SceneStatus,
    pub expires_at: i64,
}

/// The user's scene: how it stands and when it expires; None for an unknown scene or another user's.
pub fn of_user(conn: &mut DbConnection, scene: &str, user: UserId) -> QueryResult<Option<SceneRow>> {
    wx_scenes::table.find(scene).filter(wx_scenes::user_id.eq(user)).select(SceneRow::as_select()).first(conn).optional()
}
