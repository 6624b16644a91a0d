//! Configuration from flags and the environment.

use std::path::PathBuf;

use clap::Parser;
use serde::Serialize;

#[derive(Debug, Clone, Parser)]
#[command(name = "jobseeker-server", about = "The job-seeker site: /ajax calls and the built ui")]
pub struct Settings {
    /// Port to listen on; 0 picks a free one (the chosen address is logged).
    #[arg(long, env = "PORT", default_value_t = 8080)]
    pub port: u16,
    #[arg(long, env = "HOST", default_value = "127.0.0.1")]
    pub host: String,
    /// Allows the dev providers (SMS outbox, WeChat scan page, payment checkout) on a server that
    /// does not listen on loopback only. Without it such a server refuses to start with them.
    #[arg(long, env = "DEV_MODE", default_value_t = false, value_parser = clap::builder::BoolishValueParser::new(), action = clap::ArgAction::Set)]
    pub dev_mode: bool,
    /// Proxies whose X-Forwarded-For / X-Real-IP name the client (comma-separated CIDRs or addresses).
    #[arg(long, env = "TRUSTED_PROXIES", value_delimiter = ',', default_value = "")]
    pub trusted_proxies: Vec<String>,
    /// The shared store's engine (store.rs): empty keeps limits, lockouts and one-time keys in the
    /// database; `redis://host:port/db` keeps them in Redis.
    #[arg(long, env = "REDIS_URL", default_value = "")]
    pub redis_url: String,
    /// Prefixed to every Redis key, so several sites (or test servers) can share one Redis.
    #[arg(long, env = "REDIS_PREFIX", default_value = "jobseeker:")]
    pub redis_prefix: String,
    /// Addresses (comma-separated CIDRs) the admin console answers; empty: any.
    #[arg(long, env = "ADMIN_ALLOW", value_delimiter = ',', default_value = "")]
    pub admin_allow: Vec<String>,
    /// Which payment checkout orders use: `dev` (a local page, only where dev providers are
    /// allowed) or `none` (orders cannot be paid yet).
    #[arg(long, env = "PAYMENT_PROVIDER", value_enum, default_value_t = PaymentProviderKind::Dev)]
    pub payment_provider: PaymentProviderKind,
    /// WeChat Pay (PAYMENT_PROVIDER=wechatpay, providers/payment.rs): the API's origin, the merchant
    /// id, the serial number of the merchant's API certificate and its private key (PKCS#8 PEM).
    #[arg(long, env = "WECHATPAY_BASE_URL", default_value = "https://api.mch.weixin.qq.com")]
    pub wechatpay_base_url: String,
    #[arg(long, env = "WECHATPAY_MCH_ID", default_value = "")]
    pub wechatpay_mch_id: String,
    #[arg(long, env = "WECHATPAY_SERIAL_NO", default_value = "")]
    pub wechatpay_serial_no: String,
    #[arg(long, env = "WECHATPAY_KEY_FILE", default_value = "")]
    pub wechatpay_key_file: String,
    /// Holds the SQLite file, the signing key, the search index and (without STORAGE_URL) uploads.
    #[arg(long, env = "DATA_DIR", default_value = "./data")]
    pub data_dir: PathBuf,
    /// Absent: SQLite in DATA_DIR. `postgres://…`: PostgreSQL.
    #[arg(long, env = "DATABASE_URL")]
    pub database_url: Option<String>,
    /// The built ui (ui/dist).
    #[arg(long, env = "UI_DIR", default_value = "./ui/dist")]
    pub ui_dir: PathBuf,
    /// Signing key for session JWTs; absent: a random key kept in DATA_DIR/jwt.key.
    #[arg(long, env = "JWT_SECRET", hide_env_values = true)]
    pub jwt_secret: Option<String>,
    /// Parent domain for the cookies (SPEC 9); absent: host-only cookies.
    #[arg(long, env = "COOKIE_DOMAIN")]
    pub cookie_domain: Option<String>,
    /// Hosts besides our own that count as ours for return URLs and Origin checks (comma-separated).
    #[arg(long, env = "ALLOWED_HOSTS", value_delimiter = ',', default_value = "")]
    pub allowed_hosts: Vec<String>,
    /// Pages that may frame us (the partner platforms), for CSP frame-ancestors (space-separated origins).
    #[arg(long, env = "FRAME_ANCESTORS", default_value = "")]
    pub frame_ancestors: String,
    /// Partner platforms that may log their users in (zgzx): "platformId:secret,…", secrets of 16+ characters.
    #[arg(long, env = "PARTNERS", default_value = "", hide_env_values = true)]
    pub partners: String,
    /// How long an unpaid order stays payable before it expires.
    #[arg(long, env = "ORDER_PAY_WITHIN_SECS", default_value_t = 30 * 60)]
    pub order_pay_within_secs: i64,
    /// How often unpaid orders past their time are marked expired, by one server of a cluster
    /// (domain/background.rs); 0: only when their owner lists them.
    #[arg(long, env = "ORDER_EXPIRY_SECS", default_value_t = 60)]
    pub order_expiry_secs: u64,
    #[arg(long, env = "DB_POOL_SIZE", default_value_t = 8)]
    pub db_pool_size: u32,
    /// How often the search index picks up jobs changed in the database (by any server).
    #[arg(long, env = "SEARCH_SYNC_SECS", default_value_t = 5)]
    pub search_sync_secs: u64,
    /// How often a chat socket renews its place in the per-user socket limit and checks its session
    /// again (a revoked session closes it); its place lasts three times this (api/candidate/chat_ws.rs).
    #[arg(long, env = "CHAT_SOCKET_CHECK_SECS", default_value_t = 20)]
    pub chat_socket_check_secs: u64,
    /// How long a chat message stays unread, its recipient without a live socket, before one offline
    /// notice goes out (WeChat, SMS or mail; domain/chat_notice.rs).
    #[arg(long, env = "CHAT_OFFLINE_NOTICE_AFTER_SECS", default_value_t = 600)]
    pub chat_offline_notice_after_secs: i64,
    /// How often one server of a cluster looks for such messages; 0: never.
    #[arg(long, env = "CHAT_OFFLINE_NOTICE_EVERY_SECS", default_value_t = 30)]
    pub chat_offline_notice_every_secs: u64,
    /// How often the server hands memory it freed back to the system; 0: never (memory.rs).
    #[arg(long, env = "MEMORY_TRIM_SECS", default_value_t = 5)]
    pub memory_trim_secs: u64,
    /// Days the raw behaviour log (/pcuser/addLog) is kept; the per-day job counts stay (docs/api.md).
    #[arg(long, env = "BEHAVIOUR_LOG_DAYS", default_value_t = 30)]
    pub behaviour_log_days: i64,
    /// How often the behaviour log's purge loop asks for the hour's sweep (domain/background.rs).
    #[arg(long, env = "BEHAVIOUR_PURGE_SECS", default_value_t = 600)]
    pub behaviour_purge_secs: u64,
    /// Where uploads are kept (providers/storage.rs): empty: DATA_DIR/uploads; `fs:///dir`; or
    /// `s3://bucket[/prefix]?endpoint=https://…&region=…[&virtual_host=1]` (Aliyun OSS, Tencent COS).
    #[arg(long, env = "STORAGE_URL", default_value = "")]
    pub storage_url: String,
    /// The object storage's access key (with an s3:// STORAGE_URL).
    #[arg(long, env = "STORAGE_ACCESS_KEY_ID", default_value = "", hide_env_values = true)]
    pub storage_access_key_id: String,
    #[arg(long, env = "STORAGE_SECRET_ACCESS_KEY", default_value = "", hide_env_values = true)]
    pub storage_secret_access_key: String,
    /// Object storage: bytes of small files kept in memory after their first read (0: none).
    #[arg(long, env = "STORAGE_CACHE_BYTES", default_value_t = 64 * 1024 * 1024)]
    pub storage_cache_bytes: u64,
    /// Object storage: the largest file that cache keeps.
    #[arg(long, env = "STORAGE_CACHE_ITEM_MAX", default_value_t = 256 * 1024)]
    pub storage_cache_item_max: u64,
    #[command(flatten)]
    pub site: SiteSettings,
    #[command(flatten)]
    pub sms: SmsSettings,
    #[command(flatten)]
    pub wechat: WeChatSettings,
    #[command(flatten)]
    pub notices: NoticeSettings,
    #[command(subcommand)]
    pub command: Option<Command>,
}

