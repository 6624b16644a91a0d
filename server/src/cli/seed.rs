//! Demo data for a fresh database: the demo candidate with a filled resume (and a photo), a second
//! candidate whose resume is half done, a third who applied to the demo company, the demo company's
//! account (its owner 王经理, HR经理), and a handful of companies and jobs, each company with an HR
//! member who answers its chats; the demo candidate and the demo company's owner talk in the demo
//! conversation (`demo_chat`).


use diesel::prelude::*;
use serde_json::{json, Map, Value};

use crate::db::schema::{applications, black_words, chat_messages, conversations, jobs, resume_entries, resume_files, resumes, saved_jobs, user_tags};
use crate::db::{company_member, interview as interview_db};
use crate::domain::chat::{self, Me};
use crate::domain::chat_exchange;
use core_wasm::chat::ExchangeKind;
use core_wasm::resume as rules;

use crate::domain::auth;
use crate::db::DbConnection;
use crate::error::{ApiError, ApiResult};
use crate::ids::{new_id, next_id, now_ms, ApplicationId, CompanyId, InterviewId, JobId, MemberId, ResumeId, UserId};
use crate::db::{company, job, resume, user};

const DAY: i64 = 86_400_000;

pub const DEMO_MOBILE: &str = "13800000000";
pub const DEMO_PASSWORD: &str = "demo1234";
/// A candidate who applied to the demo company's jobs.
pub const THIRD_MOBILE: &str = "13900000002";
/// The demo company account (owner) of the recruiter site.
pub const DEMO_COMPANY_MOBILE: &str = "13700000000";
/// A second demo candidate (same password), so that one can try the other's ids.
pub const SECOND_MOBILE: &str = "13900000001";

/// Refused in interest tags.
// 刷单 is among the money words every site starts with (db/black_word.rs MONEY_SEED).
const BLACK_WORDS: &[&str] = &["赌博", "色情", "代孕", "传销", "办证", "套现", "博彩"];

struct DemoCompany {
    name: &'static str,
    short: &'static str,
    industry: &'static str,
    kind: &'static str,
    size: &'static str,
    city: &'static str,
    address: &'static str,
    intro: &'static str,
    jobs: &'static [DemoJob],
}

struct DemoJob {
    title: &'static str,
    category: &'static str,
    salary: (i32, i32),
    experience: &'static str,
    education: &'static str,
    tags: &'static str,
    keywords: &'static str,
    description: &'static str,
}

const COMPANIES: &[DemoCompany] = &[
    DemoCompany {
        name: "深圳市腾讯计算机系统有限公司", short: "腾讯", industry: "互联网", kind: "民营", size: "10000人以上",
        city: "深圳", address: "深圳市南山区海天二路33号腾讯滨海大厦",
        intro: "腾讯以技术丰富互联网用户的生活，旗下有微信、QQ等产品。",
        jobs: &[
            DemoJob { title: "前端开发工程师", category: "前端开发", salary: (20000, 35000), experience: "3-5年", education: "本科",
                tags: "五险一金,年终奖,弹性工作", keywords: "前端,React,TypeScript,JavaScript,小程序", description: "负责微信生态内Web产品的前端开发，使用React与TypeScript构建高性能页面。" },
            DemoJob { title: "后台开发工程师（Go）", category: "后端开发", salary: (25000, 45000), experience: "3-5年", education: "本科",
                tags: "五险一金,免费三餐,股票期权", keywords: "Go,后端,分布式,微服务,MySQL", description: "负责高并发后台服务的设计与开发，熟悉Go或C++，了解分布式系统。" },
        ],
    },
    DemoCompany {
        name: "腾讯云计算（北京）有限责任公司", short: "腾讯", industry: "云计算", kind: "民营", size: "1000-9999人",
        city: "北京", address: "北京市海淀区后厂村路腾讯北京总部大楼",
        intro: "腾讯云，产业智变的云上助手。",
        jobs: &[
            DemoJob { title: "云原生开发工程师", category: "后端开发", salary: (22000, 40000), experience: "3-5年", education: "本科",
                tags: "五险一金,年终奖", keywords: "Go,Kubernetes,云原生,后端,Docker", description: "负责容器服务的研发，熟悉Kubernetes与Go。" },
        ],
    },
    DemoCompany {
        name: "阿里巴巴（中国）有限公司", short: "阿里巴巴", industry: "电子商务", kind: "民营", size: "10000人以上",
        city: "杭州", address: "杭州市余杭区文一西路969号",
        intro: "让天下没有难做的生意。",
        jobs: &[
            DemoJob { title: "Java高级开发工程师", category: "后端开发", salary: (30000, 50000), experience: "5-10年", education: "本科",
                tags: "五险一金,年终奖,带薪年假", keywords: "Java,Spring,后端,微服务,MySQL,Redis", description: "参与交易核心链路的架构设计与开发，精通Java与Spring，熟悉中间件。" },
            DemoJob { title: "数据分析师", category: "数据分析", salary: (18000, 30000), experience: "1-3年", education: "硕士",
                tags: "五险一金,定期体检", keywords: "数据分析,SQL,Python,Excel,BI", description: "负责业务数据的分析与建模，熟练使用SQL与Python，输出可落地的分析结论。" },
        ],
    },
    DemoCompany {
        name: "北京字节跳动科技有限公司", short: "字节跳动", industry: "互联网", kind: "民营", size: "10000人以上",
        city: "北京", address: "北京市海淀区北三环西路甲18号中钢国际广场",
        intro: "激发创造，丰富生活。",
        jobs: &[
            DemoJob { title: "产品经理（抖音电商）", category: "产品经理", salary: (25000, 40000), experience: "3-5年", education: "本科",
                tags: "免费三餐,房补,弹性工作", keywords: "产品经理,电商,需求分析,Axure,数据分析", description: "负责电商商家工具的产品规划与落地，具备数据驱动思维。" },
            DemoJob { title: "算法工程师（推荐）", category: "算法", salary: (35000, 60000), experience: "3-5年", education: "硕士",
                tags: "五险一金,免费三餐,股票期权", keywords: "算法,推荐系统,Python,机器学习,深度学习", description: "负责推荐系统召回与排序模型的研发，熟悉深度学习框架。" },
        ],
    },
    DemoCompany {
        name: "华为技术有限公司", short: "华为", industry: "通信/电子", kind: "民营", size: "10000人以上",
        city: "深圳", address: "深圳市龙岗区坂田华为基地",
        intro: "构建万物互联的智能世界。",
        jobs: &[
            DemoJob { title: "嵌入式软件工程师", category: "嵌入式开发", salary: (20000, 38000), experience: "1-3年", education: "本科",
                tags: "五险一金,年终奖,班车", keywords: "嵌入式,C,Linux,通信", description: "负责通信设备嵌入式软件开发，熟悉C语言与Linux内核。" },
        ],
    },
    DemoCompany {
        name: "上海拉扎斯信息科技有限公司", short: "饿了么", industry: "本地生活", kind: "民营", size: "1000-9999人",
        city: "上海", address: "上海市普陀区近铁城市广场",
        intro: "用科技打造本地生活服务平台。",
        jobs: &[
            DemoJob { title: "测试开发工程师", category: "测试", salary: (15000, 25000), experience: "1-3年", education: "本科",
                tags: "五险一金,餐补,节日福利", keywords: "测试,自动化测试,Python,Java", description: "负责自动化测试平台建设与质量保障，熟悉Python或Java。" },
            DemoJob { title: "UI设计师", category: "设计", salary: (12000, 20000), experience: "1-3年", education: "大专",
                tags: "五险一金,下午茶", keywords: "UI设计,Figma,交互设计,视觉设计", description: "负责App与小程序的界面设计，精通Figma，注重细节与用户体验。" },
        ],
    },
    DemoCompany {
        name: "成都新希望金融信息有限公司", short: "新网银行", industry: "金融", kind: "国企", size: "1000-9999人",
        city: "成都", address: "成都市高新区天府大道中段",
        intro: "数字普惠金融服务商。",
        jobs: &[
            DemoJob { title: "Python开发工程师（已招满）", category: "后端开发", salary: (15000, 25000), experience: "1-3年", education: "本科",
                tags: "五险一金,双休", keywords: "Python,Django,后端,MySQL", description: "负责风控系统后端开发。" },
            DemoJob { title: "运维工程师", category: "运维", salary: (12000, 22000), experience: "3-5年", education: "本科",
                tags: "五险一金,补充医疗,双休", keywords: "运维,Linux,Kubernetes,Docker,监控", description: "负责生产系统的运维与监控，熟悉Kubernetes与Linux。" },
        ],
    },
];

