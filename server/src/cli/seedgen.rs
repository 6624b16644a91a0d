//! Generated data at any scale (scripts/seed): companies (each with an owner who logs in as
//! 147xxxxxxxx and the default pipeline), jobs, candidates with filled resumes and interest tags,
//! applications spread over the pipeline's stages, and saved jobs, in proportion to `--jobs`;
//! `--big-company-applications N` sends N more to the first company (14700000000), for the
//! candidates list at scale. The same `--seed`
//! and sizes give the same rows (ids are fixed ranges, far below the ids `next_id` makes);
//! posting times count back from `--now` (default: the start of today, Beijing time).
//! Rows go in with multi-row inserts, many per transaction.

use crate::settings::SeedArgs;
use diesel::prelude::*;

use crate::db::DbConnection;
use crate::db::company::NewCompany;
use crate::db::job::NewJob;
use crate::db::user::NewUser;
use crate::db::schema::{application_stages, applications, companies, company_members, jobs, orders, pipeline_stages, resumes, saved_jobs, shields, user_tags, users};
use crate::domain::pipeline::DEFAULT_STAGES;
use crate::search::taxonomy::{self, Category};

const DAY: i64 = 86_400_000;
const COMPANY_BASE: i64 = 1_000_000_000;
const JOB_BASE: i64 = 2_000_000_000;
const USER_BASE: i64 = 3_000_000_000;
const RESUME_BASE: i64 = 4_000_000_000;
const APPLICATION_BASE: i64 = 5_000_000_000;
const MEMBER_BASE: i64 = 6_000_000_000;
/// A company's stages are STAGE_BASE + its index × STAGES_EACH + the stage's position.
const STAGE_BASE: i64 = 7_000_000_000;
const STAGES_EACH: i64 = 10;
/// Top-placement orders of every ten-thousandth candidate.
const ORDER_BASE: i64 = 8_000_000_000;
/// Rows per INSERT statement: under SQLite's 32766 bound parameters for the widest table.
const ROWS_PER_INSERT: usize = 1000;
/// Rows per transaction.
const ROWS_PER_TX: usize = 20_000;


/// Multi-row inserts need the concrete connection (MultiConnection cannot batch them).
macro_rules! insert_all {
    ($conn:expr, $table:expr, $values:expr) => {
        match $conn {
            DbConnection::Sqlite(c) => diesel::insert_into($table).values($values).execute(c),
            DbConnection::Postgresql(c) => diesel::insert_into($table).values($values).execute(c),
        }
    };
}

/// SplitMix64: small, fast, and the same on every platform and version.
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Self {
        Rng(seed ^ 0x9E37_79B9_7F4A_7C15)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n.max(1) as u64) as usize
    }

    pub fn pick<'a, T>(&mut self, list: &'a [T]) -> &'a T {
        &list[self.below(list.len())]
    }

    /// A float in [0, 1).
    pub fn unit(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 / (1u64 << 53) as f64
    }

    pub fn chance(&mut self, p: f64) -> bool {
        self.unit() < p
    }

    /// `k` distinct items of `list` (fewer when it is shorter).
    pub fn some<T: Copy + PartialEq>(&mut self, list: &[T], k: usize) -> Vec<T> {
        let mut out = Vec::with_capacity(k);
        while out.len() < k.min(list.len()) {
            let x = *self.pick(list);
            if !out.contains(&x) {
                out.push(x);
            }
        }
        out
    }

    pub fn weighted<'a, T>(&mut self, list: &'a [(T, u32)]) -> &'a T {
        let total: u32 = list.iter().map(|(_, w)| *w).sum();
        let mut r = (self.next_u64() % u64::from(total.max(1))) as u32;
        for (item, w) in list {
            if r < *w {
                return item;
            }
            r -= w;
        }
        &list[0].0
    }
}