#[derive(Debug, Clone, clap::Subcommand)]
pub enum Command {
    /// Administrator actions on accounts, then exit.
    Admin {
        #[command(subcommand)]
        action: AdminAction,
    },
    /// Fills the database with generated companies, jobs, candidates, applications and
    /// saved jobs (scripts/seed), then exits. Deterministic for a given --seed.
    Seed(SeedArgs),
    /// Builds the search index, or brings it up to date, then exits. The server runs this in a
    /// child process before it opens the index.
    Index,
    /// Makes the chat load client's conversations and sessions (cli/chat_bench.rs), then exits.
    ChatBench(ChatBenchArgs),
}

#[derive(Debug, Clone, clap::Args)]
pub struct ChatBenchArgs {
    /// Conversations to make, each between a new candidate and a new member of one company.
    #[arg(long, default_value_t = 1000)]
    pub pairs: u64,
    /// Where to write `conversationId candidateCookie memberCookie`, one line per pair.
    #[arg(long)]
    pub out: std::path::PathBuf,
}

#[derive(Debug, Clone, clap::Subcommand)]
pub enum AdminAction {
    /// Disables the account: it cannot log in and its sessions end at once.
    Disable {
        #[arg(long)]
        mobile: String,
    },
    /// Enables a disabled account again.
    Enable {
        #[arg(long)]
        mobile: String,
    },
    /// Makes an admin of the console; prints the TOTP secret to enrol (also shown at first log-in).
    Create {
        #[arg(long)]
        username: String,
        /// super, reviewer or support.
        #[arg(long)]
        role: String,
        /// The password; read from ADMIN_PASSWORD when not given.
        #[arg(long, env = "ADMIN_PASSWORD", hide_env_values = true)]
        password: String,
    },
}

