//! /ajax/tag/*: the candidate's interest tags.

use std::collections::HashMap;

use actix_web::{web, HttpResponse};
use diesel::prelude::*;
use serde::Deserialize;

use crate::web::form::Form;
use crate::api::ok;
use crate::web::extract::LoggedIn;
use crate::db::{self, DbConnection};
use crate::error::{ApiError, ApiResult};
use crate::ids::{now_ms, UserId};
use crate::db::schema::{black_words, jobs, user_tags};
use crate::state::AppState;
use core_wasm::tags::{normalize_tags, parse_tag_list, TagProblem};

pub fn black_word_list(conn: &mut DbConnection) -> QueryResult<Vec<String>> {
    black_words::table.select(black_words::word).order(black_words::word.asc()).load(conn)
}

pub fn tags_of(conn: &mut DbConnection, user: UserId) -> QueryResult<Vec<String>> {
    user_tags::table
        .filter(user_tags::user_id.eq(user.0))
        .order(user_tags::position.asc())
        .select(user_tags::tag)
        .load(conn)
}

pub async fn get_user_tags(state: web::Data<AppState>, who: LoggedIn) -> ApiResult<HttpResponse> {
    let user = who.0.user.user_id();
    Ok(ok(db::run(&state.pool, move |c| Ok(tags_of(c, user)?)).await?))
}

pub async fn get_black_word(state: web::Data<AppState>) -> ApiResult<HttpResponse> {
    Ok(ok(db::run(&state.pool, |c| Ok(black_word_list(c)?)).await?))
}

#[derive(Debug, Deserialize)]
pub struct TagsForm {
    #[serde(default)]
    pub tags: String,
}

fn problem_message(p: &TagProblem) -> String {
    match p {
        TagProblem::TooLong(t) => format!("{}: {t}", p.key()),
        TagProblem::BlackWord { tag, .. } => format!("{}: {tag}", p.key()),
        TagProblem::TotalTooLong => p.key().to_string(),
    }
}

/// Sets the candidate's tags to the given list (the page adds and removes, then saves the whole list).
pub async fn add_tags(state: web::Data<AppState>, who: LoggedIn, Form(form): Form<TagsForm>) -> ApiResult<HttpResponse> {
    let user = who.0.user.user_id();
    let raw = parse_tag_list(&form.tags);
    let saved = db::run(&state.pool, move |c| {
        let black = black_word_list(c)?;
        let tags = normalize_tags(&raw, &black).map_err(|p| ApiError::BadInput(problem_message(&p)))?;
        db::write_transaction(c, |c| {
            diesel::delete(user_tags::table.filter(user_tags::user_id.eq(user.0))).execute(c)?;
            let now = now_ms();
            for (i, tag) in tags.iter().enumerate() {
                diesel::insert_into(user_tags::table)
                    .values((
                        user_tags::user_id.eq(user.0),
                        user_tags::tag.eq(tag),
                        user_tags::position.eq(i as i32),
                        user_tags::created_at.eq(now),
                    ))
                    .execute(c)?;
            }
            Ok(())
        })?;
        Ok(tags)
    })
    .await?;
    Ok(ok(saved))
}

// LIKE ignores case on SQLite but not on PostgreSQL: compare lower-cased text on both.
diesel::define_sql_function!(fn lower(x: diesel::sql_types::Text) -> diesel::sql_types::Text);

pub const SIMILAR_LIMIT: usize = 12;

/// Related tags: keywords that appear in the same jobs as the given tags (co-occurrence),
/// then keywords of jobs in the categories the tags name; the given tags themselves excluded.
pub fn similar(conn: &mut DbConnection, tags: &[String]) -> QueryResult<Vec<String>> {
    let wanted: Vec<String> = tags.iter().map(|t| t.trim().to_lowercase()).filter(|t| !t.is_empty()).collect();
    if wanted.is_empty() {
        return Ok(Vec::new());
    }
    let mut scores: HashMap<String, (u32, String)> = HashMap::new();
    for tag in &wanted {
        let pattern = format!("%{}%", crate::db::like_escape(tag));
        let rows: Vec<(String, String)> = jobs::table
            .filter(jobs::closed.eq(false))
            .filter(lower(jobs::keywords).like(pattern.clone()).escape('\\').or(lower(jobs::category).like(pattern).escape('\\')))
            .select((jobs::keywords, jobs::category))
            .limit(500)
            .load(conn)?;
        for (keywords, category) in rows {
            let in_keywords = keywords.split(',').any(|k| k.trim().to_lowercase() == *tag);
            // A keyword that co-occurs with the tag weighs 3; one shared through the category, 1.
            let weight = if in_keywords { 3 } else { 1 };
            for k in keywords.split(',').map(str::trim).chain(std::iter::once(category.trim())) {
                if k.is_empty() || wanted.contains(&k.to_lowercase()) {
                    continue;
                }
                let entry = scores.entry(k.to_lowercase()).or_insert((0, k.to_string()));
                entry.0 += weight;
            }
        }
    }
    let mut ranked: Vec<(u32, String)> = scores.into_values().collect();
    ranked.sort_by(|a, b| b.0.cmp(&a.0).then_with(|| a.1.cmp(&b.1)));
    Ok(ranked.into_iter().take(SIMILAR_LIMIT).map(|(_, t)| t).collect())
}

pub async fn get_similar(state: web::Data<AppState>, _who: LoggedIn, Form(form): Form<TagsForm>) -> ApiResult<HttpResponse> {
    let tags = parse_tag_list(&form.tags);
    if tags.len() > 50 {
        return Err(ApiError::BadInput("tags: too many".into()));
    }
    Ok(ok(db::run(&state.pool, move |c| Ok(similar(c, &tags)?)).await?))
}
