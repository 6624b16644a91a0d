//! What the board keeps of a card's past, alike for a candidate's application (domain/pipeline.rs)
//! and an uploaded candidate's entry (domain/talent_pipeline.rs): its moves between stages and the
//! members' notes, as the card's page answers them.

use serde::Serialize;

use crate::db::{application_move, application_note, talent_pipeline};
use crate::error::{ApiError, ApiResult};

pub const NOTE_MAX: usize = 1000;

#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = PipelineNote)]
pub struct Note {
    pub id: i64,
    pub text: String,
    pub member_name: String,
    pub created_at: i64,
}

#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = PipelineMove)]
pub struct Move {
    /// Null for the landing in the first stage.
    #[schema(required)]
    pub from_stage: Option<i64>,
    pub to_stage: i64,
    pub member_name: String,
    pub at: i64,
}

/// A note's text as kept: trimmed, not empty, at most NOTE_MAX characters (BAD_INPUT `text` otherwise).
pub fn note_text(text: &str) -> ApiResult<&str> {
    let text = text.trim();
    if text.is_empty() || text.chars().count() > NOTE_MAX {
        return Err(ApiError::BadInput("text".into()));
    }
    Ok(text)
}

impl From<application_note::NoteRow> for Note {
    fn from(n: application_note::NoteRow) -> Self {
        Note { id: n.id, text: n.text, member_name: n.member_name, created_at: n.created_at }
    }
}

impl From<talent_pipeline::NoteRow> for Note {
    fn from(n: talent_pipeline::NoteRow) -> Self {
        Note { id: n.id.0, text: n.text, member_name: n.member_name, created_at: n.created_at }
    }
}

impl From<application_move::MoveRow> for Move {
    fn from(m: application_move::MoveRow) -> Self {
        Move { from_stage: m.from_stage, to_stage: m.to_stage, member_name: m.member_name, at: m.at }
    }
}

impl From<talent_pipeline::MoveRow> for Move {
    fn from(m: talent_pipeline::MoveRow) -> Self {
        Move { from_stage: m.from_stage, to_stage: m.to_stage, member_name: m.member_name, at: m.at }
    }
}