/// Which SMS gateway delivers codes; an unknown name stops the server at start.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum SmsProviderKind {
    /// DATA_DIR/outbox.jsonl, listed on /dev/outbox.
    Dev,
    /// Alibaba Cloud SMS.
    Aliyun,
}

/// Which payment checkout is used; an unknown name stops the server at start.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum PaymentProviderKind {
    Dev,
    None,
    /// WeChat Pay API v3: refunds (the checkout is still the dev page's job; see providers/payment.rs).
    Wechatpay,
}

/// Which WeChat binding is used; an unknown name stops the server at start.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum WeChatProviderKind {
    /// A local confirmation page stands in for the scan.
    Dev,
    /// The official account's API.
    Official,
}

/// The SMS gateway: `dev` (DATA_DIR/outbox.jsonl, listed on /dev/outbox) or `aliyun`.
#[derive(Debug, Clone, clap::Args)]
pub struct SmsSettings {
    #[arg(long, env = "SMS_PROVIDER", value_enum, default_value_t = SmsProviderKind::Dev)]
    pub sms_provider: SmsProviderKind,
    #[arg(long, env = "ALIYUN_SMS_ENDPOINT", default_value = "https://dysmsapi.aliyuncs.com/")]
    pub aliyun_sms_endpoint: String,
    #[arg(long, env = "ALIYUN_ACCESS_KEY_ID", default_value = "")]
    pub aliyun_access_key_id: String,
    #[arg(long, env = "ALIYUN_ACCESS_KEY_SECRET", default_value = "", hide_env_values = true)]
    pub aliyun_access_key_secret: String,
    #[arg(long, env = "ALIYUN_SMS_SIGN_NAME", default_value = "职达招聘")]
    pub aliyun_sms_sign_name: String,
    #[arg(long, env = "ALIYUN_SMS_TEMPLATE", default_value = "")]
    pub aliyun_sms_template: String,
    /// The least time between two codes to one mobile.
    #[arg(long, env = "SMS_MIN_INTERVAL_SECS", default_value_t = 60)]
    pub sms_min_interval_secs: i64,
}

