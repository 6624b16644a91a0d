//! Demo data for a fresh database: one candidate and a handful of companies and jobs.

use diesel::prelude::*;

use crate::db::schema::{applications, black_words, jobs, saved_jobs, user_tags};

use crate::domain::auth;
use crate::db::DbConnection;
use crate::error::{ApiError, ApiResult};
use crate::ids::{next_id, now_ms};
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
const BLACK_WORDS: &[&str] = &["赌博", "色情", "代孕", "传销", "办证", "刷单", "套现", "博彩"];

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

/// Fills an empty database; a database that holds any user is left alone.
pub fn seed_if_empty(conn: &mut DbConnection) -> ApiResult<bool> {
    if user::count(conn)? > 0 {
        return Ok(false);
    }
    let hash = auth::hash_password(DEMO_PASSWORD)?;
    conn.transaction::<_, ApiError, _>(|conn| {
        let now = now_ms();
        let uid = next_id();
        user::insert(
            conn,
            &user::NewUser { id: uid, mobile: Some(DEMO_MOBILE), name: "张伟", password_hash: Some(&hash), created_at: now },
        )?;
        let resume_id = next_id();
        resume::insert(
            conn,
            &resume::NewResume {
                id: resume_id, user_id: uid, resume_type: 1, title: "张伟的简历", filled: true,
                // Last touched 40 days ago, so the "update your resume" tip shows on /my/apply.
                created_at: now - 90 * DAY, updated_at: now - 40 * DAY,
            },
        )?;
        // A second candidate with a resume and nothing else.
        let second = next_id();
        user::insert(
            conn,
            &user::NewUser { id: second, mobile: Some(SECOND_MOBILE), name: "李娜", password_hash: Some(&hash), created_at: now },
        )?;
        resume::insert(
            conn,
            &resume::NewResume {
                id: next_id(), user_id: second, resume_type: 1, title: "李娜的简历", filled: true,
                created_at: now, updated_at: now,
            },
        )?;
        for word in BLACK_WORDS {
            diesel::insert_into(black_words::table).values(black_words::word.eq(*word)).execute(conn)?;
        }
        let mut job_ids = Vec::new();
        for c in COMPANIES {
            let cid = next_id();
            company::insert(
                conn,
                &company::NewCompany {
                    id: cid, name: c.name, short_name: c.short, industry: c.industry, company_type: c.kind,
                    company_size: c.size, city: c.city, address: c.address, intro: c.intro, created_at: now,
                },
            )?;
            for j in c.jobs {
                let job_id = next_id();
                job_ids.push(job_id);
                job::insert(
                    conn,
                    &job::NewJob {
                        id: job_id, company_id: cid, title: j.title, city: c.city, category: j.category,
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
            diesel::insert_into(applications::table)
                .values((
                    applications::id.eq(next_id()),
                    applications::user_id.eq(uid),
                    applications::job_id.eq(job_id),
                    applications::resume_id.eq(resume_id),
                    applications::status.eq(i as i32 + 1),
                    applications::created_at.eq(at),
                    applications::updated_at.eq(at + 3_600_000),
                ))
                .execute(conn)?;
        }
        // The demo company account owns the company of the demo candidate's first application; the
        // second candidate applies to its other open jobs, so its pipeline starts with candidates.
        let demo_company: i64 = jobs::table.find(job_ids[0]).select(jobs::company_id).first(conn)?;
        crate::db::company_member::insert(
            conn,
            &crate::db::company_member::NewMember {
                id: next_id(), company_id: demo_company, mobile: DEMO_COMPANY_MOBILE, name: "王经理", password_hash: &hash,
                role: crate::db::company_member::Role::Owner.as_str(), created_at: now,
            },
        )?;
        // A third candidate whose only records are applications to the demo company.
        let third = next_id();
        user::insert(
            conn,
            &user::NewUser { id: third, mobile: Some(THIRD_MOBILE), name: "王芳", password_hash: Some(&hash), created_at: now },
        )?;
        let second_resume = next_id();
        resume::insert(
            conn,
            &resume::NewResume {
                id: second_resume, user_id: third, resume_type: 1, title: "王芳的简历", filled: true,
                created_at: now - 10 * DAY, updated_at: now - 2 * DAY,
            },
        )?;
        let others: Vec<i64> = jobs::table
            .filter(jobs::company_id.eq(demo_company))
            .filter(jobs::closed.eq(false))
            .filter(jobs::id.ne(job_ids[0]))
            .select(jobs::id)
            .limit(2)
            .load(conn)?;
        for (i, job_id) in others.iter().enumerate() {
            let at = now - (i as i64 + 2) * 3_600_000;
            diesel::insert_into(applications::table)
                .values((
                    applications::id.eq(next_id()),
                    applications::user_id.eq(third),
                    applications::job_id.eq(job_id),
                    applications::resume_id.eq(second_resume),
                    applications::status.eq(1 + 2 * i as i32),
                    applications::created_at.eq(at),
                    applications::updated_at.eq(at),
                ))
                .execute(conn)?;
        }
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
