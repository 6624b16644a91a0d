//! What every handler can reach.

use std::time::Duration;

use crate::domain::auth::Keys;
use crate::domain::captcha::Captcha;
use crate::providers::sms::SmsProvider;
use crate::db::Pool;
use crate::providers::payment::PaymentProvider;
use crate::rate_limit::RateLimiter;
use crate::settings::Settings;

pub struct AppState {
    pub pool: Pool,
    pub settings: Settings,
    pub keys: Keys,
    /// Log-in attempts per client IP.
    pub login_per_ip: RateLimiter,
    /// Failed log-ins per mobile: the account is locked for the window after too many.
    /// Failed log-ins per account, face and client (rate_limit::AccountLockout).
    pub candidate_lockout: crate::rate_limit::AccountLockout,
    pub company_lockout: crate::rate_limit::AccountLockout,
    pub admin_lockout: crate::rate_limit::AccountLockout,
    pub payment: Box<dyn PaymentProvider>,
    pub sms: std::sync::Arc<dyn SmsProvider>,
    /// Notice mail (providers/mail.rs); sent only by the outbox worker.
    pub mail: std::sync::Arc<dyn crate::providers::mail::MailProvider>,
    pub wechat: std::sync::Arc<dyn crate::providers::wechat::WeChatProvider>,
    pub captcha: Captcha,
    pub partners: crate::domain::partner::Partners,
    /// Slider pictures drawn and tried per client IP.
    pub captcha_per_ip: RateLimiter,
    /// sendCode, register and password reset, per client: the calls that spend a captcha, send an SMS or hash a password.
    pub account_per_ip: RateLimiter,
    pub search: std::sync::Arc<crate::search::SearchIndex>,
    /// Resume search for companies (search/resumes.rs).
    pub resumes: std::sync::Arc<crate::search::resumes::ResumeIndex>,
    /// islogin's answers, for a moment (login_cache.rs).
    pub logins: std::sync::Arc<crate::domain::login_cache::LoginCache>,
    /// TRUSTED_PROXIES, parsed (web::client_ip).
    pub trusted_proxies: Vec<ipnet::IpNet>,
    /// ADMIN_ALLOW, parsed: where the admin console answers from (empty: anywhere).
    pub admin_allow: Vec<ipnet::IpNet>,
    /// Wrong admin one-time codes per admin name.
    pub admin_otp_failures: RateLimiter,
    /// /cominterviewer/save per company: each may send an invitation SMS.
    pub interviewer_saves: RateLimiter,
    /// Where uploads are kept (STORAGE_URL).
    pub storage: crate::providers::storage::Storage,
    /// Limits, one-time keys and leases every server shares (the database, or REDIS_URL).
    pub store: crate::store::SharedStore,
    /// Chat's sockets on this server, and the doorbell to the others (domain/chat_live.rs).
    pub chat: std::sync::Arc<crate::domain::chat_live::Hub>,
}

impl AppState {
    pub fn new(
        pool: Pool,
        settings: Settings,
        keys: Keys,
        search: std::sync::Arc<crate::search::SearchIndex>,
        resumes: std::sync::Arc<crate::search::resumes::ResumeIndex>,
        storage: crate::providers::storage::Storage,
        store: crate::store::SharedStore,
    ) -> Self {
        let sms: std::sync::Arc<dyn SmsProvider> = crate::providers::sms::provider(&settings).into();
        let mail: std::sync::Arc<dyn crate::providers::mail::MailProvider> = crate::providers::mail::provider(&settings).into();
        let wechat = crate::providers::wechat::provider(&settings);
        // main checked the configuration first (providers::payment::provider), so this reads.
        let payment = crate::providers::payment::provider(&settings).unwrap_or_else(|_| Box::new(crate::providers::payment::DevPayment));
        // main refuses to start on an unreadable TRUSTED_PROXIES, so this is already known good.
        let trusted_proxies = crate::settings::parse_proxies(&settings.trusted_proxies).unwrap_or_default();
        let admin_allow = crate::settings::parse_proxies(&settings.admin_allow).unwrap_or_default();
        let partners = crate::domain::partner::Partners::new(&settings.partners, store.clone());
        let chat = crate::domain::chat_live::Hub::start(pool.clone(), crate::providers::wakeup::for_settings(&settings, &pool, &store));
        Self {
            pool,
            settings,
            keys,
            login_per_ip: RateLimiter::new(store.clone(), "login-ip", 30, Duration::from_secs(60)),
            candidate_lockout: crate::rate_limit::AccountLockout::new(store.clone(), "candidate"),
            company_lockout: crate::rate_limit::AccountLockout::new(store.clone(), "company"),
            admin_lockout: crate::rate_limit::AccountLockout::new(store.clone(), "admin"),
            payment,
            sms,
            mail,
            wechat,
            captcha: Captcha::new(store.clone()),
            partners,
            captcha_per_ip: RateLimiter::new(store.clone(), "captcha-ip", 30, Duration::from_secs(60)),
            account_per_ip: RateLimiter::new(store.clone(), "account-ip", 20, Duration::from_secs(60)),
            search,
            resumes,
            logins: Default::default(),
            trusted_proxies,
            admin_allow,
            admin_otp_failures: RateLimiter::new(store.clone(), "admin-otp", 5, Duration::from_secs(15 * 60)),
            interviewer_saves: RateLimiter::new(store.clone(), "interviewer-save", 30, Duration::from_secs(3600)),
            storage,
            store,
            chat,
        }
    }
}