const BRAND_HEAD: &[&str] = &[
    "云", "星", "蓝", "启", "华", "博", "天", "凌", "优", "恒", "瑞", "鼎", "九", "光", "智", "新", "远", "锐", "金", "银",
    "青", "明", "海", "卓", "众", "睿", "达", "嘉", "盛", "安", "德", "信", "宏", "泰", "汇", "极", "飞", "微", "数", "易",
];
const BRAND_TAIL: &[&str] = &[
    "帆", "辰", "海", "明", "信", "远", "成", "云", "品", "通", "达", "盛", "州", "年", "途", "联", "峰", "创", "越", "象",
    "川", "禾", "邦", "网", "拓", "航", "澜", "驰", "腾", "量", "策", "源", "鲸", "麦", "橙", "序", "极", "石", "度", "境",
];
const SURNAMES: &[&str] = &["王", "李", "张", "刘", "陈", "杨", "黄", "赵", "吴", "周", "徐", "孙", "马", "朱", "胡", "郭", "何", "林", "高", "罗"];
const GIVEN: &[&str] = &["伟", "芳", "娜", "敏", "静", "磊", "洋", "艳", "勇", "杰", "娟", "涛", "明", "超", "秀兰", "霞", "平", "刚", "子涵", "浩然", "欣怡", "梓轩", "雨桐", "宇航"];
const BENEFITS: &[&str] = &[
    "五险一金", "年终奖", "带薪年假", "弹性工作", "免费三餐", "餐补", "交通补助", "定期体检", "节日福利", "股票期权",
    "周末双休", "员工旅游", "补充医疗", "下午茶", "房补", "绩效奖金", "免费班车", "包住",
];

/// What an industry's companies mostly hire for (category group names), and its business word.
fn industry_profile(industry: &str) -> (&'static [&'static str], &'static str) {
    match industry {
        "互联网" | "人工智能" | "云计算" | "游戏" => (&["技术", "产品", "设计", "运营"], "网络科技"),
        "电子商务" | "本地生活" => (&["运营", "技术", "产品", "销售/市场"], "电子商务"),
        "通信/电子" => (&["技术", "制造/物流"], "电子科技"),
        "金融" => (&["金融", "技术", "职能", "销售/市场"], "金融服务"),
        "教育培训" => (&["教育/医疗", "销售/市场", "运营"], "教育科技"),
        "医疗健康" => (&["教育/医疗", "销售/市场", "技术"], "医疗科技"),
        "智能制造" | "汽车" | "新能源" => (&["制造/物流", "技术", "职能"], "智能装备"),
        "物流运输" => (&["制造/物流", "职能", "销售/市场"], "供应链管理"),
        "房地产" => (&["销售/市场", "职能", "运营"], "置业"),
        _ => (&["销售/市场", "运营", "职能", "制造/物流"], "商贸"),
    }
}

fn categories_of_groups(groups: &[&str]) -> Vec<&'static Category> {
    taxonomy::CATEGORY_GROUPS.iter().filter(|g| groups.contains(&g.value)).flat_map(|g| g.categories.iter()).collect()
}

struct GenCompany {
    id: i64,
    city: &'static str,
    industry: &'static str,
    categories: Vec<&'static Category>,
    big: bool,
}

fn salary_factor(experience: &str) -> f64 {
    match experience {
        "应届生" => 0.6,
        "1年以下" => 0.7,
        "1-3年" => 1.0,
        "3-5年" => 1.4,
        "5-10年" => 1.9,
        "10年以上" => 2.4,
        _ => 0.9,
    }
}

fn city_factor(city: &str) -> f64 {
    match city {
        "北京" | "上海" | "深圳" => 1.25,
        "杭州" | "广州" => 1.1,
        "南京" | "苏州" | "成都" | "武汉" => 0.95,
        _ => 0.85,
    }
}

fn round_to(v: f64, step: i32) -> i32 {
    ((v / f64::from(step)).round() as i32).max(1) * step
}

fn start_of_day_beijing(ms: i64) -> i64 {
    let offset = 8 * 3_600_000;
    (ms + offset).div_euclid(DAY) * DAY - offset
}

