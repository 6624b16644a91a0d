//! The yardstick of scripts/bench: a bare actix-web server with one route that answers a fixed
//! JSON body, no middleware, no database. Its throughput is what this machine can do at all,
//! so the product's figures are read as ratios to it. `PORT` as for the real server.
//!
//! `GET /ws` is the chat benchmark's yardstick (scripts/bench --chat): a WebSocket that echoes each
//! text frame back, through the same actix-ws as chat's socket, with no session, store or database.

use actix_web::{web, App, HttpRequest, HttpResponse, HttpServer};
use actix_ws::Message;

const BODY: &str = r#"{"result":{"mobile":"13800000000","hasPassword":true,"name":"张伟"}}"#;

async fn echo(req: HttpRequest, body: web::Payload) -> actix_web::Result<HttpResponse> {
    let (response, mut session, mut stream) = actix_ws::handle(&req, body)?;
    actix_web::rt::spawn(async move {
        while let Some(Ok(msg)) = stream.recv().await {
            match msg {
                Message::Text(text) => {
                    if session.text(text).await.is_err() {
                        break;
                    }
                }
                Message::Ping(bytes) => {
                    if session.pong(&bytes).await.is_err() {
                        break;
                    }
                }
                Message::Close(_) => break,
                _ => {}
            }
        }
        let _ = session.close(None).await;
    });
    Ok(response)
}

#[actix_web::main]
async fn main() -> std::io::Result<()> {
    let port: u16 = std::env::var("PORT").ok().and_then(|p| p.parse().ok()).unwrap_or(8090);
    let server = HttpServer::new(|| {
        App::new()
            .route("/ajax/bare", web::post().to(|| async { HttpResponse::Ok().content_type("application/json").body(BODY) }))
            .route("/ws", web::get().to(echo))
    })
    .bind(("127.0.0.1", port))?;
    for addr in server.addrs() {
        println!("listening on http://{addr}");
    }
    server.run().await
}
