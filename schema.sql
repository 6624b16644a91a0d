-- The one database schema, valid on SQLite and PostgreSQL alike.
-- Ids are 64-bit integers made by the application (see server/src/ids.rs), below 2^53 so the
-- browser reads them exactly; times are milliseconds since the Unix epoch in BIGINT;
-- booleans are BOOLEAN (SQLite stores 0/1). Statements end with ';' at the end of a line.

CREATE TABLE IF NOT EXISTS users (
    id             BIGINT PRIMARY KEY,
    -- NULL for a partner-platform user who has not bound a phone yet.
    mobile         TEXT UNIQUE,
    name           TEXT NOT NULL DEFAULT '',
    email          TEXT,
    -- NULL until the user sets a password (an account made by SMS code has none).
    password_hash  TEXT,
    disabled       BOOLEAN NOT NULL DEFAULT FALSE,
    -- The WeChat official-account user bound to this account.
    wx_openid      TEXT,
    wx_nickname    TEXT,
    -- When the candidate dismissed the "resume not updated for a long time" tip.
    update_tip_dismissed_at BIGINT,
    created_at     BIGINT NOT NULL,
    -- Whether chat messages left unread while offline are noticed (domain/chat_notice.rs).
    chat_notice    BOOLEAN NOT NULL DEFAULT TRUE
);

CREATE UNIQUE INDEX IF NOT EXISTS users_email ON users (email);
CREATE UNIQUE INDEX IF NOT EXISTS users_wx_openid ON users (wx_openid);

CREATE TABLE IF NOT EXISTS sessions (
    id           BIGINT PRIMARY KEY,
    user_id      BIGINT NOT NULL REFERENCES users (id),
    created_at   BIGINT NOT NULL,
    expires_at   BIGINT NOT NULL,
    -- Set on log-out, password change or disabling: the JWT naming this session stops working.
    revoked_at   BIGINT,
    user_agent   TEXT NOT NULL DEFAULT '',
    ip           TEXT NOT NULL DEFAULT ''
);
CREATE INDEX IF NOT EXISTS sessions_user ON sessions (user_id);
-- Each server reads the sessions revoked lately, a few times a second (server/src/login_cache.rs).
CREATE INDEX IF NOT EXISTS sessions_revoked ON sessions (revoked_at);

CREATE TABLE IF NOT EXISTS companies (
    id            BIGINT PRIMARY KEY,
    name          TEXT NOT NULL,
    short_name    TEXT NOT NULL DEFAULT '',
    industry      TEXT NOT NULL DEFAULT '',
    company_type  TEXT NOT NULL DEFAULT '',
    company_size  TEXT NOT NULL DEFAULT '',
    city          TEXT NOT NULL DEFAULT '',
    address       TEXT NOT NULL DEFAULT '',
    intro         TEXT NOT NULL DEFAULT '',
    created_at    BIGINT NOT NULL,
    -- core_wasm::company::name_key of name and short_name: how names are compared (unique full names
    -- and brands), so that look-alikes (a zero-width space, full-width brackets) are one name. Their
    -- indexes are made after the columns of an older database are added (db/mod.rs LATER_INDEXES).
    name_key      TEXT NOT NULL DEFAULT '',
    brand_key     TEXT NOT NULL DEFAULT ''
);
-- The company search of /my/shield (a substring of either name) walks this in name order and
-- stops at its limit; short_name is in it so both LIKEs are checked without reading the row.
CREATE INDEX IF NOT EXISTS companies_name ON companies (name, id, short_name);
-- A company's group (the companies sharing its short name, domain/visibility.rs), read on every
-- resume read and candidates list: without it, a scan of every company.
CREATE INDEX IF NOT EXISTS companies_short_name ON companies (short_name);

CREATE TABLE IF NOT EXISTS jobs (
    id            BIGINT PRIMARY KEY,
    company_id    BIGINT NOT NULL REFERENCES companies (id),
    title         TEXT NOT NULL,
    city          TEXT NOT NULL,
    category      TEXT NOT NULL DEFAULT '',
    industry      TEXT NOT NULL DEFAULT '',
    -- Monthly salary range in yuan.
    salary_min    INTEGER NOT NULL DEFAULT 0,
    salary_max    INTEGER NOT NULL DEFAULT 0,
    experience    TEXT NOT NULL DEFAULT '',
    education     TEXT NOT NULL DEFAULT '',
    description   TEXT NOT NULL DEFAULT '',
    -- Benefit tags separated by ','.
    tags          TEXT NOT NULL DEFAULT '',
    -- Skill keywords separated by ',': the interest-tag vocabulary is built from them.
    keywords      TEXT NOT NULL DEFAULT '',
    closed        BOOLEAN NOT NULL DEFAULT FALSE,
    created_at    BIGINT NOT NULL,
    updated_at    BIGINT NOT NULL
);
CREATE INDEX IF NOT EXISTS jobs_company ON jobs (company_id);
-- The positions page: a company's jobs by latest change, one page at a time.
CREATE INDEX IF NOT EXISTS jobs_company_updated ON jobs (company_id, updated_at, id);
-- Each server's search index polls for jobs written since it last looked (docs/search.md).
CREATE INDEX IF NOT EXISTS jobs_updated ON jobs (updated_at);

CREATE TABLE IF NOT EXISTS resumes (
    id            BIGINT PRIMARY KEY,
    user_id       BIGINT NOT NULL REFERENCES users (id),
    -- 1: Chinese resume, 2: English resume.
    resume_type   INTEGER NOT NULL DEFAULT 1,
    title         TEXT NOT NULL DEFAULT '',
    -- False until the candidate saved the basics; such a resume is the user's emptyResumeId.
    filled        BOOLEAN NOT NULL DEFAULT FALSE,
    created_at    BIGINT NOT NULL,
    updated_at    BIGINT NOT NULL,
    -- The one-form sections of the editor (core-wasm/src/resume.rs names their fields), each the
    -- JSON object the candidate last saved, NULL until saved: basic (personal information),
    -- assessment, intention (career summary and target job), skills_text, pasted (text resume).
    basic         TEXT,
    assessment    TEXT,
    intention     TEXT,
    skills_text   TEXT,
    pasted        TEXT,
    -- Copied from those sections for the employer side's search and filters. Codes, as in
    -- core-wasm's option lists; salaries in yuan a month, NULL when not given.
    name          TEXT NOT NULL DEFAULT '',
    city          TEXT NOT NULL DEFAULT '',
    education     TEXT NOT NULL DEFAULT '',
    work_since    TEXT NOT NULL DEFAULT '',
    current_industry TEXT NOT NULL DEFAULT '',
    current_category TEXT NOT NULL DEFAULT '',
    current_salary   BIGINT,
    target_city      TEXT NOT NULL DEFAULT '',
    target_industry  TEXT NOT NULL DEFAULT '',
    target_category  TEXT NOT NULL DEFAULT '',
    target_salary    BIGINT,
    -- Keywords joined by ','.
    keywords      TEXT NOT NULL DEFAULT ''
);
CREATE INDEX IF NOT EXISTS resumes_user ON resumes (user_id);
CREATE INDEX IF NOT EXISTS resumes_search ON resumes (target_city, target_category);
CREATE INDEX IF NOT EXISTS resumes_industry ON resumes (target_industry, education);
-- The resume index's sync reads the resumes written since its last read (server/src/search/resumes.rs).
CREATE INDEX IF NOT EXISTS resumes_updated ON resumes (updated_at);

