//! Company accounts: log-in, registration (the company and its owner), log-out, the member, password.

use actix_web::{web, HttpRequest};
use serde::{Deserialize, Serialize};

use crate::api::{answer, Answer};
use crate::db::account_disable::{self, AccountKind};
use crate::db::company_member::{self, Member, NewMember, Role};
use crate::db::{self, DbConnection};
use crate::domain::account::{mobile_of, new_password};
use crate::domain::interviewer_invitation::InvitationView;
use crate::domain::{auth, login};
use crate::domain::sms_code::{self, Scene};
use crate::error::{ApiError, ApiResult};
use crate::ids::{new_id, now_ms, CompanyId, MemberId, SessionId};
use crate::state::AppState;
use crate::web::client_ip;
use crate::web::extract::{company_cookie, current_member, CompanyMember};
use crate::web::form::Form;

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CompanyBrief {
    pub id: CompanyId,
    pub name: String,
    pub short_name: String,
}

/// The member as the recruiter site shows it.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MemberRecord {
    pub id: MemberId,
    pub name: String,
    /// The member's title (职务), '' for none; shown with the name on the jobs they answer for.
    pub title: String,
    /// Whether candidates see how recently the member worked (domain/recruiter_card.rs).
    pub show_active: bool,
    pub mobile: String,
    pub role: Role,
    pub company: CompanyBrief,
}

fn record(c: &mut DbConnection, m: &Member) -> ApiResult<MemberRecord> {
    let (id, name, short_name) = company_member::company_of(c, m.company_id)?;
    Ok(MemberRecord {
        id: m.id,
        name: m.name.clone(),
        title: m.title.clone(),
        show_active: m.show_active,
        mobile: m.mobile.clone(),
        role: m.role(),
        company: CompanyBrief { id, name, short_name },
    })
}

