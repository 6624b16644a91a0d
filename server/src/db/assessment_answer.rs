//! `assessment_answers`: a candidate's answer to one question of a send, and its score (a choice's
//! at once, a text answer's when the company grades it).

use diesel::prelude::*;
use serde::Serialize;

use crate::db::schema::assessment_answers;
use crate::db::DbConnection;
use crate::ids::AssessmentSendId;

#[derive(Debug, Clone, Queryable, Selectable, Serialize, utoipa::ToSchema)]
#[diesel(table_name = assessment_answers)]
#[serde(rename_all = "camelCase")]
#[schema(as = AssessmentAnswer)]
pub struct Answer {
    pub question: i32,
    pub answer: String,
    #[schema(required)]
    pub score: Option<i32>,
    pub saved_at: i64,
}

/// The answers of a send, by question.
pub fn of_send(c: &mut DbConnection, send: AssessmentSendId) -> QueryResult<Vec<Answer>> {
    assessment_answers::table
        .filter(assessment_answers::send_id.eq(send))
        .order(assessment_answers::question.asc())
        .select(Answer::as_select())
        .load(c)
}

/// Scores an answer; how many rows changed (0: the question is not answered).
pub fn set_score(c: &mut DbConnection, send: AssessmentSendId, question: i32, score: i32) -> QueryResult<usize> {
    diesel::update(assessment_answers::table.find((send, question))).set(assessment_answers::score.eq(Some(score))).execute(c)
}

/// Saves the answer to a question, over an earlier one; inside the caller's write transaction.
pub fn save(c: &mut DbConnection, send: AssessmentSendId, question: i32, text: &str, score: Option<i32>, now: i64) -> QueryResult<()> {
    let n = diesel::update(assessment_answers::table.find((send, question)))
        .set((assessment_answers::answer.eq(text), assessment_answers::score.eq(score), assessment_answers::saved_at.eq(now)))
        .execute(c)?;
    if n == 0 {
        diesel::insert_into(assessment_answers::table)
            .values((
                assessment_answers::send_id.eq(send),
                assessment_answers::question.eq(question),
                assessment_answers::answer.eq(text),
                assessment_answers::score.eq(score),
                assessment_answers::saved_at.eq(now),
            ))
            .execute(c)?;
    }
    Ok(())
}
