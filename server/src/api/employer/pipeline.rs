//! The candidates of a company: stages, the list by stage and job, moves, the application with
//! its resume, notes; and resume search beyond applications. Owners and HR.

use actix_web::{web, HttpResponse};
use serde::{Deserialize, Serialize};

use crate::web::file_answer::{self, Disposition, FileAnswer, Sharing};
use crate::api::{answer, Answer};
use crate::db::application::CandidateStatus;
use crate::db::company_member::Role;
use crate::db::pipeline_stage::Stage;
use crate::db::resume::{self, FileRow};
use crate::db::resume_view::{view, ResumeView};
use crate::db::{self};
use crate::domain::employer::{self, ResumeFilters, ResumeHit};
use crate::domain::pipeline_board::{ApplicationCard, Card};
use crate::domain::pipeline_log::{Move, Note};
use crate::domain::visibility::ApplicationResume;
use crate::domain::{pipeline, pipeline_board, plan};
use crate::ids::now_ms;
use crate::domain::visibility;
use crate::error::{ApiError, ApiResult};
use crate::ids::{parse_id, parse_id_list, NoticeTemplateId, ResumeFileId, ResumeId};
use crate::state::AppState;
use crate::web::extract::{CompanyMember, CompanyMemberOneTrip};
use crate::web::form::Form;
use crate::web::paging::{Listed, Paging};

const PIPELINE_ROLES: &[Role] = &[Role::Owner, Role::Hr];

/// Below this, `stageId` is a stage's place (1 = the first) and `stageOppId` means every job: real
/// ids are far larger (server/src/ids.rs), and the zgzx header's link sends `stageId=1&stageOppId=1`.
const SMALL: i64 = 1000;

/// A stage of the board with how many applications are in it.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct StageCount {
    pub id: i64,
    pub name: String,
    /// What a candidate whose application is in the stage sees.
    pub status: CandidateStatus,
    pub position: i32,
    pub count: i64,
}