-- The entries of a resume's list sections: work, education, language, training, project,
-- skill, certificate, reference, additional. `data` is the entry's JSON object (fields as in
-- core-wasm/src/resume.rs), `position` its place in the section (0 first).
CREATE TABLE IF NOT EXISTS resume_entries (
    id          BIGINT PRIMARY KEY,
    resume_id   BIGINT NOT NULL REFERENCES resumes (id),
    section     TEXT NOT NULL,
    position    INTEGER NOT NULL,
    data        TEXT NOT NULL,
    -- For the search: a work entry's industry and job category, an education entry's level.
    industry    TEXT NOT NULL DEFAULT '',
    category    TEXT NOT NULL DEFAULT '',
    education   TEXT NOT NULL DEFAULT '',
    created_at  BIGINT NOT NULL,
    updated_at  BIGINT NOT NULL
);
CREATE INDEX IF NOT EXISTS resume_entries_resume ON resume_entries (resume_id, section, position);

-- Uploaded files: the photo, resume files (at most 3) and other attachments (at most 5).
-- Stored under DATA_DIR/uploads by a random name; served only to their owner.
CREATE TABLE IF NOT EXISTS resume_files (
    id            BIGINT PRIMARY KEY,
    resume_id     BIGINT NOT NULL REFERENCES resumes (id),
    user_id       BIGINT NOT NULL REFERENCES users (id),
    -- photo, resumeFile, attachment
    kind          TEXT NOT NULL,
    -- The name the candidate gave (attachments need one) and the name of the file sent.
    name          TEXT NOT NULL,
    original_name TEXT NOT NULL,
    stored_name   TEXT NOT NULL,
    -- A photo's thumbnail, stored beside it.
    thumb_name    TEXT,
    content_type  TEXT NOT NULL,
    size          BIGINT NOT NULL,
    created_at    BIGINT NOT NULL
);
CREATE INDEX IF NOT EXISTS resume_files_resume ON resume_files (resume_id, kind);