/// What the ui needs to know about the deployment, served by /ajax/site/config.
#[derive(Debug, Clone, clap::Args, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct SiteSettings {
    /// The site's public origin (`https://www.zhida.example.cn`) for canonical links, structured data
    /// and sitemaps; empty: the request's own scheme and host.
    #[arg(long, env = "SITE_URL", default_value = "")]
    pub site_url: String,
    /// Job URLs per sitemap file (at most the protocol's 50,000; less only to test the split).
    #[arg(long, env = "SITEMAP_URLS_PER_FILE", default_value_t = 50_000, value_parser = clap::value_parser!(i64).range(1..=50_000))]
    pub sitemap_urls_per_file: i64,
    /// How long the sitemaps' lists are kept before the database is read again: a job opened or
    /// closed shows in them within this time.
    #[arg(long, env = "SITEMAP_REFRESH_SECS", default_value_t = 60)]
    pub sitemap_refresh_secs: u64,
    #[arg(long, env = "RECRUITER_URL", default_value = "/recruit/")]
    pub recruiter_url: String,
    #[arg(long, env = "CAMPUS_URL", default_value = "https://campus.zhida.example.cn")]
    pub campus_url: String,
    /// Root of the mobile site; empty turns the mobile redirect off.
    #[arg(long, env = "MOBILE_BASE", default_value = "/m")]
    pub mobile_base: String,
    /// The QR image of the touch version; empty: the ui draws one for MOBILE_BASE or its own origin.
    #[arg(long, env = "QR_IMAGE", default_value = "")]
    pub qr_image: String,
    /// Hosts that show the main brand (header, title, footer; comma-separated); all others show the
    /// second set. The local addresses count as main, so a local run shows the main brand.
    #[arg(long, env = "MAIN_HOSTS", value_delimiter = ',', default_value = "www.zhida.example.cn,zhida.example.cn,127.0.0.1,localhost")]
    pub main_hosts: Vec<String>,
}

impl Settings {
    /// Whether the dev providers may run: only on a loopback address, or with DEV_MODE set.
    pub fn dev_allowed(&self) -> bool {
        let host = self.host.trim_start_matches('[').trim_end_matches(']');
        self.dev_mode || host == "localhost" || host.parse::<std::net::IpAddr>().is_ok_and(|ip| ip.is_loopback())
    }

    /// Why the server must not start as configured: a dev provider where dev providers are not allowed.
    pub fn unsafe_dev_providers(&self) -> Option<String> {
        if self.dev_allowed() {
            return None;
        }
        let mut dev = Vec::new();
        if self.sms.sms_provider == SmsProviderKind::Dev {
            dev.push("SMS_PROVIDER=dev (every code shown at /dev/outbox)");
        }
        if self.notices.mail_provider == MailProviderKind::Dev {
            dev.push("MAIL_PROVIDER=dev (every mail shown at /dev/outbox)");
        }
        if self.wechat.wechat_provider == WeChatProviderKind::Dev {
            dev.push("WECHAT_PROVIDER=dev (anyone can bind any account)");
        }
        if self.payment_provider == PaymentProviderKind::Dev {
            dev.push("PAYMENT_PROVIDER=dev (orders paid by a click)");
        }
        (!dev.is_empty()).then(|| {
            format!(
                "refusing to start on HOST={} with {}: configure real providers (or PAYMENT_PROVIDER=none), \
                 or set DEV_MODE=1 for a trial install",
                self.host,
                dev.join(", ")
            )
        })
    }

    pub fn sqlite_path(&self) -> PathBuf {
        self.data_dir.join("jobseeker.sqlite3")
    }
}

/// WeChat binding: `dev` (a local confirmation page stands in for the scan) or `official`.
#[derive(Debug, Clone, clap::Args)]
pub struct WeChatSettings {
    #[arg(long, env = "WECHAT_PROVIDER", value_enum, default_value_t = WeChatProviderKind::Dev)]
    pub wechat_provider: WeChatProviderKind,
    #[arg(long, env = "WECHAT_API_BASE", default_value = "https://api.weixin.qq.com")]
    pub wechat_api_base: String,
    #[arg(long, env = "WECHAT_APP_ID", default_value = "")]
    pub wechat_app_id: String,
    #[arg(long, env = "WECHAT_APP_SECRET", default_value = "", hide_env_values = true)]
    pub wechat_app_secret: String,
    /// The token set for our callback URL (/wx/callback) in the official account.
    #[arg(long, env = "WECHAT_CALLBACK_TOKEN", default_value = "", hide_env_values = true)]
    pub wechat_callback_token: String,
    /// The template (模板消息 id) of chat's offline notice, with the fields first, keyword1 (who
    /// wrote), keyword2 (when) and remark; empty: the official account sends none, and the notice
    /// goes by SMS or mail instead (domain/chat_notice.rs).
    #[arg(long, env = "WECHAT_NOTICE_TEMPLATE", default_value = "")]
    pub wechat_notice_template: String,
}