/// A company session for `member`: a company_sessions row and the `com_token` cookie.
async fn start_session(state: &web::Data<AppState>, req: &HttpRequest, member: Member) -> ApiResult<Answer<MemberRecord>> {
    if member.disabled {
        let id = member.id;
        let reason = db::run(&state.pool, move |c| Ok(account_disable::reason_of(c, AccountKind::Member, id.0)?)).await?;
        return Err(ApiError::AccountDisabled(reason));
    }
    let now = now_ms();
    let expires = now + auth::SESSION_DAYS * 24 * 3600 * 1000;
    let sid: SessionId = new_id();
    let id = member.id;
    let rec = db::run(&state.pool, move |c| {
        company_member::insert_session(c, sid, id, now, expires)?;
        record(c, &member)
    })
    .await?;
    let token = auth::issue_company_token(&state.keys, id, sid, now, expires)?;
    Ok(answer(rec).with_cookie(company_cookie(state, req, token, auth::SESSION_DAYS)))
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct LoginForm {
    #[serde(default)]
    pub mobile: String,
    #[serde(default)]
    pub password: String,
}

pub async fn login(state: web::Data<AppState>, req: HttpRequest, Form(form): Form<LoginForm>) -> ApiResult<Answer<MemberRecord>> {
    let mobile = mobile_of(&form.mobile)?;
    if form.password.is_empty() || form.password.chars().count() > 64 {
        return Err(ApiError::BadInput("password".into()));
    }
    let ip = client_ip(&req);
    let guards = login::LoginGuards { face: "company", per_address: &state.login_per_ip, lockout: &state.company_lockout };
    let lookup = mobile.clone();
    let found = login::check_password(&state.pool, &guards, &mobile, &ip, form.password, move |c| company_member::by_mobile(c, &lookup)).await?;
    let Some(member) = found else { return Err(ApiError::LoginFailed) };
    guards.succeeded(&mobile, &ip);
    start_session(&state, &req, member).await
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RegisterForm {
    #[serde(default)]
    pub mobile: String,
    #[serde(default)]
    pub code: String,
    #[serde(default)]
    pub password: String,
    #[serde(default)]
    pub confirm_password: Option<String>,
    #[serde(default)]
    pub company_name: String,
    #[serde(default)]
    pub name: String,
}

pub const COMPANY_NAME_MAX: usize = 100;

/// Registers a company and its owner, after the SMS code, and logs the owner in.
pub async fn register(state: web::Data<AppState>, req: HttpRequest, Form(form): Form<RegisterForm>) -> ApiResult<Answer<MemberRecord>> {
    let mobile = mobile_of(&form.mobile)?;
    if form.code.trim().is_empty() {
        return Err(ApiError::CodeRequired);
    }
    new_password(&form.password, form.confirm_password.as_deref())?;
    // Shown as typed without invisible characters; compared by key (docs/api.md, "Company names").
    let company_name = core_wasm::company::display_name(&form.company_name);
    if company_name.is_empty() || company_name.chars().count() > COMPANY_NAME_MAX {
        return Err(ApiError::BadInput("companyName".into()));
    }
    let name: String = form.name.trim().chars().take(30).collect();
    if !state.account_per_ip.hit(&client_ip(&req)) {
        return Err(ApiError::RateLimited);
    }
    // A taken company name is refused before the code is spent, so the form can be sent again with
    // another name and the same code; company names are public (the company pages), so this tells nothing.
    let taken = company_name.clone();
    if db::run(&state.pool, move |c| Ok(crate::db::company::name_taken(c, &taken, None)?)).await? {
        return Err(ApiError::CompanyNameExists);
    }
    // The code is checked and spent before the mobile is looked up: a wrong code reads the same for
    // every phone, so only the phone's holder learns it is registered, and argon2 runs only for them.
    let key = state.keys.code_key.clone();
    let (m, code) = (mobile.clone(), form.code.trim().to_string());
    db::run(&state.pool, move |c| sms_code::verify(c, &key, &m, Scene::ComRegister, &code)).await?;
    let password = form.password.clone();
    let hash = web::block(move || auth::hash_password(&password)).await??;
    let member = db::run(&state.pool, move |c| {
        db::write_transaction(c, |c| {
            if company_member::by_mobile(c, &mobile)?.is_some() {
                return Err(ApiError::MobileRegistered);
            }
            // Again, for a name taken since the check above.
            if crate::db::company::name_taken(c, &company_name, None)? {
                return Err(ApiError::CompanyNameExists);
            }
            let now = now_ms();
            let company: CompanyId = new_id();
            crate::db::company::insert(
                c,
                &crate::db::company::NewCompany {
                    id: company, name: &company_name, short_name: "", industry: "", company_type: "", company_size: "",
                    city: "", address: "", intro: "", created_at: now, name_key: crate::db::company::keys(&company_name, "").0,
                    brand_key: String::new(),
                },
            )?;
            let id = new_id();
            company_member::insert(
                c,
                &NewMember { id, company_id: company, mobile: &mobile, name: &name, password_hash: &hash, role: Role::Owner.as_str(), created_at: now },
            )?;
            Ok(company_member::by_mobile(c, &mobile)?.ok_or(ApiError::NotFound)?)
        })
    })
    .await?;
    start_session(&state, &req, member).await
}

pub async fn logout(state: web::Data<AppState>, req: HttpRequest) -> ApiResult<Answer<bool>> {
    if let Some((sid, _)) = current_member(&state, &req).await? {
        db::run(&state.pool, move |c| Ok(company_member::revoke_session(c, sid, now_ms())?)).await?;
    }
    Ok(answer(true).with_cookie(company_cookie(&state, &req, String::new(), 0)))
}

/// The logged-in member, or null.
pub async fn me(state: web::Data<AppState>, req: HttpRequest) -> ApiResult<Answer<Option<MemberRecord>>> {
    let Some((_, member)) = current_member(&state, &req).await? else { return Ok(answer(None)) };
    Ok(answer(Some(db::run(&state.pool, move |c| record(c, &member)).await?)))
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ProfileForm {
    #[serde(default)]
    pub name: String,
    #[serde(default)]
    pub title: String,
    /// `1` (the default) shows candidates how recently the member worked, `0` hides it.
    #[serde(default)]
    pub show_active: Option<String>,
}

/// The member's own name, title and active-status switch (core-wasm company::member_profile_problem);
/// the member as `/comlogin/me` answers it.
pub async fn save_profile(state: web::Data<AppState>, who: CompanyMember, Form(form): Form<ProfileForm>) -> ApiResult<Answer<MemberRecord>> {
    if let Some((field, _)) = core_wasm::company::member_profile_problem(&form.name, &form.title) {
        return Err(ApiError::BadInput(field.into()));
    }
    let show_active = match form.show_active.as_deref() {
        None | Some("1") => true,
        Some("0") => false,
        Some(_) => return Err(ApiError::BadInput("showActive".into())),
    };
    let (name, title) = (form.name.trim().to_string(), form.title.trim().to_string());
    let mut member = who.member;
    Ok(answer(
        db::run(&state.pool, move |c| {
            company_member::set_profile(c, member.id, &name, &title, show_active)?;
            (member.name, member.title, member.show_active) = (name, title, show_active);
            record(c, &member)
        })
        .await?,
    ))
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PasswordForm {
    #[serde(default)]
    pub old_password: String,
    #[serde(default)]
    pub password: String,
    #[serde(default)]
    pub confirm_password: Option<String>,
}

/// Changes the password; the member's other sessions end.
pub async fn modify_password(state: web::Data<AppState>, who: CompanyMember, Form(form): Form<PasswordForm>) -> ApiResult<Answer<bool>> {
    new_password(&form.password, form.confirm_password.as_deref())?;
    let (old, hash) = (form.old_password.clone(), who.member.password_hash.clone());
    if !web::block(move || auth::verify_password(&old, &hash)).await? {
        return Err(ApiError::OriginalPasswordWrong);
    }
    let password = form.password.clone();
    let new_hash = web::block(move || auth::hash_password(&password)).await??;
    let (id, sid) = (who.member.id, who.session);
    db::run(&state.pool, move |c| {
        company_member::set_password(c, id, &new_hash)?;
        company_member::revoke_all(c, id, Some(sid), now_ms())?;
        Ok(())
    })
    .await?;
    Ok(answer(true))
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct InvitationForm {
    /// The token of the invitation's link (`/recruit/invite/{token}`).
    #[serde(default)]
    pub token: String,
}

fn token_of(raw: &str) -> ApiResult<String> {
    let token = raw.trim();
    if token.is_empty() || token.len() > 100 {
        return Err(ApiError::BadInput("token".into()));
    }
    Ok(token.to_string())
}

/// `/comlogin/invitation`: what an interviewer's invitation shows before it is accepted (company,
/// name, the masked number). NOT_FOUND for an unknown, used, replaced or expired one.
pub async fn invitation(state: web::Data<AppState>, Form(form): Form<InvitationForm>) -> ApiResult<Answer<InvitationView>> {
    let token = token_of(&form.token)?;
    let view = db::run(&state.pool, move |c| crate::domain::interviewer_invitation::view(c, &token, now_ms())).await?;
    Ok(answer(view))
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
pub struct AcceptInvitationForm {
    #[serde(default)]
    pub token: String,
    #[serde(default)]
    pub password: String,
    #[serde(default, rename = "confirmPassword")]
    pub confirm_password: Option<String>,
}

/// `/comlogin/acceptInvitation`: the invited interviewer sets a password and is logged in (the
/// answer and cookie of /comlogin/login). MOBILE_REGISTERED when the number is another company
/// account's by now.
pub async fn accept_invitation(state: web::Data<AppState>, req: HttpRequest, Form(form): Form<AcceptInvitationForm>) -> ApiResult<Answer<MemberRecord>> {
    let token = token_of(&form.token)?;
    new_password(&form.password, form.confirm_password.as_deref())?;
    if !state.account_per_ip.hit(&client_ip(&req)) {
        return Err(ApiError::RateLimited);
    }
    let password = form.password.clone();
    let hash = web::block(move || auth::hash_password(&password)).await??;
    let member = db::run(&state.pool, move |c| crate::domain::interviewer_invitation::accept(c, &token, &hash, now_ms())).await?;
    start_session(&state, &req, member).await
}
