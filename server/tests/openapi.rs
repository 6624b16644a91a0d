//! The OpenAPI document at /ajax/openapi.json (issue 20 §7) cannot drift from the routes: both
//! come from the faces' tables (`ajax_table!`, server/src/api/operation.rs), where a call is
//! written once. Here:
//! - the document names each call of the tables once, with its method and handler, and nothing else;
//! - actix routes every path it names (the wrong method answers 405, which only a registered
//!   resource does: an unknown path is the envelope's 404);
//! - its error answers are the envelope with exactly the codes of error.rs.
//! - every JSON call answers a typed `result` (`Answer<T>`) but those listed in `UNTYPED`.

use std::collections::BTreeSet;

use crate::common::servers;
use serde_json::Value;

/// (method, /ajax path, operationId) of every call of the faces' tables.
fn route_tables() -> BTreeSet<(String, String, String)> {
    let mut found = BTreeSet::new();
    for op in server::api::openapi::operations() {
        let fresh = found.insert((op.method.to_string(), format!("/ajax{}", op.path), format!("{}.{}", op.face, op.handler.replace(' ', "").replace("::", "."))));
        assert!(fresh, "{} {} is in the tables twice", op.method, op.path);
    }
    found
}

fn operations(doc: &Value) -> BTreeSet<(String, String, String)> {
    let mut ops = BTreeSet::new();
    for (path, item) in doc["paths"].as_object().expect("paths") {
        for (method, op) in item.as_object().expect("path item") {
            ops.insert((method.clone(), path.clone(), op["operationId"].as_str().expect("operationId").to_string()));
        }
    }
    ops
}

#[test]
fn the_document_names_every_route_and_nothing_else() {
    for s in servers() {
        let client = s.client();
        let res = client.get(s.url("/ajax/openapi.json")).send().expect("document");
        assert_eq!(res.status().as_u16(), 200);
        let doc: Value = res.json().expect("json");
        assert!(doc["openapi"].as_str().expect("version").starts_with("3.1."), "{}", doc["openapi"]);

        let mut tables = route_tables();
        assert!(tables.len() > 100, "{} routes read", tables.len());
        tables.insert(("get".into(), "/ajax/openapi.json".into(), "api.openapi.serve".into()));
        let documented = operations(&doc);
        let missing: Vec<_> = tables.difference(&documented).collect();
        let extra: Vec<_> = documented.difference(&tables).collect();
        assert!(missing.is_empty(), "routes missing from the document: {missing:?}");
        assert!(extra.is_empty(), "the document names calls that are not routed so: {extra:?}");
    }
}

/// No /ajax call is routed outside the tables: no face writes its `ajax_routes` by hand, and the
/// /ajax scope is built in one place (api/mod.rs) from the faces' tables, the document and the dev
/// calls.
#[test]
fn no_ajax_call_is_routed_outside_the_tables() {
    fn sources(dir: &std::path::Path, out: &mut Vec<std::path::PathBuf>) {
        for entry in std::fs::read_dir(dir).expect("folder").flatten() {
            let path = entry.path();
            if path.is_dir() {
                sources(&path, out);
            } else if path.extension().is_some_and(|e| e == "rs") {
                out.push(path);
            }
        }
    }
    let api = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src/api");
    let mut files = Vec::new();
    sources(&api, &mut files);
    assert!(files.len() > 50, "{} files under {}", files.len(), api.display());
    let mut scopes = 0;
    for path in &files {
        let text = std::fs::read_to_string(path).expect("source");
        if !path.ends_with("operation.rs") {
            assert!(!text.contains("fn ajax_routes"), "{}: an /ajax route table by hand (use ajax_table!)", path.display());
        }
        scopes += text.matches("web::scope(\"/ajax\")").count();
    }
    assert_eq!(scopes, 1, "the /ajax scope is built once, in api/mod.rs");
    let wiring = std::fs::read_to_string(api.join("mod.rs")).expect("api/mod.rs");
    let ajax = &wiring[wiring.find("web::scope(\"/ajax\")").expect("the /ajax scope")..];
    let ajax = &ajax[..ajax.find("cfg.service(").expect("served")];
    assert_eq!(ajax.matches(".route(").count(), 1, "api/mod.rs routes only the document beside the tables: {ajax}");
}

