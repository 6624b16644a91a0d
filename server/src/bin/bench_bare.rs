//! The yardstick of scripts/bench: a bare actix-web server with one route that answers a fixed
//! JSON body, no middleware, no database. Its throughput is what this machine can do at all,
//! so the product's figures are read as ratios to it. `PORT` as for the real server.

use actix_web::{web, App, HttpResponse, HttpServer};

const BODY: &str = r#"{"result":{"mobile":"13800000000","hasPassword":true,"name":"张伟"}}"#;

#[actix_web::main]
async fn main() -> std::io::Result<()> {
    let port: u16 = std::env::var("PORT").ok().and_then(|p| p.parse().ok()).unwrap_or(8090);
    let server = HttpServer::new(|| {
        App::new().route("/ajax/bare", web::post().to(|| async { HttpResponse::Ok().content_type("application/json").body(BODY) }))
    })
    .bind(("127.0.0.1", port))?;
    for addr in server.addrs() {
        println!("listening on http://{addr}");
    }
    server.run().await
}
