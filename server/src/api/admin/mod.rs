//! The administrator console's face (`/ajax/admin/*`): admins log in with a password and a TOTP
//! code; every write goes through domain/admin.rs, which leaves an audit row in the same
//! transaction. Every call but log-in takes the `AdminSession` extractor and checks the role.

pub mod job_stats;
pub mod orders;

use actix_web::{web, HttpRequest, HttpResponse, Scope};
use serde::Deserialize;
use serde_json::json;

use crate::api::ok;
use crate::db::admin::{self as admin_db, AdminRole, Entry};
use crate::db::{self};
use crate::domain::admin::{self, Actor};
use crate::domain::auth;
use crate::error::{ApiError, ApiResult};
use crate::ids::{new_id, now_ms, parse_id, AdminId, CompanyId, JobId, JobReportId, SessionId};
use crate::state::AppState;
use crate::web::client_ip;
use crate::web::extract::{admin_address_allowed, admin_cookie, AdminSession, ADMIN_SCOPE};
use crate::web::form::Form;
use crate::web::paging::Paging;

use AdminRole::{Reviewer, Super, Support};

pub fn ajax_routes(scope: Scope) -> Scope {
    scope
        .route("/admin/login", web::post().to(login))
        .route("/admin/logout", web::post().to(logout))
        .route("/admin/me", web::post().to(me))
        .route("/admin/user/search", web::post().to(user_search))
        .route("/admin/user/detail", web::post().to(user_detail))
        .route("/admin/user/disable", web::post().to(user_disable))
        .route("/admin/user/enable", web::post().to(user_enable))
        .route("/admin/user/unlock", web::post().to(user_unlock))
        .route("/admin/company/queue", web::post().to(company_queue))
        .route("/admin/company/review", web::post().to(company_review))
        .route("/admin/company/licence/{id}", web::get().to(company_licence))
        // Trial applications of companies (issue 16).
        .route("/admin/trial/list", web::post().to(trial_list))
        .route("/admin/trial/decide", web::post().to(trial_decide))
        // Orders and refunds (issue 19).
        .route("/admin/order/list", web::post().to(orders::list))
        .route("/admin/order/detail", web::post().to(orders::detail))
        .route("/admin/order/refund", web::post().to(orders::refund))
        .route("/admin/company/disable", web::post().to(company_disable))
        .route("/admin/company/enable", web::post().to(company_enable))
        .route("/admin/job/queue", web::post().to(job_queue))
        .route("/admin/job/approve", web::post().to(job_approve))
        .route("/admin/job/takedown", web::post().to(job_takedown))
        .route("/admin/report/list", web::post().to(report_list))
        .route("/admin/report/dismiss", web::post().to(report_dismiss))
        .route("/admin/blackword/list", web::post().to(blackword_list))
        .route("/admin/blackword/add", web::post().to(blackword_add))
        .route("/admin/blackword/remove", web::post().to(blackword_remove))
        .route("/admin/audit/list", web::post().to(audit_list))
        .route("/admin/stats", web::post().to(stats))
        .route("/admin/jobStats", web::post().to(job_stats::job_stats))
        .route("/admin/statsDaily", web::post().to(job_stats::stats_daily))
        .route("/admin/admins/list", web::post().to(admins_list))
        .route("/admin/admins/create", web::post().to(admins_create))
        .route("/admin/admins/disable", web::post().to(admins_disable))
        .route("/admin/admins/enable", web::post().to(admins_enable))
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct LoginForm {
    #[serde(default)]
    pub username: String,
    #[serde(default)]
    pub password: String,
    #[serde(default)]
    pub otp: String,
}

fn record(a: &admin_db::Admin) -> serde_json::Value {
    json!({ "id": a.id, "username": a.username, "role": a.role })
}

/// Password, then the TOTP code. An admin not enrolled yet gets the secret (and the otpauth
/// address for the QR code) instead of a session, and enrols by logging in with a code from it.
pub async fn login(state: web::Data<AppState>, req: HttpRequest, Form(form): Form<LoginForm>) -> ApiResult<HttpResponse> {
    if !admin_address_allowed(&state, &req) {
        return Err(ApiError::NotFound);
    }
    let ip = client_ip(&req);
    let username = form.username.trim().to_string();
    if username.is_empty() || username.chars().count() > 32 || form.password.is_empty() || form.password.chars().count() > 64 {
        return Err(ApiError::BadInput("username".into()));
    }
    if !state.login_per_ip.hit(&ip) || state.admin_otp_failures.is_blocked(&username) || state.admin_lockout.is_locked(&username, &ip) {
        return Err(ApiError::RateLimited);
    }
    let lookup = username.clone();
    let found = db::run(&state.pool, move |c| Ok(admin_db::by_username(c, &lookup)?)).await?;
    let hash = found.as_ref().map(|a| a.password_hash.clone()).unwrap_or_else(auth::dummy_hash);
    let password = form.password.clone();
    let verified = web::block(move || auth::verify_password(&password, &hash)).await?;
    let audit_login = |action: &'static str, admin: Option<AdminId>, name: String, ip: String| {
        let pool = state.pool.clone();
        async move {
            db::run(&pool, move |c| {
                Ok(admin_db::audit(c, &Entry { admin_id: admin, admin_name: &name, action, ip: &ip, ..Default::default() }, now_ms())?)
            })
            .await
        }
    };
    let admin = match found {
        Some(a) if verified && !a.disabled => a,
        Some(a) if verified => {
            audit_login("admin.login.disabled", Some(a.id), username.clone(), ip.clone()).await?;
            return Err(ApiError::AccountDisabled(String::new()));
        }
        _ => {
            state.admin_lockout.failed(&username, &ip);
            audit_login("admin.login.failed", None, username.clone(), ip.clone()).await?;
            return Err(ApiError::LoginFailed);
        }
    };
    if !admin.totp_enrolled && form.otp.trim().is_empty() {
        return Ok(ok(json!({ "enroll": { "secret": admin.totp_secret, "otpauthUrl": admin::totp_url(&admin) } })));
    }
    // A code is taken once, and none older than the last taken, on every server (a replayed or
    // the previous window's code opens no second session). A wrong or used code answers as a wrong
    // password does, and counts toward the same lockout: the answer never tells that the password
    // was right (docs/api.md, /admin/login).
    let step_taken = match admin::totp_step(&admin, &form.otp) {
        Some(step) => {
            let store = state.store.clone();
            let id = admin.id;
            web::block(move || admin::claim_totp_step(&store, id, step)).await?.map_err(|e| ApiError::internal(e.0))?
        }
        None => false,
    };
    if !step_taken {
        state.admin_otp_failures.hit(&username);
        state.admin_lockout.failed(&username, &ip);
        audit_login("admin.login.otp_wrong", Some(admin.id), username.clone(), ip.clone()).await?;
        return Err(ApiError::LoginFailed);
    }
    state.admin_otp_failures.clear(&username);
    state.admin_lockout.succeeded(&username, &ip);
    let now = now_ms();
    let sid: SessionId = new_id();
    let (id, enrolled, name, ip2) = (admin.id, admin.totp_enrolled, admin.username.clone(), ip.clone());
    db::run(&state.pool, move |c| {
        db::write_transaction(c, |c| {
            if !enrolled {
                admin_db::set_enrolled(c, id)?;
            }
            admin_db::insert_session(c, sid, id, now, now + admin::MAX_SESSION_MS)?;
            admin_db::audit(c, &Entry { admin_id: Some(id), admin_name: &name, action: "admin.login", ip: &ip2, ..Default::default() }, now)?;
            Ok(())
        })
    })
    .await?;
    let token = crate::domain::auth::issue_scoped_token(&state.keys, id.0, sid, now, now + admin::MAX_SESSION_MS, ADMIN_SCOPE)?;
    let mut response = ok(json!({ "admin": record(&admin) }));
    response.add_cookie(&admin_cookie(&state, &req, token, false)).map_err(ApiError::internal)?;
    Ok(response)
}

