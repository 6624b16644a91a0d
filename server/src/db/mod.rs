//! One connection type over SQLite and PostgreSQL, its pool, and the schema.

use diesel::connection::SimpleConnection;
use diesel::r2d2::{ConnectionManager, CustomizeConnection};
use diesel::{Connection, PgConnection, SqliteConnection};

use crate::error::{ApiError, ApiResult};
use crate::settings::Settings;

pub mod schema;

/// A status kept in an Integer column: an enum that diesel reads and writes as its code and
/// serde writes as that same number, so the JSON answers keep their numbers. Reading a code the
/// enum does not know is a deserialization error. Its schema (utoipa) names the codes.
macro_rules! int_enum {
    ($(#[$meta:meta])* $vis:vis enum $name:ident { $($(#[$vmeta:meta])* $variant:ident = $code:literal,)* }) => {
        $(#[$meta])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, diesel::AsExpression, diesel::FromSqlRow)]
        #[diesel(sql_type = diesel::sql_types::Integer)]
        $vis enum $name {
            $($(#[$vmeta])* $variant = $code,)*
        }

        impl $name {
            pub const ALL: &'static [$name] = &[$($name::$variant),*];

            pub fn from_code(code: i32) -> Option<Self> {
                match code {
                    $($code => Some(Self::$variant),)*
                    _ => None,
                }
            }

            pub fn code(self) -> i32 {
                self as i32
            }
        }

        impl<DB> diesel::serialize::ToSql<diesel::sql_types::Integer, DB> for $name
        where
            DB: diesel::backend::Backend,
            i32: diesel::serialize::ToSql<diesel::sql_types::Integer, DB>,
        {
            fn to_sql<'b>(&'b self, out: &mut diesel::serialize::Output<'b, '_, DB>) -> diesel::serialize::Result {
                let code: &'static i32 = match self {
                    $($name::$variant => &$code,)*
                };
                code.to_sql(out)
            }
        }

        impl<DB> diesel::deserialize::FromSql<diesel::sql_types::Integer, DB> for $name
        where
            DB: diesel::backend::Backend,
            i32: diesel::deserialize::FromSql<diesel::sql_types::Integer, DB>,
        {
            fn from_sql(bytes: DB::RawValue<'_>) -> diesel::deserialize::Result<Self> {
                let code = i32::from_sql(bytes)?;
                Self::from_code(code).ok_or_else(|| format!("{}: unknown code {code}", stringify!($name)).into())
            }
        }

        impl serde::Serialize for $name {
            fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.serialize_i32(self.code())
            }
        }

        /// In the OpenAPI document: an integer, one of the codes.
        impl utoipa::PartialSchema for $name {
            fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
                utoipa::openapi::ObjectBuilder::new()
                    .schema_type(utoipa::openapi::schema::Type::Integer)
                    .enum_values(Some([$($code),*]))
                    .into()
            }
        }

        impl utoipa::ToSchema for $name {}
    };
}

