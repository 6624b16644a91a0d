//! The OpenAPI 3.1 document of every /ajax call, served at `GET /ajax/openapi.json` and built from
//! the code with utoipa, so that it cannot drift:
//! - each operation names its handler (`OPERATIONS` below), and the request is read off the
//!   handler's own extractors: the payload from its `Form<T>` (every form derives `ToSchema`),
//!   the query from its `web::Query<T>`, who may call from its session extractor (`LoggedIn`,
//!   `CompanyMember`, `AdminSession`). A handler whose form lacks `ToSchema` does not compile here;
//! - server/tests/openapi.rs compares `OPERATIONS` with the faces' route tables, and asks the
//!   running server that each documented path is routed;
//! - the answers: `{"result": …}` with 200, or the error envelope `{"error": {"code", "message"}}`
//!   with each HTTP status and the codes error.rs gives that status. A handler answering
//!   `Answer<T>` (api/mod.rs) has T's schema under `result`, read off its return type
//!   (`Answered`, `ResultSchema`); one answering a bare `HttpResponse` has the generic envelope;
//! - server/tests/openapi.rs compares the document with its snapshot, ui/src/lib/api/openapi.json,
//!   from which the ui's answer types are generated (ui/src/lib/api/schema.d.ts).
//!
//! docs/api.md stays the narrative: what each call means, its rules and examples.

use std::sync::OnceLock;

use actix_web::http::StatusCode;
use actix_web::{web, FromRequest, Handler, HttpRequest, HttpResponse};
use serde_json::json;
use utoipa::openapi::path::{HttpMethod, OperationBuilder, ParameterBuilder, ParameterIn, PathItem, PathsBuilder};
use utoipa::openapi::request_body::RequestBodyBuilder;
use utoipa::openapi::security::{ApiKey, ApiKeyValue, SecurityRequirement, SecurityScheme};
use utoipa::openapi::schema::{AdditionalProperties, ArrayBuilder, KnownFormat, ObjectBuilder, OneOfBuilder, SchemaFormat, Type};
use utoipa::openapi::{ComponentsBuilder, ContentBuilder, InfoBuilder, OpenApiBuilder, RefOr, Required, ResponseBuilder, Schema};
use utoipa::ToSchema;

use crate::api::Answer;
use crate::error::CODES;
use crate::web::extract::{AdminSession, CompanyMember, CompanyMemberOneTrip, LoggedIn, LoggedInOneTrip, MaybeLoggedIn, ADMIN_TOKEN_COOKIE, COMPANY_TOKEN_COOKIE};
use crate::web::form::Form;
use crate::web::paging::{Listed, PageOf};

/// Who may call an operation, read off its handler's extractors.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum Caller {
    #[default]
    Anyone,
    Candidate,
    Company,
    Admin,
}

impl Caller {
    /// The security scheme's name in the document.
    fn scheme(self) -> Option<&'static str> {
        match self {
            Caller::Anyone => None,
            Caller::Candidate => Some("candidateSession"),
            Caller::Company => Some("companySession"),
            Caller::Admin => Some("adminSession"),
        }
    }
}

