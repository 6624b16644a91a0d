//! What the OpenAPI document (api/openapi.rs) says of each /ajax call, read off the code, and the
//! `ajax_table!` each face writes its calls in once: actix's routes and the document's
//! operations both come from it, so a call cannot be routed and undocumented, or the reverse.
//! - the request is read off the handler's own extractors: the payload from its `Form<T>` (every
//!   form derives `ToSchema`), the query from its `web::Query<T>`, who may call from its session
//!   extractor (`LoggedIn`, `CompanyMember`, `AdminSession`). A handler whose form lacks `ToSchema`
//!   does not compile;
//! - the 200 answer: a handler answering `Answer<T>` (api/mod.rs) has T's schema under `result`,
//!   read off its return type (`Answered`, `ResultSchema`); one answering a bare `HttpResponse` has
//!   the generic envelope.

use actix_web::{web, FromRequest, Handler, HttpRequest, HttpResponse};
use utoipa::openapi::schema::{ArrayBuilder, KnownFormat, ObjectBuilder, OneOfBuilder, SchemaFormat, Type};
use utoipa::openapi::{RefOr, Schema};
use utoipa::ToSchema;

use crate::api::Answer;
use crate::web::extract::{AdminSession, CompanyMember, CompanyMemberOneTrip, LoggedIn, LoggedInOneTrip, MaybeLoggedIn};
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
    pub fn scheme(self) -> Option<&'static str> {
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
    pub body: Option<(&'static str, RefOr<Schema>)>,
    pub query: Option<RefOr<Schema>>,
    /// The 200 answer's `result`, for a typed answer.
    pub result: Option<RefOr<Schema>>,
    pub schemas: Vec<(String, RefOr<Schema>)>,
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

/// The uploads read `multipart/form-data` from the raw payload; each one's parts are written in by
/// api/input_parts.rs (`UPLOADS`), whose test fails for an upload it does not list.
impl Described for web::Payload {
    fn describe(shape: &mut Shape) {
        shape.body = Some(("multipart/form-data", ObjectBuilder::new().schema_type(Type::Object).into()));
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
pub fn named<T: ToSchema>(schemas: &mut Vec<(String, RefOr<Schema>)>) -> RefOr<Schema> {
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

/// The named answers of a face's typed calls (listed in the face's mod.rs): what they answer
/// directly (what these name is found through them). A typed handler whose answer is in no face's
/// list does not compile.
macro_rules! named_results {
    ($($t:ty),* $(,)?) => {$(
        impl $crate::api::operation::ResultSchema for $t {
            fn result_schema(
                schemas: &mut Vec<(String, utoipa::openapi::RefOr<utoipa::openapi::schema::Schema>)>,
            ) -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
                $crate::api::operation::named::<$t>(schemas)
            }
        }
    )*};
}
pub(crate) use named_results;

impl<T: ResultSchema> ResultSchema for &'static [T] {
    fn result_schema(schemas: &mut Vec<(String, RefOr<Schema>)>) -> RefOr<Schema> {
        Vec::<T>::result_schema(schemas)
    }
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

/// A reference to a schema of the document's components.
pub fn schema_ref(name: &str) -> RefOr<Schema> {
    RefOr::Ref(utoipa::openapi::Ref::from_schema_name(name))
}

/// One /ajax call: its route and what the document says of it.
pub struct Operation {
    pub face: &'static str,
    pub method: &'static str,
    /// Under /ajax.
    pub path: &'static str,
    /// The handler as the table writes it, relative to the face's module.
    pub handler: &'static str,
    /// The 200 answer's media type when it is a file rather than the JSON envelope (`*/*`: the
    /// stored file's own type, a photo or a document; schemathesis found image/jpeg).
    pub file: Option<&'static str>,
    pub shape: fn() -> Shape,
}

/// A face's /ajax calls, written once (`method "/path" => handler [file media type];`): it
/// defines the face's `ajax_routes(scope)`, which actix serves, and its `OPERATIONS`, which the
/// document lists.
macro_rules! ajax_table {
    ($face:ident { $( $method:ident $path:literal => $($handler:ident)::+ $([$file:literal])? ; )* }) => {
        /// The face's calls under /ajax (written once, in the table beside: api/operation.rs).
        pub fn ajax_routes(scope: actix_web::Scope) -> actix_web::Scope {
            scope $( .route($path, actix_web::web::$method().to($($handler)::+)) )*
        }

        /// The same calls as the OpenAPI document lists them, in the table's order.
        pub const OPERATIONS: &[$crate::api::operation::Operation] = &[$(
            $crate::api::operation::Operation {
                face: stringify!($face),
                method: stringify!($method),
                path: $path,
                handler: stringify!($($handler)::+),
                file: $crate::api::operation::ajax_table!(@file $($file)?),
                shape: || $crate::api::operation::shape_of(&$($handler)::+),
            },
        )*];
    };
    (@file) => { None };
    (@file $file:literal) => { Some($file) };
}
pub(crate) use ajax_table;
