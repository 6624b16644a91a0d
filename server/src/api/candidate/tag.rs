//! /ajax/tag/*: the candidate's interest tags.

use actix_web::web;
use serde::Deserialize;

use crate::api::{answer, Answer};
use crate::db::{self, black_word, job, user_tag};
use crate::error::{ApiError, ApiResult};
use crate::ids::now_ms;
use crate::state::AppState;
use crate::web::extract::LoggedIn;
use crate::web::form::Form;
use core_wasm::tags::{normalize_tags, parse_tag_list, TagProblem};

pub async fn get_user_tags(state: web::Data<AppState>, who: LoggedIn) -> ApiResult<Answer<Vec<String>>> {
    let user = who.0.user.user_id();
    Ok(answer(db::run(&state.pool, move |c| Ok(user_tag::of_user(c, user)?)).await?))
}

pub async fn get_black_word(state: web::Data<AppState>) -> ApiResult<Answer<Vec<String>>> {
    Ok(answer(db::run(&state.pool, |c| Ok(black_word::all(c)?)).await?))
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
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
pub async fn add_tags(state: web::Data<AppState>, who: LoggedIn, Form(form): Form<TagsForm>) -> ApiResult<Answer<Vec<String>>> {
    let user = who.0.user.user_id();
    let raw = parse_tag_list(&form.tags);
    let saved = db::run(&state.pool, move |c| {
        let black = black_word::all(c)?;
        let tags = normalize_tags(&raw, &black).map_err(|p| ApiError::BadInput(problem_message(&p)))?;
        db::write_transaction(c, |c| Ok(user_tag::replace(c, user, &tags, now_ms())?))?;
        Ok(tags)
    })
    .await?;
    Ok(answer(saved))
}

/// How many of the given tags `/tag/getSimilar` looks up (a query each).
const SIMILAR_TAGS_QUERIED: usize = 10;

pub async fn get_similar(state: web::Data<AppState>, _who: LoggedIn, Form(form): Form<TagsForm>) -> ApiResult<Answer<Vec<String>>> {
    let raw = parse_tag_list(&form.tags);
    if raw.len() > 50 {
        return Err(ApiError::BadInput("tags: too many".into()));
    }
    // core-wasm's tag rules before any query: a tag of thousands of characters once reached LIKE
    // (SQLite: "pattern too complex", a 500). Black words do not matter to a suggestion.
    let tags = normalize_tags(&raw, &[]).map_err(|p| ApiError::BadInput(problem_message(&p)))?;
    // One query a tag: at most SIMILAR_TAGS_QUERIED of them, the first ones.
    let tags: Vec<String> = tags.into_iter().take(SIMILAR_TAGS_QUERIED).collect();
    Ok(answer(db::run(&state.pool, move |c| Ok(job::related_keywords(c, &tags)?)).await?))
}