/// What the document says of one operation's request.
#[derive(Default)]
pub struct Shape {
    pub caller: Caller,
    body: Option<(&'static str, RefOr<Schema>)>,
    query: Option<RefOr<Schema>>,
    /// The 200 answer's `result`, for a typed answer.
    result: Option<RefOr<Schema>>,
    schemas: Vec<(String, RefOr<Schema>)>,
}

/// An extractor's part of the document; extractors that say nothing keep the default.
pub trait Described {
    fn describe(_shape: &mut Shape) {}
}

impl<T: ToSchema, const LIMIT: usize> Described for Form<T, LIMIT> {
    fn describe(shape: &mut Shape) {
        shape.body = Some(("application/x-www-form-urlencoded", T::schema()));
        T::schemas(&mut shape.schemas);
    }
}

impl<T: ToSchema> Described for web::Query<T> {
    fn describe(shape: &mut Shape) {
        shape.query = Some(T::schema());
        T::schemas(&mut shape.schemas);
    }
}

/// The two uploads read `multipart/form-data` from the raw payload (the `Upload` schema).
impl Described for web::Payload {
    fn describe(shape: &mut Shape) {
        shape.body = Some(("multipart/form-data", schema_ref("Upload")));
    }
}

impl Described for LoggedIn {
    fn describe(shape: &mut Shape) {
        shape.caller = Caller::Candidate;
    }
}

impl Described for LoggedInOneTrip {
    fn describe(shape: &mut Shape) {
        shape.caller = Caller::Candidate;
    }
}

impl Described for CompanyMember {
    fn describe(shape: &mut Shape) {
        shape.caller = Caller::Company;
    }
}

impl Described for CompanyMemberOneTrip {
    fn describe(shape: &mut Shape) {
        shape.caller = Caller::Company;
    }
}

impl Described for AdminSession {
    fn describe(shape: &mut Shape) {
        shape.caller = Caller::Admin;
    }
}

impl<T: 'static> Described for web::Data<T> {}
impl Described for HttpRequest {}
impl Described for MaybeLoggedIn {}
impl Described for Option<AdminSession> {}
impl Described for web::Path<String> {}
impl Described for web::Path<(String, String)> {}

macro_rules! described_tuples {
    ($( ($($t:ident),*) )*) => {$(
        impl<$($t: Described),*> Described for ($($t,)*) {
            #[allow(unused_variables)]
            fn describe(shape: &mut Shape) {
                $( $t::describe(shape); )*
            }
        }
    )*};
}

described_tuples! { () (A) (A, B) (A, B, C) (A, B, C, D) (A, B, C, D, E) (A, B, C, D, E, F) }

/// What a handler's return type says of its 200 answer: a typed answer's `result`, or nothing
/// beyond the envelope.
pub trait Answered {
    fn result(_schemas: &mut Vec<(String, RefOr<Schema>)>) -> Option<RefOr<Schema>> {
        None
    }
}

impl Answered for HttpResponse {}

impl<T: Answered, E> Answered for Result<T, E> {
    fn result(schemas: &mut Vec<(String, RefOr<Schema>)>) -> Option<RefOr<Schema>> {
        T::result(schemas)
    }
}

impl<T: ResultSchema> Answered for Answer<T> {
    fn result(schemas: &mut Vec<(String, RefOr<Schema>)>) -> Option<RefOr<Schema>> {
        Some(T::result_schema(schemas))
    }
}

/// The schema of a typed answer's `result`. A named type (listed in `named_results!` below, deriving
/// `ToSchema`) goes to the document's components, with the types it names, and is referred to, so
/// that the ui gets it by name; lists, options, pages and plain values are written in place.
pub trait ResultSchema {
    fn result_schema(schemas: &mut Vec<(String, RefOr<Schema>)>) -> RefOr<Schema>;
}

/// A named type's schema in the components, and the reference to it.
fn named<T: ToSchema>(schemas: &mut Vec<(String, RefOr<Schema>)>) -> RefOr<Schema> {
    schemas.push((T::name().into_owned(), T::schema()));
    T::schemas(schemas);
    schema_ref(&T::name())
}

impl<T: ResultSchema> ResultSchema for Vec<T> {
    fn result_schema(schemas: &mut Vec<(String, RefOr<Schema>)>) -> RefOr<Schema> {
        ArrayBuilder::new().items(T::result_schema(schemas)).into()
    }
}

impl<T: ResultSchema> ResultSchema for Option<T> {
    fn result_schema(schemas: &mut Vec<(String, RefOr<Schema>)>) -> RefOr<Schema> {
        OneOfBuilder::new().item(ObjectBuilder::new().schema_type(Type::Null)).item(T::result_schema(schemas)).into()
    }
}

/// `PageOf<T>` (web/paging.rs): `{list, total, page, pagesize}`.
impl<T: ResultSchema> ResultSchema for PageOf<T> {
    fn result_schema(schemas: &mut Vec<(String, RefOr<Schema>)>) -> RefOr<Schema> {
        let number = || ObjectBuilder::new().schema_type(Type::Integer).format(Some(SchemaFormat::KnownFormat(KnownFormat::Int64)));
        ObjectBuilder::new()
            .property("list", ArrayBuilder::new().items(T::result_schema(schemas)))
            .property("total", number())
            .property("page", number())
            .property("pagesize", number())
            .required("list")
            .required("total")
            .required("page")
            .required("pagesize")
            .into()
    }
}

/// `Listed<T>` (web/paging.rs): `{total, list}`.
impl<T: ResultSchema> ResultSchema for Listed<T> {
    fn result_schema(schemas: &mut Vec<(String, RefOr<Schema>)>) -> RefOr<Schema> {
        ObjectBuilder::new()
            .property("total", ObjectBuilder::new().schema_type(Type::Integer).format(Some(SchemaFormat::KnownFormat(KnownFormat::Int64))))
            .property("list", ArrayBuilder::new().items(T::result_schema(schemas)))
            .required("total")
            .required("list")
            .into()
    }
}

macro_rules! plain_results {
    ($($t:ty),*) => {$(
        impl ResultSchema for $t {
            fn result_schema(_schemas: &mut Vec<(String, RefOr<Schema>)>) -> RefOr<Schema> {
                <$t as utoipa::PartialSchema>::schema()
            }
        }
    )*};
}

plain_results!(bool, i32, i64, usize, String, serde_json::Value);

macro_rules! named_results {
    ($($t:ty),* $(,)?) => {$(
        impl ResultSchema for $t {
            fn result_schema(schemas: &mut Vec<(String, RefOr<Schema>)>) -> RefOr<Schema> {
                named::<$t>(schemas)
            }
        }
    )*};
}

impl<T: ResultSchema> ResultSchema for &'static [T] {
    fn result_schema(schemas: &mut Vec<(String, RefOr<Schema>)>) -> RefOr<Schema> {
        Vec::<T>::result_schema(schemas)
    }
}