pub async fn stages(state: web::Data<AppState>, who: CompanyMember) -> ApiResult<Answer<Vec<StageCount>>> {
    who.require(PIPELINE_ROLES)?;
    let company = who.company();
    let out = db::run(&state.pool, move |c| {
        let stages = pipeline::stages(c, company)?;
        let counts = pipeline::stage_counts(c, company)?;
        Ok(stages
            .into_iter()
            .map(|s| {
                let count = counts.iter().find(|(id, _)| *id == s.id).map_or(0, |(_, n)| *n);
                StageCount { id: s.id, name: s.name, status: s.status, position: s.position, count }
            })
            .collect::<Vec<_>>())
    })
    .await?;
    Ok(answer(out))
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ApplyListForm {
    #[serde(default)]
    pub stage_id: String,
    #[serde(default)]
    pub stage_opp_id: String,
    pub page: Option<String>,
    pub pagesize: Option<String>,
}

fn optional_number(raw: &str, field: &str) -> ApiResult<i64> {
    let t = raw.trim();
    if t.is_empty() {
        return Ok(0);
    }
    t.parse::<i64>().ok().filter(|n| *n >= 0).ok_or_else(|| ApiError::BadInput(format!("{field} must be a number")))
}

/// `/comresume/applyresume`: the applications of a stage and a job (see SMALL), newest first.
pub async fn apply_list(state: web::Data<AppState>, who: CompanyMemberOneTrip, Form(form): Form<ApplyListForm>) -> ApiResult<Answer<Listed<Card>>> {
    let (total, list) = who
        .run(&state.pool, PIPELINE_ROLES, move |c, who| {
            // Read after the session and the role, as every other call of the face reads its input.
            let paging = Paging::parse(form.page.as_deref(), form.pagesize.as_deref())?;
            let stage = match optional_number(&form.stage_id, "stageId")? {
                0 => pipeline_board::StageChoice::All,
                n if n < SMALL => pipeline_board::StageChoice::Place(n as usize),
                id => pipeline_board::StageChoice::Id(id),
            };
            let job = optional_number(&form.stage_opp_id, "stageOppId")?;
            let job = (job >= SMALL).then_some(job);
            pipeline_board::list(c, who.company(), stage, job, paging.offset(), paging.pagesize)
        })
        .await?;
    Ok(answer(Listed::new(total, list)))
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MoveForm {
    #[serde(default)]
    pub apply_id: String,
    #[serde(default)]
    pub stage_id: String,
    /// Optional: a notice template of the company to send the candidate (as `/comresume/reject`'s).
    #[serde(default)]
    pub template: String,
}

pub async fn move_one(state: web::Data<AppState>, who: CompanyMember, Form(form): Form<MoveForm>) -> ApiResult<Answer<Card>> {
    who.require(PIPELINE_ROLES)?;
    let apply: i64 = parse_id(&form.apply_id, "applyId")?;
    let stage: i64 = parse_id(&form.stage_id, "stageId")?;
    let template = template_of(&form.template)?;
    let sender = sender_of(&who);
    let company = who.company();
    let app = db::run(&state.pool, move |c| {
        pipeline::move_with_notice(c, &sender, &[apply], stage, template)?;
        pipeline_board::any_card(c, company, apply)
    })
    .await?;
    Ok(answer(app))
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BulkForm {
    #[serde(default)]
    pub apply_ids: String,
    #[serde(default)]
    pub stage_id: String,
    /// Optional: a notice template of the company to send each moved application's candidate (mail
    /// and SMS through the outbox); absent: no notice.
    #[serde(default)]
    pub template: String,
}

fn ids_of(raw: &str) -> ApiResult<Vec<i64>> {
    let ids: Vec<i64> = parse_id_list(raw, "applyIds")?;
    if ids.is_empty() || ids.len() > 200 {
        return Err(ApiError::BadInput("applyIds".into()));
    }
    Ok(ids)
}

fn template_of(raw: &str) -> ApiResult<Option<NoticeTemplateId>> {
    match raw.trim() {
        "" => Ok(None),
        t => Ok(Some(parse_id::<NoticeTemplateId>(t, "template")?)),
    }
}

/// The member moving cards, as a notice names them.
fn sender_of(who: &CompanyMember) -> pipeline::Sender {
    pipeline::Sender { company: who.company(), member: who.member.id.0, contact: who.member.name.clone(), contact_phone: who.member.mobile.clone() }
}

/// How many applications moved.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct Moved {
    pub moved: usize,
}

pub async fn bulk_move(state: web::Data<AppState>, who: CompanyMember, Form(form): Form<BulkForm>) -> ApiResult<Answer<Moved>> {
    who.require(PIPELINE_ROLES)?;
    let ids = ids_of(&form.apply_ids)?;
    let stage: i64 = parse_id(&form.stage_id, "stageId")?;
    let template = template_of(&form.template)?;
    let sender = sender_of(&who);
    let moved = db::run(&state.pool, move |c| pipeline::move_with_notice(c, &sender, &ids, stage, template)).await?;
    Ok(answer(Moved { moved }))
}

pub async fn reject(state: web::Data<AppState>, who: CompanyMember, Form(form): Form<BulkForm>) -> ApiResult<Answer<Moved>> {
    who.require(PIPELINE_ROLES)?;
    let ids = ids_of(&form.apply_ids)?;
    let template = template_of(&form.template)?;
    let sender = sender_of(&who);
    let moved = db::run(&state.pool, move |c| {
        let stage = pipeline::not_suitable_stage(c, sender.company)?;
        pipeline::move_with_notice(c, &sender, &ids, stage, template)
    })
    .await?;
    Ok(answer(Moved { moved }))
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ApplyForm {
    #[serde(default)]
    pub apply_id: String,
}

/// An application with the candidate's whole resume, the members' notes and its moves.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct ApplicationDetail {
    pub application: ApplicationCard,
    pub resume: ApplicationResume,
    pub notes: Vec<Note>,
    pub moves: Vec<Move>,
}

/// The application with the candidate's whole resume; marks it viewed.
pub async fn detail(state: web::Data<AppState>, who: CompanyMember, Form(form): Form<ApplyForm>) -> ApiResult<Answer<ApplicationDetail>> {
    who.require(PIPELINE_ROLES)?;
    let apply: i64 = parse_id(&form.apply_id, "applyId")?;
    let company = who.company();
    let out = db::run(&state.pool, move |c| {
        // The resume first: an application with nothing to show is not marked viewed.
        let held = pipeline::visible_application(c, company, apply)?;
        let resume = visibility::application_resume(c, apply, held.resume_id)?;
        pipeline::mark_viewed(c, company, apply)?;
        let application = pipeline_board::application(c, company, apply)?;
        let notes = pipeline::notes(c, company, apply)?;
        let moves = pipeline::moves(c, apply)?;
        Ok(ApplicationDetail { application, resume, notes, moves })
    })
    .await?;
    Ok(answer(out))
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct NoteForm {
    #[serde(default)]
    pub apply_id: String,
    #[serde(default)]
    pub text: String,
}

pub async fn note(state: web::Data<AppState>, who: CompanyMember, Form(form): Form<NoteForm>) -> ApiResult<Answer<Note>> {
    who.require(PIPELINE_ROLES)?;
    let apply: i64 = parse_id(&form.apply_id, "applyId")?;
    let (company, member) = (who.company(), who.member.id);
    Ok(answer(db::run(&state.pool, move |c| pipeline::add_note(c, company, member.0, apply, &form.text)).await?))
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct StageForm {
    #[serde(default)]
    pub id: String,
    #[serde(default)]
    pub name: String,
    #[serde(default)]
    pub status: String,
}

pub async fn save_stage(state: web::Data<AppState>, who: CompanyMember, Form(form): Form<StageForm>) -> ApiResult<Answer<Stage>> {
    who.require(&[Role::Owner])?;
    let id: Option<i64> = if form.id.trim().is_empty() { None } else { Some(parse_id(&form.id, "id")?) };
    let status: i32 = form.status.trim().parse().map_err(|_| ApiError::BadInput("status".into()))?;
    let company = who.company();
    Ok(answer(db::run(&state.pool, move |c| pipeline::save_stage(c, company, id, &form.name, status)).await?))
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct OrderForm {
    #[serde(default)]
    pub ids: String,
}

pub async fn order_stages(state: web::Data<AppState>, who: CompanyMember, Form(form): Form<OrderForm>) -> ApiResult<Answer<Vec<Stage>>> {
    who.require(&[Role::Owner])?;
    let ids: Vec<i64> = parse_id_list(&form.ids, "ids")?;
    let company = who.company();
    Ok(answer(db::run(&state.pool, move |c| pipeline::order_stages(c, company, &ids)).await?))
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct SearchForm {
    #[serde(default)]
    pub keyword: String,
    #[serde(default)]
    pub city: String,
    #[serde(default)]
    pub education: String,
    #[serde(default)]
    pub experience: String,
    #[serde(default)]
    pub category: String,
    pub page: Option<String>,
    pub pagesize: Option<String>,
}

/// Resume search: filled resumes this company may see, top placement first.
pub async fn search(state: web::Data<AppState>, who: CompanyMember, Form(form): Form<SearchForm>) -> ApiResult<Answer<Listed<ResumeHit>>> {
    who.require(PIPELINE_ROLES)?;
    let paging = Paging::parse(form.page.as_deref(), form.pagesize.as_deref())?;
    if form.keyword.chars().count() > 50 {
        return Err(ApiError::BadInput("keyword".into()));
    }
    let filters = ResumeFilters { keyword: form.keyword, city: form.city, education: form.education, experience: form.experience, category: form.category };
    let company = who.company();
    // Blocks and top placement from the database, the search on the resume index without a
    // connection (searches wait their turn, search/index.rs), then the rows of the page.
    let index = state.resumes.clone();
    let fresh_from = index.fresh_from();
    let scope = db::run(&state.pool, move |c| Ok(employer::search_scope(c, company, fresh_from)?)).await?;
    let query = employer::resume_query(&filters, &scope, paging.offset(), paging.pagesize);
    let (total, ids) = web::block(move || index.search(&query)).await?.map_err(ApiError::internal)?;
    let list = db::run(&state.pool, move |c| Ok(employer::search_hits(c, &ids, &scope.top_users)?)).await?;
    Ok(answer(Listed::new(total as i64, list)))
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ResumeForm {
    #[serde(default)]
    pub resume_id: String,
}

pub async fn resume_view(state: web::Data<AppState>, who: CompanyMember, Form(form): Form<ResumeForm>) -> ApiResult<Answer<ResumeView>> {
    who.require(PIPELINE_ROLES)?;
    let id = parse_id::<ResumeId>(&form.resume_id, "resumeId")?;
    let company = who.company();
    let v = db::run(&state.pool, move |c| {
        // A hidden resume is read only as sent, in its applications (/comresume/detail).
        if !visibility::may_open_live(c, company, id)? {
            return Err(ApiError::NotFound);
        }
        match visibility::access(c, company, id)? {
            visibility::Access::Denied => return Err(ApiError::NotFound),
            // A resume found in search counts against the month's resume views (issue 16).
            visibility::Access::Searched => plan::use_quota(c, company, plan::Kind::ResumeView, Some(id.0), now_ms())?,
            visibility::Access::Applied => {}
        }
        let row = resume::by_id(c, id)?.ok_or(ApiError::NotFound)?;
        view(c, &row)
    })
    .await?;
    Ok(answer(v))
}

/// A file of a resume the company may read.
pub async fn file(req: actix_web::HttpRequest, state: web::Data<AppState>, who: CompanyMember, path: web::Path<String>) -> ApiResult<HttpResponse> {
    who.require(PIPELINE_ROLES)?;
    let id: ResumeFileId = parse_id(&path.into_inner(), "id")?;
    let company = who.company();
    let f: FileRow = db::run(&state.pool, move |c| {
        let f = resume::file_by_id(c, id)?.ok_or(ApiError::NotFound)?;
        match visibility::access(c, company, f.resume_id)? {
            visibility::Access::Denied => return Err(ApiError::NotFound),
            // A file of a resume found in search counts against the month's downloads (issue 16).
            visibility::Access::Searched => plan::use_quota(c, company, plan::Kind::Download, Some(id.0), now_ms())?,
            // A hidden resume's files: those sent with an application only.
            visibility::Access::Applied if !visibility::may_download(c, company, f.resume_id, id.0)? => return Err(ApiError::NotFound),
            visibility::Access::Applied => {}
        }
        Ok(f)
    })
    .await?;
    let answer = FileAnswer { stored: &f.stored_name, content_type: &f.content_type, disposition: Disposition::Attachment(&f.original_name), sharing: Sharing::Private };
    file_answer::send(&req, &state.storage, answer).await
}
