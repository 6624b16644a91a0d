//! `/dev/outbox`: what the dev SMS provider would have sent.

use crate::api::dev::{dev_page, esc};
use crate::providers::sms::DevOutbox;

/// GET /dev/outbox: the dev gateway's messages, newest first (HTML, or JSON with ?format=json).
/// Registered only when the dev provider is in use.
pub async fn dev_outbox_page(
    state: actix_web::web::Data<crate::state::AppState>,
    query: actix_web::web::Query<std::collections::HashMap<String, String>>,
) -> actix_web::HttpResponse {
    let outbox = DevOutbox::new(state.settings.data_dir.join("outbox.jsonl"));
    let messages = outbox.read(50);
    if query.get("format").map(String::as_str) == Some("json") {
        return actix_web::HttpResponse::Ok().json(messages);
    }
    let rows: String = messages
        .iter()
        .map(|m| {
            format!(
                "<tr><td>{}</td><td>{}</td><td>{}</td></tr>",
                esc(m["mobile"].as_str().unwrap_or("")),
                esc(m["text"].as_str().unwrap_or("")),
                crate::ids::beijing_time(m["at"].as_i64().unwrap_or(0)),
            )
        })
        .collect();
    dev_page(
        "短信发件箱（开发环境）",
        &format!(
            "<main class=\"wide\"><h1>短信发件箱 · SMS outbox (dev)</h1><p>Messages the dev SMS provider would have sent, newest first.</p>\
             <table><tr><th>手机号</th><th>内容</th><th>时间</th></tr>{rows}</table></main>"
        ),
    )
}