// The named answers of the typed calls: what they answer directly (what these name is found
// through them). A typed handler whose answer is missing here does not compile.
named_results! {
    // public
    crate::api::public::site::SiteConfig,
    crate::api::public::jobs::SearchFilters,
    crate::api::public::jobs::HomePage,
    crate::domain::job_page::SearchResults,
    crate::domain::job_page::JobDetail,
    crate::domain::job_page::CompanyDetail,
    crate::domain::account::UserRecord,
    crate::domain::captcha::Challenge,
    crate::api::public::account::SliderPassed,
    crate::api::public::account::SmsCodeSent,
    // candidate
    crate::api::candidate::account::EmailCodeSent,
    crate::api::candidate::account::AccountInfo,
    crate::api::candidate::wechat::WeixinSetting,
    crate::api::candidate::wechat::WxCode,
    crate::api::candidate::wechat::BindWxInfo,
    crate::domain::assessment::MySend,
    crate::domain::assessment::Paper,
    crate::db::assessment_answer::Answer,
    crate::db::resume_openness::ResumeOpenness,
    crate::domain::behaviour::Recorded,
    crate::db::order::Service,
    crate::api::candidate::order::OrderItem,
    crate::api::candidate::order::OrderCreated,
    crate::api::candidate::pcuser::ApplyList,
    crate::api::candidate::pcuser::Applied,
    crate::db::saved_job::SavedJobItem,
    crate::db::shield::ShieldItem,
    crate::db::shield::CompanyToBlock,
    crate::db::resume::ResumeListItem,
    crate::db::resume_view::ResumeView,
    crate::api::candidate::resume::Saved,
    crate::api::candidate::resume_fill::FileAnalysis,
    // employer
    crate::api::employer::account::MemberRecord,
    crate::domain::interviewer_invitation::InvitationView,
    crate::api::employer::company::CompanyAnswer,
    crate::api::employer::jobs::CompanyJobList,
    crate::api::employer::jobs::JobSaved,
    crate::api::employer::jobs::JobRefreshed,
    crate::api::employer::jobs::JobCopied,
    crate::domain::job_posting::PostedJob,
    crate::api::employer::pipeline::StageCount,
    crate::api::employer::pipeline::Moved,
    crate::api::employer::pipeline::ApplicationDetail,
    crate::domain::pipeline_board::Card,
    crate::domain::pipeline_log::Note,
    crate::db::pipeline_stage::Stage,
    crate::domain::employer::ResumeHit,
    crate::domain::behaviour::JobFunnel,
    crate::domain::hiring_funnel::HiringFunnel,
    crate::api::employer::notice::Templates,
    crate::api::employer::notice::TemplateSaved,
    crate::db::notice::NoticeRecord,
    crate::api::employer::interview::Interviewers,
    crate::api::employer::interview::InterviewSaved,
    crate::api::employer::interview::InterviewCalendar,
    crate::api::employer::interview::InterviewDetail,
    crate::domain::interview::interviewers::SavedInterviewer,
    crate::domain::visibility::ApplicationResume,
    crate::domain::assessment::Summary,
    crate::domain::assessment::Full,
    crate::domain::assessment::CompanySend,
    crate::domain::plan::PlanStatus,
    crate::domain::plan::PaidPlan,
    crate::api::employer::plan_order::CompanyOrderItem,
    crate::api::employer::plan_order::PlanOrderCreated,
    crate::api::employer::resume_analysis::ResumeAnalysis,
    crate::api::employer::talent::TalentSaved,
    crate::api::employer::talent::Duplicates,
    crate::api::employer::talent::TalentText,
    crate::db::talent::TalentItem,
    crate::domain::talent::TalentView,
    crate::domain::talent_pipeline::UploadCard,
    // admin
    crate::api::admin::session::AdminLogin,
    crate::api::admin::session::AdminRecord,
    crate::domain::admin::accounts::AccountRow,
    crate::domain::admin::accounts::AccountDetail,
    crate::domain::company_review::CompanyReviewRow,
    crate::api::admin::companies::CompanyDisabled,
    crate::db::company_trial::TrialRow,
    crate::domain::refund::AdminOrder,
    crate::db::job_moderation::HeldJobRow,
    crate::db::job_report::ReportRow,
    crate::db::admin::AuditRow,
    crate::db::admin::AdminRow,
    crate::domain::admin::stats::Totals,
    crate::domain::behaviour::SiteJobStats,
    crate::domain::site_stats::SiteStats,
    crate::api::admin::admins::AdminCreated,
}

