//! Tests of resumes.rs (a file of their own to keep that one short).
use super::*;
use crate::cli::testing::fixture;
use crate::ids::{ResumeId, UserId};

/// What resume search answered before this index: one SQL statement, `LIKE` over the same
/// text (SQLite's `LIKE` ignores ASCII case, as the index's lower case does).
fn by_sql(c: &mut DbConnection, q: &ResumeQuery) -> (usize, Vec<i64>) {
    let filtered = || {
        let mut s = resumes::table
            .inner_join(users::table)
            .filter(resumes::filled.eq(true))
            .filter(users::disabled.eq(false))
            .filter(resumes::id.ne_all(q.exclude.clone()))
            .filter(resumes::id.ne_all(crate::db::resume_openness::unsearchable()))
            .into_boxed();
        if !q.keyword.is_empty() {
            let p = format!("%{}%", crate::db::like_escape(&q.keyword));
            s = s.filter(
                resumes::title.like(p.clone()).or(resumes::keywords.like(p.clone())).or(resumes::target_category.like(p.clone()))
                    .or(resumes::name.like(p.clone())).or(users::name.like(p)),
            );
        }
        if !q.city.is_empty() {
            s = s.filter(resumes::city.eq(q.city.clone()).or(resumes::target_city.eq(q.city.clone())));
        }
        if !q.education.is_empty() {
            s = s.filter(resumes::education.eq(q.education.clone()));
        }
        s
    };
    let total: i64 = filtered().count().get_result(c).unwrap();
    let ids: Vec<i64> = filtered()
        .order((resumes::user_id.eq_any(q.top_users.clone()).desc(), resumes::updated_at.desc(), resumes::id.desc()))
        .offset(q.offset as i64)
        .limit(q.limit as i64)
        .select(resumes::id)
        .load(c)
        .unwrap();
    (total as usize, ids)
}

fn seeded() -> (crate::cli::testing::Fixture, ResumeIndex) {
    let f = fixture("resume-index");
    let c = &mut f.pool.get().unwrap();
    let args = crate::settings::SeedArgs {
        jobs: 200, companies: Some(10), candidates: Some(300), applications_each: 1, big_company_applications: 0, seed: 5, now: None,
        password: "demo1234".into(),
    };
    crate::cli::seedgen::run(c, &args).unwrap();
    // Spread the last writes over days, so "newest first" decides more than the id.
    diesel::sql_query("UPDATE resumes SET updated_at = updated_at - (id % 97) * 3600000").execute(c).unwrap();
    let (index, report) = ResumeIndex::open(&ResumeIndex::dir_in(&f.dir), c).unwrap();
    assert!(report.rebuilt && report.docs > 300, "{report:?}");
    (f, index)
}

fn found(index: &ResumeIndex, keyword: &str) -> Vec<i64> {
    index.search(&ResumeQuery { keyword: keyword.into(), limit: 50, ..Default::default() }).unwrap().1
}

#[test]
fn the_index_answers_as_the_sql_did_with_blocks_top_placement_and_pages() {
    let (f, index) = seeded();
    let c = &mut f.pool.get().unwrap();
    let some: Vec<(i64, i64)> = resumes::table.select((resumes::id, resumes::user_id)).order(resumes::id.asc()).limit(40).load(c).unwrap();
    let exclude: Vec<i64> = some.iter().step_by(7).map(|r| r.0).collect();
    let top_users: Vec<i64> = some.iter().skip(3).step_by(5).map(|r| r.1).collect();
    let mut nonempty = 0;
    let keywords = ["", "Java", "java", "前端", "李娜", "张伟", "伟", "数据", "销售", "的简历", "子涵的", "无此人zz"];
    for keyword in keywords {
        for (city, education) in [("", ""), ("北京", ""), ("", "本科"), ("上海", "硕士")] {
            for (offset, limit) in [(0, 20), (13, 7), (400, 10)] {
                let q = ResumeQuery {
                    keyword: keyword.into(), city: city.into(), education: education.into(), exclude: exclude.clone(),
                    top_users: top_users.clone(), offset, limit, ..Default::default()
                };
                let answer = index.search(&q).unwrap();
                assert_eq!(answer, by_sql(c, &q), "{q:?}");
                nonempty += usize::from(!answer.1.is_empty());
            }
        }
    }
    assert!(nonempty > 30, "pages with hits to compare: {nonempty}");
    let all = index.search(&ResumeQuery { limit: 10, top_users: top_users.clone(), ..Default::default() }).unwrap();
    assert!(all.0 > 300 && top_users.contains(&resumes::table.find(all.1[0]).select(resumes::user_id).first::<i64>(c).unwrap()));
    // The search without keyword from a short list of the newest resumes: the same pages while the
    // list holds them, and none (the index is read instead) once it runs out.
    let ((_turn, searcher), mut short) = (index.searcher(), 0);
    let mut sorted_top: Vec<u64> = top_users.iter().map(|u| *u as u64).collect();
    sorted_top.sort_unstable();
    for (offset, limit) in [(0, 20), (5, 7), (13, 20), (20, 5), (290, 20)] {
        let q = ResumeQuery { exclude: exclude.clone(), top_users: top_users.clone(), offset, limit, ..Default::default() };
        match index.newest_page(&searcher, &q, &sorted_top, limit, 40).unwrap() {
            Some(answer) => assert_eq!(answer, by_sql(c, &q), "{q:?}"),
            None => {
                assert!(offset > 0, "the first page is within the list");
                short += 1;
            }
        }
        if offset == 290 {
            assert_eq!(short, 1, "a page far beyond a list of 40 is read from the index");
        }
        assert_eq!(index.search(&q).unwrap(), by_sql(c, &q), "{q:?}");
    }
    // Years of work: a `YYYY-MM` start within the range, or the editor's code for it.
    let q = |lo, hi| ResumeQuery { years: Some(("3-5".into(), (lo, hi))), limit: 500, ..Default::default() };
    let started: Vec<i64> = resumes::table.filter(resumes::work_since.between("2019-01", "2020-12")).select(resumes::id).load(c).unwrap();
    let mut hits = index.search(&q(201901, 202012)).unwrap().1;
    hits.sort();
    let mut want = started.clone();
    want.sort();
    assert!(!want.is_empty());
    assert_eq!(hits, want);
    diesel::update(resumes::table.find(started[0])).set((resumes::work_since.eq("3to5"), resumes::updated_at.eq(crate::ids::now_ms()))).execute(c).unwrap();
    index.sync(c).unwrap();
    assert!(index.search(&q(201101, 201102)).unwrap().1.contains(&started[0]), "the code matches its range");
}