/// Fills an empty database; a database that holds any user is left alone. The demo resume's photo and
/// files are left out: see [`seed_if_empty_with_uploads`].
pub fn seed_if_empty(conn: &mut DbConnection) -> ApiResult<bool> {
    seed_if_empty_with_uploads(conn, None)
}

/// Stores bytes under a new random name and answers the name (the upload call's storage).
pub type StoreFile<'a> = &'a dyn Fn(&[u8]) -> ApiResult<String>;

/// Fills an empty database, and stores the demo resume's photo and files through `store` (the
/// storage the upload call uses, providers/storage.rs) when given.
pub fn seed_if_empty_with_uploads(conn: &mut DbConnection, uploads: Option<StoreFile>) -> ApiResult<bool> {
    if user::count(conn)? > 0 {
        return Ok(false);
    }
    let hash = auth::hash_password(DEMO_PASSWORD)?;
    conn.transaction::<_, ApiError, _>(|conn| {
        let now = now_ms();
        let uid = next_id();
        user::insert(
            conn,
            &user::NewUser { id: UserId(uid), mobile: Some(DEMO_MOBILE), name: "张伟", password_hash: Some(&hash), created_at: now },
        )?;
        let resume_id = next_id();
        resume::insert(
            conn,
            &resume::NewResume {
                id: ResumeId(resume_id), user_id: UserId(uid), resume_type: 1, title: "张伟的简历", filled: true,
                // Last touched 40 days ago, so the "update your resume" tip shows on /my/apply.
                created_at: now - 90 * DAY, updated_at: now - 40 * DAY,
            },
        )?;
        fill_resume(conn, resume_id, &demo_resume(), now - 40 * DAY)?;
        if let Some(store) = uploads {
            store_demo_files(conn, store, uid, resume_id, now - 40 * DAY)?;
        }
        // A second candidate with a half-done resume (so the editor's completeness marks show) and nothing else.
        let second = next_id();
        user::insert(
            conn,
            &user::NewUser { id: UserId(second), mobile: Some(SECOND_MOBILE), name: "李娜", password_hash: Some(&hash), created_at: now },
        )?;
        let second_resume_id = next_id();
        resume::insert(
            conn,
            &resume::NewResume {
                id: ResumeId(second_resume_id), user_id: UserId(second), resume_type: 1, title: "李娜的简历", filled: true,
                created_at: now, updated_at: now,
            },
        )?;
        fill_resume(conn, second_resume_id, &half_done_resume(), now)?;
        for word in BLACK_WORDS {
            diesel::insert_into(black_words::table).values(black_words::word.eq(*word)).execute(conn)?;
        }
        let mut job_ids = Vec::new();
        for c in COMPANIES {
            let cid = next_id();
            company::insert(
                conn,
                &company::NewCompany {
                    id: CompanyId(cid), name: c.name, short_name: c.short, industry: c.industry, company_type: c.kind,
                    company_size: c.size, city: c.city, address: c.address, intro: c.intro, created_at: now,
                    name_key: company::keys(c.name, c.short).0, brand_key: company::keys(c.name, c.short).1,
                },
            )?;
            for j in c.jobs {
                let job_id = next_id();
                job_ids.push(job_id);
                job::insert(
                    conn,
                    &job::NewJob {
                        id: JobId(job_id), company_id: CompanyId(cid), title: j.title, city: c.city, category: j.category,
                        industry: c.industry, salary_min: j.salary.0, salary_max: j.salary.1,
                        experience: j.experience, education: j.education, description: j.description,
                        tags: j.tags, keywords: j.keywords, closed: j.title.contains("已招满"),
                        created_at: now, updated_at: now,
                    },
                )?;
            }
        }
        // The demo candidate's records: an application in each status, some saved jobs
        // (one of them since closed) and interest tags.
        for (i, job_id) in job_ids.iter().take(5).enumerate() {
            let at = now - (i as i64 + 1) * DAY;
            let apply_id = next_id();
            diesel::insert_into(applications::table)
                .values((
                    applications::id.eq(apply_id),
                    applications::user_id.eq(uid),
                    applications::job_id.eq(job_id),
                    applications::resume_id.eq(resume_id),
                    applications::status.eq(DEMO_STATUSES[i]),
                    applications::created_at.eq(at),
                    applications::updated_at.eq(at + 3_600_000),
                ))
                .execute(conn)?;
            // As the apply call does: the resume as sent, which a company reads once it is hidden.
            crate::domain::visibility::keep_sent_resume(conn, ApplicationId(apply_id), ResumeId(resume_id), at)?;
        }
        // The demo company account owns the company of the demo candidate's first application; the
        // second candidate applies to its other open jobs, so its pipeline starts with candidates.
        let demo_company: CompanyId = jobs::table.find(job_ids[0]).select(jobs::company_id).first(conn)?;
        let owner: MemberId = new_id();
        company_member::insert(
            conn,
            &company_member::NewMember {
                id: owner, company_id: demo_company, mobile: DEMO_COMPANY_MOBILE, name: "王经理", password_hash: &hash,
                role: company_member::Role::Owner.as_str(), created_at: now,
            },
        )?;
        company_member::set_profile(conn, owner, "王经理", "HR经理", true)?;
        company_member::note_active(conn, owner, now, now)?;
        // Every other company gets an HR member who answers its jobs' chats (立即沟通 works on each).
        let other_companies: Vec<CompanyId> =
            jobs::table.filter(jobs::company_id.ne(demo_company)).select(jobs::company_id).distinct().order(jobs::company_id.asc()).load(conn)?;
        for (i, company) in other_companies.into_iter().enumerate() {
            let (name, title) = HR_MEMBERS[i % HR_MEMBERS.len()];
            let id: MemberId = new_id();
            company_member::insert(
                conn,
                &company_member::NewMember {
                    id, company_id: company, mobile: &format!("1370000{:04}", 101 + i), name, password_hash: &hash,
                    role: company_member::Role::Hr.as_str(), created_at: now,
                },
            )?;
            company_member::set_profile(conn, id, name, title, true)?;
            let at = now - (i as i64) * 5 * 3_600_000;
            company_member::note_active(conn, id, at, at)?;
        }
        // A third candidate whose only records are applications to the demo company.
        let third = next_id();
        user::insert(
            conn,
            &user::NewUser { id: UserId(third), mobile: Some(THIRD_MOBILE), name: "王芳", password_hash: Some(&hash), created_at: now },
        )?;
        let second_resume = next_id();
        resume::insert(
            conn,
            &resume::NewResume {
                id: ResumeId(second_resume), user_id: UserId(third), resume_type: 1, title: "王芳的简历", filled: true,
                created_at: now - 10 * DAY, updated_at: now - 2 * DAY,
            },
        )?;
        // What a recruiter opens on the demo company's pipeline: a resume as full as a real one.
        fill_resume(conn, second_resume, &applicant_resume(), now - 2 * DAY)?;
        let others: Vec<i64> = jobs::table
            .filter(jobs::company_id.eq(demo_company))
            .filter(jobs::closed.eq(false))
            .filter(jobs::id.ne(job_ids[0]))
            .select(jobs::id)
            .limit(2)
            .load(conn)?;
        for (i, job_id) in others.iter().enumerate() {
            let at = now - (i as i64 + 2) * 3_600_000;
            let apply_id = next_id();
            diesel::insert_into(applications::table)
                .values((
                    applications::id.eq(apply_id),
                    applications::user_id.eq(third),
                    applications::job_id.eq(job_id),
                    applications::resume_id.eq(second_resume),
                    applications::status.eq(1 + 2 * i as i32),
                    applications::created_at.eq(at),
                    applications::updated_at.eq(at),
                ))
                .execute(conn)?;
            crate::domain::visibility::keep_sent_resume(conn, ApplicationId(apply_id), ResumeId(second_resume), at)?;
        }
        demo_chat(conn, UserId(uid), Me::Member { id: owner, company: demo_company }, JobId(job_ids[0]), now)?;
        let closed_job: i64 = jobs::table.filter(jobs::closed.eq(true)).select(jobs::id).first(conn)?;
        for (i, job_id) in job_ids.iter().skip(5).take(3).chain(std::iter::once(&closed_job)).enumerate() {
            diesel::insert_into(saved_jobs::table)
                .values((saved_jobs::user_id.eq(uid), saved_jobs::job_id.eq(job_id), saved_jobs::created_at.eq(now - i as i64 * DAY)))
                .execute(conn)?;
        }
        for (i, tag) in ["Java", "后端", "微服务"].iter().enumerate() {
            diesel::insert_into(user_tags::table)
                .values((user_tags::user_id.eq(uid), user_tags::tag.eq(*tag), user_tags::position.eq(i as i32), user_tags::created_at.eq(now)))
                .execute(conn)?;
        }
        Ok(())
    })?;
    Ok(true)
}