/// A status kept in a Text column: the same as `int_enum!` with the column's words as the codes,
/// so that no query compares a status as a bare string literal. serde writes the word.
macro_rules! text_enum {
    ($(#[$meta:meta])* $vis:vis enum $name:ident { $($(#[$vmeta:meta])* $variant:ident = $code:literal,)* }) => {
        $(#[$meta])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, diesel::AsExpression, diesel::FromSqlRow)]
        #[diesel(sql_type = diesel::sql_types::Text)]
        $vis enum $name {
            $($(#[$vmeta])* $variant,)*
        }

        impl $name {
            pub const ALL: &'static [$name] = &[$($name::$variant),*];

            pub fn from_code(code: &str) -> Option<Self> {
                match code {
                    $($code => Some(Self::$variant),)*
                    _ => None,
                }
            }

            pub fn code(self) -> &'static str {
                match self {
                    $($name::$variant => $code,)*
                }
            }
        }

        impl<DB> diesel::serialize::ToSql<diesel::sql_types::Text, DB> for $name
        where
            DB: diesel::backend::Backend,
            str: diesel::serialize::ToSql<diesel::sql_types::Text, DB>,
        {
            fn to_sql<'b>(&'b self, out: &mut diesel::serialize::Output<'b, '_, DB>) -> diesel::serialize::Result {
                self.code().to_sql(out)
            }
        }

        impl<DB> diesel::deserialize::FromSql<diesel::sql_types::Text, DB> for $name
        where
            DB: diesel::backend::Backend,
            String: diesel::deserialize::FromSql<diesel::sql_types::Text, DB>,
        {
            fn from_sql(bytes: DB::RawValue<'_>) -> diesel::deserialize::Result<Self> {
                let code = String::from_sql(bytes)?;
                Self::from_code(&code).ok_or_else(|| format!("{}: unknown code {code}", stringify!($name)).into())
            }
        }

        impl serde::Serialize for $name {
            fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.serialize_str(self.code())
            }
        }

        /// In the OpenAPI document: a string, one of the words.
        impl utoipa::PartialSchema for $name {
            fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
                utoipa::openapi::ObjectBuilder::new()
                    .schema_type(utoipa::openapi::schema::Type::String)
                    .enum_values(Some([$($code),*]))
                    .into()
            }
        }

        impl utoipa::ToSchema for $name {}
    };
}

pub mod account_disable;
pub mod application;
pub mod application_move;
pub mod application_note;
pub mod application_contact;
pub mod application_resume;
pub mod application_source;
pub mod application_stage;
pub mod assessment;
pub mod assessment_answer;
pub mod assessment_send;
pub mod behaviour;
pub mod black_word;
pub mod chat;
pub mod chat_phrase;
pub mod chat_notice;
pub mod chat_quota;
pub mod chat_block;
pub mod chat_report;
pub mod admin;
pub mod admin_order;
pub mod company;
pub mod company_disable;
pub mod company_file;
pub mod company_member;
pub mod company_review;
pub mod company_quota_seen;
pub mod company_quota_use;
pub mod company_trial;
pub mod crawl;
pub mod employer_resume;
pub mod interview;
pub mod interview_card;
pub mod interview_feedback;
pub mod interview_interviewer;
pub mod interviewer;
pub mod job;
pub mod job_card;
pub mod job_moderation;
pub mod job_report;
pub mod job_posting;
pub mod notice;
pub mod notice_template;
pub mod order;
pub mod order_refund;
pub mod partner_account;
pub mod pipeline_count;
pub mod pipeline_stage;
pub mod pipeline_view;
pub mod company_order;
pub mod resume;
pub mod resume_entry;
pub mod resume_file;
pub mod resume_openness;
pub mod resume_view;
pub mod saved_job;
pub mod session;
pub mod shared_key;
pub mod shield;
pub mod site_stats;
pub mod sms_code;
pub mod talent;
pub mod talent_pipeline;
pub mod user;
pub mod user_tag;
pub mod wx_scene;

#[derive(diesel::MultiConnection)]
pub enum DbConnection {
    Postgresql(PgConnection),
    Sqlite(SqliteConnection),
}

pub type Pool = r2d2::Pool<ConnectionManager<DbConnection>>;

pub const SCHEMA_SQL: &str = include_str!("../../../schema.sql");

/// The audit log takes rows and never gives them up: the database itself refuses an UPDATE or a
/// DELETE, whoever sends it (trigger syntax differs, so these are apart from schema.sql).
const AUDIT_APPEND_ONLY_SQLITE: &str = "\
    CREATE TRIGGER IF NOT EXISTS audit_log_no_update BEFORE UPDATE ON audit_log \
    BEGIN SELECT RAISE(ABORT, 'audit_log is append-only'); END; \
    CREATE TRIGGER IF NOT EXISTS audit_log_no_delete BEFORE DELETE ON audit_log \
    BEGIN SELECT RAISE(ABORT, 'audit_log is append-only'); END;";
