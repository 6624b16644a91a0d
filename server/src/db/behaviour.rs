//! `behaviour_events` (the raw behaviour log of /pcuser/addLog, kept BEHAVIOUR_LOG_DAYS) and
//! `job_event_days` (job events counted per day, kept for the statistics).

use diesel::prelude::*;

use crate::db::schema::{behaviour_events, job_event_days, jobs};
use crate::db::DbConnection;
use crate::ids::{BehaviourEventId, CompanyId, JobId, UserId};

/// One event to store. A visitor's has `user_id` None and an empty keyword.
#[derive(Debug, Clone, Insertable)]
#[diesel(table_name = behaviour_events)]
pub struct NewEvent {
    pub id: BehaviourEventId,
    pub user_id: Option<UserId>,
    pub finger: String,
    pub kind: String,
    pub job_id: Option<JobId>,
    pub category: String,
    pub city: String,
    pub keyword: String,
    /// A search's other filters, a JSON object of those set; '' when none.
    pub filters: String,
    pub at: i64,
}

/// One statement per event (a multi-row insert is not one statement on both engines through
/// diesel's MultiConnection); the caller holds a transaction.
pub fn insert(conn: &mut DbConnection, events: &[NewEvent]) -> QueryResult<usize> {
    let mut n = 0;
    for e in events {
        n += diesel::insert_into(behaviour_events::table).values(e).execute(conn)?;
    }
    Ok(n)
}

/// A job's category and city, which its events carry.
#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = jobs)]
pub struct JobPlace {
    pub id: JobId,
    pub category: String,
    pub city: String,
}

pub fn job_places(conn: &mut DbConnection, ids: &[JobId]) -> QueryResult<Vec<JobPlace>> {
    jobs::table.filter(jobs::id.eq_any(ids)).select(JobPlace::as_select()).load(conn)
}

/// Adds `n` to a job's count of `kind` on `day`.
pub fn count_day(conn: &mut DbConnection, day: &str, job: JobId, kind: &str, n: i64) -> QueryResult<()> {
    let bump = |conn: &mut DbConnection| {
        diesel::update(job_event_days::table.find((day, job, kind)))
            .set(job_event_days::count.eq(job_event_days::count + n))
            .execute(conn)
    };
    if bump(conn)? > 0 {
        return Ok(());
    }
    // In a savepoint: on PostgreSQL a failed statement would otherwise spoil the caller's transaction.
    let inserted = conn.transaction::<_, diesel::result::Error, _>(|c| {
        diesel::insert_into(job_event_days::table)
            .values((job_event_days::day.eq(day), job_event_days::job_id.eq(job), job_event_days::kind.eq(kind), job_event_days::count.eq(n)))
            .execute(c)
    });
    match inserted {
        Ok(_) => Ok(()),
        // Another server put the day's row in first: add to it.
        Err(diesel::result::Error::DatabaseError(diesel::result::DatabaseErrorKind::UniqueViolation, _)) => bump(conn).map(|_| ()),
        Err(e) => Err(e),
    }
}

/// Whose events: a candidate's, or a visitor's by the finger cookie.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Actor {
    User(UserId),
    Visitor(String),
}

/// Where an opened job was: what recommendations weigh.
#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = behaviour_events)]
pub struct OpenedPlace {
    pub category: String,
    pub city: String,
}

/// The places of the actor's `kind` events since `since`, newest first, at most `limit`.
pub fn recent_places(conn: &mut DbConnection, actor: &Actor, kind: &str, since: i64, limit: i64) -> QueryResult<Vec<OpenedPlace>> {
    let mut q = behaviour_events::table
        .filter(behaviour_events::kind.eq(kind.to_string()))
        .filter(behaviour_events::at.ge(since))
        .into_boxed();
    q = match actor {
        Actor::User(u) => q.filter(behaviour_events::user_id.eq(u)),
        Actor::Visitor(f) => q.filter(behaviour_events::user_id.is_null()).filter(behaviour_events::finger.eq(f.clone())),
    };
    q.order((behaviour_events::at.desc(), behaviour_events::id.desc())).limit(limit).select(OpenedPlace::as_select()).load(conn)
}

/// Deletes the raw events before `cutoff`; how many went.
pub fn delete_before(conn: &mut DbConnection, cutoff: i64) -> QueryResult<usize> {
    diesel::delete(behaviour_events::table.filter(behaviour_events::at.lt(cutoff))).execute(conn)
}

/// One job's count of one kind on one day.
#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = job_event_days)]
pub struct DayCount {
    pub day: String,
    pub job_id: JobId,
    pub kind: String,
    pub count: i64,
}

/// The day counts from `since_day` (YYYYMMDD) on, of `jobs` (every job when None).
pub fn day_counts_since(conn: &mut DbConnection, since_day: &str, jobs: Option<&[JobId]>) -> QueryResult<Vec<DayCount>> {
    let mut q = job_event_days::table.filter(job_event_days::day.ge(since_day.to_string())).into_boxed();
    if let Some(ids) = jobs {
        q = q.filter(job_event_days::job_id.eq_any(ids.to_vec()));
    }
    q.select(DayCount::as_select()).load(conn)
}

/// The job of each application made since `since` (ms), of `jobs` (every job when None).
pub fn applied_jobs_since(conn: &mut DbConnection, since: i64, jobs: Option<&[JobId]>) -> QueryResult<Vec<JobId>> {
    use crate::db::schema::applications;
    let mut q = applications::table.filter(applications::created_at.ge(since)).into_boxed();
    if let Some(ids) = jobs {
        q = q.filter(applications::job_id.eq_any(ids.to_vec()));
    }
    q.select(applications::job_id).load(conn)
}

/// A job's title and company, for the statistics.
#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = jobs)]
pub struct JobTitle {
    pub id: JobId,
    pub company_id: CompanyId,
    pub title: String,
    pub closed: bool,
}

pub fn job_titles(conn: &mut DbConnection, ids: &[JobId]) -> QueryResult<Vec<JobTitle>> {
    jobs::table.filter(jobs::id.eq_any(ids)).select(JobTitle::as_select()).load(conn)
}

/// A company's jobs, newest first.
pub fn jobs_of_company(conn: &mut DbConnection, company: CompanyId) -> QueryResult<Vec<JobTitle>> {
    jobs::table.filter(jobs::company_id.eq(company)).order((jobs::created_at.desc(), jobs::id.desc())).select(JobTitle::as_select()).load(conn)
}