/// Fills the database; refuses when generated rows are already there.
pub fn run(conn: &mut DbConnection, args: &SeedArgs) -> Result<String, String> {
    let started = std::time::Instant::now();
    let e = |e: diesel::result::Error| format!("seed: {e}");
    let present: i64 = companies::table.filter(companies::id.ge(COMPANY_BASE)).filter(companies::id.lt(JOB_BASE)).count().get_result(conn).map_err(e)?;
    if present > 0 {
        return Err("seed: generated data is already in this database".into());
    }
    let n_jobs = args.jobs as usize;
    let n_companies = args.companies.map_or((n_jobs / 20).max(10), |n| n as usize).max(1);
    let n_candidates = args.candidates.map_or((n_jobs / 10).max(10), |n| n as usize);
    let now = args.now.unwrap_or_else(|| start_of_day_beijing(crate::ids::now_ms()));
    let written_at = crate::ids::now_ms();
    let mut rng = Rng::new(args.seed);
    // One password hash for every account made here (hashing is slow on purpose).
    let hash = crate::domain::auth::hash_password(&args.password).map_err(|e| format!("seed: {e}"))?;

    // Companies.
    let mut gen_companies = Vec::with_capacity(n_companies);
    let mut rows: Vec<(i64, String, String, &str, &str, &str, &str, String, String)> = Vec::with_capacity(n_companies);
    for i in 0..n_companies {
        let city = rng.weighted(taxonomy::CITIES).value;
        let industry = rng.pick(taxonomy::INDUSTRIES).value;
        let (groups, business) = industry_profile(industry);
        let brand = format!("{}{}", rng.pick(BRAND_HEAD), rng.pick(BRAND_TAIL));
        let big = rng.chance(0.08);
        let size = if big { rng.pick(&taxonomy::COMPANY_SIZES[4..]).value } else { rng.pick(&taxonomy::COMPANY_SIZES[..4]).value };
        let kind = if big { *rng.pick(&["上市公司", "国企", "外企", "民营"]) } else { rng.pick(taxonomy::COMPANY_TYPES).value };
        let suffix = if big { "股份有限公司" } else { "有限公司" };
        let name = format!("{city}{brand}{business}{suffix}");
        let short = format!("{brand}{}", &business[..business.char_indices().nth(2).map_or(business.len(), |(i, _)| i)]);
        let street = taxonomy::DISTRICTS.iter().find(|(c, _)| *c == city).map_or("高新区科技路", |(_, d)| *rng.pick(d));
        let address = format!("{city}市{street}{}号", 1 + rng.below(300));
        let year = 1995 + rng.below(29);
        let intro = format!(
            "{short}成立于{year}年，总部位于{city}，是一家专注于{industry}领域的{kind}企业。公司秉承“客户第一、务实创新”的理念，\
             现有员工{size}，业务覆盖全国主要城市。我们重视人才培养，提供有竞争力的薪酬和完善的培训体系，欢迎优秀的你加入！"
        );
        let id = COMPANY_BASE + i as i64;
        let mut categories = categories_of_groups(groups);
        if categories.is_empty() {
            categories = taxonomy::categories().collect();
        }
        gen_companies.push(GenCompany { id, city, industry, categories, big });
        rows.push((id, name, short, industry, kind, size, city, address, intro));
    }
    for tx in rows.chunks(ROWS_PER_TX) {
        conn.transaction::<_, diesel::result::Error, _>(|c| {
            for chunk in tx.chunks(ROWS_PER_INSERT) {
                let values: Vec<NewCompany> = chunk
                    .iter()
                    .map(|r| NewCompany {
                        id: crate::ids::CompanyId(r.0), name: &r.1, short_name: &r.2, industry: r.3, company_type: r.4, company_size: r.5,
                        city: r.6, address: &r.7, intro: &r.8, created_at: now - 400 * DAY, name_key: crate::db::company::keys(&r.1, &r.2).0,
                        brand_key: crate::db::company::keys(&r.1, &r.2).1,
                    })
                    .collect();
                insert_all!(c, companies::table, &values)?;
                // Its owner, and the default pipeline (the stages the server makes for a new company).
                let members: Vec<_> = chunk
                    .iter()
                    .map(|r| {
                        let i = r.0 - COMPANY_BASE;
                        (
                            company_members::id.eq(MEMBER_BASE + i), company_members::company_id.eq(r.0),
                            company_members::mobile.eq(format!("147{i:08}")), company_members::name.eq(format!("{}招聘", r.2)),
                            company_members::password_hash.eq(hash.as_str()), company_members::role.eq("owner"),
                            company_members::disabled.eq(false), company_members::created_at.eq(now - 400 * DAY),
                        )
                    })
                    .collect();
                insert_all!(c, company_members::table, &members)?;
                let stages: Vec<_> = chunk
                    .iter()
                    .flat_map(|r| {
                        DEFAULT_STAGES.iter().enumerate().map(move |(k, (name, status))| {
                            (
                                pipeline_stages::id.eq(STAGE_BASE + (r.0 - COMPANY_BASE) * STAGES_EACH + k as i64),
                                pipeline_stages::company_id.eq(r.0), pipeline_stages::name.eq(*name), pipeline_stages::position.eq(k as i32),
                                pipeline_stages::status.eq(*status as i32), pipeline_stages::created_at.eq(now - 400 * DAY),
                            )
                        })
                    })
                    .collect::<Vec<_>>();
                // Six stages a company: a thousand companies' stages are more variables than SQLite takes at once.
                for part in stages.chunks(ROWS_PER_INSERT) {
                    insert_all!(c, pipeline_stages::table, part)?;
                }
            }
            Ok(())
        })
        .map_err(e)?;
    }
    drop(rows);

    // Jobs, a transaction at a time; big companies post more.
    let all_categories: Vec<&Category> = taxonomy::categories().collect();
    let mut job_keywords: Vec<(i64, &'static str)> = Vec::new();
    // Each job's company (by index), and the first company's jobs.
    let mut job_company: Vec<i64> = Vec::with_capacity(n_jobs);
    let mut first_company_jobs: Vec<i64> = Vec::new();
    let mut made = 0usize;
    while made < n_jobs {
        let count = ROWS_PER_TX.min(n_jobs - made);
        let mut batch: Vec<(i64, i64, String, &str, &str, &str, i32, i32, &str, &str, String, String, String, bool, i64)> =
            Vec::with_capacity(count);
        for k in 0..count {
            let idx = made + k;
            // Every thousandth job is the first company's, so it always has some.
            let company = if idx % 1000 == 0 {
                &gen_companies[0]
            } else if rng.chance(0.3) {
                let big: Vec<usize> = (0..8).map(|_| rng.below(gen_companies.len())).collect();
                let pick = big.iter().copied().find(|i| gen_companies[*i].big).unwrap_or(big[0]);
                &gen_companies[pick]
            } else {
                &gen_companies[rng.below(gen_companies.len())]
            };
            let category: &Category = if rng.chance(0.8) { *rng.pick(&company.categories) } else { *rng.pick(&all_categories) };
            let experience = rng.pick(&taxonomy::EXPERIENCE).value;
            let education = match category.value {
                "算法" | "投资" => *rng.pick(&["硕士", "硕士", "博士", "本科"]),
                "客服" | "销售" | "行政" => *rng.pick(&["不限", "大专", "大专", "本科"]),
                _ => *rng.pick(&["本科", "本科", "本科", "大专", "硕士", "不限"]),
            };
            let base = *rng.pick(category.titles);
            let title = match experience {
                "5-10年" | "10年以上" if !base.contains("高级") && !base.contains("经理") && rng.chance(0.6) => {
                    format!("{}{base}", rng.pick(&["高级", "资深"]))
                }
                "应届生" if rng.chance(0.5) => format!("{base}（校招）"),
                _ if rng.chance(0.15) => format!("{base}（{}）", rng.pick(&["急招", "双休", "可远程", "带团队"])),
                _ => base.to_string(),
            };
            let city = if rng.chance(0.8) { company.city } else { rng.weighted(taxonomy::CITIES).value };
            let factor = salary_factor(experience) * city_factor(city) * (0.8 + 0.4 * rng.unit());
            let min = round_to(f64::from(category.base_salary) * factor, 500).max(3000);
            let max = round_to(f64::from(min) * (1.3 + 0.5 * rng.unit()), 1000).max(min + 1000);
            let k = 3 + rng.below(3);
            let keywords = rng.some(category.keywords, k);
            let duties = rng.some(category.duties, 3);
            let k = 2 + rng.below(2);
            let reqs = rng.some(category.requirements, k);
            let mut description = String::from("岗位职责：\n");
            for (i, d) in duties.iter().enumerate() {
                description.push_str(&format!("{}. {d}；\n", i + 1));
            }
            description.push_str("任职要求：\n");
            let level = match (education, experience) {
                ("不限", "不限") => "学历和经验不限，欢迎有意向的朋友投递".to_string(),
                ("不限", exp) => format!("{exp}相关工作经验"),
                (edu, "不限") => format!("{edu}及以上学历，经验不限"),
                (edu, "应届生") => format!("{edu}及以上学历，欢迎应届毕业生"),
                (edu, exp) => format!("{edu}及以上学历，{exp}相关工作经验"),
            };
            description.push_str(&format!("1. {level}；\n"));
            for (i, r) in reqs.iter().enumerate() {
                description.push_str(&format!("{}. {r}；\n", i + 2));
            }
            description.push_str(&format!("工作地点：{city}"));
            let k = 3 + rng.below(3);
            let tags = rng.some(BENEFITS, k).join(",");
            let posted = now - (rng.unit().powi(2) * 60.0 * DAY as f64) as i64 + rng.below(DAY as usize) as i64;
            let id = JOB_BASE + idx as i64;
            job_company.push(company.id);
            if company.id == COMPANY_BASE && !rng.chance(0.03) {
                first_company_jobs.push(id);
            }
            if idx % 5 == 0 {
                job_keywords.push((id, keywords[0]));
            }
            batch.push((
                id, company.id, title, city, category.value, company.industry, min, max, experience, education,
                description, tags, keywords.join(","), rng.chance(0.03), posted,
            ));
        }
        conn.transaction::<_, diesel::result::Error, _>(|c| {
            for chunk in batch.chunks(ROWS_PER_INSERT) {
                let values: Vec<NewJob> = chunk
                    .iter()
                    .map(|r| NewJob {
                        id: crate::ids::JobId(r.0), company_id: crate::ids::CompanyId(r.1), title: &r.2, city: r.3, category: r.4, industry: r.5, salary_min: r.6,
                        salary_max: r.7, experience: r.8, education: r.9, description: &r.10, tags: &r.11, keywords: &r.12,
                        closed: r.13, created_at: r.14, updated_at: written_at,
                    })
                    .collect();
                insert_all!(c, jobs::table, &values)?;
            }
            Ok(())
        })
        .map_err(e)?;
        made += count;
    }

    // Candidates: a filled resume each, interest tags, `applications_each` applications and 2
    // saved jobs; the first `big_company_applications` also apply to the first company.
    let mut done = 0usize;
    let mut application_id = APPLICATION_BASE;
    let mut saved = 0usize;
    while done < n_candidates {
        let count = (ROWS_PER_TX / 8).min(n_candidates - done);
        let mut people = Vec::with_capacity(count);
        let mut apps = Vec::new();
        let mut saves = Vec::new();
        let mut tags = Vec::new();
        for k in 0..count {
            let i = done + k;
            let uid = USER_BASE + i as i64;
            let name = format!("{}{}", rng.pick(SURNAMES), rng.pick(GIVEN));
            let mobile = format!("170{:08}", i);
            let category = *rng.pick(&all_categories);
            let keywords = rng.some(category.keywords, 3).join(",");
            let work_since = format!("{}-{:02}", 2008 + rng.below(17), 1 + rng.below(12));
            let city = rng.weighted(taxonomy::CITIES).value;
            let education = *rng.pick(&["大专", "本科", "本科", "本科", "硕士", "博士"]);
            people.push((uid, mobile, name, city, education, work_since, category.value, keywords));
            let mut chosen: Vec<i64> = Vec::new();
            let apps_each = args.applications_each as usize;
            while chosen.len() < (apps_each + 2).min(n_jobs) {
                let j = JOB_BASE + rng.below(n_jobs) as i64;
                if !chosen.contains(&j) {
                    chosen.push(j);
                }
            }
            for (n, j) in chosen.iter().enumerate() {
                let at = now - rng.below(30) as i64 * DAY - rng.below(DAY as usize) as i64;
                if n < apps_each {
                    application_id += 1;
                    apps.push((application_id, uid, *j, RESUME_BASE + i as i64, 1 + rng.below(5) as i32, at));
                } else {
                    saves.push((uid, *j, at));
                }
            }
            if (i as u64) < args.big_company_applications && !first_company_jobs.is_empty() {
                let j = *rng.pick(&first_company_jobs);
                if !chosen[..apps_each.min(chosen.len())].contains(&j) {
                    application_id += 1;
                    let at = now - rng.below(30) as i64 * DAY - rng.below(DAY as usize) as i64;
                    apps.push((application_id, uid, j, RESUME_BASE + i as i64, 1 + rng.below(5) as i32, at));
                }
            }
            if !job_keywords.is_empty() {
                let picks: Vec<&str> = (0..1 + rng.below(3)).map(|_| rng.pick(&job_keywords).1).collect();
                let mut seen: Vec<String> = Vec::new();
                for t in picks {
                    if !seen.iter().any(|s| s.eq_ignore_ascii_case(t)) {
                        tags.push((uid, t, seen.len() as i32));
                        seen.push(t.to_string());
                    }
                }
            }
        }
        conn.transaction::<_, diesel::result::Error, _>(|c| {
            for chunk in people.chunks(ROWS_PER_INSERT) {
                let values: Vec<NewUser> = chunk
                    .iter()
                    .map(|p| NewUser { id: crate::ids::UserId(p.0), mobile: Some(&p.1), name: &p.2, password_hash: Some(&hash), created_at: now - 200 * DAY })
                    .collect();
                insert_all!(c, users::table, &values)?;
                // Filled resumes with what resume search reads: name, city, education, years of
                // work, the target category and its keywords; stamped now, as every writer stamps
                // them, so a running server's resume index takes them at its next sync.
                let values: Vec<_> = chunk
                    .iter()
                    .map(|p| {
                        (
                            resumes::id.eq(RESUME_BASE + (p.0 - USER_BASE)), resumes::user_id.eq(p.0), resumes::resume_type.eq(1),
                            resumes::title.eq(format!("{}的简历", p.2)), resumes::filled.eq(true), resumes::created_at.eq(now - 200 * DAY),
                            resumes::updated_at.eq(written_at), resumes::name.eq(p.2.clone()), resumes::city.eq(p.3),
                            resumes::education.eq(p.4), resumes::work_since.eq(p.5.clone()), resumes::target_category.eq(p.6),
                            resumes::keywords.eq(p.7.clone()),
                        )
                    })
                    .collect();
                insert_all!(c, resumes::table, &values)?;
                // Every five-thousandth candidate blocks the first company (the benchmark's resume
                // search applies its blocks); every ten-thousandth has top placement in effect.
                let blocks: Vec<_> = chunk
                    .iter()
                    .filter(|p| (p.0 - USER_BASE) % 5000 == 7)
                    .map(|p| {
                        (
                            shields::user_id.eq(p.0), shields::resume_id.eq(RESUME_BASE + (p.0 - USER_BASE)),
                            shields::company_id.eq(COMPANY_BASE), shields::created_at.eq(now - DAY),
                        )
                    })
                    .collect();
                if !blocks.is_empty() {
                    insert_all!(c, shields::table, &blocks)?;
                }
                let tops: Vec<_> = chunk
                    .iter()
                    .filter(|p| (p.0 - USER_BASE) % 10_000 == 3)
                    .map(|p| {
                        (
                            orders::id.eq(ORDER_BASE + (p.0 - USER_BASE)), orders::order_no.eq(format!("SEED{}", p.0)), orders::user_id.eq(p.0),
                            orders::service_code.eq(crate::domain::employer::TOP_PLACEMENT), orders::amount_fen.eq(1800_i64),
                            orders::status.eq(crate::db::order::PAID), orders::created_at.eq(written_at - DAY),
                            orders::expires_at.eq(written_at - DAY + 1_800_000), orders::paid_at.eq(Some(written_at - DAY)),
                            orders::effective_until.eq(Some(written_at + 6 * DAY)),
                        )
                    })
                    .collect();
                if !tops.is_empty() {
                    insert_all!(c, orders::table, &tops)?;
                }
            }
            for chunk in apps.chunks(ROWS_PER_INSERT) {
                let values: Vec<_> = chunk
                    .iter()
                    .map(|a| {
                        (
                            applications::id.eq(a.0), applications::user_id.eq(a.1), applications::job_id.eq(a.2),
                            applications::resume_id.eq(a.3), applications::status.eq(a.4), applications::created_at.eq(a.5),
                            applications::updated_at.eq(a.5),
                        )
                    })
                    .collect();
                insert_all!(c, applications::table, &values)?;
                // Where each stands in its company's pipeline: the first stage showing its status;
                // opened once it is past delivered.
                let stages: Vec<_> = chunk
                    .iter()
                    .map(|a| {
                        let company = job_company[(a.2 - JOB_BASE) as usize];
                        let position = DEFAULT_STAGES.iter().position(|(_, st)| *st as i32 == a.4).unwrap_or(0) as i64;
                        (
                            application_stages::application_id.eq(a.0), application_stages::company_id.eq(company),
                            application_stages::job_id.eq(a.2),
                            application_stages::stage_id.eq(STAGE_BASE + (company - COMPANY_BASE) * STAGES_EACH + position),
                            application_stages::stage_at.eq(a.5), application_stages::viewed_at.eq((a.4 > 1).then_some(a.5 + 3_600_000)),
                            application_stages::applied_at.eq(a.5),
                        )
                    })
                    .collect();
                insert_all!(c, application_stages::table, &stages)?;
            }
            for chunk in saves.chunks(ROWS_PER_INSERT) {
                let values: Vec<_> = chunk
                    .iter()
                    .map(|s| (saved_jobs::user_id.eq(s.0), saved_jobs::job_id.eq(s.1), saved_jobs::created_at.eq(s.2)))
                    .collect();
                insert_all!(c, saved_jobs::table, &values)?;
            }
            for chunk in tags.chunks(ROWS_PER_INSERT) {
                let values: Vec<_> = chunk
                    .iter()
                    .map(|t| (user_tags::user_id.eq(t.0), user_tags::tag.eq(t.1), user_tags::position.eq(t.2), user_tags::created_at.eq(now)))
                    .collect();
                insert_all!(c, user_tags::table, &values)?;
            }
            Ok(())
        })
        .map_err(e)?;
        saved += saves.len();
        done += count;
    }
    let applications = application_id - APPLICATION_BASE;
    // A bulk load leaves PostgreSQL without statistics for its planner and without a visibility
    // map: until autovacuum reached the tables, the first minutes of use ran on guessed plans and
    // beside autovacuum's own scans (the p99 of the paged lists in docs/BENCHMARKS.md).
    if let DbConnection::Postgresql(pg) = conn {
        diesel::connection::SimpleConnection::batch_execute(pg, "VACUUM ANALYZE").map_err(e)?;
    }
    Ok(format!(
        "seeded {n_companies} companies, {n_jobs} jobs, {n_candidates} candidates, {applications} applications, {saved} saved jobs in {:.1} s",
        started.elapsed().as_secs_f64()
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_generator_repeats_itself() {
        let a: Vec<u64> = { let mut r = Rng::new(7); (0..5).map(|_| r.next_u64()).collect() };
        let b: Vec<u64> = { let mut r = Rng::new(7); (0..5).map(|_| r.next_u64()).collect() };
        let c: Vec<u64> = { let mut r = Rng::new(8); (0..5).map(|_| r.next_u64()).collect() };
        assert_eq!(a, b);
        assert_ne!(a, c);
        let mut r = Rng::new(1);
        let picks = r.some(&[1, 2, 3, 4, 5], 3);
        assert_eq!(picks.len(), 3);
        assert!(picks.iter().all(|p| (1..=5).contains(p)));
        assert!((0..1000).map(|_| r.unit()).all(|u| (0.0..1.0).contains(&u)));
    }

    #[test]
    fn salaries_and_days_round() {
        assert_eq!(round_to(12_345.0, 500), 12_500);
        assert_eq!(start_of_day_beijing(1_704_067_200_000), 1_704_038_400_000);
    }
}