const AUDIT_APPEND_ONLY_POSTGRES: &str = "\
    CREATE OR REPLACE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS \
    $$ BEGIN RAISE EXCEPTION 'audit_log is append-only'; END; $$; \
    CREATE OR REPLACE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE OR TRUNCATE ON audit_log \
    FOR EACH STATEMENT EXECUTE FUNCTION audit_log_append_only();";

/// `pipeline_counts` follows `application_stages`: every insert, move (stage or job) and delete, whoever
/// writes it. SQLite's UPSERT is not allowed inside a trigger, hence INSERT OR IGNORE then UPDATE.
const PIPELINE_COUNTS_SQLITE: &str = "\
    CREATE TRIGGER IF NOT EXISTS pipeline_counts_insert AFTER INSERT ON application_stages BEGIN \
      INSERT OR IGNORE INTO pipeline_counts (company_id, stage_id, job_id, n) VALUES (NEW.company_id, NEW.stage_id, NEW.job_id, 0); \
      UPDATE pipeline_counts SET n = n + 1 WHERE company_id = NEW.company_id AND stage_id = NEW.stage_id AND job_id = NEW.job_id; \
    END; \
    CREATE TRIGGER IF NOT EXISTS pipeline_counts_update AFTER UPDATE OF company_id, stage_id, job_id ON application_stages BEGIN \
      UPDATE pipeline_counts SET n = n - 1 WHERE company_id = OLD.company_id AND stage_id = OLD.stage_id AND job_id = OLD.job_id; \
      INSERT OR IGNORE INTO pipeline_counts (company_id, stage_id, job_id, n) VALUES (NEW.company_id, NEW.stage_id, NEW.job_id, 0); \
      UPDATE pipeline_counts SET n = n + 1 WHERE company_id = NEW.company_id AND stage_id = NEW.stage_id AND job_id = NEW.job_id; \
    END; \
    CREATE TRIGGER IF NOT EXISTS pipeline_counts_delete AFTER DELETE ON application_stages BEGIN \
      UPDATE pipeline_counts SET n = n - 1 WHERE company_id = OLD.company_id AND stage_id = OLD.stage_id AND job_id = OLD.job_id; \
    END;";
const PIPELINE_COUNTS_POSTGRES: &str = "\
    CREATE OR REPLACE FUNCTION pipeline_counts_follow() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN \
      IF TG_OP IN ('UPDATE', 'DELETE') THEN \
        UPDATE pipeline_counts SET n = n - 1 WHERE company_id = OLD.company_id AND stage_id = OLD.stage_id AND job_id = OLD.job_id; \
      END IF; \
      IF TG_OP IN ('UPDATE', 'INSERT') THEN \
        INSERT INTO pipeline_counts (company_id, stage_id, job_id, n) VALUES (NEW.company_id, NEW.stage_id, NEW.job_id, 1) \
        ON CONFLICT (company_id, stage_id, job_id) DO UPDATE SET n = pipeline_counts.n + 1; \
      END IF; \
      RETURN NULL; \
    END; $$; \
    CREATE OR REPLACE TRIGGER pipeline_counts_follow AFTER INSERT OR DELETE OR UPDATE OF company_id, stage_id, job_id \
    ON application_stages FOR EACH ROW EXECUTE FUNCTION pipeline_counts_follow();";
/// A database made before `pipeline_counts` gets its counts once, in the transaction that makes the
/// triggers (on PostgreSQL, CREATE TRIGGER holds off other servers' inserts until it commits).
const PIPELINE_COUNTS_BACKFILL: &str = "\
    INSERT INTO pipeline_counts (company_id, stage_id, job_id, n) \
    SELECT company_id, stage_id, job_id, COUNT(*) FROM application_stages \
    WHERE NOT EXISTS (SELECT 1 FROM pipeline_counts) GROUP BY company_id, stage_id, job_id;";