/// Each operation of the document is a route of the app actix builds from the faces' tables: built
/// here without its state, a routed call fails in its extractors (500), while an unrouted one gets
/// the /ajax scope's default answer, the NOT_FOUND envelope.
#[actix_web::test]
async fn actix_routes_every_documented_operation() {
    use actix_web::test::{call_service, init_service, read_body, TestRequest};
    let app = init_service(actix_web::App::new().configure(|cfg| server::api::routes(cfg, server::api::DevPages::default(), "/m"))).await;
    let is_default_404 = |status: u16, body: &[u8]| status == 404 && body.windows(9).any(|w| w == b"NOT_FOUND");
    let res = call_service(&app, TestRequest::post().uri("/ajax/no/such/call").to_request()).await;
    let status = res.status().as_u16();
    assert!(is_default_404(status, &read_body(res).await), "the control: an unknown call");
    let doc = server::api::openapi::document();
    let mut checked = 0;
    for (path, item) in doc["paths"].as_object().expect("paths") {
        for method in item.as_object().expect("item").keys() {
            let uri = path.replace("{id}", "1");
            let req = if method == "get" { TestRequest::get() } else { TestRequest::post() }.uri(&uri).to_request();
            let res = call_service(&app, req).await;
            let status = res.status().as_u16();
            assert!(!is_default_404(status, &read_body(res).await), "{method} {path}: documented but not routed");
            checked += 1;
        }
    }
    assert!(checked > 100, "{checked}");
}

#[test]
fn the_error_answers_are_the_envelope_with_the_codes_of_error_rs() {
    let s = servers().into_iter().next().expect("sqlite");
    let doc: Value = s.client().get(s.url("/ajax/openapi.json")).send().expect("document").json().expect("json");
    let schemas = doc["components"]["schemas"].as_object().expect("schemas");
    let error_rs = std::fs::read_to_string(format!("{}/src/error.rs", env!("CARGO_MANIFEST_DIR"))).expect("error.rs");
    let code = regex::Regex::new(r#"=> "([A-Z_]+)""#).expect("regex");
    let declared: BTreeSet<String> = code.captures_iter(&error_rs).map(|c| c[1].to_string()).collect();
    let mut documented = BTreeSet::new();
    for (name, schema) in schemas.iter().filter(|(n, _)| n.starts_with("Error")) {
        let status: u16 = name["Error".len()..].parse().expect("status");
        assert!(status >= 400, "{name}");
        assert_eq!(schema["required"], serde_json::json!(["error"]), "{name}");
        for c in schema["properties"]["error"]["properties"]["code"]["enum"].as_array().expect("codes") {
            assert!(documented.insert(c.as_str().expect("code").to_string()), "{c} under two statuses");
        }
    }
    assert!(declared.len() > 40 && declared.is_subset(&documented), "codes of error.rs not in the document: {:?}", declared.difference(&documented).collect::<Vec<_>>());
    // A real refusal matches its schema: NOT_LOGGED_IN is a 401 of a candidate call.
    let (status, v) = s.call(&s.client(), "/pcuser/accountInfo", &[]);
    assert_eq!(status, 401);
    let op = &doc["paths"]["/ajax/pcuser/accountInfo"]["post"];
    assert_eq!(op["responses"]["401"]["content"]["application/json"]["schema"]["$ref"], "#/components/schemas/Error401");
    let allowed = &schemas["Error401"]["properties"]["error"]["properties"]["code"]["enum"];
    assert!(allowed.as_array().expect("enum").contains(&v["error"]["code"]), "{v}");
}

/// Where the document's snapshot lives: the ui generates its answer types from it (ui/src/lib/api/
/// schema.d.ts, by openapi-typescript; `npm test` fails when that file is stale).
fn snapshot_path() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../ui/src/lib/api/openapi.json")
}

/// The snapshot is the document the server serves: a changed answer, form or route changes the
/// document, and this test fails until the snapshot (and with it the ui's types) follows.
#[test]
fn the_ui_snapshot_is_the_live_document() {
    let live = serde_json::to_string_pretty(server::api::openapi::document()).expect("json") + "\n";
    let path = snapshot_path();
    if std::env::var_os("UPDATE_OPENAPI_SNAPSHOT").is_some() {
        std::fs::write(&path, &live).expect("write the snapshot");
        return;
    }
    let stored = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        stored == live,
        "{} differs from the document the server serves. Regenerate it and the ui's types:\n  \
         UPDATE_OPENAPI_SNAPSHOT=1 cargo test -p server --test it openapi::the_ui_snapshot\n  \
         (cd ui && npm run api-types)\nthen make the ui follow what changed (npm test type-checks it).",
        path.display()
    );
}