/// The demo candidate's applications (newest first) stand in each status once; the first, to the
/// demo company, reached the interview its chat invites to (`demo_chat`).
const DEMO_STATUSES: [i32; 5] = [4, 2, 3, 1, 5];

/// The HR members of the companies other than the demo company's (name, title).
const HR_MEMBERS: &[(&str, &str)] = &[("李婷", "招聘经理"), ("陈静", "HRBP"), ("刘洋", "技术招聘"), ("赵雪", "人事专员"), ("周敏", "招聘主管")];

/// The demo conversation (issue 32): the demo candidate and the demo company's owner about `job`,
/// told over two days through chat's own calls (so seqs, cards and read marks are what the site
/// makes): the greeting, a phone exchange accepted, an interview card for tomorrow, and one message
/// each way left unread. Times are then moved back to the days they tell of.
fn demo_chat(conn: &mut DbConnection, candidate: UserId, member: Me, job: JobId, now: i64) -> ApiResult<()> {
    let Me::Member { id: member_id, company } = member else { return Err(ApiError::internal("demo chat: a member")) };
    let me = Me::Candidate(candidate);
    let conv = chat::start_as_candidate(conn, candidate, job)?.conversation_id;
    let say = |conn: &mut DbConnection, who: Me, n: u32, text: &str| -> ApiResult<i64> {
        Ok(chat::send(conn, who, conv, &format!("demo-{n}"), &chat::checked_send("text", text, &format!("demo-{n}"))?)?.seq)
    };
    say(conn, me, 1, "您好，我对贵公司的前端开发工程师职位很感兴趣。我有 5 年前端经验，熟悉 React 和 TypeScript，期待和您沟通。")?;
    say(conn, member, 2, "你好张伟，看了你的简历，和我们的岗位挺匹配的。方便交换一下电话，详细聊聊吗？")?;
    let ask = chat_exchange::ask(conn, member, conv, ExchangeKind::Phone, None)?;
    chat_exchange::answer(conn, me, ask.id, true, None)?;
    let day_before = say(conn, me, 3, "好的，电话已经交换了，您随时打给我。")?;
    say(conn, member, 4, "明天下午来公司面试方便吗？地址在深圳市南山区海天二路33号腾讯滨海大厦。")?;
    let asked = say(conn, me, 5, "方便的，明天下午两点可以吗？")?;
    // Tomorrow 14:00 to 15:00, Beijing time.
    let beijing_midnight = (now + 8 * 3_600_000).div_euclid(DAY) * DAY - 8 * 3_600_000;
    let start = beijing_midnight + DAY + 14 * 3_600_000;
    let application: i64 = applications::table
        .filter(applications::user_id.eq(candidate.0))
        .filter(applications::job_id.eq(job.0))
        .select(applications::id)
        .first(conn)?;
    let interview: InterviewId = new_id();
    interview_db::insert(
        conn,
        &interview_db::NewInterview {
            id: interview, company_id: company, application_id: ApplicationId(application), job_id: job, user_id: candidate,
            start_at: start, end_at: start + 3_600_000, contact: "王经理", contact_phone: DEMO_COMPANY_MOBILE,
            address: "深圳市南山区海天二路33号腾讯滨海大厦", notes: "请携带身份证和一份纸质简历。", template_id: None,
            state: interview_db::InterviewState::Scheduled, version: 1, created_by: member_id, created_at: now, updated_at: now,
        },
    )?;
    let card = chat_exchange::post_interview(conn, member, conv, interview)?.seq;
    // The candidate read everything but the card; the member everything but the candidate's question.
    chat::read(conn, me, conv, card - 1)?;
    chat::read(conn, member, conv, asked - 1)?;
    // Yesterday afternoon up to the exchange's thanks, this morning after; a minute or two apart.
    // (Never later than now: seeded just after midnight, "this morning" is half an hour ago.)
    let today = (beijing_midnight + 9 * 3_600_000 + 30 * 60_000).min(now - 30 * 60_000);
    let yesterday = (beijing_midnight - DAY + 15 * 3_600_000).min(today - 6 * 3_600_000);
    let messages: Vec<(i64, i64)> = chat_messages::table
        .filter(chat_messages::conversation_id.eq(conv.0))
        .select((chat_messages::id, chat_messages::seq))
        .order(chat_messages::seq.asc())
        .load(conn)?;
    let mut last = now;
    for (id, seq) in messages {
        let base = if seq <= day_before { yesterday } else { today };
        last = base + seq * 2 * 60_000;
        diesel::update(chat_messages::table.find(id)).set(chat_messages::created_at.eq(last)).execute(conn)?;
    }
    // Noticed already, so the offline notice does not fire for a story told at seed time.
    diesel::update(conversations::table.find(conv.0))
        .set((
            conversations::created_at.eq(yesterday),
            conversations::updated_at.eq(last),
            conversations::candidate_noticed_at.eq(now),
            conversations::member_noticed_at.eq(now),
        ))
        .execute(conn)?;
    Ok(())
}