-- Interest tags of a candidate (SPEC: /tag/*).
CREATE TABLE IF NOT EXISTS user_tags (
    user_id     BIGINT NOT NULL REFERENCES users (id),
    tag         TEXT NOT NULL,
    position    INTEGER NOT NULL,
    created_at  BIGINT NOT NULL,
    PRIMARY KEY (user_id, tag)
);

-- Words refused in tags, in the browser and by the server.
-- category: '' (jobs and tags are held for any word), 'money' (a request for money in chat: a
-- recruiter's message holding one shows the candidate a fraud warning; seeded, db/black_word.rs).
CREATE TABLE IF NOT EXISTS black_words (
    word        TEXT PRIMARY KEY,
    category    TEXT NOT NULL DEFAULT ''
);

CREATE TABLE IF NOT EXISTS applications (
    id          BIGINT PRIMARY KEY,
    user_id     BIGINT NOT NULL REFERENCES users (id),
    job_id      BIGINT NOT NULL REFERENCES jobs (id),
    resume_id   BIGINT NOT NULL REFERENCES resumes (id),
    -- 1 delivered, 2 viewed by the employer, 3 interested, 4 interview invited, 5 not suitable.
    status      INTEGER NOT NULL DEFAULT 1,
    created_at  BIGINT NOT NULL,
    updated_at  BIGINT NOT NULL,
    UNIQUE (user_id, job_id)
);
CREATE INDEX IF NOT EXISTS applications_user ON applications (user_id, created_at);
CREATE INDEX IF NOT EXISTS applications_job ON applications (job_id);
-- A blocked resume's applications, which the candidates list leaves out of its total.
CREATE INDEX IF NOT EXISTS applications_resume ON applications (resume_id);
-- The resume as it was sent with each application (the company's view of it, JSON), written with the
-- application: a hidden resume's applications show this, not the live resume (domain/visibility.rs).
-- Applications older than this table have none.
CREATE TABLE IF NOT EXISTS application_resumes (
    application_id  BIGINT PRIMARY KEY REFERENCES applications (id),
    resume          TEXT NOT NULL,
    created_at      BIGINT NOT NULL
);

CREATE TABLE IF NOT EXISTS saved_jobs (
    user_id     BIGINT NOT NULL REFERENCES users (id),
    job_id      BIGINT NOT NULL REFERENCES jobs (id),
    created_at  BIGINT NOT NULL,
    PRIMARY KEY (user_id, job_id)
);
CREATE INDEX IF NOT EXISTS saved_jobs_user ON saved_jobs (user_id, created_at);

-- A company blocked from seeing one of the candidate's resumes.
CREATE TABLE IF NOT EXISTS shields (
    user_id     BIGINT NOT NULL REFERENCES users (id),
    resume_id   BIGINT NOT NULL REFERENCES resumes (id),
    company_id  BIGINT NOT NULL REFERENCES companies (id),
    created_at  BIGINT NOT NULL,
    PRIMARY KEY (resume_id, company_id)
);
CREATE INDEX IF NOT EXISTS shields_user ON shields (user_id);
-- The resumes blocked for a company (its group), read by each of its resume searches.
CREATE INDEX IF NOT EXISTS shields_company ON shields (company_id);

-- Value-added services bought by candidates. Amounts are integer fen.
CREATE TABLE IF NOT EXISTS orders (
    id            BIGINT PRIMARY KEY,
    order_no      TEXT NOT NULL UNIQUE,
    user_id       BIGINT NOT NULL REFERENCES users (id),
    service_code  TEXT NOT NULL,
    amount_fen    BIGINT NOT NULL,
    -- 1 pending payment, 2 paid, 3 expired unpaid, 4 cancelled.
    status        INTEGER NOT NULL DEFAULT 1,
    created_at    BIGINT NOT NULL,
    expires_at    BIGINT NOT NULL,
    paid_at       BIGINT,
    -- Until when the bought service is in effect.
    effective_until BIGINT
);
CREATE INDEX IF NOT EXISTS orders_user ON orders (user_id, created_at);
-- The order-expiry sweep's pending orders by due time (server/src/domain/background.rs).
CREATE INDEX IF NOT EXISTS orders_pending ON orders (status, expires_at);
-- The candidates with a service in effect (resume search's top placement).
CREATE INDEX IF NOT EXISTS orders_effect ON orders (service_code, effective_until);

-- Verification codes sent by SMS. The code itself is not kept, only its HMAC.
CREATE TABLE IF NOT EXISTS sms_codes (
    id           BIGINT PRIMARY KEY,
    mobile       TEXT NOT NULL,
    -- register, login, reset, bind
    scene        TEXT NOT NULL,
    code_hash    TEXT NOT NULL,
    ip           TEXT NOT NULL DEFAULT '',
    attempts     INTEGER NOT NULL DEFAULT 0,
    created_at   BIGINT NOT NULL,
    expires_at   BIGINT NOT NULL,
    consumed_at  BIGINT
);
CREATE INDEX IF NOT EXISTS sms_codes_mobile ON sms_codes (mobile, created_at);
CREATE INDEX IF NOT EXISTS sms_codes_ip ON sms_codes (ip, created_at);

-- A WeChat QR code shown to bind an account: scanning it sends our callback its scene.
CREATE TABLE IF NOT EXISTS wx_scenes (
    scene       TEXT PRIMARY KEY,
    user_id     BIGINT NOT NULL REFERENCES users (id),
    -- 1 waiting for the scan, 2 bound, 3 refused: that WeChat is bound to another account.
    status      INTEGER NOT NULL DEFAULT 1,
    created_at  BIGINT NOT NULL,
    expires_at  BIGINT NOT NULL
);

-- Users of partner platforms (the zgzx layout), logged in by requests the partner signs.
CREATE TABLE IF NOT EXISTS partner_accounts (
    platform_id      TEXT NOT NULL,
    partner_user_id  TEXT NOT NULL,
    user_id          BIGINT NOT NULL REFERENCES users (id),
    created_at       BIGINT NOT NULL,
    PRIMARY KEY (platform_id, partner_user_id)
);
CREATE INDEX IF NOT EXISTS partner_accounts_user ON partner_accounts (user_id);

-- The recruiter site. Company members have accounts of their own, apart from candidates' users:
-- one mobile may hold both. role: owner, hr, interviewer.
CREATE TABLE IF NOT EXISTS company_members (
    id             BIGINT PRIMARY KEY,
    company_id     BIGINT NOT NULL REFERENCES companies (id),
    mobile         TEXT NOT NULL UNIQUE,
    name           TEXT NOT NULL DEFAULT '',
    password_hash  TEXT NOT NULL,
    role           TEXT NOT NULL,
    disabled       BOOLEAN NOT NULL DEFAULT FALSE,
    created_at     BIGINT NOT NULL,
    -- Issue 32: what a job's page shows of the member who answers its chats (domain/recruiter_card.rs):
    -- the member's own title (职务, '' for none), when they were last seen working (ms; 0 never,
    -- written at most every few minutes), and whether they let that be shown as an active-status bucket.
    title          TEXT NOT NULL DEFAULT '',
    active_at      BIGINT NOT NULL DEFAULT 0,
    show_active    BOOLEAN NOT NULL DEFAULT TRUE,
    -- Whether chat messages left unread while offline are noticed (domain/chat_notice.rs).
    chat_notice    BOOLEAN NOT NULL DEFAULT TRUE
);
CREATE INDEX IF NOT EXISTS company_members_company ON company_members (company_id);

CREATE TABLE IF NOT EXISTS company_sessions (
    id           BIGINT PRIMARY KEY,
    member_id    BIGINT NOT NULL REFERENCES company_members (id),
    created_at   BIGINT NOT NULL,
    expires_at   BIGINT NOT NULL,
    revoked_at   BIGINT
);
CREATE INDEX IF NOT EXISTS company_sessions_member ON company_sessions (member_id);

-- A job's recruiter-side state beside the row the public pages read: a draft is closed and never
-- published; refreshes are counted per Beijing day. member_id: the job's responsible member (issue 32:
-- who answers its chats), the member who posted it; NULL for a seeded job or one posted before, whose
-- responsible member is then the company's first owner (domain/chat.rs `responsible`).
CREATE TABLE IF NOT EXISTS job_postings (
    job_id         BIGINT PRIMARY KEY REFERENCES jobs (id),
    company_id     BIGINT NOT NULL REFERENCES companies (id),
    district       TEXT NOT NULL DEFAULT '',
    salary_months  INTEGER NOT NULL DEFAULT 12,
    headcount      INTEGER NOT NULL DEFAULT 0,
    contact        TEXT NOT NULL DEFAULT '',
    published_at   BIGINT,
    refreshed_at   BIGINT,
    refresh_day    TEXT NOT NULL DEFAULT '',
    refresh_count  INTEGER NOT NULL DEFAULT 0,
    member_id      BIGINT
);
CREATE INDEX IF NOT EXISTS job_postings_company ON job_postings (company_id);

-- Pipeline stages, per company, in `position` order. `status` is what the candidate sees on
-- /my/apply while an application is in the stage: 1 delivered, 2 viewed, 3 interested,
-- 4 interview invited, 5 not suitable, 6 hired.
CREATE TABLE IF NOT EXISTS pipeline_stages (
    id          BIGINT PRIMARY KEY,
    company_id  BIGINT NOT NULL REFERENCES companies (id),
    name        TEXT NOT NULL,
    position    INTEGER NOT NULL,
    status      INTEGER NOT NULL,
    created_at  BIGINT NOT NULL
);
CREATE INDEX IF NOT EXISTS pipeline_stages_company ON pipeline_stages (company_id, position);

-- Where an application stands in its company's pipeline (one row per application, made when it
-- arrives, or for older ones when the company's stages are first made).
CREATE TABLE IF NOT EXISTS application_stages (
    application_id  BIGINT PRIMARY KEY REFERENCES applications (id),
    company_id      BIGINT NOT NULL REFERENCES companies (id),
    job_id          BIGINT NOT NULL REFERENCES jobs (id),
    stage_id        BIGINT NOT NULL REFERENCES pipeline_stages (id),
    stage_at        BIGINT NOT NULL,
    viewed_at       BIGINT,
    applied_at      BIGINT NOT NULL
);
CREATE INDEX IF NOT EXISTS application_stages_list ON application_stages (company_id, stage_id, applied_at);
CREATE INDEX IF NOT EXISTS application_stages_job ON application_stages (company_id, job_id, applied_at);
-- The list of every stage and job, newest first: walked in order, not sorted (server/src/domain/pipeline.rs).
CREATE INDEX IF NOT EXISTS application_stages_all ON application_stages (company_id, applied_at, application_id);

-- How many applications each (company, stage, job) holds, kept by triggers on application_stages
-- (server/src/db/mod.rs: trigger syntax differs between the engines): the candidates list and the
-- stages' counts read a few rows here instead of counting a company's 100,000 applications.
CREATE TABLE IF NOT EXISTS pipeline_counts (
    company_id  BIGINT NOT NULL,
    stage_id    BIGINT NOT NULL,
    job_id      BIGINT NOT NULL,
    n           BIGINT NOT NULL,
    PRIMARY KEY (company_id, stage_id, job_id)
);

-- Every move of an application between stages: who and when.
CREATE TABLE IF NOT EXISTS application_moves (
    id              BIGINT PRIMARY KEY,
    application_id  BIGINT NOT NULL REFERENCES applications (id),
    from_stage      BIGINT,
    to_stage        BIGINT NOT NULL,
    member_id       BIGINT NOT NULL REFERENCES company_members (id),
    at              BIGINT NOT NULL
);
CREATE INDEX IF NOT EXISTS application_moves_application ON application_moves (application_id, at);

-- Private notes of a company's members on an application.
CREATE TABLE IF NOT EXISTS application_notes (
    id              BIGINT PRIMARY KEY,
    application_id  BIGINT NOT NULL REFERENCES applications (id),
    company_id      BIGINT NOT NULL REFERENCES companies (id),
    member_id       BIGINT NOT NULL REFERENCES company_members (id),
    text            TEXT NOT NULL,
    created_at      BIGINT NOT NULL
);
CREATE INDEX IF NOT EXISTS application_notes_application ON application_notes (application_id, created_at);

-- What a company writes about itself beyond the companies row: the video info.
CREATE TABLE IF NOT EXISTS company_profiles (
    company_id   BIGINT PRIMARY KEY REFERENCES companies (id),
    video_url    TEXT NOT NULL DEFAULT '',
    video_title  TEXT NOT NULL DEFAULT ''
);

-- The company's pictures (core-wasm company.rs): kind logo, licence, photo or videoCover. The
-- licence is read only by the company's owner and the admin console; the others are public. Files
-- are kept in the storage STORAGE_URL names under random names.
CREATE TABLE IF NOT EXISTS company_files (
    id           BIGINT PRIMARY KEY,
    company_id   BIGINT NOT NULL REFERENCES companies (id),
    kind         TEXT NOT NULL,
    stored_name  TEXT NOT NULL,
    size         BIGINT NOT NULL,
    created_at   BIGINT NOT NULL
);
CREATE INDEX IF NOT EXISTS company_files_company ON company_files (company_id, kind, created_at);

-- Counters and one-time keys that every server shares (server/src/store.rs): rate limits,
-- lockouts, slider challenges and verifications, used partner links. Expired rows are swept.
CREATE TABLE IF NOT EXISTS shared_keys (
    key         TEXT PRIMARY KEY,
    value       TEXT NOT NULL DEFAULT '',
    counter     BIGINT NOT NULL DEFAULT 0,
    expires_at  BIGINT NOT NULL
);
CREATE INDEX IF NOT EXISTS shared_keys_expiry ON shared_keys (expires_at);

-- The administrator console. Admin accounts are apart from candidates and companies; each has a
-- TOTP second factor, enrolled at first log-in. role: super, reviewer, support.
CREATE TABLE IF NOT EXISTS admins (
    id             BIGINT PRIMARY KEY,
    username       TEXT NOT NULL UNIQUE,
    password_hash  TEXT NOT NULL,
    role           TEXT NOT NULL,
    -- Base32; enrolled once the admin has entered a code made from it.
    totp_secret    TEXT NOT NULL,
    totp_enrolled  BOOLEAN NOT NULL DEFAULT FALSE,
    disabled       BOOLEAN NOT NULL DEFAULT FALSE,
    created_at     BIGINT NOT NULL
);

-- Short sessions: 30 minutes idle (last_seen_at), 12 hours at most (expires_at).
CREATE TABLE IF NOT EXISTS admin_sessions (
    id            BIGINT PRIMARY KEY,
    admin_id      BIGINT NOT NULL REFERENCES admins (id),
    created_at    BIGINT NOT NULL,
    last_seen_at  BIGINT NOT NULL,
    expires_at    BIGINT NOT NULL,
    revoked_at    BIGINT
);
CREATE INDEX IF NOT EXISTS admin_sessions_admin ON admin_sessions (admin_id);

-- Every admin write, and admin log-ins: append-only (triggers refuse UPDATE and DELETE, db/mod.rs).
CREATE TABLE IF NOT EXISTS audit_log (
    id            BIGINT PRIMARY KEY,
    admin_id      BIGINT,
    admin_name    TEXT NOT NULL,
    action        TEXT NOT NULL,
    target        TEXT NOT NULL DEFAULT '',
    before_value  TEXT,
    after_value   TEXT,
    reason        TEXT NOT NULL DEFAULT '',
    ip            TEXT NOT NULL DEFAULT '',
    at            BIGINT NOT NULL
);
CREATE INDEX IF NOT EXISTS audit_log_at ON audit_log (at);

-- Why an account was disabled, shown to its owner at log-in. kind: user, member.
CREATE TABLE IF NOT EXISTS account_disables (
    kind        TEXT NOT NULL,
    account_id  BIGINT NOT NULL,
    reason      TEXT NOT NULL,
    at          BIGINT NOT NULL,
    PRIMARY KEY (kind, account_id)
);

-- A company's verification: pending until a reviewer verifies or rejects it.
CREATE TABLE IF NOT EXISTS company_reviews (
    company_id   BIGINT PRIMARY KEY REFERENCES companies (id),
    status       TEXT NOT NULL,
    reason       TEXT NOT NULL DEFAULT '',
    note         TEXT NOT NULL DEFAULT '',
    reviewed_by  TEXT NOT NULL DEFAULT '',
    updated_at   BIGINT NOT NULL
);
CREATE INDEX IF NOT EXISTS company_reviews_status ON company_reviews (status, updated_at);

-- A company an admin disabled (its members are disabled and its open jobs closed with it), and why.
CREATE TABLE IF NOT EXISTS company_disables (
    company_id  BIGINT PRIMARY KEY REFERENCES companies (id),
    reason      TEXT NOT NULL,
    at          BIGINT NOT NULL
);

-- Job moderation: a job taken down (closed, with the reason its company sees) or queued for
-- review (its text hit a black word). status: queued, taken_down.
CREATE TABLE IF NOT EXISTS job_moderation (
    job_id      BIGINT PRIMARY KEY REFERENCES jobs (id),
    status      TEXT NOT NULL,
    reason      TEXT NOT NULL DEFAULT '',
    updated_at  BIGINT NOT NULL
);
CREATE INDEX IF NOT EXISTS job_moderation_status ON job_moderation (status, updated_at);

-- Candidates' reports of a job (举报).
CREATE TABLE IF NOT EXISTS job_reports (
    id          BIGINT PRIMARY KEY,
    job_id      BIGINT NOT NULL REFERENCES jobs (id),
    user_id     BIGINT NOT NULL REFERENCES users (id),
    reason      TEXT NOT NULL,
    detail      TEXT NOT NULL DEFAULT '',
    created_at  BIGINT NOT NULL,
    handled_at  BIGINT
);
CREATE INDEX IF NOT EXISTS job_reports_open ON job_reports (handled_at, created_at);

-- A resume's openness to employers (/pcuser/updateType): public, applied, hidden (core-wasm's
-- behaviour::Openness). No row: public. domain/visibility.rs applies it with the blocks.
CREATE TABLE IF NOT EXISTS resume_openness (
    resume_id   BIGINT PRIMARY KEY REFERENCES resumes (id),
    openness    TEXT NOT NULL,
    updated_at  BIGINT NOT NULL
);
CREATE INDEX IF NOT EXISTS resume_openness_kind ON resume_openness (openness);
CREATE INDEX IF NOT EXISTS resume_openness_updated ON resume_openness (updated_at);

-- Behaviour events (/pcuser/addLog), raw for BEHAVIOUR_LOG_DAYS, then deleted. A candidate's
-- events carry user_id; a visitor's carry only the finger cookie's value (user_id NULL, no
-- keyword, nothing else about them). kind: view, open, search, apply, save. A job event carries
-- the job and the job's category and city; a search carries its filters (and, for a candidate,
-- its keyword): city and category in their columns, the others (core-wasm's LOG_SEARCH_FILTERS) in
-- filters as a JSON object of the ones set ('' when none).
CREATE TABLE IF NOT EXISTS behaviour_events (
    id          BIGINT PRIMARY KEY,
    user_id     BIGINT,
    finger      TEXT NOT NULL DEFAULT '',
    kind        TEXT NOT NULL,
    job_id      BIGINT,
    category    TEXT NOT NULL DEFAULT '',
    city        TEXT NOT NULL DEFAULT '',
    keyword     TEXT NOT NULL DEFAULT '',
    filters     TEXT NOT NULL DEFAULT '',
    at          BIGINT NOT NULL
);
CREATE INDEX IF NOT EXISTS behaviour_events_user ON behaviour_events (user_id, at);
CREATE INDEX IF NOT EXISTS behaviour_events_finger ON behaviour_events (finger, at);
CREATE INDEX IF NOT EXISTS behaviour_events_at ON behaviour_events (at);

-- Job events counted per Beijing day (YYYYMMDD) as they arrive: the statistics, kept after the
-- raw events are gone. Nobody's identity is in them.
CREATE TABLE IF NOT EXISTS job_event_days (
    day         TEXT NOT NULL,
    job_id      BIGINT NOT NULL,
    kind        TEXT NOT NULL,
    count       BIGINT NOT NULL DEFAULT 0,
    PRIMARY KEY (day, job_id, kind)
);
CREATE INDEX IF NOT EXISTS job_event_days_job ON job_event_days (job_id, kind);

-- Recruiter tools (issue 16): notice templates and the notice outbox.
-- A company's notice templates (minijinja text; core-wasm/src/notice_template.rs has the rules).
-- kind: the default template it was made as (invitation, reschedule, cancellation, rejection,
-- offer), '' for one the company wrote.
CREATE TABLE IF NOT EXISTS notice_templates (
    id            BIGINT PRIMARY KEY,
    company_id    BIGINT NOT NULL REFERENCES companies (id),
    name          TEXT NOT NULL,
    kind          TEXT NOT NULL DEFAULT '',
    mail_subject  TEXT NOT NULL,
    mail_content  TEXT NOT NULL,
    sms_content   TEXT NOT NULL,
    created_at    BIGINT NOT NULL,
    updated_at    BIGINT NOT NULL,
    UNIQUE (company_id, name)
);

-- The notice outbox (domain/notice.rs): each row is one mail or one text, written in the
-- transaction of the change that causes it and sent by the outbox worker. At most one row per
-- event, recipient and channel. state: pending, sending (claimed until lease_until), retrying
-- (due again at due_at), sent, failed.
CREATE TABLE IF NOT EXISTS notices (
    id               BIGINT PRIMARY KEY,
    company_id       BIGINT NOT NULL REFERENCES companies (id),
    event_key        TEXT NOT NULL,
    recipient        TEXT NOT NULL,
    channel          TEXT NOT NULL,
    subject          TEXT NOT NULL DEFAULT '',
    body             TEXT NOT NULL,
    attachment_name  TEXT,
    attachment_type  TEXT,
    attachment       TEXT,
    state            TEXT NOT NULL,
    attempts         INTEGER NOT NULL DEFAULT 0,
    due_at           BIGINT NOT NULL,
    lease_until      BIGINT,
    last_error       TEXT,
    sent_at          BIGINT,
    created_at       BIGINT NOT NULL,
    UNIQUE (event_key, recipient, channel)
);
CREATE INDEX IF NOT EXISTS notices_due ON notices (state, due_at);
CREATE INDEX IF NOT EXISTS notices_company ON notices (company_id, created_at);

-- Interviewers: company members of role `interviewer` (company_members), with the email the
-- company gave. Mobile and email are unique within the company. An interviewer is invited
-- (domain/interviewer_invitation.rs): until they accept through the SMS's link, and again once
-- removed, their member row's mobile is a placeholder (`invite:<id>`, `removed:<id>`), so the
-- number is nobody's account; `mobile` here is the number the company gave, `invite_hash` the
-- SHA-256 of the pending invitation's token ('' when none) and `invited_at` when it was sent.
CREATE TABLE IF NOT EXISTS interviewer_profiles (
    member_id   BIGINT PRIMARY KEY REFERENCES company_members (id),
    company_id  BIGINT NOT NULL REFERENCES companies (id),
    email       TEXT NOT NULL,
    mobile      TEXT NOT NULL DEFAULT '',
    invite_hash TEXT NOT NULL DEFAULT '',
    invited_at  BIGINT NOT NULL DEFAULT 0,
    UNIQUE (company_id, email)
);

-- Interviews of an application. start_at/end_at in ms (entered in China time). state: scheduled,
-- cancelled; cancel_reason: '' (the company cancelled) or 'blocked' (the candidate blocked the
-- company, domain/blocking.rs). answer: '' (none yet), accepted, declined. version goes up with each reschedule; the
-- notices of a version carry it in their event key.
CREATE TABLE IF NOT EXISTS interviews (
    id              BIGINT PRIMARY KEY,
    company_id      BIGINT NOT NULL REFERENCES companies (id),
    application_id  BIGINT NOT NULL REFERENCES applications (id),
    job_id          BIGINT NOT NULL,
    user_id         BIGINT NOT NULL,
    start_at        BIGINT NOT NULL,
    end_at          BIGINT NOT NULL,
    contact         TEXT NOT NULL,
    contact_phone   TEXT NOT NULL,
    address         TEXT NOT NULL,
    notes           TEXT NOT NULL DEFAULT '',
    template_id     BIGINT,
    state           TEXT NOT NULL,
    answer          TEXT NOT NULL DEFAULT '',
    answered_at     BIGINT,
    version         INTEGER NOT NULL DEFAULT 1,
    cancel_reason   TEXT NOT NULL DEFAULT '',
    created_by      BIGINT NOT NULL,
    created_at      BIGINT NOT NULL,
    updated_at      BIGINT NOT NULL
);
CREATE INDEX IF NOT EXISTS interviews_company ON interviews (company_id, start_at);
CREATE INDEX IF NOT EXISTS interviews_user ON interviews (user_id, start_at);

CREATE TABLE IF NOT EXISTS interview_interviewers (
    interview_id  BIGINT NOT NULL REFERENCES interviews (id),
    member_id     BIGINT NOT NULL REFERENCES company_members (id),
    PRIMARY KEY (interview_id, member_id)
);
CREATE INDEX IF NOT EXISTS interview_interviewers_member ON interview_interviewers (member_id);

-- An interviewer's feedback: scores as JSON {criterion: 1-5}, and a comment.
CREATE TABLE IF NOT EXISTS interview_feedback (
    interview_id  BIGINT NOT NULL REFERENCES interviews (id),
    member_id     BIGINT NOT NULL REFERENCES company_members (id),
    scores        TEXT NOT NULL,
    comment       TEXT NOT NULL DEFAULT '',
    updated_at    BIGINT NOT NULL,
    PRIMARY KEY (interview_id, member_id)
);

-- Assessments (issue 16): a company's named tests. questions: JSON, core-wasm's assessment::Question
-- list; time_limit in minutes, 0 for none. The name is unique within the company.
CREATE TABLE IF NOT EXISTS assessments (
    id          BIGINT PRIMARY KEY,
    company_id  BIGINT NOT NULL REFERENCES companies (id),
    name        TEXT NOT NULL,
    questions   TEXT NOT NULL,
    time_limit  INTEGER NOT NULL DEFAULT 0,
    created_at  BIGINT NOT NULL,
    updated_at  BIGINT NOT NULL
);
CREATE UNIQUE INDEX IF NOT EXISTS assessments_name ON assessments (company_id, name);

-- An assessment sent to an application at a stage: a copy of its questions and limit at the
-- time it was sent. deadline_at is set when the candidate starts (started_at + limit); answers
-- after it are refused. score: the sum of the answers' scores; pending: text answers not scored yet.
CREATE TABLE IF NOT EXISTS assessment_sends (
    id              BIGINT PRIMARY KEY,
    assessment_id   BIGINT NOT NULL REFERENCES assessments (id),
    application_id  BIGINT NOT NULL REFERENCES applications (id),
    company_id      BIGINT NOT NULL REFERENCES companies (id),
    user_id         BIGINT NOT NULL REFERENCES users (id),
    stage_id        BIGINT NOT NULL,
    name            TEXT NOT NULL,
    questions       TEXT NOT NULL,
    time_limit      INTEGER NOT NULL,
    max_score       INTEGER NOT NULL,
    sent_at         BIGINT NOT NULL,
    started_at      BIGINT,
    deadline_at     BIGINT,
    submitted_at    BIGINT
);
CREATE UNIQUE INDEX IF NOT EXISTS assessment_sends_once ON assessment_sends (application_id, assessment_id);
CREATE INDEX IF NOT EXISTS assessment_sends_user ON assessment_sends (user_id, sent_at);

-- A candidate's answer to one question of a send, saved as they go. score: NULL until scored
-- (choices when saved, text by the company).
CREATE TABLE IF NOT EXISTS assessment_answers (
    send_id     BIGINT NOT NULL REFERENCES assessment_sends (id),
    question    INTEGER NOT NULL,
    answer      TEXT NOT NULL,
    score       INTEGER,
    saved_at    BIGINT NOT NULL,
    PRIMARY KEY (send_id, question)
);

-- Where an application was made (issue 16's funnel): the page that sent /pcjob/apply, read from its
-- Referer (domain/hiring_funnel.rs source_of): jobPage, saved, mobile, partner, other. Older
-- applications have no row and count as unknown.
CREATE TABLE IF NOT EXISTS application_sources (
    application_id  BIGINT PRIMARY KEY REFERENCES applications (id),
    source          TEXT NOT NULL
);

-- Trial applications for the paid recruiter services (issue 16): one row per company; pending
-- until an admin approves (the trial runs until ends_at) or rejects it. After a rejection the
-- company may apply again (the row is replaced).
CREATE TABLE IF NOT EXISTS company_trials (
    company_id   BIGINT PRIMARY KEY REFERENCES companies (id),
    contact      TEXT NOT NULL,
    note         TEXT NOT NULL DEFAULT '',
    status       TEXT NOT NULL,
    reason       TEXT NOT NULL DEFAULT '',
    reviewed_by  TEXT NOT NULL DEFAULT '',
    created_at   BIGINT NOT NULL,
    updated_at   BIGINT NOT NULL,
    ends_at      BIGINT
);
CREATE INDEX IF NOT EXISTS company_trials_status ON company_trials (status, updated_at);

-- A company's use of its monthly quotas (domain/plan.rs): month is YYYYMM in Beijing time; kind:
-- resumeViews, downloads, refreshes.
CREATE TABLE IF NOT EXISTS company_quota_uses (
    company_id  BIGINT NOT NULL REFERENCES companies (id),
    month       TEXT NOT NULL,
    kind        TEXT NOT NULL,
    used        BIGINT NOT NULL DEFAULT 0,
    PRIMARY KEY (company_id, month, kind)
);

-- What was counted already this month (a resume viewed, a file downloaded counts once a month).
CREATE TABLE IF NOT EXISTS company_quota_seen (
    company_id  BIGINT NOT NULL REFERENCES companies (id),
    month       TEXT NOT NULL,
    kind        TEXT NOT NULL,
    target      BIGINT NOT NULL,
    PRIMARY KEY (company_id, month, kind, target)
);

-- Orders of companies for paid plans (issue 16; domain/company_order.rs). A table of its own rather
-- than columns on `orders`: orders.user_id is NOT NULL and names a candidate, and SQLite cannot drop
-- that constraint without rebuilding the table, while CREATE TABLE IF NOT EXISTS works on every
-- existing database. Statuses as in `orders` (1 pending, 2 paid, 3 expired, 4 cancelled, 5 refunded);
-- the plan is in effect from effective_from until effective_until while the order is paid.
CREATE TABLE IF NOT EXISTS company_orders (
    id              BIGINT PRIMARY KEY,
    order_no        TEXT NOT NULL UNIQUE,
    company_id      BIGINT NOT NULL REFERENCES companies (id),
    member_id       BIGINT NOT NULL,
    plan_code       TEXT NOT NULL,
    amount_fen      BIGINT NOT NULL,
    status          INTEGER NOT NULL DEFAULT 1,
    created_at      BIGINT NOT NULL,
    expires_at      BIGINT NOT NULL,
    paid_at         BIGINT,
    effective_from  BIGINT,
    effective_until BIGINT
);
CREATE INDEX IF NOT EXISTS company_orders_company ON company_orders (company_id, created_at);
CREATE INDEX IF NOT EXISTS company_orders_pending ON company_orders (status, expires_at);

-- Refunds of paid orders, candidates' (`orders`) and companies' (`company_orders`), made by an admin
-- through the payment provider (domain/refund.rs). One per order: the UNIQUE order_no is what makes
-- a second click refund nothing. status: pending (sent to the provider), done.
CREATE TABLE IF NOT EXISTS order_refunds (
    id          BIGINT PRIMARY KEY,
    order_no    TEXT NOT NULL UNIQUE,
    refund_no   TEXT NOT NULL UNIQUE,
    amount_fen  BIGINT NOT NULL,
    reason      TEXT NOT NULL,
    admin_name  TEXT NOT NULL,
    status      TEXT NOT NULL,
    created_at  BIGINT NOT NULL,
    done_at     BIGINT
);

-- A company's private candidates (issue 17): people a recruiter added from a resume file through
-- the analysis. Seen only by the company's owner and HR members, never by other companies or by
-- candidates; not candidate accounts. mobile and email are normalised (talent.rs in core-wasm)
-- for the duplicate check; sections is the resume view's sections as JSON; the original file is
-- kept in storage under stored_name. job_id: the job the candidate was added for, if any.
CREATE TABLE IF NOT EXISTS talent_candidates (
    id             BIGINT PRIMARY KEY,
    company_id     BIGINT NOT NULL REFERENCES companies (id),
    job_id         BIGINT REFERENCES jobs (id),
    name           TEXT NOT NULL,
    mobile         TEXT NOT NULL DEFAULT '',
    email          TEXT NOT NULL DEFAULT '',
    sections       TEXT NOT NULL,
    original_name  TEXT NOT NULL,
    stored_name    TEXT NOT NULL,
    content_type   TEXT NOT NULL,
    file_size      BIGINT NOT NULL,
    created_by     BIGINT NOT NULL,
    created_at     BIGINT NOT NULL
);
CREATE INDEX IF NOT EXISTS talent_candidates_company ON talent_candidates (company_id, created_at);
CREATE INDEX IF NOT EXISTS talent_candidates_mobile ON talent_candidates (company_id, mobile);
CREATE INDEX IF NOT EXISTS talent_candidates_email ON talent_candidates (company_id, email);

-- A private candidate on one of the company's job pipelines (issue 17): where it stands among the
-- company's stages, as application_stages does for an application. A table of its own, beside the
-- applications rather than in them: applications.user_id and resume_id name a candidate account
-- (NOT NULL, and SQLite cannot drop that without rebuilding the table), and every candidate-side
-- read (/my/apply, counts on public pages, notices) goes through applications, so none of them
-- can ever meet a private candidate. The recruiter's board merges the two (domain/pipeline.rs).
-- One entry per candidate and job; its id is what the board's calls take as `applyId`.
CREATE TABLE IF NOT EXISTS talent_pipeline (
    id          BIGINT PRIMARY KEY,
    talent_id   BIGINT NOT NULL REFERENCES talent_candidates (id),
    company_id  BIGINT NOT NULL REFERENCES companies (id),
    job_id      BIGINT NOT NULL REFERENCES jobs (id),
    stage_id    BIGINT NOT NULL REFERENCES pipeline_stages (id),
    stage_at    BIGINT NOT NULL,
    added_at    BIGINT NOT NULL,
    added_by    BIGINT NOT NULL,
    UNIQUE (talent_id, job_id)
);
CREATE INDEX IF NOT EXISTS talent_pipeline_list ON talent_pipeline (company_id, stage_id, added_at);
CREATE INDEX IF NOT EXISTS talent_pipeline_job ON talent_pipeline (company_id, job_id, added_at);

-- Every move of a private candidate's entry between stages, its landing in the first one included
-- (from_stage NULL): who and when.
CREATE TABLE IF NOT EXISTS talent_moves (
    id          BIGINT PRIMARY KEY,
    entry_id    BIGINT NOT NULL REFERENCES talent_pipeline (id),
    from_stage  BIGINT,
    to_stage    BIGINT NOT NULL,
    member_id   BIGINT NOT NULL REFERENCES company_members (id),
    at          BIGINT NOT NULL
);
CREATE INDEX IF NOT EXISTS talent_moves_entry ON talent_moves (entry_id, at);

-- Notes of the company's members on a private candidate's entry.
CREATE TABLE IF NOT EXISTS talent_notes (
    id          BIGINT PRIMARY KEY,
    entry_id    BIGINT NOT NULL REFERENCES talent_pipeline (id),
    company_id  BIGINT NOT NULL REFERENCES companies (id),
    member_id   BIGINT NOT NULL REFERENCES company_members (id),
    text        TEXT NOT NULL,
    created_at  BIGINT NOT NULL
);
CREATE INDEX IF NOT EXISTS talent_notes_entry ON talent_notes (entry_id, created_at);

-- Chat (issue 32): one conversation per candidate and company member, opened by the candidate on a
-- job (the job's responsible member, db/job_posting.rs `responsible`) or by a member greeting a
-- resume; job_id is the job that opened it, resume_id the resume greeted (NULL when the candidate
-- opened it). Messages are numbered per conversation: last_seq is the newest one's seq, given out in
-- the transaction that stores the message (domain/chat.rs). Each side's read and delivered marks are
-- seqs of this conversation. state: open, unsuitable (the recruiter's 不合适).
CREATE TABLE IF NOT EXISTS conversations (
    id                       BIGINT PRIMARY KEY,
    user_id                  BIGINT NOT NULL REFERENCES users (id),
    company_id               BIGINT NOT NULL REFERENCES companies (id),
    member_id                BIGINT NOT NULL REFERENCES company_members (id),
    job_id                   BIGINT NOT NULL REFERENCES jobs (id),
    resume_id                BIGINT REFERENCES resumes (id),
    last_seq                 BIGINT NOT NULL DEFAULT 0,
    state                    TEXT NOT NULL DEFAULT 'open',
    candidate_read_seq       BIGINT NOT NULL DEFAULT 0,
    candidate_delivered_seq  BIGINT NOT NULL DEFAULT 0,
    member_read_seq          BIGINT NOT NULL DEFAULT 0,
    member_delivered_seq     BIGINT NOT NULL DEFAULT 0,
    created_at               BIGINT NOT NULL,
    updated_at               BIGINT NOT NULL,
    -- The 不合适 reason's code (core-wasm chat_tools.rs) while state is unsuitable, else ''.
    unsuitable_reason        TEXT NOT NULL DEFAULT '',
    -- When each side was last sent an offline notice about this conversation (ms; 0 never):
    -- at most one per side per 6 hours (domain/chat_notice.rs).
    candidate_noticed_at     BIGINT NOT NULL DEFAULT 0,
    member_noticed_at        BIGINT NOT NULL DEFAULT 0,
    UNIQUE (user_id, member_id)
);
CREATE INDEX IF NOT EXISTS conversations_user ON conversations (user_id, updated_at);
CREATE INDEX IF NOT EXISTS conversations_member ON conversations (member_id, updated_at);
CREATE INDEX IF NOT EXISTS conversations_updated ON conversations (updated_at);

-- The messages of a conversation, in seq order (1, 2, 3, … without gaps). sender_side: candidate or
-- company; sender_id the user's or the member's id. client_id: the sender's own id of the message
-- (core-wasm chat.rs), so that a resend finds the stored one; the server's own messages (job cards)
-- take ids a client cannot send. kind: core-wasm chat.rs `Kind`; payload: the kind's JSON (a job
-- card's job), '' when none.
CREATE TABLE IF NOT EXISTS chat_messages (
    id               BIGINT PRIMARY KEY,
    conversation_id  BIGINT NOT NULL REFERENCES conversations (id),
    seq              BIGINT NOT NULL,
    sender_side      TEXT NOT NULL,
    sender_id        BIGINT NOT NULL,
    client_id        TEXT NOT NULL,
    kind             TEXT NOT NULL,
    text             TEXT NOT NULL DEFAULT '',
    payload          TEXT NOT NULL DEFAULT '',
    created_at       BIGINT NOT NULL,
    recalled_at      BIGINT,
    -- 'money' when a recruiter's text hit a money black word (the candidate's fraud warning), else ''.
    flag             TEXT NOT NULL DEFAULT '',
    UNIQUE (conversation_id, seq),
    UNIQUE (conversation_id, sender_side, client_id)
);

-- The WeChat id (微信号) each side gives for chat's 交换微信 (issue 32; core-wasm chat_exchange.rs's
-- rule), set in the account settings or from the thread: side candidate (owner_id a user) or company
-- (a member). Read only when the other side accepts an exchange, which keeps the value on its card.
CREATE TABLE IF NOT EXISTS chat_wechat_ids (
    side        TEXT NOT NULL,
    owner_id    BIGINT NOT NULL,
    wechat_id   TEXT NOT NULL,
    updated_at  BIGINT NOT NULL,
    PRIMARY KEY (side, owner_id)
);
-- Each user's greetings (打招呼语) and quick replies (常用语), kind greeting or reply; owner_side
-- candidate (owner_id a user) or company (a member). One greeting is_default. A user with no row of
-- a kind has the built-in ones (core-wasm chat_tools.rs); the first save writes them out.
CREATE TABLE IF NOT EXISTS chat_phrases (
    id           BIGINT PRIMARY KEY,
    owner_side   TEXT NOT NULL,
    owner_id     BIGINT NOT NULL,
    kind         TEXT NOT NULL,
    text         TEXT NOT NULL,
    is_default   BOOLEAN NOT NULL DEFAULT FALSE,
    position     BIGINT NOT NULL,
    created_at   BIGINT NOT NULL
);
CREATE INDEX IF NOT EXISTS chat_phrases_owner ON chat_phrases (owner_side, owner_id, kind, position);

-- Chat's daily quota of new conversations (issue 32; domain/chat_quota.rs): how many each side opened
-- on a Beijing day (day YYYYMMDD). side candidate (who a user) or company (who a member; the limit
-- is the company's plan's). Counted in the transaction that creates the conversation; a row of an
-- older day is never read again.
CREATE TABLE IF NOT EXISTS chat_quota_uses (
    side  TEXT NOT NULL,
    who   BIGINT NOT NULL,
    day   TEXT NOT NULL,
    used  BIGINT NOT NULL DEFAULT 0,
    PRIMARY KEY (side, who, day)
);
-- 拉黑 in chat (issue 32; domain/chat_report.rs): side (candidate or company) blocked the
-- conversation. While a row is there the other side cannot send into it (CHAT_BLOCKED), and the
-- blocker gets no frame or offline notice from it. A chat-level block, apart from a candidate's
-- company-wide 屏蔽 (shields, domain/visibility.rs). Unblocking deletes the row.
CREATE TABLE IF NOT EXISTS chat_blocks (
    conversation_id  BIGINT NOT NULL REFERENCES conversations (id),
    side             TEXT NOT NULL,
    created_at       BIGINT NOT NULL,
    PRIMARY KEY (conversation_id, side)
);
-- 举报 of a conversation (issue 32): the reporter's side and id (a user or a member), the reported
-- side and id, the reason's code (core-wasm chat_report.rs), the detail, the reported message, and
-- `messages`: a JSON copy of it and the ten before it as they were when reported (a later recall
-- changes nothing here). The names are copied too. Admins read these rows, never the chat;
-- handled_at and outcome (dismissed, disabled) once an admin handled it (audit-logged).
CREATE TABLE IF NOT EXISTS chat_reports (
    id               BIGINT PRIMARY KEY,
    conversation_id  BIGINT NOT NULL REFERENCES conversations (id),
    reporter_side    TEXT NOT NULL,
    reporter_id      BIGINT NOT NULL,
    reporter_name    TEXT NOT NULL,
    reported_side    TEXT NOT NULL,
    reported_id      BIGINT NOT NULL,
    reported_name    TEXT NOT NULL,
    reason           TEXT NOT NULL,
    detail           TEXT NOT NULL DEFAULT '',
    message_id       BIGINT NOT NULL,
    messages         TEXT NOT NULL,
    created_at       BIGINT NOT NULL,
    handled_at       BIGINT,
    outcome          TEXT NOT NULL DEFAULT ''
);
CREATE INDEX IF NOT EXISTS chat_reports_open ON chat_reports (handled_at, created_at);