/// SQLite settings every pooled connection needs: a wait instead of an immediate
/// "database is locked", and enforced foreign keys. (WAL is a property of the file, set once in `connect`.)
/// Reads go through a memory map of the file: pages come from the kernel's cache, shared by every
/// connection, instead of each connection copying them into a page cache of its own on the heap
/// (up to 2 MB a connection, most of the server's memory after a load; docs/BENCHMARKS.md).
#[derive(Debug)]
struct SqlitePragmas;

impl CustomizeConnection<DbConnection, diesel::r2d2::Error> for SqlitePragmas {
    fn on_acquire(&self, conn: &mut DbConnection) -> Result<(), diesel::r2d2::Error> {
        if let DbConnection::Sqlite(c) = conn {
            c.batch_execute(
                "PRAGMA busy_timeout = 5000; PRAGMA foreign_keys = ON; PRAGMA synchronous = NORMAL; \
                 PRAGMA mmap_size = 1073741824;",
            )
            .map_err(diesel::r2d2::Error::QueryError)?;
        }
        Ok(())
    }
}

pub fn database_url(settings: &Settings) -> String {
    match &settings.database_url {
        Some(url) if !url.is_empty() => url.clone(),
        _ => settings.sqlite_path().to_string_lossy().into_owned(),
    }
}

pub fn connect(settings: &Settings) -> Result<Pool, String> {
    let url = database_url(settings);
    if !url.starts_with("postgres") {
        std::fs::create_dir_all(&settings.data_dir).map_err(|e| format!("data dir: {e}"))?;
        // WAL lets readers work beside the writer; switching needs the file to itself,
        // so do it before the pool opens its connections in parallel.
        let mut first = SqliteConnection::establish(&url).map_err(|e| format!("database: {e}"))?;
        first.batch_execute("PRAGMA journal_mode = WAL;").map_err(|e| format!("database: {e}"))?;
    }
    let pool = r2d2::Pool::builder()
        .max_size(settings.db_pool_size)
        // A caller waits at most this long for a connection, then hears DB_UNAVAILABLE
        // (r2d2's default of 30 s would look like a hung site while PostgreSQL restarts).
        .connection_timeout(std::time::Duration::from_secs(5))
        .connection_customizer(Box::new(SqlitePragmas))
        .build(ConnectionManager::<DbConnection>::new(url))
        .map_err(|e| format!("database: {e}"))?;
    let mut conn = pool.get().map_err(|e| format!("database: {e}"))?;
    conn.batch_execute(SCHEMA_SQL).map_err(|e| format!("schema.sql: {e}"))?;
    add_later_columns(&mut conn)?;
    conn.batch_execute(LATER_INDEXES).map_err(|e| format!("later indexes: {e}"))?;
    black_word::seed_money_words(&mut conn).map_err(|e| format!("money black words: {e}"))?;
    company::fill_name_keys(&mut conn).map_err(|e| format!("companies' name keys: {e}"))?;
    conn.batch_execute(match &*conn {
        DbConnection::Sqlite(_) => AUDIT_APPEND_ONLY_SQLITE,
        DbConnection::Postgresql(_) => AUDIT_APPEND_ONLY_POSTGRES,
    })
    .map_err(|e| format!("audit log triggers: {e}"))?;
    let triggers = match &*conn {
        DbConnection::Sqlite(_) => PIPELINE_COUNTS_SQLITE,
        DbConnection::Postgresql(_) => PIPELINE_COUNTS_POSTGRES,
    };
    conn.transaction::<_, diesel::result::Error, _>(|c| {
        c.batch_execute(triggers)?;
        c.batch_execute(PIPELINE_COUNTS_BACKFILL)
    })
    .map_err(|e| format!("pipeline count triggers: {e}"))?;
    Ok(pool)
}

