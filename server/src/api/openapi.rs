//! The OpenAPI 3.1 document of every /ajax call, served at `GET /ajax/openapi.json` and built from
//! the code with utoipa, so that it cannot drift:
//! - the operations are the faces' route tables (`ajax_table!` in api/<face>/mod.rs), and what each
//!   says of its request and answer is read off its handler (api/operation.rs);
//! - the answers: `{"result": …}` with 200, or the error envelope `{"error": {"code", "message"}}`
//!   with each HTTP status and the codes error.rs gives that status;
//! - server/tests/openapi.rs asks the running server that each documented path is routed, and
//!   compares the document with its snapshot, ui/src/lib/api/openapi.json, from which the ui's
//!   answer types are generated (ui/src/lib/api/schema.d.ts).
//!
//! docs/api.md stays the narrative: what each call means, its rules and examples.

use std::sync::OnceLock;

use actix_web::http::StatusCode;
use actix_web::HttpResponse;
use serde_json::json;
use utoipa::openapi::path::{HttpMethod, OperationBuilder, ParameterBuilder, ParameterIn, PathItem, PathsBuilder};
use utoipa::openapi::request_body::RequestBodyBuilder;
use utoipa::openapi::security::{ApiKey, ApiKeyValue, SecurityRequirement, SecurityScheme};
use utoipa::openapi::schema::{AdditionalProperties, ObjectBuilder, Type};
use utoipa::openapi::{ComponentsBuilder, ContentBuilder, InfoBuilder, OpenApiBuilder, RefOr, Required, ResponseBuilder, Schema};

use crate::api::operation::{schema_ref, shape_of, Caller, Operation};
use crate::api::{admin, candidate, employer, public};
use crate::error::CODES;
use crate::web::extract::{ADMIN_TOKEN_COOKIE, COMPANY_TOKEN_COOKIE};

/// Every /ajax call, face by face, in the order of the faces' tables.
pub fn operations() -> impl Iterator<Item = &'static Operation> {
    [public::OPERATIONS, candidate::OPERATIONS, employer::OPERATIONS, admin::OPERATIONS].into_iter().flatten()
}

/// The document's own path, beside the faces' calls.
pub const DOCUMENT_PATH: &str = "/openapi.json";

/// The schemas written here rather than derived: the envelope, the error envelope of each status,
/// a file. JSON, added to the document's components as they are.
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
    schemas.insert("File".into(), json!({ "description": "The file's bytes.", "type": "string", "contentMediaType": "application/octet-stream" }));
    for (status, codes) in statuses {
        let mut properties = json!({
            "code": { "type": "string", "enum": codes },
            "message": { "type": "string" }
        });
        // A code with more to say carries it in `data` (error.rs `ApiError::data`).
        if codes.contains(&"CHAT_QUOTA") {
            properties["data"] = json!({
                "description": "CHAT_QUOTA only: when the day's quota of new conversations resets.",
                "type": "object",
                "required": ["resetsAt"],
                "properties": { "resetsAt": { "description": "The next Beijing midnight, ms since the epoch.", "type": "integer", "format": "int64" } },
                "additionalProperties": false
            });
        }
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
                        "properties": properties,
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

/// The ajax_table! marker of the one WebSocket (`get "/chat/ws" => … ["websocket"]`): documented
/// as an upgrade (101), not a file.
pub const WEBSOCKET: &str = "websocket";

/// The error envelope an operation answers with `status`, naming the codes error.rs gives it.
fn error_response(status: StatusCode, codes: &[&'static str]) -> utoipa::openapi::Response {
    let schema = schema_ref(&format!("Error{}", status.as_u16()));
    ResponseBuilder::new()
        .description(codes.join(", "))
        .content("application/json", ContentBuilder::new().schema(Some(schema)).build())
        .build()
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
    let mut all = operations().map(|op| (op.face, op.method, op.path, op.handler, op.file, (op.shape)())).collect::<Vec<_>>();
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
        if file == Some(WEBSOCKET) {
            // Chat's socket (api/candidate/chat_ws.rs): either session, and a 101 into the frames of
            // docs/api.md rather than a 200 (OpenAPI has no words for frames).
            op = op
                .security(SecurityRequirement::new("candidateSession", Vec::<String>::new()))
                .security(SecurityRequirement::new("companySession", Vec::<String>::new()))
                .description(Some("A WebSocket (Upgrade: websocket): JSON text frames, docs/api.md's Chat section. Either session; an Origin of the site's."))
                .response("101", ResponseBuilder::new().description("Switching Protocols: the chat socket").build());
            // 404: any other method on the path reaches the /ajax scope's default (NOT_FOUND), as on every call.
            let socket_statuses =
                [StatusCode::BAD_REQUEST, StatusCode::UNAUTHORIZED, StatusCode::FORBIDDEN, StatusCode::NOT_FOUND, StatusCode::TOO_MANY_REQUESTS];
            for (status, codes) in &statuses {
                if socket_statuses.contains(status) {
                    op = op.response(status.as_u16().to_string(), error_response(*status, codes));
                }
            }
            paths = paths.path(format!("/ajax{path}"), PathItem::new(HttpMethod::Get, op.build()));
            continue;
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
            op = op.response(status.as_u16().to_string(), error_response(*status, codes));
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
    crate::api::input_parts::apply(&mut value);
    crate::api::input_rules::apply(&mut value);
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
        assert_eq!(paths.len(), operations().count() + 1);
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
        for e in [crate::error::ApiError::BadInput(String::new()), crate::error::ApiError::internal(""), crate::error::ApiError::AccountDisabled(String::new()), crate::error::ApiError::ChatQuota { resets_at: 0 }] {
            assert!(CODES.contains(&(e.code(), e.status_code())), "{}", e.code());
        }
    }
}