/// The request shape of a handler, from the types of its arguments, and its answer's, from its
/// return type.
pub fn shape_of<F, Args>(_handler: &F) -> Shape
where
    F: Handler<Args>,
    F::Output: Answered,
    Args: FromRequest + Described,
{
    let mut shape = Shape::default();
    Args::describe(&mut shape);
    shape.result = F::Output::result(&mut shape.schemas);
    shape
}

/// One documented operation.
pub struct Operation {
    pub face: &'static str,
    pub method: &'static str,
    /// Under /ajax, as in the face's route table.
    pub path: &'static str,
    /// The handler as the route table writes it, relative to the face's module.
    pub handler: &'static str,
    /// The 200 answer's media type when it is a file rather than the JSON envelope (`*/*`: the
    /// stored file's own type, a photo or a document; schemathesis found image/jpeg).
    pub file: Option<&'static str>,
    shape: fn() -> Shape,
}

macro_rules! operations {
    ($( $face:ident $method:ident $path:literal => $($handler:ident)::+ $([$file:literal])? ; )*) => {
        /// Every /ajax call, face by face, in the order of the route tables.
        pub const OPERATIONS: &[Operation] = &[$(
            Operation {
                face: stringify!($face),
                method: stringify!($method),
                path: $path,
                handler: stringify!($($handler)::+),
                file: operations!(@file $($file)?),
                shape: || shape_of(&crate::api::$face::$($handler)::+),
            },
        )*];
    };
    (@file) => { None };
    (@file $file:literal) => { Some($file) };
}

