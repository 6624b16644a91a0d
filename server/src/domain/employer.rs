//! The recruiter side's reads of candidates' resumes. The recruiter site's calls are not
//! built yet; these are, and they are tested, so that blocking holds from its first day.
#![cfg_attr(not(test), allow(dead_code))]

use diesel::prelude::*;

use crate::db::DbConnection;
use crate::ids::{CompanyId, ResumeId};
use crate::db::schema::{applications, jobs, resumes, users};
use crate::domain::visibility;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ResumeForEmployer {
    pub resume_id: i64,
    pub title: String,
    pub candidate_name: String,
}

fn load(conn: &mut DbConnection, ids: &[i64]) -> QueryResult<Vec<ResumeForEmployer>> {
    let rows: Vec<(i64, String, String)> = resumes::table
        .inner_join(users::table)
        .filter(resumes::id.eq_any(ids))
        .filter(users::disabled.eq(false))
        .select((resumes::id, resumes::title, users::name))
        .order(resumes::updated_at.desc())
        .load(conn)?;
    Ok(rows.into_iter().map(|(resume_id, title, candidate_name)| ResumeForEmployer { resume_id, title, candidate_name }).collect())
}

/// Resume search: filled resumes whose title holds the keyword, minus those blocked for `viewer`.
pub fn search(conn: &mut DbConnection, viewer: CompanyId, keyword: &str) -> QueryResult<Vec<ResumeForEmployer>> {
    let pattern = format!("%{}%", crate::db::like_escape(keyword.trim()));
    let found: Vec<i64> = resumes::table
        .filter(resumes::filled.eq(true))
        .filter(resumes::title.like(pattern).escape('\\'))
        .select(resumes::id)
        .limit(200)
        .load(conn)?;
    let ids: Vec<ResumeId> = found.into_iter().map(ResumeId).collect();
    let visible: Vec<i64> = visibility::visible_to(conn, viewer, &ids)?.into_iter().map(|r| r.0).collect();
    load(conn, &visible)
}

/// The resume sent with an application to one of `viewer`'s jobs.
pub fn application_resume(conn: &mut DbConnection, viewer: CompanyId, application: i64) -> QueryResult<Option<ResumeForEmployer>> {
    let resume: Option<i64> = applications::table
        .inner_join(jobs::table)
        .filter(applications::id.eq(application))
        .filter(jobs::company_id.eq(viewer.0))
        .select(applications::resume_id)
        .first(conn)
        .optional()?;
    match resume {
        Some(r) => download(conn, viewer, ResumeId(r)),
        None => Ok(None),
    }
}

/// A resume opened or downloaded by id.
pub fn download(conn: &mut DbConnection, viewer: CompanyId, resume: ResumeId) -> QueryResult<Option<ResumeForEmployer>> {
    if !visibility::may_view(conn, viewer, resume)? {
        return Ok(None);
    }
    Ok(load(conn, &[resume.0])?.into_iter().next())
}

#[cfg(test)]
mod tests {
    use clap::Parser;

    use super::*;
    use crate::db::schema::{companies, shields, users};

    struct Fixture {
        pool: crate::db::Pool,
        _dir: std::path::PathBuf,
    }

    impl Drop for Fixture {
        fn drop(&mut self) {
            let _ = std::fs::remove_dir_all(&self._dir);
        }
    }

    /// A real SQLite database in a temp dir with the demo data.
    fn fixture() -> Fixture {
        let dir = std::env::temp_dir().join(format!("jobseeker-employer-{}-{}", std::process::id(), crate::ids::next_id()));
        let settings = crate::settings::Settings::parse_from(["test", "--data-dir", dir.to_str().unwrap()]);
        let pool = crate::db::connect(&settings).unwrap();
        crate::cli::seed::seed_if_empty(&mut pool.get().unwrap()).unwrap();
        Fixture { pool, _dir: dir }
    }

    fn company(c: &mut DbConnection, name: &str) -> CompanyId {
        CompanyId(companies::table.filter(companies::name.eq(name)).select(companies::id).first(c).unwrap())
    }

    #[test]
    fn a_block_hides_the_resume_from_the_company_and_its_group_in_every_read() {
        let f = fixture();
        let c = &mut f.pool.get().unwrap();
        let (uid, resume): (i64, i64) = users::table
            .inner_join(resumes::table)
            .filter(users::mobile.eq(crate::cli::seed::DEMO_MOBILE))
            .select((users::id, resumes::id))
            .first(c)
            .unwrap();
        let tencent = company(c, "深圳市腾讯计算机系统有限公司");
        let tencent_cloud = company(c, "腾讯云计算（北京）有限责任公司");
        let alibaba = company(c, "阿里巴巴（中国）有限公司");
        let application: i64 = applications::table
            .inner_join(jobs::table)
            .filter(applications::resume_id.eq(resume))
            .filter(jobs::company_id.eq(tencent.0))
            .select(applications::id)
            .first(c)
            .unwrap();

        let sees = |c: &mut DbConnection, viewer: CompanyId| {
            (
                search(c, viewer, "张伟").unwrap().iter().any(|r| r.resume_id == resume),
                download(c, viewer, ResumeId(resume)).unwrap().is_some(),
            )
        };
        assert_eq!(sees(c, tencent), (true, true));
        assert!(application_resume(c, tencent, application).unwrap().is_some());
        assert!(application_resume(c, alibaba, application).unwrap().is_none(), "not alibaba's application");

        diesel::insert_into(shields::table)
            .values((
                shields::user_id.eq(uid),
                shields::resume_id.eq(resume),
                shields::company_id.eq(tencent.0),
                shields::created_at.eq(0),
            ))
            .execute(c)
            .unwrap();
        assert_eq!(sees(c, tencent), (false, false), "blocked company");
        assert!(application_resume(c, tencent, application).unwrap().is_none(), "not even through the application");
        assert_eq!(sees(c, tencent_cloud), (false, false), "same group (腾讯)");
        assert_eq!(sees(c, alibaba), (true, true), "others still see it");

        diesel::delete(shields::table).execute(c).unwrap();
        assert_eq!(sees(c, tencent), (true, true), "unblocking restores access");
        assert_eq!(sees(c, tencent_cloud), (true, true));
    }

    #[test]
    fn search_keywords_are_not_patterns() {
        let f = fixture();
        let c = &mut f.pool.get().unwrap();
        let alibaba = company(c, "阿里巴巴（中国）有限公司");
        assert!(search(c, alibaba, "%").unwrap().is_empty());
        assert_eq!(search(c, alibaba, "").unwrap().len(), 2, "both demo resumes");
    }
}