#[derive(Debug, Clone, clap::Args)]
pub struct SeedArgs {
    /// Jobs to make; companies, candidates, applications and saved jobs follow in proportion.
    #[arg(long, default_value_t = 10_000)]
    pub jobs: u64,
    /// Companies (default: one per 20 jobs, at least 10).
    #[arg(long)]
    pub companies: Option<u64>,
    /// Candidates (default: one per 10 jobs, at least 10); each applies for some jobs and saves 2.
    #[arg(long)]
    pub candidates: Option<u64>,
    /// Applications per candidate (the benchmark's 100,000 candidates make 1,000,000 with 10).
    #[arg(long, default_value_t = 3)]
    pub applications_each: u32,
    /// Applications the first company (its owner logs in as 14700000000) gets besides its share:
    /// the first N candidates each apply to one of its jobs (the candidates list at scale).
    #[arg(long, default_value_t = 0)]
    pub big_company_applications: u64,
    /// Makes other data of the same shape.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Milliseconds since the epoch that posting times count back from.
    #[arg(long)]
    pub now: Option<i64>,
    /// The candidates' password.
    #[arg(long, default_value = "demo1234")]
    pub password: String,
}

/// TRUSTED_PROXIES parsed: CIDRs, or single addresses.
pub fn parse_proxies(list: &[String]) -> Result<Vec<ipnet::IpNet>, String> {
    list.iter()
        .map(|s| s.trim())
        .filter(|s| !s.is_empty())
        .map(|s| {
            s.parse::<ipnet::IpNet>()
                .or_else(|_| s.parse::<std::net::IpAddr>().map(ipnet::IpNet::from))
                .map_err(|_| format!("TRUSTED_PROXIES: {s} is not an address or CIDR"))
        })
        .collect()
}

/// Which mail server delivers notices; an unknown name stops the server at start.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum MailProviderKind {
    /// DATA_DIR/mail-outbox.jsonl, listed on /dev/outbox.
    Dev,
    /// SMTP_URL, through lettre.
    Smtp,
}

/// Mail and the notice outbox (providers/mail.rs, domain/notice.rs).
#[derive(Debug, Clone, clap::Args)]
pub struct NoticeSettings {
    #[arg(long, env = "MAIL_PROVIDER", value_enum, default_value_t = MailProviderKind::Dev)]
    pub mail_provider: MailProviderKind,
    /// lettre's URL form: `smtp://user:pass@host:25`, `smtp://host:587?tls=required`, `smtps://host:465`.
    #[arg(long, env = "SMTP_URL", default_value = "", hide_env_values = true)]
    pub smtp_url: String,
    /// The From of every notice mail.
    #[arg(long, env = "MAIL_FROM", default_value = "职达招聘 <noreply@zhida.example.cn>")]
    pub mail_from: String,
    /// Alibaba Cloud's template for notices: one variable, `${content}`, holding the whole text.
    #[arg(long, env = "ALIYUN_SMS_NOTICE_TEMPLATE", default_value = "")]
    pub aliyun_sms_notice_template: String,
    /// How often the outbox worker looks for due notices (milliseconds).
    #[arg(long, env = "NOTICE_POLL_MS", default_value_t = 1000)]
    pub notice_poll_ms: u64,
    /// How long a claimed notice is reserved for the server that claimed it; after that another
    /// (or the same, restarted) server takes it again.
    #[arg(long, env = "NOTICE_LEASE_SECS", default_value_t = 60)]
    pub notice_lease_secs: i64,
    /// The first retry's wait; each next one doubles it.
    #[arg(long, env = "NOTICE_RETRY_BASE_SECS", default_value_t = 30)]
    pub notice_retry_base_secs: i64,
    /// Tries before a notice is marked failed.
    #[arg(long, env = "NOTICE_MAX_ATTEMPTS", default_value_t = 6)]
    pub notice_max_attempts: i32,
}