operations! {
    public post "/site/config" => site::config;
    public post "/site/home" => jobs::home;
    public post "/job/filters" => jobs::filters;
    public post "/job/search" => jobs::search;
    public post "/job/detail" => jobs::detail;
    public post "/company/detail" => jobs::company;
    public get "/company/picture/{id}" => jobs::company_picture ["image/jpeg"];
    public post "/pclogin/islogin" => pclogin::islogin;
    public post "/pclogin/login" => pclogin::login;
    public post "/pclogin/logout" => pclogin::logout;
    public post "/pclogin/isComLogin" => pclogin::is_com_login;
    public post "/pclogin/register" => account::register;
    public post "/pclogin/loginByCode" => account::login_by_code;
    public post "/pclogin/resetPassword" => account::reset_password;
    public post "/slider/init" => account::slider_init;
    public post "/slider/test" => account::slider_test;
    public post "/pcuser/sendCode" => account::send_code;
    candidate post "/pcuser/modifypassword" => account::modify_password;
    candidate post "/pcuser/interviewList" => interview::list;
    candidate post "/pcuser/interviewAnswer" => interview::answer;
    candidate post "/pcuser/modifyMobile" => account::modify_mobile;
    candidate post "/pcuser/sendEmailCode" => account::send_email_code;
    candidate post "/pcuser/bindEmail" => account::bind_email;
    candidate post "/pcuser/accountInfo" => account::account_info;
    candidate post "/pcuser/getWeiXinSetting" => wechat::get_weixin_setting;
    candidate post "/pcuser/getBindWxInfo" => wechat::get_bind_wx_info;
    candidate post "/pcuser/unBindWx" => wechat::un_bind_wx;
    candidate post "/im/getImWxCode" => wechat::get_im_wx_code;
    candidate post "/tag/getUserTags" => tag::get_user_tags;
    candidate post "/tag/addTags" => tag::add_tags;
    candidate post "/tag/getSimilar" => tag::get_similar;
    candidate post "/tag/getBlackWord" => tag::get_black_word;
    candidate post "/pcuser/applyList" => pcuser::apply_list;
    candidate post "/pcuser/saveList" => pcuser::save_list;
    candidate post "/pcuser/saveJob" => pcuser::save_job;
    candidate post "/pcuser/unsaveJob" => pcuser::unsave_job;
    candidate post "/pcuser/cleanSaveJob" => pcuser::clean_save_job;
    candidate post "/pcuser/shield" => pcuser::shield;
    candidate post "/pcuser/unshield" => pcuser::unshield;
    candidate post "/pcuser/shieldList" => pcuser::shield_list;
    candidate post "/pcuser/shieldSearch" => pcuser::shield_search;
    candidate post "/pcuser/updateType" => behaviour::update_type;
    candidate post "/pcuser/typeList" => behaviour::type_list;
    candidate post "/pcuser/addLog" => behaviour::add_log;
    candidate post "/order/services" => order::services;
    candidate post "/order/create" => order::create;
    candidate post "/order/cancel" => order::cancel;
    candidate post "/order/orderList" => order::order_list;
    candidate post "/pcjob/report" => report::report;
    candidate post "/pcjob/apply" => pcuser::apply;
    candidate post "/pcjob/setNoUpdateTimeTip" => pcuser::set_no_update_time_tip;
    candidate post "/pcassessment/list" => assessment::list;
    candidate post "/pcassessment/start" => assessment::start;
    candidate post "/pcassessment/answer" => assessment::answer;
    candidate post "/pcassessment/submit" => assessment::submit;
    candidate post "/resume/list" => resume::list;
    candidate post "/resume/get" => resume::get;
    candidate post "/resume/create" => resume::create_resume;
    candidate post "/resume/saveSection" => resume::save_section;
    candidate post "/resume/deleteItem" => resume::delete_item;
    candidate post "/resume/moveItem" => resume::move_item;
    candidate post "/resume/upload" => resume_files::upload;
    candidate post "/resume/deleteFile" => resume_files::delete_file;
    candidate get "/resume/file/{id}" => resume_files::download ["*/*"];
    candidate get "/resume/pdf" => resume_pdf::pdf ["application/pdf"];
    candidate post "/resume/analyzeFile" => resume_fill::analyze_file;
    candidate post "/resume/exportJson" => resume_json::export_json;
    employer post "/comlogin/login" => account::login;
    employer post "/comlogin/register" => account::register;
    employer post "/comlogin/logout" => account::logout;
    employer post "/comlogin/me" => account::me;
    employer post "/comlogin/modifyPassword" => account::modify_password;
    employer post "/comlogin/invitation" => account::invitation;
    employer post "/comlogin/acceptInvitation" => account::accept_invitation;
    employer post "/comcompany/get" => company::get;
    employer post "/comcompany/save" => company::save;
    employer post "/comcompany/uploadPicture" => company::upload_picture;
    employer post "/comcompany/removePicture" => company::remove_picture;
    employer get "/comcompany/licence" => company::licence ["image/jpeg"];
    employer post "/comjob/list" => jobs::list;
    employer post "/comjob/get" => jobs::get;
    employer post "/comjob/save" => jobs::save;
    employer post "/comjob/publish" => jobs::publish;
    employer post "/comjob/close" => jobs::close;
    employer post "/comjob/reopen" => jobs::reopen;
    employer post "/comjob/refresh" => jobs::refresh;
    employer post "/comjob/copy" => jobs::copy;
    employer post "/comresume/stages" => pipeline::stages;
    employer post "/comresume/saveStage" => pipeline::save_stage;
    employer post "/comresume/orderStages" => pipeline::order_stages;
    employer post "/comresume/applyresume" => pipeline::apply_list;
    employer post "/comresume/move" => pipeline::move_one;
    employer post "/comresume/bulkMove" => pipeline::bulk_move;
    employer post "/comresume/reject" => pipeline::reject;
    employer post "/comresume/detail" => pipeline::detail;
    employer post "/comresume/note" => pipeline::note;
    employer post "/comresume/search" => pipeline::search;
    employer post "/comresume/funnel" => funnel::funnel;
    employer post "/comresume/resume" => pipeline::resume_view;
    employer get "/comresume/file/{id}" => pipeline::file ["*/*"];
    employer post "/comtemplate/list" => notice::list;
    employer post "/comtemplate/save" => notice::save;
    employer post "/comtemplate/delete" => notice::delete;
    employer post "/comnotice/list" => notice::notices;
    employer post "/cominterviewer/list" => interview::interviewer_list;
    employer post "/cominterviewer/save" => interview::interviewer_save;
    employer post "/cominterviewer/remove" => interview::interviewer_remove;
    employer post "/cominterview/save" => interview::save;
    employer post "/cominterview/cancel" => interview::cancel;
    employer post "/cominterview/list" => interview::list;
    employer post "/cominterview/get" => interview::get;
    employer post "/cominterview/feedback" => interview::feedback;
    employer post "/cominterview/resume" => interview::resume;
    employer get "/cominterview/file/{interview}/{file}" => interview::file ["*/*"];
    employer post "/comresume/hiringFunnel" => funnel::hiring;
    employer post "/comassessment/list" => assessment::list;
    employer post "/complan/get" => plan::get;
    employer post "/complan/applyTrial" => plan::apply_trial;
    employer post "/complan/plans" => plan_order::plans;
    employer post "/complan/order/create" => plan_order::create;
    employer post "/complan/order/list" => plan_order::list;
    employer post "/complan/order/cancel" => plan_order::cancel;
    employer post "/comassessment/get" => assessment::get;
    employer post "/comassessment/save" => assessment::save;
    employer post "/comassessment/send" => assessment::send;
    employer post "/comassessment/results" => assessment::results;
    employer post "/comassessment/grade" => assessment::grade;
    employer post "/comresume/analyze" => resume_analysis::analyze;
    employer post "/comtalent/save" => talent::save;
    employer post "/comtalent/duplicates" => talent::duplicates;
    employer post "/comtalent/list" => talent::list;
    employer post "/comtalent/get" => talent::get;
    employer post "/comtalent/addToJob" => talent::add_to_job;
    employer post "/comtalent/delete" => talent::delete;
    employer post "/comtalent/text" => talent::text;
    employer get "/comtalent/file/{id}" => talent::file ["*/*"];
    admin post "/admin/login" => session::login;
    admin post "/admin/logout" => session::logout;
    admin post "/admin/me" => session::me;
    admin post "/admin/user/search" => accounts::user_search;
    admin post "/admin/user/detail" => accounts::user_detail;
    admin post "/admin/user/disable" => accounts::user_disable;
    admin post "/admin/user/enable" => accounts::user_enable;
    admin post "/admin/user/unlock" => accounts::user_unlock;
    admin post "/admin/company/queue" => companies::company_queue;
    admin post "/admin/company/review" => companies::company_review;
    admin get "/admin/company/licence/{id}" => companies::company_licence ["image/jpeg"];
    admin post "/admin/trial/list" => trials::trial_list;
    admin post "/admin/trial/decide" => trials::trial_decide;
    admin post "/admin/order/list" => orders::list;
    admin post "/admin/order/detail" => orders::detail;
    admin post "/admin/order/refund" => orders::refund;
    admin post "/admin/company/disable" => companies::company_disable;
    admin post "/admin/company/enable" => companies::company_enable;
    admin post "/admin/job/queue" => moderation::job_queue;
    admin post "/admin/job/approve" => moderation::job_approve;
    admin post "/admin/job/takedown" => moderation::job_takedown;
    admin post "/admin/report/list" => moderation::report_list;
    admin post "/admin/report/dismiss" => moderation::report_dismiss;
    admin post "/admin/blackword/list" => moderation::blackword_list;
    admin post "/admin/blackword/add" => moderation::blackword_add;
    admin post "/admin/blackword/remove" => moderation::blackword_remove;
    admin post "/admin/audit/list" => audit::audit_list;
    admin post "/admin/stats" => stats::stats;
    admin post "/admin/jobStats" => stats::job_stats;
    admin post "/admin/statsDaily" => stats::stats_daily;
    admin post "/admin/admins/list" => admins::admins_list;
    admin post "/admin/admins/create" => admins::admins_create;
    admin post "/admin/admins/disable" => admins::admins_disable;
    admin post "/admin/admins/enable" => admins::admins_enable;
}