/// A typed answer (`Answer<T>`) has T's schema under `result`, by name; an untyped one the envelope.
#[test]
fn typed_answers_name_their_schema() {
    let doc = server::api::openapi::document();
    let answer = |path: &str| doc["paths"][path]["post"]["responses"]["200"]["content"]["application/json"]["schema"].clone();
    let detail = answer("/ajax/job/detail");
    assert_eq!(detail["properties"]["result"]["$ref"], "#/components/schemas/JobDetail", "{detail}");
    assert_eq!(detail["required"], serde_json::json!(["result"]));
    let schemas = &doc["components"]["schemas"];
    for name in ["JobDetail", "JobCard", "CompanyPage", "UserRecord", "ResumeView"] {
        assert!(schemas[name].is_object(), "{name} missing from the components");
    }
    // Options always written are required and nullable; skipped ones are not required.
    let required = |name: &str| schemas[name]["required"].as_array().cloned().unwrap_or_default();
    assert!(required("UserRecord").contains(&"zxInfo".into()));
    assert!(!required("SectionSaved").contains(&"itemId".into()));
    // The one handler answering a bare HttpResponse with JSON left: the document itself.
    let document = &doc["paths"]["/ajax/openapi.json"]["get"]["responses"]["200"]["content"]["application/json"]["schema"];
    assert_eq!(document["$ref"], "#/components/schemas/Result", "untyped calls keep the envelope");
    assert_eq!(answer("/ajax/pcuser/interviewList")["properties"]["result"]["$ref"], "#/components/schemas/InterviewList");
}

/// The calls whose 200 answer is still the bare envelope: the candidate's interview calls, and the
/// document itself. Every other JSON call answers `Answer<T>`, so that the ui's type of it is generated.
const UNTYPED: &[&str] = &["/ajax/openapi.json"];

#[test]
fn every_json_answer_but_the_listed_names_its_schema() {
    let doc = server::api::openapi::document();
    let mut untyped = Vec::new();
    for (path, item) in doc["paths"].as_object().expect("paths") {
        for op in item.as_object().expect("operations").values() {
            let Some(schema) = op.pointer("/responses/200/content/application~1json/schema") else { continue };
            if schema["$ref"] == "#/components/schemas/Result" {
                untyped.push(path.as_str());
            }
        }
    }
    untyped.sort_unstable();
    let mut expected = UNTYPED.to_vec();
    expected.sort_unstable();
    assert_eq!(untyped, expected, "a JSON call answers the bare envelope: return ApiResult<Answer<T>> (api/mod.rs), T in the face's named_results! (api/<face>/mod.rs)");
}

/// The one exception to "every operation answers 200 in the envelope or a file": chat's socket,
/// written in the candidate table as `get "/chat/ws" => chat_ws::socket ["websocket"]` and documented
/// as an upgrade (101) that either session may open (400: a GET without the upgrade's headers). Nothing else may use the marker.
#[test]
fn the_chat_socket_is_the_one_upgrade() {
    let doc = server::api::openapi::document();
    let mut upgrades = Vec::new();
    for (path, item) in doc["paths"].as_object().expect("paths") {
        for (method, op) in item.as_object().expect("operations") {
            if op["responses"].get("101").is_some() {
                upgrades.push(format!("{method} {path}"));
                assert!(op["responses"].get("200").is_none(), "{path}: an upgrade answers no 200");
                let schemes: Vec<String> =
                    op["security"].as_array().expect("security").iter().flat_map(|s| s.as_object().expect("requirement").keys().cloned()).collect();
                assert_eq!(schemes, ["candidateSession", "companySession"], "{path}");
                for status in ["400", "401", "403", "429"] {
                    assert!(op["responses"].get(status).is_some(), "{path}: {status}");
                }
            }
        }
    }
    assert_eq!(upgrades, ["get /ajax/chat/ws"]);
}
