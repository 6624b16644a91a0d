//! `/dev/outbox`: what the dev SMS and mail providers would have sent.

use base64::Engine;

use crate::api::dev::{dev_page, esc};
use crate::providers::mail::DevMailOutbox;
use crate::providers::sms::DevOutbox;

/// GET /dev/outbox: the dev gateway's texts and the dev mail outbox's mails, newest first (HTML;
/// `?format=json` gives the texts as a list, `?format=json&kind=mail` the mails with their
/// attachments in base64). Registered only when a dev provider is in use.
pub async fn dev_outbox_page(
    state: actix_web::web::Data<crate::state::AppState>,
    query: actix_web::web::Query<std::collections::HashMap<String, String>>,
) -> actix_web::HttpResponse {
    let outbox = DevOutbox::new(state.settings.data_dir.join("outbox.jsonl"));
    let mailbox = DevMailOutbox::in_data_dir(&state.settings);
    if query.get("format").map(String::as_str) == Some("json") {
        if query.get("kind").map(String::as_str) == Some("mail") {
            return actix_web::HttpResponse::Ok().json(mailbox.read(50));
        }
        return actix_web::HttpResponse::Ok().json(outbox.read(50));
    }
    let rows: String = outbox
        .read(50)
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
    let mails: String = mailbox
        .read(50)
        .iter()
        .map(|m| {
            let attachments: String = m["attachments"]
                .as_array()
                .map(|list| {
                    list.iter()
                        .map(|a| {
                            let name = a["filename"].as_str().unwrap_or("attachment");
                            let kind = a["contentType"].as_str().unwrap_or("application/octet-stream");
                            let data = a["base64"].as_str().unwrap_or("");
                            let size = base64::engine::general_purpose::STANDARD.decode(data).map_or(0, |b| b.len());
                            format!(
                                "<li><a download=\"{}\" href=\"data:{};base64,{}\">{}</a> ({} B)</li>",
                                esc(name),
                                esc(kind.split(';').next().unwrap_or(kind)),
                                esc(data),
                                esc(name),
                                size
                            )
                        })
                        .collect()
                })
                .unwrap_or_default();
            format!(
                "<article class=\"mail\"><h3>{}</h3><p>→ {} · {}</p><pre>{}</pre><ul>{}</ul></article>",
                esc(m["subject"].as_str().unwrap_or("")),
                esc(m["to"].as_str().unwrap_or("")),
                crate::ids::beijing_time(m["at"].as_i64().unwrap_or(0)),
                esc(m["text"].as_str().unwrap_or("")),
                attachments,
            )
        })
        .collect();
    dev_page(
        "发件箱（开发环境）",
        &format!(
            "<main class=\"wide\"><h1>发件箱 · Outbox (dev)</h1><p>Texts and mails the dev providers would have sent, newest first.</p>\
             <h2>短信 · SMS</h2><table><tr><th>手机号</th><th>内容</th><th>时间</th></tr>{rows}</table>\
             <h2>邮件 · Mail</h2>{mails}</main>"
        ),
    )
}