/// Columns schema.sql gained after its tables were first made: `CREATE TABLE IF NOT EXISTS` leaves an
/// older database's table as it was, so each is added here when missing (table, column, definition).
const LATER_COLUMNS: &[(&str, &str, &str)] =
    &[
        ("behaviour_events", "filters", "TEXT NOT NULL DEFAULT ''"),
        ("interviews", "cancel_reason", "TEXT NOT NULL DEFAULT ''"),
        ("companies", "name_key", "TEXT NOT NULL DEFAULT ''"),
        ("companies", "brand_key", "TEXT NOT NULL DEFAULT ''"),
        ("interviewer_profiles", "mobile", "TEXT NOT NULL DEFAULT ''"),
        ("interviewer_profiles", "invite_hash", "TEXT NOT NULL DEFAULT ''"),
        ("interviewer_profiles", "invited_at", "BIGINT NOT NULL DEFAULT 0"),
        ("job_postings", "member_id", "BIGINT"),
        ("company_members", "title", "TEXT NOT NULL DEFAULT ''"),
        ("company_members", "active_at", "BIGINT NOT NULL DEFAULT 0"),
        ("company_members", "show_active", "BOOLEAN NOT NULL DEFAULT TRUE"),
        ("black_words", "category", "TEXT NOT NULL DEFAULT ''"),
        ("conversations", "unsuitable_reason", "TEXT NOT NULL DEFAULT ''"),
        ("chat_messages", "flag", "TEXT NOT NULL DEFAULT ''"),
        ("conversations", "candidate_noticed_at", "BIGINT NOT NULL DEFAULT 0"),
        ("conversations", "member_noticed_at", "BIGINT NOT NULL DEFAULT 0"),
        ("users", "chat_notice", "BOOLEAN NOT NULL DEFAULT TRUE"),
        ("company_members", "chat_notice", "BOOLEAN NOT NULL DEFAULT TRUE"),
    ];

/// Indexes on columns of LATER_COLUMNS: made once the columns are there.
const LATER_INDEXES: &str = "CREATE INDEX IF NOT EXISTS companies_name_key ON companies (name_key);
CREATE INDEX IF NOT EXISTS companies_brand_key ON companies (brand_key);
CREATE INDEX IF NOT EXISTS interviewer_profiles_invite ON interviewer_profiles (invite_hash);
CREATE INDEX IF NOT EXISTS chat_messages_flag ON chat_messages (flag, created_at);";

fn add_later_columns(conn: &mut DbConnection) -> Result<(), String> {
    for (table, column, definition) in LATER_COLUMNS {
        // Fixed text from the constant above, no input in it.
        let sql = match conn {
            DbConnection::Sqlite(_) => format!("ALTER TABLE {table} ADD COLUMN {column} {definition}"),
            DbConnection::Postgresql(_) => format!("ALTER TABLE {table} ADD COLUMN IF NOT EXISTS {column} {definition}"),
        };
        match conn.batch_execute(&sql) {
            Ok(()) => {}
            // SQLite has no IF NOT EXISTS for columns: an existing one is the answer wanted.
            Err(e) if e.to_string().contains("duplicate column name") => {}
            Err(e) => return Err(format!("{table}.{column}: {e}")),
        }
    }
    Ok(())
}

/// Runs blocking database work off the async workers.
pub async fn run<T, F>(pool: &Pool, work: F) -> ApiResult<T>
where
    T: Send + 'static,
    F: FnOnce(&mut DbConnection) -> ApiResult<T> + Send + 'static,
{
    let pool = pool.clone();
    actix_web::web::block(move || {
        let mut conn = pool.get().map_err(ApiError::from)?;
        work(&mut conn)
    })
    .await?
}

/// Writers to the SQLite file, one at a time within this process.
static SQLITE_WRITER: std::sync::Mutex<()> = std::sync::Mutex::new(());