pub async fn logout(state: web::Data<AppState>, req: HttpRequest, who: Option<AdminSession>) -> ApiResult<HttpResponse> {
    if let Some(who) = who {
        let sid = who.session;
        db::run(&state.pool, move |c| Ok(admin_db::revoke_session(c, sid, now_ms())?)).await?;
    }
    let mut response = ok(true);
    response.add_cookie(&admin_cookie(&state, &req, String::new(), true)).map_err(ApiError::internal)?;
    Ok(response)
}

pub async fn me(who: AdminSession) -> HttpResponse {
    ok(record(&who.admin))
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct QueryForm {
    #[serde(default)]
    pub q: String,
}

pub async fn user_search(state: web::Data<AppState>, who: AdminSession, Form(form): Form<QueryForm>) -> ApiResult<HttpResponse> {
    who.require(&[Super, Support, Reviewer])?;
    Ok(ok(db::run(&state.pool, move |c| admin::search_accounts(c, &form.q)).await?))
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct AccountRefForm {
    /// `candidate` or `member`, as the search's rows say.
    #[serde(default)]
    pub kind: String,
    #[serde(default)]
    pub id: String,
}

/// `/admin/user/detail`: one account found by the search, with what it holds and its audit rows.
pub async fn user_detail(state: web::Data<AppState>, who: AdminSession, Form(form): Form<AccountRefForm>) -> ApiResult<HttpResponse> {
    who.require(&[Super, Support, Reviewer])?;
    let id: i64 = form.id.trim().parse().map_err(|_| ApiError::BadInput("id".into()))?;
    let kind = form.kind.trim().to_string();
    Ok(ok(db::run(&state.pool, move |c| admin::account_detail(c, &kind, id)).await?))
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct AccountForm {
    #[serde(default)]
    pub mobile: String,
    #[serde(default)]
    pub reason: String,
}

async fn set_disabled(state: web::Data<AppState>, req: HttpRequest, who: AdminSession, form: AccountForm, disabled: bool) -> ApiResult<HttpResponse> {
    who.require(&[Super, Support])?;
    let ip = client_ip(&req);
    let user = db::run(&state.pool, move |c| admin::set_account_disabled(c, &Actor { admin: &who.admin, ip: &ip }, &form.mobile, disabled, &form.reason)).await?;
    if let Some(u) = user {
        state.logins.forget_user(u);
    }
    Ok(ok(true))
}

pub async fn user_disable(state: web::Data<AppState>, req: HttpRequest, who: AdminSession, Form(form): Form<AccountForm>) -> ApiResult<HttpResponse> {
    set_disabled(state, req, who, form, true).await
}

pub async fn user_enable(state: web::Data<AppState>, req: HttpRequest, who: AdminSession, Form(form): Form<AccountForm>) -> ApiResult<HttpResponse> {
    set_disabled(state, req, who, form, false).await
}

/// Lifts a log-in lockout (5 failed log-ins) of a mobile.
pub async fn user_unlock(state: web::Data<AppState>, req: HttpRequest, who: AdminSession, Form(form): Form<AccountForm>) -> ApiResult<HttpResponse> {
    who.require(&[Super, Support])?;
    let mobile = form.mobile.trim().to_string();
    if !core_wasm::account::is_mainland_mobile(&mobile) {
        return Err(ApiError::BadInput("mobile".into()));
    }
    crate::rate_limit::AccountLockout::unlock(&state.store, &mobile);
    let ip = client_ip(&req);
    db::run(&state.pool, move |c| admin::audit_unlock(c, &Actor { admin: &who.admin, ip: &ip }, &mobile)).await?;
    Ok(ok(true))
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct QueueForm {
    #[serde(default)]
    pub status: String,
    pub page: Option<String>,
    pub pagesize: Option<String>,
}

pub async fn company_queue(state: web::Data<AppState>, who: AdminSession, Form(form): Form<QueueForm>) -> ApiResult<HttpResponse> {
    who.require(&[Super, Reviewer, Support])?;
    let paging = Paging::parse(form.page.as_deref(), form.pagesize.as_deref())?;
    let status = if form.status.trim().is_empty() { "pending".to_string() } else { form.status.trim().to_string() };
    let (total, list) = db::run(&state.pool, move |c| admin::company_queue(c, &status, paging.offset(), paging.pagesize)).await?;
    Ok(ok(json!({ "total": total, "list": list })))
}

/// `GET /admin/company/licence/{companyId}`: the business licence the company sent, for verification.
pub async fn company_licence(state: web::Data<AppState>, who: AdminSession, path: web::Path<String>) -> ApiResult<HttpResponse> {
    who.require(&[Super, Reviewer])?;
    let company: CompanyId = parse_id(&path.into_inner(), "companyId")?;
    let row = db::run(&state.pool, move |c| crate::db::company_file::licence_of(c, company)?.ok_or(ApiError::NotFound)).await?;
    crate::web::upload::serve_jpeg(&state, &row.stored_name, false).await
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReviewForm {
    #[serde(default)]
    pub company_id: String,
    #[serde(default)]
    pub decision: String,
    #[serde(default)]
    pub reason: String,
    #[serde(default)]
    pub note: String,
}

pub async fn company_review(state: web::Data<AppState>, req: HttpRequest, who: AdminSession, Form(form): Form<ReviewForm>) -> ApiResult<HttpResponse> {
    who.require(&[Super, Reviewer])?;
    let company: CompanyId = parse_id(&form.company_id, "companyId")?;
    let ip = client_ip(&req);
    db::run(&state.pool, move |c| admin::review_company(c, &Actor { admin: &who.admin, ip: &ip }, company, form.decision.trim(), &form.reason, &form.note)).await?;
    Ok(ok(true))
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CompanyStateForm {
    #[serde(default)]
    pub company_id: String,
    #[serde(default)]
    pub reason: String,
}

async fn set_company_disabled(state: web::Data<AppState>, req: HttpRequest, who: AdminSession, form: CompanyStateForm, disabled: bool) -> ApiResult<HttpResponse> {
    who.require(&[Super, Support])?;
    let company: CompanyId = parse_id(&form.company_id, "companyId")?;
    let ip = client_ip(&req);
    let closed = db::run(&state.pool, move |c| admin::set_company_disabled(c, &Actor { admin: &who.admin, ip: &ip }, company, disabled, &form.reason)).await?;
    Ok(ok(json!({ "closedJobs": closed })))
}

/// `/admin/company/disable`: every member's account is disabled (sessions end at once) and the
/// company's open jobs close, leaving search.
pub async fn company_disable(state: web::Data<AppState>, req: HttpRequest, who: AdminSession, Form(form): Form<CompanyStateForm>) -> ApiResult<HttpResponse> {
    set_company_disabled(state, req, who, form, true).await
}

/// `/admin/company/enable`: the members may log in again; the closed jobs stay closed.
pub async fn company_enable(state: web::Data<AppState>, req: HttpRequest, who: AdminSession, Form(form): Form<CompanyStateForm>) -> ApiResult<HttpResponse> {
    set_company_disabled(state, req, who, form, false).await
}

/// `/admin/job/queue`: jobs held because their text hit the black-word list, oldest first.
pub async fn job_queue(state: web::Data<AppState>, who: AdminSession, Form(form): Form<PageForm>) -> ApiResult<HttpResponse> {
    who.require(&[Super, Reviewer, Support])?;
    let paging = Paging::parse(form.page.as_deref(), form.pagesize.as_deref())?;
    let (total, list) = db::run(&state.pool, move |c| Ok(admin::held_queue(c, paging.offset(), paging.pagesize)?)).await?;
    Ok(ok(json!({ "total": total, "list": list })))
}

/// `/admin/job/approve`: a held job is published.
pub async fn job_approve(state: web::Data<AppState>, req: HttpRequest, who: AdminSession, Form(form): Form<TakedownForm>) -> ApiResult<HttpResponse> {
    who.require(&[Super, Reviewer])?;
    let job: JobId = parse_id(&form.job_id, "jobId")?;
    let ip = client_ip(&req);
    db::run(&state.pool, move |c| admin::approve_job(c, &Actor { admin: &who.admin, ip: &ip }, job, &form.reason)).await?;
    Ok(ok(true))
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TakedownForm {
    #[serde(default)]
    pub job_id: String,
    #[serde(default)]
    pub reason: String,
}

pub async fn job_takedown(state: web::Data<AppState>, req: HttpRequest, who: AdminSession, Form(form): Form<TakedownForm>) -> ApiResult<HttpResponse> {
    who.require(&[Super, Reviewer])?;
    let job: JobId = parse_id(&form.job_id, "jobId")?;
    let ip = client_ip(&req);
    db::run(&state.pool, move |c| admin::take_down_job(c, &Actor { admin: &who.admin, ip: &ip }, job, &form.reason)).await?;
    Ok(ok(true))
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct PageForm {
    pub page: Option<String>,
    pub pagesize: Option<String>,
    #[serde(default)]
    pub q: String,
}

pub async fn report_list(state: web::Data<AppState>, who: AdminSession, Form(form): Form<PageForm>) -> ApiResult<HttpResponse> {
    who.require(&[Super, Reviewer, Support])?;
    let paging = Paging::parse(form.page.as_deref(), form.pagesize.as_deref())?;
    let (total, list) = db::run(&state.pool, move |c| Ok(admin::open_reports(c, paging.offset(), paging.pagesize)?)).await?;
    Ok(ok(json!({ "total": total, "list": list })))
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DismissForm {
    #[serde(default)]
    pub report_id: String,
    #[serde(default)]
    pub reason: String,
}

pub async fn report_dismiss(state: web::Data<AppState>, req: HttpRequest, who: AdminSession, Form(form): Form<DismissForm>) -> ApiResult<HttpResponse> {
    who.require(&[Super, Reviewer])?;
    let report: JobReportId = parse_id(&form.report_id, "reportId")?;
    let ip = client_ip(&req);
    db::run(&state.pool, move |c| admin::dismiss_report(c, &Actor { admin: &who.admin, ip: &ip }, report, &form.reason)).await?;
    Ok(ok(true))
}

pub async fn blackword_list(state: web::Data<AppState>, who: AdminSession) -> ApiResult<HttpResponse> {
    who.require(&[Super, Reviewer, Support])?;
    Ok(ok(db::run(&state.pool, move |c| Ok(admin::black_word_list(c)?)).await?))
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct WordForm {
    #[serde(default)]
    pub word: String,
}

async fn blackword_set(state: web::Data<AppState>, req: HttpRequest, who: AdminSession, form: WordForm, present: bool) -> ApiResult<HttpResponse> {
    who.require(&[Super, Reviewer])?;
    let ip = client_ip(&req);
    db::run(&state.pool, move |c| admin::set_black_word(c, &Actor { admin: &who.admin, ip: &ip }, &form.word, present)).await?;
    Ok(ok(true))
}

pub async fn blackword_add(state: web::Data<AppState>, req: HttpRequest, who: AdminSession, Form(form): Form<WordForm>) -> ApiResult<HttpResponse> {
    blackword_set(state, req, who, form, true).await
}

pub async fn blackword_remove(state: web::Data<AppState>, req: HttpRequest, who: AdminSession, Form(form): Form<WordForm>) -> ApiResult<HttpResponse> {
    blackword_set(state, req, who, form, false).await
}

/// The audit log, newest first: every role may read it.
pub async fn audit_list(state: web::Data<AppState>, who: AdminSession, Form(form): Form<PageForm>) -> ApiResult<HttpResponse> {
    who.require(&[Super, Reviewer, Support])?;
    let paging = Paging::parse(form.page.as_deref(), form.pagesize.as_deref())?;
    if form.q.chars().count() > 50 {
        return Err(ApiError::BadInput("q".into()));
    }
    let (total, list) = db::run(&state.pool, move |c| Ok(admin_db::audit_page(c, &form.q, paging.offset(), paging.pagesize)?)).await?;
    Ok(ok(json!({ "total": total, "list": list })))
}

pub async fn stats(state: web::Data<AppState>, who: AdminSession) -> ApiResult<HttpResponse> {
    who.require(&[Super, Reviewer, Support])?;
    Ok(ok(db::run(&state.pool, move |c| Ok(admin::stats(c)?)).await?))
}

pub async fn admins_list(state: web::Data<AppState>, who: AdminSession) -> ApiResult<HttpResponse> {
    who.require(&[Super])?;
    Ok(ok(db::run(&state.pool, move |c| Ok(admin_db::list(c)?)).await?))
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct CreateForm {
    #[serde(default)]
    pub username: String,
    #[serde(default)]
    pub password: String,
    #[serde(default)]
    pub role: String,
}

/// A new admin (super only); they enrol their TOTP at first log-in.
pub async fn admins_create(state: web::Data<AppState>, req: HttpRequest, who: AdminSession, Form(form): Form<CreateForm>) -> ApiResult<HttpResponse> {
    who.require(&[Super])?;
    let role = AdminRole::parse(form.role.trim()).ok_or_else(|| ApiError::BadInput("role".into()))?;
    let username = form.username.trim().to_string();
    if username.is_empty() || username.chars().count() > 32 || !username.chars().all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '.') {
        return Err(ApiError::BadInput("username".into()));
    }
    if let Some(problem) = core_wasm::account::new_password_problem(&form.password) {
        return Err(ApiError::BadInput(problem.key().into()));
    }
    let password = form.password.clone();
    let hash = web::block(move || auth::hash_password(&password)).await??;
    let ip = client_ip(&req);
    let id = db::run(&state.pool, move |c| {
        db::write_transaction(c, |c| {
            if admin_db::by_username(c, &username)?.is_some() {
                return Err(ApiError::BadInput("username exists".into()));
            }
            let id = admin_db::insert(c, &username, &hash, role, &admin::new_totp_secret(), false, now_ms())?;
            admin_db::audit(
                c,
                &Entry { admin_id: Some(who.admin.id), admin_name: &who.admin.username, action: "admin.create", target: &username, after: Some(role.as_str().into()), ip: &ip, ..Default::default() },
                now_ms(),
            )?;
            Ok(id)
        })
    })
    .await?;
    Ok(ok(json!({ "id": id })))
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct AdminIdForm {
    #[serde(default)]
    pub id: String,
    #[serde(default)]
    pub reason: String,
}

/// Disables an admin (super only): never oneself, never the last super admin; their sessions end.
pub async fn admins_disable(state: web::Data<AppState>, req: HttpRequest, who: AdminSession, Form(form): Form<AdminIdForm>) -> ApiResult<HttpResponse> {
    set_admin_disabled(state, req, who, form, true).await
}

/// Re-enables a disabled admin (super only); they log in again with their password and TOTP.
pub async fn admins_enable(state: web::Data<AppState>, req: HttpRequest, who: AdminSession, Form(form): Form<AdminIdForm>) -> ApiResult<HttpResponse> {
    set_admin_disabled(state, req, who, form, false).await
}

/// An admin's state changes and is audited in one transaction; asking for the state it already has
/// changes nothing and records nothing.
async fn set_admin_disabled(state: web::Data<AppState>, req: HttpRequest, who: AdminSession, form: AdminIdForm, disabled: bool) -> ApiResult<HttpResponse> {
    who.require(&[Super])?;
    let id: AdminId = parse_id(&form.id, "id")?;
    if disabled && id == who.admin.id {
        return Err(ApiError::LastSuperAdmin);
    }
    let ip = client_ip(&req);
    db::run(&state.pool, move |c| {
        db::write_transaction(c, |c| {
            let target = admin_db::by_id(c, id)?.ok_or(ApiError::NotFound)?;
            if target.disabled == disabled {
                return Ok(());
            }
            if disabled && target.role() == Some(Super) && admin_db::other_supers(c, id)? == 0 {
                return Err(ApiError::LastSuperAdmin);
            }
            admin_db::set_disabled(c, id, disabled)?;
            let (action, before, after) = if disabled {
                admin_db::revoke_all(c, id, now_ms())?;
                ("admin.disable", "enabled", "disabled")
            } else {
                ("admin.enable", "disabled", "enabled")
            };
            admin_db::audit(
                c,
                &Entry {
                    admin_id: Some(who.admin.id), admin_name: &who.admin.username, action, target: &target.username,
                    before: Some(before.into()), after: Some(after.into()), reason: form.reason.trim(), ip: &ip,
                },
                now_ms(),
            )?;
            Ok(())
        })
    })
    .await?;
    Ok(ok(true))
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct TrialListForm {
    #[serde(default)]
    pub status: String,
}

/// `/admin/trial/list`: the companies' trial applications in a status (default pending).
pub async fn trial_list(state: web::Data<AppState>, who: AdminSession, Form(form): Form<TrialListForm>) -> ApiResult<HttpResponse> {
    who.require(&[Super, Reviewer, Support])?;
    let status = if form.status.trim().is_empty() { "pending".to_string() } else { form.status.trim().to_string() };
    Ok(ok(db::run(&state.pool, move |c| crate::domain::plan::trial_queue(c, &status)).await?))
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TrialDecideForm {
    #[serde(default)]
    pub company_id: String,
    #[serde(default)]
    pub decision: String,
    #[serde(default)]
    pub reason: String,
}

/// `/admin/trial/decide`: approves or rejects a pending trial application, audited.
pub async fn trial_decide(state: web::Data<AppState>, req: HttpRequest, who: AdminSession, Form(form): Form<TrialDecideForm>) -> ApiResult<HttpResponse> {
    who.require(&[Super, Reviewer])?;
    let company: CompanyId = parse_id(&form.company_id, "companyId")?;
    let ip = client_ip(&req);
    db::run(&state.pool, move |c| admin::decide_trial(c, &Actor { admin: &who.admin, ip: &ip }, company, form.decision.trim(), &form.reason)).await?;
    Ok(ok(true))
}