#[test]
fn hidden_disabled_and_unfilled_resumes_leave_at_the_next_sync_and_return() {
    let (f, index) = seeded();
    let c = &mut f.pool.get().unwrap();
    let (resume, user, name): (i64, i64, String) =
        resumes::table.inner_join(users::table).filter(resumes::id.gt(4_000_000_100_i64)).select((resumes::id, resumes::user_id, users::name)).first(c).unwrap();
    let has = |index: &ResumeIndex| found(index, &name).contains(&resume);
    assert!(has(&index), "{name}");
    let docs = index.num_docs();
    let now = || crate::ids::now_ms();

    crate::db::resume_openness::set(c, ResumeId(resume), core_wasm::behaviour::Openness::Hidden, now()).unwrap();
    assert!(has(&index), "until the sync");
    assert_eq!(crate::db::resume_openness::closed_since(c, index.fresh_from()).unwrap(), [resume], "which a query leaves out meanwhile");
    assert_eq!(index.sync(c).unwrap(), 1);
    assert!(!has(&index) && index.num_docs() == docs - 1);
    crate::db::resume_openness::set(c, ResumeId(resume), core_wasm::behaviour::Openness::Public, now()).unwrap();
    index.sync(c).unwrap();
    assert!(has(&index));

    crate::db::user::set_disabled(c, UserId(user), true, now()).unwrap();
    index.sync(c).unwrap();
    assert!(!has(&index), "a disabled candidate");
    crate::db::user::set_disabled(c, UserId(user), false, now()).unwrap();
    index.sync(c).unwrap();
    assert!(has(&index));

    diesel::update(resumes::table.find(resume)).set((resumes::filled.eq(false), resumes::updated_at.eq(now()))).execute(c).unwrap();
    index.sync(c).unwrap();
    assert!(!has(&index), "unfilled");
    assert_eq!(index.sync(c).unwrap(), 0, "nothing new");

    // A restart finds the index in step with the database and keeps it.
    drop(index);
    let (index, report) = ResumeIndex::open(&ResumeIndex::dir_in(&f.dir), c).unwrap();
    assert!(!report.rebuilt && report.docs == docs - 1, "{report:?}");
    diesel::update(resumes::table.find(resume)).set((resumes::filled.eq(true), resumes::updated_at.eq(now()))).execute(c).unwrap();
    index.sync(c).unwrap();
    assert!(has(&index));
}

#[test]
fn work_starts_read_as_numbers_that_order_as_the_text() {
    assert_eq!(work_month("2015-06"), Some(201506));
    assert_eq!(work_month("2015"), Some(201500));
    assert_eq!(work_month(" 2015-06-01 "), Some(201506));
    assert_eq!(work_month("3to5"), None);
    assert_eq!(work_month(""), None);
    assert!(work_month("2015").unwrap() < work_month("2015-01").unwrap());
}

#[test]
fn grams_find_names_and_pieces_of_titles() {
    let mut set = HashSet::new();
    grams("张伟的简历\nJava开发", &mut set);
    for want in ["张伟", "张", "伟", "简历", "java" /* no: pairs only */] {
        if want == "java" {
            assert!(!set.contains(want) && set.contains("ja") && set.contains("va"), "{set:?}");
        } else {
            assert!(set.contains(want), "{want} in {set:?}");
        }
    }
    assert!(!set.contains("伟的简") && !set.contains("历j"), "pairs only, not across lines: {set:?}");
    assert_eq!(query_grams("张伟"), ["张伟"]);
    assert_eq!(query_grams("伟"), ["伟"]);
    assert_eq!(query_grams("开发工程"), ["开发", "发工", "工程"]);
    assert_eq!(query_grams("Java"), ["ja", "av", "va"]);
    assert!(query_grams("a").is_empty() && query_grams("%").is_empty());
}