/// A write transaction. On SQLite, writers queue here first: SQLite lets one writer in at a time, and a
/// writer that finds the file locked sleeps in its busy handler in growing steps (up to 100 ms), which put
/// the resume save's p99 at 27 ms when its p50 was 2.5 ms (docs/BENCHMARKS.md). Waiting on this lock
/// wakes a writer as soon as the one before it commits. PostgreSQL locks rows and needs none of this.
///
/// On SQLite it begins IMMEDIATE, taking the write lock before its first read. A deferred transaction
/// that reads, then writes after another connection committed (a session, a log row, a background
/// task: writers that do not queue here) cannot upgrade its stale snapshot, and SQLite answers
/// "database is locked" at once, whatever the busy timeout; an interview edit failed so under load.
pub fn write_transaction<T, F>(conn: &mut DbConnection, work: F) -> ApiResult<T>
where
    F: FnOnce(&mut DbConnection) -> ApiResult<T>,
{
    use diesel::connection::{AnsiTransactionManager, TransactionManager};
    let DbConnection::Sqlite(sqlite) = conn else {
        return conn.transaction::<T, ApiError, _>(work);
    };
    let _turn = SQLITE_WRITER.lock().unwrap_or_else(|p| p.into_inner());
    match AnsiTransactionManager::begin_transaction_sql(sqlite, "BEGIN IMMEDIATE") {
        Ok(()) => {}
        // Inside another transaction already: a savepoint of it, as before.
        Err(diesel::result::Error::AlreadyInTransaction) => return conn.transaction::<T, ApiError, _>(work),
        Err(e) => return Err(e.into()),
    }
    let done = work(conn);
    let DbConnection::Sqlite(sqlite) = conn else { unreachable!("the connection stays SQLite") };
    match done {
        Ok(value) => match AnsiTransactionManager::commit_transaction(sqlite) {
            Ok(()) => Ok(value),
            Err(e) => {
                let _ = AnsiTransactionManager::rollback_transaction(sqlite);
                Err(e.into())
            }
        },
        Err(e) => {
            AnsiTransactionManager::rollback_transaction(sqlite)?;
            Err(e)
        }
    }
}

/// Escapes `%`, `_` and the escape character itself for a LIKE pattern with ESCAPE '\'.
pub fn like_escape(input: &str) -> String {
    let mut out = String::with_capacity(input.len());
    for c in input.chars() {
        if matches!(c, '%' | '_' | '\\') {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::db::schema::audit_log;
    use diesel::prelude::*;

    /// A write transaction that reads, then writes after another connection committed a write of its
    /// own (one that does not queue on SQLITE_WRITER), still commits: with a deferred BEGIN, SQLite
    /// refused its stale snapshot the upgrade ("database is locked") at once.
    #[test]
    fn a_write_transaction_survives_a_commit_between_its_read_and_its_write() {
        let fixture = crate::cli::testing::fixture("write-tx");
        let count = |c: &mut DbConnection| audit_log::table.count().get_result::<i64>(c);
        let before = count(&mut fixture.pool.get().unwrap()).unwrap();
        let (read_done, read_seen) = std::sync::mpsc::channel::<()>();
        let pool = fixture.pool.clone();
        let other = std::thread::spawn(move || {
            read_seen.recv().unwrap();
            // An autocommit write from another connection while the transaction sleeps.
            let mut c = pool.get().unwrap();
            diesel::sql_query("INSERT INTO audit_log (id, admin_name, action, at) VALUES (9000000001, 'test', 'test', 1)").execute(&mut c)
        });
        let mut c = fixture.pool.get().unwrap();
        let outcome = write_transaction(&mut c, |c| {
            count(c)?;
            read_done.send(()).unwrap();
            std::thread::sleep(std::time::Duration::from_millis(300));
            diesel::sql_query("INSERT INTO audit_log (id, admin_name, action, at) VALUES (9000000002, 'test', 'test', 2)").execute(c)?;
            Ok(())
        });
        assert!(outcome.is_ok(), "{outcome:?}");
        assert_eq!(other.join().unwrap().unwrap(), 1, "the other write waited its turn");
        assert_eq!(count(&mut c).unwrap(), before + 2);
    }
}
