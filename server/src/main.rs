//! The job-seeker site's server: configuration, the admin and seed commands, and the HTTP server.

use actix_web::middleware::{from_fn, Compress, DefaultHeaders};
use actix_web::{App, HttpServer};
use clap::Parser;

use server::settings::{self, PaymentProviderKind, Settings, SmsProviderKind, WeChatProviderKind};
use server::state::AppState;
use server::cli::{admin, seed, seedgen};
use server::domain::{auth, login_cache};
use server::search::resumes::ResumeIndex;
use server::{api, db, memory, search, web};

/// A build of the search index leaves about 35 MB of the server's heap in use for good (measured:
/// 75 MB idle after building 1,000,000 jobs in-process, 8 MB plus the 31 MB jieba dictionary after
/// opening the same index), so a child process (`jobseeker-server … index`) builds it or brings
/// it up to date, and the server then opens what it wrote. Should the child fail, the server's
/// own open below builds it.
fn update_index_in_child_process() {
    let child = std::env::current_exe().and_then(|exe| std::process::Command::new(exe).args(std::env::args_os().skip(1)).arg("index").status());
    match child {
        Ok(status) if status.success() => {}
        Ok(status) => tracing::warn!(%status, "search index process failed; building in the server"),
        Err(e) => tracing::warn!(error = %e, "search index process did not start; building in the server"),
    }
}

/// Expired limits, challenges and one-time keys leave the shared store once a minute. Runs on each
/// server of a cluster: idempotent (domain/background.rs).
fn spawn_store_sweeper(store: server::store::SharedStore) {
    let spawned = std::thread::Builder::new().name("store-sweeper".into()).spawn(move || loop {
        std::thread::sleep(std::time::Duration::from_secs(60));
        if let Err(e) = store.sweep() {
            tracing::warn!(error = ?e, "shared store sweep");
        }
    });
    if let Err(e) = spawned {
        tracing::error!(error = %e, "store sweeper thread");
    }
}