/// The document's own path, beside the faces' calls.
pub const DOCUMENT_PATH: &str = "/openapi.json";

fn schema_ref(name: &str) -> RefOr<Schema> {
    RefOr::Ref(utoipa::openapi::Ref::from_schema_name(name))
}

/// The schemas written here rather than derived: the envelope, the error envelope of each status,
/// the upload's parts, a file. JSON, added to the document's components as they are.
fn fixed_schemas(statuses: &[(StatusCode, Vec<&'static str>)]) -> serde_json::Map<String, serde_json::Value> {
    let mut schemas = serde_json::Map::new();
    schemas.insert(
        "Result".into(),
        json!({
            "description": "A call's answer: `{\"result\": …}`, whatever the call gives (null included).",
            "type": "object",
            "required": ["result"],
            "properties": { "result": {} },
            "additionalProperties": false
        }),
    );
    schemas.insert(
        "Upload".into(),
        json!({
            "description": "multipart/form-data: the file and the call's text fields (docs/api.md).",
            "type": "object",
            "properties": { "file": { "type": "string", "contentMediaType": "application/octet-stream" } },
            "additionalProperties": { "type": "string" }
        }),
    );
    schemas.insert("File".into(), json!({ "description": "The file's bytes.", "type": "string", "contentMediaType": "application/octet-stream" }));
    for (status, codes) in statuses {
        schemas.insert(
            format!("Error{}", status.as_u16()),
            json!({
                "description": format!("The error envelope with HTTP {}: the codes error.rs gives that status (docs/api.md).", status.as_u16()),
                "type": "object",
                "required": ["error"],
                "properties": {
                    "error": {
                        "type": "object",
                        "required": ["code", "message"],
                        "properties": {
                            "code": { "type": "string", "enum": codes },
                            "message": { "type": "string" }
                        },
                        "additionalProperties": false
                    }
                },
                "additionalProperties": false
            }),
        );
    }
    schemas
}

/// The error statuses and, for each, the codes error.rs answers with it.
fn error_statuses() -> Vec<(StatusCode, Vec<&'static str>)> {
    let mut statuses: Vec<(StatusCode, Vec<&'static str>)> = Vec::new();
    for (code, status) in CODES {
        match statuses.iter_mut().find(|(s, _)| s == status) {
            Some((_, codes)) => codes.push(code),
            None => statuses.push((*status, vec![code])),
        }
    }
    statuses.sort_by_key(|(s, _)| s.as_u16());
    statuses
}

/// Calls open to anyone that still need a session for some of their cases: sendCode's scenes
/// `bind` and `verify` (a code to the caller's new or own mobile). Found by schemathesis.
const SESSION_FOR_SOME_CASES: &[&str] = &["/pcuser/sendCode"];

/// Whether an operation can answer with this error status at all: NOT_LOGGED_IN only where a
/// session is required, ORIGIN_REFUSED only for state-changing (POST) calls.
fn may_answer(status: StatusCode, caller: Caller, method: &str, path: &str) -> bool {
    match status {
        StatusCode::UNAUTHORIZED => caller != Caller::Anyone || SESSION_FOR_SOME_CASES.contains(&path),
        StatusCode::FORBIDDEN => method == "post",
        _ => true,
    }
}

/// Builds the document (once per process: it depends only on the code).
pub fn document() -> &'static serde_json::Value {
    static DOC: OnceLock<serde_json::Value> = OnceLock::new();
    DOC.get_or_init(build)
}

fn build() -> serde_json::Value {
    let statuses = error_statuses();
    let mut components = ComponentsBuilder::new()
        .security_scheme("candidateSession", SecurityScheme::ApiKey(ApiKey::Cookie(ApiKeyValue::new(crate::domain::auth::TOKEN_COOKIE))))
        .security_scheme("companySession", SecurityScheme::ApiKey(ApiKey::Cookie(ApiKeyValue::new(COMPANY_TOKEN_COOKIE))))
        .security_scheme("adminSession", SecurityScheme::ApiKey(ApiKey::Cookie(ApiKeyValue::new(ADMIN_TOKEN_COOKIE))));
    let mut paths = PathsBuilder::new();
    let mut seen = std::collections::BTreeMap::new();
    let mut all = OPERATIONS.iter().map(|op| (op.face, op.method, op.path, op.handler, op.file, (op.shape)())).collect::<Vec<_>>();
    all.push(("api", "get", DOCUMENT_PATH, "openapi::serve", None, shape_of(&serve)));
    for (face, method, path, handler, file, shape) in all {
        let mut op = OperationBuilder::new()
            .operation_id(Some(format!("{face}.{}", handler.replace(' ', "").replace("::", "."))))
            .tag(face);
        if let Some((media, schema)) = shape.body {
            op = op.request_body(Some(
                RequestBodyBuilder::new().content(media, ContentBuilder::new().schema(Some(schema)).build()).required(Some(Required::True)).build(),
            ));
        }
        if let Some(RefOr::T(Schema::Object(query))) = &shape.query {
            for (name, schema) in query.properties.iter() {
                op = op.parameter(
                    ParameterBuilder::new()
                        .name(name)
                        .parameter_in(ParameterIn::Query)
                        .required(if query.required.contains(name) { Required::True } else { Required::False })
                        .schema(Some(schema.clone())),
                );
            }
        }
        for segment in path.split('/').filter_map(|s| s.strip_prefix('{').and_then(|s| s.strip_suffix('}'))) {
            op = op.parameter(
                ParameterBuilder::new()
                    .name(segment)
                    .parameter_in(ParameterIn::Path)
                    .required(Required::True)
                    .schema(Some(ObjectBuilder::new().schema_type(Type::String).build())),
            );
        }
        if let Some(scheme) = shape.caller.scheme() {
            op = op.security(SecurityRequirement::new(scheme, Vec::<String>::new()));
        }
        let ok = match file {
            Some(media) => ResponseBuilder::new()
                .description("The file")
                .content(media, ContentBuilder::new().schema(Some(schema_ref("File"))).build()),
            None => {
                let envelope = match shape.result {
                    Some(result) => ObjectBuilder::new()
                        .property("result", result)
                        .required("result")
                        .additional_properties(Some(AdditionalProperties::FreeForm(false)))
                        .into(),
                    None => schema_ref("Result"),
                };
                ResponseBuilder::new()
                    .description("The answer in the envelope")
                    .content("application/json", ContentBuilder::new().schema(Some(envelope)).build())
            }
        };
        op = op.response("200", ok.build());
        for (status, codes) in &statuses {
            if !may_answer(*status, shape.caller, method, path) {
                continue;
            }
            let schema = schema_ref(&format!("Error{}", status.as_u16()));
            op = op.response(
                status.as_u16().to_string(),
                ResponseBuilder::new()
                    .description(codes.join(", "))
                    .content("application/json", ContentBuilder::new().schema(Some(schema)).build())
                    .build(),
            );
        }
        for (name, schema) in shape.schemas {
            // One name, one schema: two answer types of one name would overwrite each other.
            if let Some(other) = seen.insert(name.clone(), schema.clone()) {
                assert!(other == schema, "two schemas named {name}: rename one (#[schema(as = …)])");
            }
            components = components.schema(name, schema);
        }
        let method = if method == "get" { HttpMethod::Get } else { HttpMethod::Post };
        paths = paths.path(format!("/ajax{path}"), PathItem::new(method, op.build()));
    }
    let doc = OpenApiBuilder::new()
        .info(
            InfoBuilder::new()
                .title("jobseeker /ajax")
                .version(env!("CARGO_PKG_VERSION"))
                .description(Some(
                    "Every /ajax call, generated from the server's code (server/src/api/openapi.rs). Calls take a form-encoded \
                     body and answer `{\"result\": …}` or `{\"error\": {\"code\", \"message\"}}`; docs/api.md tells what each means.",
                ))
                .build(),
        )
        .paths(paths.build())
        .components(Some(components.build()))
        .build();
    let mut value = serde_json::to_value(&doc).unwrap_or_default();
    if let Some(schemas) = value.pointer_mut("/components").and_then(|c| c.as_object_mut()) {
        let derived = schemas.entry("schemas").or_insert_with(|| json!({}));
        if let Some(derived) = derived.as_object_mut() {
            derived.extend(fixed_schemas(&statuses));
        }
    }
    value
}

/// `GET /ajax/openapi.json`.
pub async fn serve() -> HttpResponse {
    static BODY: OnceLock<String> = OnceLock::new();
    HttpResponse::Ok().content_type("application/json").body(BODY.get_or_init(|| document().to_string()).as_str())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_document_is_openapi_3_1_with_every_operation() {
        let doc = document();
        assert!(doc["openapi"].as_str().unwrap().starts_with("3.1"), "{}", doc["openapi"]);
        let paths = doc["paths"].as_object().unwrap();
        assert_eq!(paths.len(), OPERATIONS.len() + 1);
        let modify = &paths["/ajax/pcuser/modifyMobile"]["post"];
        assert_eq!(modify["security"][0]["candidateSession"], json!([]));
        let body = &modify["requestBody"]["content"]["application/x-www-form-urlencoded"]["schema"];
        assert!(body.to_string().contains("oldCode"), "{body}");
        assert!(paths["/ajax/site/config"]["post"]["responses"].get("401").is_none());
        assert!(modify["responses"].get("401").is_some());
        assert!(paths["/ajax/pcuser/sendCode"]["post"]["responses"].get("401").is_some(), "bind and verify need a session");
    }

    #[test]
    fn every_code_is_in_one_error_schema() {
        let statuses = error_statuses();
        assert_eq!(statuses.iter().map(|(_, c)| c.len()).sum::<usize>(), CODES.len());
        let bad = statuses.iter().find(|(s, _)| *s == StatusCode::BAD_REQUEST).unwrap();
        assert!(bad.1.contains(&"BAD_INPUT") && bad.1.contains(&"LOGIN_FAILED"));
        // The hand-listed variants of error.rs carry the status their CODES row says.
        use actix_web::ResponseError;
        for e in [crate::error::ApiError::BadInput(String::new()), crate::error::ApiError::internal(""), crate::error::ApiError::AccountDisabled(String::new())] {
            assert!(CODES.contains(&(e.code(), e.status_code())), "{}", e.code());
        }
    }
}