/// A resume to seed: its one-form sections and its list sections' entries, each as the editor saves it.
struct ResumeSeed {
    single: Vec<(&'static str, Value)>,
    entries: Vec<(&'static str, Value)>,
}

/// The values as the save call keeps them: checked by core-wasm's resume rules (a seed the editor would
/// refuse is a bug here) and normalized.
fn checked(section: &str, data: &Value) -> ApiResult<Map<String, Value>> {
    let verdict = rules::validate(section, data).map_err(|e| ApiError::internal(format!("seed {section}: {e}")))?;
    if !verdict.is_empty() {
        return Err(ApiError::internal(format!("seed {section}: {}", serde_json::to_string(&verdict).unwrap_or_default())));
    }
    rules::normalize(section, data).map_err(|e| ApiError::internal(format!("seed {section}: {e}")))
}

fn text(m: &Map<String, Value>, k: &str) -> String {
    m.get(k).and_then(Value::as_str).unwrap_or("").to_string()
}

fn number(m: &Map<String, Value>, k: &str) -> Option<i64> {
    m.get(k).and_then(Value::as_str).and_then(|s| s.parse().ok())
}

/// Stores the sections as the resume calls do (api/candidate/resume.rs: the JSON, and the searched
/// fields copied to their columns), leaving the resume's times as they are.
fn fill_resume(conn: &mut DbConnection, id: i64, seed: &ResumeSeed, at: i64) -> ApiResult<()> {
    let target = resumes::table.filter(resumes::id.eq(id));
    for (section, data) in &seed.single {
        let clean = checked(section, data)?;
        let json = Value::Object(clean.clone()).to_string();
        match *section {
            "basic" => diesel::update(target)
                .set((
                    resumes::basic.eq(Some(&json)),
                    resumes::title.eq(text(&clean, "title")),
                    resumes::name.eq(text(&clean, "name")),
                    resumes::city.eq(text(&clean, "city")),
                    resumes::education.eq(text(&clean, "education")),
                    resumes::work_since.eq(text(&clean, "workSince")),
                    resumes::filled.eq(true),
                ))
                .execute(conn)?,
            "assessment" => diesel::update(target).set(resumes::assessment.eq(Some(&json))).execute(conn)?,
            "intention" => {
                let keywords: Vec<&str> = clean.get("keywords").and_then(Value::as_array).map(|a| a.iter().filter_map(Value::as_str).collect()).unwrap_or_default();
                diesel::update(target)
                    .set((
                        resumes::intention.eq(Some(&json)),
                        resumes::current_industry.eq(text(&clean, "currentIndustry")),
                        resumes::current_category.eq(text(&clean, "currentCategory")),
                        resumes::current_salary.eq(number(&clean, "currentSalary")),
                        resumes::target_city.eq(text(&clean, "targetCity")),
                        resumes::target_industry.eq(text(&clean, "targetIndustry")),
                        resumes::target_category.eq(text(&clean, "targetCategory")),
                        resumes::target_salary.eq(number(&clean, "targetSalary")),
                        resumes::keywords.eq(keywords.join(",")),
                    ))
                    .execute(conn)?
            }
            "skillsText" => diesel::update(target).set(resumes::skills_text.eq(Some(&json))).execute(conn)?,
            "pasted" => diesel::update(target).set(resumes::pasted.eq(Some(&json))).execute(conn)?,
            other => return Err(ApiError::internal(format!("seed: {other} is not a one-form section"))),
        };
    }
    let mut positions: std::collections::HashMap<&str, i32> = std::collections::HashMap::new();
    for (section, data) in &seed.entries {
        let clean = checked(section, data)?;
        let position = positions.entry(*section).or_insert(0);
        let (industry, category, education) = match *section {
            "work" => (text(&clean, "industry"), text(&clean, "category"), String::new()),
            "education" => (String::new(), String::new(), text(&clean, "level")),
            _ => (String::new(), String::new(), String::new()),
        };
        diesel::insert_into(resume_entries::table)
            .values((
                resume_entries::id.eq(next_id()),
                resume_entries::resume_id.eq(id),
                resume_entries::section.eq(*section),
                resume_entries::position.eq(*position),
                resume_entries::data.eq(Value::Object(clean).to_string()),
                resume_entries::industry.eq(industry),
                resume_entries::category.eq(category),
                resume_entries::education.eq(education),
                resume_entries::created_at.eq(at),
                resume_entries::updated_at.eq(at),
            ))
            .execute(conn)?;
        *position += 1;
    }
    Ok(())
}

/// The demo candidate's resume: every section filled, as a Java back-end engineer with eight years' work.
fn demo_resume() -> ResumeSeed {
    ResumeSeed {
        single: vec![
            ("basic", json!({
                "title": "张伟的简历", "name": "张伟", "gender": "1", "birthday": "1991-03-15", "city": "beijing",
                "workSince": "5to10", "education": "bachelor", "studentSource": "河北", "mobile": DEMO_MOBILE,
                "telephone": "010-62345678", "email": "zhangwei.dev@example.com", "careerStatus": "open",
                "nationality": "中国", "ethnicity": "汉族", "hukou": "河北省石家庄市", "marital": "married",
                "hasChildren": "no", "political": "league", "overseas": "no",
                "address": "北京市海淀区上地十街10号", "postalCode": "100085",
                "homePage": "https://github.com/zhangwei-dev", "qq": "295731864", "msn": "",
            })),
            ("assessment", json!({
                "selfAssessment": "八年Java后端开发经验，其中三年负责交易系统的架构与团队管理。熟悉高并发、分布式系统的设计与调优，主导过单体到微服务的改造，系统峰值从每秒2千笔提升到2万笔。重视代码质量与工程规范，推动团队落地代码评审、自动化测试与灰度发布。沟通顺畅，能把业务需求拆解为可执行的技术方案。",
                "careerObjective": "希望在互联网或金融科技公司担任高级后端工程师或技术负责人，参与核心系统的架构设计，带领小团队交付稳定、可扩展的服务。",
            })),
            ("intention", json!({
                "currentIndustry": "internet", "currentCategory": "后端开发", "currentTitle": "高级Java开发工程师",
                "currentSalary": "32000", "jobType": "fulltime", "targetCity": "beijing", "targetIndustry": "internet",
                "targetCategory": "后端开发/架构师", "targetSalary": "40000", "onBoard": "month",
                "keywords": ["Java", "Spring Cloud", "微服务", "分布式", "MySQL"],
            })),
            ("skillsText", json!({
                "text": "Java：精通并发编程、JVM调优与故障排查；\nSpring Boot / Spring Cloud Alibaba：多年生产使用，熟悉服务治理、熔断限流；\n数据库：MySQL索引与SQL优化、分库分表（ShardingSphere），Redis缓存设计；\n消息队列：RocketMQ、Kafka，熟悉事务消息与幂等设计；\n云原生：Docker、Kubernetes日常运维与Helm发布；\n其他：Go语言有小项目经验，熟悉Linux与常用性能分析工具。",
            })),
            ("pasted", json!({
                "text": "张伟｜高级Java开发工程师｜8年经验｜北京\n手机：13800000000　邮箱：zhangwei.dev@example.com\n\n工作经历\n2019.07至今　北京云图数据科技有限公司　高级Java开发工程师\n负责交易平台后端的架构与开发，带领6人小组完成微服务化改造。\n2015.07–2019.06　上海启明软件股份有限公司　Java开发工程师\n参与银行渠道系统与对账平台的开发。\n\n教育背景\n2011.09–2015.06　北京邮电大学　计算机科学与技术　本科\n\n技能\nJava、Spring Cloud、MySQL、Redis、RocketMQ、Kubernetes",
            })),
        ],
        entries: vec![
            ("work", json!({
                "company": "北京云图数据科技有限公司", "industry": "internet", "jobTitle": "高级Java开发工程师",
                "category": "后端开发", "start": "2019-07", "end": "now", "employmentType": "fulltime", "location": "北京",
                "salary": "32000", "companyType": "private", "department": "交易平台部", "companySize": "500to999",
                "reportTo": "技术总监", "subordinates": "6",
                "duties": "1. 负责交易平台核心链路（下单、支付、退款）的架构设计与开发；\n2. 主导单体应用拆分为18个微服务，引入服务注册、配置中心与全链路追踪；\n3. 设计订单分库分表方案，支撑日均300万笔订单，核心接口P99从800毫秒降到120毫秒；\n4. 带领6人小组，负责需求评审、代码评审与新人培养。",
                "companyProfile": "一家为零售企业提供数据中台与交易系统的SaaS公司，服务客户超过2000家。",
            })),
            ("work", json!({
                "company": "上海启明软件股份有限公司", "industry": "finance", "jobTitle": "Java开发工程师",
                "category": "后端开发", "start": "2015-07", "end": "2019-06", "employmentType": "fulltime", "location": "上海",
                "salary": "18000", "companyType": "listed", "department": "金融事业部", "companySize": "1000to9999",
                "reportTo": "项目经理", "subordinates": "",
                "duties": "1. 参与某股份制银行渠道管理系统的开发与上线；\n2. 独立完成对账平台的批处理模块，日处理流水800万条；\n3. 编写接口文档与单元测试，配合测试与运维完成版本发布。",
                "companyProfile": "面向银行与保险机构的软件服务商，深交所上市公司。",
            })),
            ("education", json!({
                "school": "北京邮电大学", "level": "bachelor", "majorCategory": "计算机类", "major": "计算机科学与技术",
                "start": "2011-09", "end": "2015-06", "location": "北京", "classSize": "32", "classRank": "前10%",
                "studentCadre": "yes", "positions": "班级学习委员、校ACM集训队队员",
                "scholarships": "校二等奖学金（2013、2014）",
                "socialPractice": "2014年暑期在一家创业公司实习，参与微信公众号后台开发。",
                "description": "主修数据结构、操作系统、计算机网络、数据库原理；毕业设计为分布式日志收集系统，获评优秀。",
            })),
            ("language", json!({ "language": "english", "listenSpeak": "good", "readWrite": "fluent", "test": "大学英语六级（CET-6）", "score": "562" })),
            ("language", json!({ "language": "mandarin", "listenSpeak": "native", "readWrite": "native", "test": "普通话水平测试", "score": "二级甲等" })),
            ("training", json!({
                "start": "2020-05", "duration": "5天", "programme": "云原生架构师训练营", "institution": "阿里云大学",
                "location": "北京", "certificate": "结业证书",
                "description": "系统学习Kubernetes、Service Mesh与可观测性，完成微服务上云的实战项目。",
            })),
            ("training", json!({
                "start": "2017-03", "duration": "2天", "programme": "高效能技术团队管理", "institution": "极客时间线下课堂",
                "location": "上海", "certificate": "", "description": "技术负责人的目标管理、代码评审与团队沟通。",
            })),
            ("project", json!({
                "name": "交易平台微服务化改造", "start": "2020-03", "end": "2021-06", "position": "后端负责人",
                "environment": "Linux、Kubernetes、MySQL 8、Redis Cluster", "tools": "Java 17、Spring Cloud Alibaba、RocketMQ、SkyWalking",
                "summary": "将运行五年的单体交易系统按领域拆分为18个服务，分批灰度迁移，全程零停机。我负责整体方案、订单与支付服务的设计，以及数据迁移与双写校验。上线后发布周期从每月一次缩短到每周两次，大促期间峰值每秒2万笔平稳运行。",
            })),
            ("project", json!({
                "name": "银行对账平台", "start": "2017-04", "end": "2018-10", "position": "核心开发",
                "environment": "AIX、Oracle 11g", "tools": "Java 8、Spring Batch、Quartz",
                "summary": "为银行建设多渠道资金对账平台，对接12个支付渠道。我负责批处理引擎与差错处理模块，对账时间从4小时缩短到40分钟。",
            })),
            ("skill", json!({ "name": "Java", "level": "expert", "months": "96" })),
            ("skill", json!({ "name": "Spring Cloud", "level": "expert", "months": "60" })),
            ("skill", json!({ "name": "MySQL", "level": "good", "months": "90" })),
            ("skill", json!({ "name": "Kubernetes", "level": "fair", "months": "30" })),
            ("certificate", json!({ "name": "软件设计师（中级）", "date": "2017-11", "institution": "工业和信息化部教育与考试中心", "description": "全国计算机技术与软件专业技术资格考试。" })),
            ("certificate", json!({ "name": "阿里云云计算专业认证（ACP）", "date": "2021-03", "institution": "阿里云", "description": "" })),
            ("reference", json!({ "name": "刘强", "relationship": "前直属上级", "contact": "liuqiang@example.com", "company": "北京云图数据科技有限公司", "title": "技术总监" })),
            ("additional", json!({
                "title": "开源与分享",
                "description": "维护一个分布式ID生成器的开源项目（GitHub 1.2k星）；在公司技术沙龙做过“订单系统分库分表实践”的分享。",
            })),
        ],
    }
}

/// The second candidate's resume, half done: personal information, self assessment, education and skills.
fn half_done_resume() -> ResumeSeed {
    ResumeSeed {
        single: vec![
            ("basic", json!({
                "title": "李娜的简历", "name": "李娜", "gender": "2", "birthday": "1997-11-02", "city": "shanghai",
                "workSince": "1to3", "education": "master", "mobile": SECOND_MOBILE, "email": "lina.data@example.com",
                "careerStatus": "looking",
            })),
            ("assessment", json!({
                "selfAssessment": "统计学硕士，两年数据分析经验，熟练使用SQL与Python，做过用户增长与留存分析。",
                "careerObjective": "",
            })),
        ],
        entries: vec![
            ("education", json!({
                "school": "复旦大学", "level": "master", "majorCategory": "统计学类", "major": "应用统计",
                "start": "2019-09", "end": "2022-06", "location": "上海",
            })),
            ("skill", json!({ "name": "SQL", "level": "good", "months": "36" })),
            ("skill", json!({ "name": "Python", "level": "good", "months": "30" })),
        ],
    }
}

/// 王芳's resume, the applicant the demo company's recruiters see: a front-end engineer with five years' work.
fn applicant_resume() -> ResumeSeed {
    ResumeSeed {
        single: vec![
            ("basic", json!({
                "title": "王芳的简历", "name": "王芳", "gender": "2", "birthday": "1995-06-20", "city": "hangzhou",
                "workSince": "5to10", "education": "bachelor", "mobile": THIRD_MOBILE, "email": "wangfang.fe@example.com",
                "careerStatus": "looking", "hukou": "浙江省杭州市", "marital": "single",
            })),
            ("assessment", json!({
                "selfAssessment": "五年前端开发经验，熟悉React与TypeScript，负责过电商小程序和中后台系统。关注页面性能与可访问性，把核心页面首屏时间从3秒降到1.2秒。善于与设计、后端协作，推动组件库在团队落地。",
                "careerObjective": "希望在互联网公司担任高级前端工程师，参与用户量大的产品，继续深耕性能优化与工程化。",
            })),
            ("intention", json!({
                "currentIndustry": "internet", "currentCategory": "前端开发", "currentTitle": "前端开发工程师",
                "currentSalary": "22000", "jobType": "fulltime", "targetCity": "hangzhou", "targetIndustry": "internet",
                "targetCategory": "前端开发", "targetSalary": "28000", "onBoard": "month",
                "keywords": ["React", "TypeScript", "小程序", "性能优化"],
            })),
        ],
        entries: vec![
            ("work", json!({
                "company": "杭州禾云网络科技有限公司", "industry": "internet", "jobTitle": "前端开发工程师",
                "category": "前端开发", "start": "2021-03", "end": "now", "employmentType": "fulltime", "location": "杭州",
                "salary": "22000", "companyType": "private", "companySize": "100to499",
                "duties": "1. 负责电商小程序与商家后台的前端开发，使用React、TypeScript与Taro；\n2. 搭建团队组件库与埋点SDK，覆盖20余个业务页面；\n3. 优化首页首屏，加载时间从3秒降到1.2秒，转化率提升8%。",
            })),
            ("work", json!({
                "company": "南京青橙软件有限公司", "industry": "internet", "jobTitle": "初级前端工程师",
                "category": "前端开发", "start": "2019-07", "end": "2021-02", "employmentType": "fulltime", "location": "南京",
                "salary": "12000", "companyType": "private", "companySize": "50to99",
                "duties": "参与政务服务网站与企业官网的开发，负责页面还原、表单校验与兼容性处理。",
            })),
            ("education", json!({
                "school": "南京理工大学", "level": "bachelor", "majorCategory": "计算机类", "major": "软件工程",
                "start": "2015-09", "end": "2019-06", "location": "南京",
            })),
            ("project", json!({
                "name": "电商小程序性能优化", "start": "2022-04", "end": "2022-09", "position": "前端负责人",
                "tools": "React、Taro、Webpack",
                "summary": "拆分首包、图片懒加载与接口合并，小程序首屏时间从3秒降到1.2秒，下单转化率提升8%。",
            })),
            ("skill", json!({ "name": "React", "level": "expert", "months": "48" })),
            ("skill", json!({ "name": "TypeScript", "level": "good", "months": "40" })),
            ("skill", json!({ "name": "微信小程序", "level": "good", "months": "36" })),
            ("language", json!({ "language": "english", "listenSpeak": "fair", "readWrite": "good", "test": "大学英语六级（CET-6）", "score": "498" })),
        ],
    }
}

/// The demo resume's photo (drawn here, so no picture is committed), a text version of the resume as its
/// resume file and a portfolio note as an attachment: stored as the upload call stores them
/// (api/candidate/resume_files.rs), files under random names through `store` and a resume_files row each.
fn store_demo_files(conn: &mut DbConnection, store: StoreFile, user_id: i64, resume_id: i64, at: i64) -> ApiResult<()> {
    let (photo, thumb) = demo_photo()?;
    let cv = "张伟 高级Java开发工程师\n手机：13800000000  邮箱：zhangwei.dev@example.com\n\n8年Java后端开发经验，负责过交易平台的微服务化改造。\n\n工作经历\n2019.07-至今  北京云图数据科技有限公司  高级Java开发工程师\n2015.07-2019.06  上海启明软件股份有限公司  Java开发工程师\n\n教育背景\n2011.09-2015.06  北京邮电大学  计算机科学与技术  本科\n";
    let portfolio = "作品与开源项目\n\n1. 分布式ID生成器：https://github.com/zhangwei-dev/idgen\n2. 订单系统分库分表实践（技术分享讲稿）：https://zhangwei-dev.github.io/talks/sharding\n";
    let files: [(&str, &str, &str, Vec<u8>, Option<Vec<u8>>, &str); 3] = [
        ("photo", "photo", "zhangwei.jpg", photo, Some(thumb), "image/jpeg"),
        ("resumeFile", "张伟-Java后端工程师", "张伟-Java后端工程师.txt", cv.as_bytes().to_vec(), None, "text/plain; charset=utf-8"),
        ("attachment", "作品与开源项目", "作品与开源项目.txt", portfolio.as_bytes().to_vec(), None, "text/plain; charset=utf-8"),
    ];
    for (kind, name, original, bytes, thumb, content_type) in files {
        let stored = store(&bytes)?;
        let thumb_name = thumb.map(|t| store(&t)).transpose()?;
        diesel::insert_into(resume_files::table)
            .values((
                resume_files::id.eq(next_id()),
                resume_files::resume_id.eq(resume_id),
                resume_files::user_id.eq(user_id),
                resume_files::kind.eq(kind),
                resume_files::name.eq(name),
                resume_files::original_name.eq(original),
                resume_files::stored_name.eq(stored),
                resume_files::thumb_name.eq(thumb_name),
                resume_files::content_type.eq(content_type),
                resume_files::size.eq(bytes.len() as i64),
                resume_files::created_at.eq(at),
            ))
            .execute(conn)?;
    }
    Ok(())
}

/// A passport-style portrait, 300 by 400 (a figure in a dark suit on ID-photo blue), as JPEG, with its
/// 120 by 160 thumbnail: what the upload call keeps for a photo.
fn demo_photo() -> ApiResult<(Vec<u8>, Vec<u8>)> {
    fn inside(x: f32, y: f32, cx: f32, cy: f32, rx: f32, ry: f32) -> bool {
        ((x - cx) / rx).powi(2) + ((y - cy) / ry).powi(2) <= 1.0
    }
    fn colour(x: f32, y: f32) -> [f32; 3] {
        const SKIN: [f32; 3] = [241.0, 205.0, 177.0];
        const HAIR: [f32; 3] = [38.0, 32.0, 30.0];
        let t = y / 400.0;
        let mut c = [70.0 + 25.0 * (1.0 - t), 140.0 + 20.0 * (1.0 - t), 215.0 + 10.0 * (1.0 - t)];
        // Suit and shirt collar.
        if y > 300.0 && inside(x, y, 150.0, 440.0, 160.0, 140.0) {
            c = [44.0, 52.0, 70.0];
            if (x - 150.0).abs() < (y - 300.0) * 0.33 && y < 390.0 {
                c = [246.0, 246.0, 246.0];
                if (x - 150.0).abs() < 7.0 - (y - 320.0).abs() * 0.02 && y > 318.0 {
                    c = [150.0, 36.0, 42.0];
                }
            }
        }
        // Neck, ears, face.
        if (126.0..=174.0).contains(&x) && (220.0..=318.0).contains(&y) && (x - 150.0).abs() < 24.0 - (y - 300.0).max(0.0) * 0.4 {
            c = [226.0, 188.0, 160.0];
        }
        if inside(x, y, 86.0, 172.0, 10.0, 18.0) || inside(x, y, 214.0, 172.0, 10.0, 18.0) {
            c = [232.0, 192.0, 164.0];
        }
        if inside(x, y, 150.0, 168.0, 64.0, 82.0) {
            c = SKIN;
            if inside(x, y, 126.0, 166.0, 7.0, 4.5) || inside(x, y, 174.0, 166.0, 7.0, 4.5) {
                c = [45.0, 38.0, 36.0];
            }
            if inside(x, y, 126.0, 152.0, 13.0, 2.5) || inside(x, y, 174.0, 152.0, 13.0, 2.5) {
                c = HAIR;
            }
            if inside(x, y, 150.0, 218.0, 16.0, 3.5) {
                c = [196.0, 120.0, 112.0];
            }
            if (x - 150.0).abs() < 2.0 && (172.0..198.0).contains(&y) {
                c = [224.0, 186.0, 160.0];
            }
        }
        // Hair over the top of the head.
        if inside(x, y, 150.0, 122.0, 70.0, 52.0) && (y < 118.0 || !inside(x, y, 150.0, 168.0, 60.0, 78.0)) && y < 150.0 {
            c = HAIR;
        }
        c
    }
    // Four samples a pixel, for smooth edges.
    let img = image::RgbImage::from_fn(300, 400, |px, py| {
        let mut sum = [0.0f32; 3];
        for (dx, dy) in [(0.25, 0.25), (0.75, 0.25), (0.25, 0.75), (0.75, 0.75)] {
            let c = colour(px as f32 + dx, py as f32 + dy);
            for (s, v) in sum.iter_mut().zip(c) {
                *s += v / 4.0;
            }
        }
        image::Rgb(sum.map(|v| v.round().clamp(0.0, 255.0) as u8))
    });
    let thumb = image::imageops::thumbnail(&img, 120, 160);
    let encode = |i: &image::RgbImage| -> ApiResult<Vec<u8>> {
        let mut out = Vec::new();
        image::DynamicImage::ImageRgb8(i.clone())
            .write_with_encoder(image::codecs::jpeg::JpegEncoder::new_with_quality(&mut out, 85))
            .map_err(ApiError::internal)?;
        Ok(out)
    };
    Ok((encode(&img)?, encode(&thumb)?))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seeded_resumes_pass_the_editors_rules() {
        for seed in [demo_resume(), half_done_resume(), applicant_resume()] {
            for (section, data) in seed.single.iter().chain(seed.entries.iter()) {
                checked(section, data).unwrap_or_else(|e| panic!("{section}: {e:?}"));
            }
        }
    }

    #[test]
    fn the_demo_resume_fills_every_section() {
        let seed = demo_resume();
        let filled: std::collections::BTreeSet<&str> = seed.single.iter().chain(seed.entries.iter()).map(|(s, _)| *s).collect();
        for section in rules::SECTIONS.iter().filter(|s| s.kind != rules::Kind::Files) {
            assert!(filled.contains(section.name), "{} is empty", section.name);
        }
    }

    #[test]
    fn the_photo_is_a_jpeg_with_a_thumbnail() {
        let (photo, thumb) = demo_photo().unwrap();
        assert!(photo.starts_with(&[0xFF, 0xD8, 0xFF]) && thumb.starts_with(&[0xFF, 0xD8, 0xFF]));
        let decoded = image::load_from_memory(&thumb).unwrap();
        assert_eq!((decoded.width(), decoded.height()), (120, 160));
        assert!(photo.len() < 60_000, "{} bytes", photo.len());
    }
}