#[actix_web::main]
async fn main() -> std::io::Result<()> {
    memory::limit_arenas();
    tracing_subscriber::fmt()
        .json()
        .with_writer(std::io::stderr)
        .with_env_filter(
            tracing_subscriber::EnvFilter::try_from_default_env().unwrap_or_else(|_| "info,actix_server=warn".into()),
        )
        .init();
    // The resume analysis child (domain/resume_analysis): no settings, no database.
    if std::env::args().nth(1).as_deref() == Some(server::domain::resume_analysis::CHILD_COMMAND) {
        let limits = server::domain::resume_analysis::child_limits_from_env();
        std::process::exit(server::domain::resume_analysis::child_main(limits));
    }
    let settings = Settings::parse();
    let fail = |what: String| std::io::Error::other(what);
    if settings.command.is_none() {
        settings::parse_proxies(&settings.trusted_proxies).map_err(fail)?;
        if let Some(why) = settings.unsafe_dev_providers() {
            eprintln!("{why}");
            return Err(fail(why));
        }
        if let Err(why) = server::providers::payment::provider(&settings) {
            eprintln!("{why}");
            return Err(fail(why));
        }
        if let Err(why) = server::providers::mail::check(&settings) {
            eprintln!("{why}");
            return Err(fail(why));
        }
    }

    let pool = db::connect(&settings).map_err(fail)?;
    if let Some(settings::Command::Admin { action }) = &settings.command {
        let mut conn = pool.get().map_err(|e| fail(e.to_string()))?;
        let message = admin::run(&mut conn, action).map_err(fail)?;
        println!("{message}");
        return Ok(());
    }
    if let Some(settings::Command::Seed(args)) = &settings.command {
        let mut conn = pool.get().map_err(|e| fail(e.to_string()))?;
        let message = seedgen::run(&mut conn, args).map_err(fail)?;
        println!("{message}");
        return Ok(());
    }
    if let Some(settings::Command::ChatBench(args)) = &settings.command {
        let mut conn = pool.get().map_err(|e| fail(e.to_string()))?;
        let keys = auth::Keys::load(&settings).map_err(fail)?;
        let message = server::cli::chat_bench::run(&mut conn, &keys, args).map_err(fail)?;
        println!("{message}");
        return Ok(());
    }
    if let Some(settings::Command::Index) = &settings.command {
        let mut conn = pool.get().map_err(|e| fail(e.to_string()))?;
        let (_, report) = search::SearchIndex::open(&search::SearchIndex::dir_in(&settings.data_dir), &mut conn).map_err(fail)?;
        tracing::info!(docs = report.docs, rebuilt = report.rebuilt, millis = report.millis as u64, "search index up to date");
        let (_, report) = ResumeIndex::open(&ResumeIndex::dir_in(&settings.data_dir), &mut conn).map_err(fail)?;
        tracing::info!(docs = report.docs, rebuilt = report.rebuilt, millis = report.millis as u64, "resume index up to date");
        return Ok(());
    }
    let storage = server::providers::storage::Storage::from_settings(&settings).map_err(fail)?;
    tracing::info!(storage = %storage.describe, "uploads kept here");
    {
        // The seed runs on a blocking thread, from where it waits for each store into the (async) storage.
        let (pool, storage, rt) = (pool.clone(), storage.clone(), tokio::runtime::Handle::current());
        let seeded = actix_web::rt::task::spawn_blocking(move || -> Result<bool, String> {
            let mut conn = pool.get().map_err(|e| e.to_string())?;
            let store = |bytes: &[u8]| {
                let name = server::providers::storage::random_name();
                rt.block_on(storage.put(&name, bytes.to_vec()))?;
                Ok(name)
            };
            seed::seed_if_empty_with_uploads(&mut conn, Some(&store)).map_err(|e| format!("seed: {e:?}"))
        })
        .await
        .map_err(|e| fail(e.to_string()))?
        .map_err(fail)?;
        if seeded {
            tracing::info!(mobile = seed::DEMO_MOBILE, "demo data created");
        }
    }
    let search = {
        let mut conn = pool.get().map_err(|e| fail(e.to_string()))?;
        // The demo admin, on a loopback install only (not with DEV_MODE on a public address).
        let loopback = settings.host == "localhost" || settings.host.trim_matches(['[', ']']).parse::<std::net::IpAddr>().is_ok_and(|ip| ip.is_loopback());
        if loopback {
            let secret = admin::ensure_demo_admin(&mut conn).map_err(fail)?;
            // On stderr: stdout's first line is the listening address that scripts and tests read.
            eprintln!("admin TOTP secret: {secret}");
        }
        let dir = search::SearchIndex::dir_in(&settings.data_dir);
        update_index_in_child_process();
        let (index, report) = search::SearchIndex::open(&dir, &mut conn).map_err(fail)?;
        tracing::info!(docs = report.docs, rebuilt = report.rebuilt, millis = report.millis as u64, "search index ready");
        let (resumes, report) = ResumeIndex::open(&ResumeIndex::dir_in(&settings.data_dir), &mut conn).map_err(fail)?;
        tracing::info!(docs = report.docs, rebuilt = report.rebuilt, millis = report.millis as u64, "resume index ready");
        (std::sync::Arc::new(index), std::sync::Arc::new(resumes))
    };
    let (search, resumes) = search;
    search::spawn_sync(search.clone(), resumes.clone(), pool.clone(), std::time::Duration::from_secs(settings.search_sync_secs.max(1)));
    let keys = auth::Keys::load(&settings).map_err(fail)?;
    let csp = web::content_security_policy(&settings.frame_ancestors);
    let (host, port, ui_dir) = (settings.host.clone(), settings.port, settings.ui_dir.clone());
    let engine = if db::database_url(&settings).starts_with("postgres") { "postgresql" } else { "sqlite" };
    let ui_present = ui_dir.join("index.html").is_file();
    if !ui_present {
        tracing::warn!(ui_dir = %ui_dir.display(), "no built ui there: pages answer 503 until it is built");
    }
    let store = server::store::SharedStore::for_settings(&settings, pool.clone()).map_err(fail)?;
    tracing::info!(engine = store.engine_name(), "shared store (limits, lockouts, one-time keys)");
    let state = actix_web::web::Data::new(AppState::new(pool, settings, keys, search, resumes, storage, store));
    login_cache::spawn_revocation_watch(state.pool.clone(), state.logins.clone());
    spawn_store_sweeper(state.store.clone());
    server::domain::notice::spawn_worker(server::domain::notice::Worker {
        pool: state.pool.clone(),
        mail: state.mail.clone(),
        sms: state.sms.clone(),
        wechat: state.wechat.clone(),
        settings: state.settings.notices.clone(),
    });
    memory::spawn_trimmer(std::time::Duration::from_secs(state.settings.memory_trim_secs));
    // Once across servers, through a lease in the database (domain/background.rs).
    server::domain::background::spawn_order_expiry(state.pool.clone(), state.settings.order_expiry_secs);
    server::domain::background::spawn_behaviour_purge(state.pool.clone(), state.settings.behaviour_log_days, state.settings.behaviour_purge_secs);
    server::domain::chat_notice::spawn(&state.pool, &state.store, &state.settings, state.wechat.sends_templates());
    server::domain::thumbnails::spawn_backfill(state.pool.clone(), state.storage.clone(), tokio::runtime::Handle::current());
    let payment = state.payment.name();
    let dev_allowed = state.settings.dev_allowed();
    let dev_pages = api::DevPages {
        outbox: dev_allowed
            && (state.settings.sms.sms_provider == SmsProviderKind::Dev || state.settings.notices.mail_provider == server::settings::MailProviderKind::Dev),
        wechat: dev_allowed && state.settings.wechat.wechat_provider == WeChatProviderKind::Dev,
        payment: dev_allowed && state.settings.payment_provider == PaymentProviderKind::Dev,
    };
    if dev_pages.outbox || dev_pages.wechat || dev_pages.payment {
        // Straight to stderr, whatever RUST_LOG filters: whoever starts the server must see it.
        eprintln!(
            "WARNING: DEV PROVIDERS ARE ON (outbox={}, wechat={}, payment={}): /dev/* shows SMS codes, binds WeChat and \
             pays orders; never expose this server",
            dev_pages.outbox, dev_pages.wechat, dev_pages.payment
        );
    }
    // Blocking work is database calls (no more than the pool's connections at once) and searches (one
    // per core at once, search/mod.rs). Tokio's default of 512 threads let a 64-connection load start
    // a thread per request, each only to wait, holding a stack and allocator caches (docs/BENCHMARKS.md).
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let blocking_threads = state.settings.db_pool_size as usize + cores;

    let mobile_base = state.settings.site.mobile_base.clone();
    let server = HttpServer::new(move || {
        App::new()
            .app_data(state.clone())
            .wrap(from_fn(web::forget_cached_login))
            .wrap(from_fn(web::check_origin))
            .wrap(from_fn(web::cache_headers))
            .wrap(Compress::default())
            .wrap(
                DefaultHeaders::new()
                    .add(("Content-Security-Policy", csp.as_str()))
                    .add(("X-Content-Type-Options", "nosniff"))
                    .add(("Referrer-Policy", "strict-origin-when-cross-origin")),
            )
            .wrap(
                actix_web::middleware::Logger::new("%{client}xi %r %s %Dms")
                    .custom_request_replace("client", |req| web::client_ip(req.request()))
                    .log_target("http"),
            )
            .wrap(from_fn(web::strict_transport))
            .configure(|cfg| api::routes(cfg, dev_pages, &mobile_base))
            .service(web::assets::service(ui_dir.clone()))
            .service(web::ui_files(ui_dir.clone()))
    })
    .shutdown_timeout(10)
    // Idle kept-alive connections stay open longer than a proxy keeps them (nginx's upstream 60 s)
    // and than a busy client pauses: closed after actix's default 5 s, a connection a client was
    // about to reuse could be shut just as a POST went out on it (an incomplete answer, not retried).
    .keep_alive(std::time::Duration::from_secs(75))
    // Answers go out as they are written: with Nagle's algorithm a last small write (a chunked body's
    // terminator, a body after its headers) waited for the client's delayed ACK, 40 ms (issue 38).
    .tcp_nodelay(true)
    .worker_max_blocking_threads(blocking_threads)
    .bind((host.as_str(), port))?;

    for addr in server.addrs() {
        tracing::info!(%addr, engine, payment, "listening");
        // Tests and scripts read the chosen port from this line.
        println!("listening on http://{addr}");
    }
    server.run().await
}
