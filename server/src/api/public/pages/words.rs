use super::lang::{Lang, Link};

/// The words of the page frame and its sections, in one language.
pub struct Words {
    pub site: &'static str,
    pub home: &'static str,
    pub search: &'static str,
    pub recruit: &'static str,
    pub login: &'static str,
    pub nav_label: &'static str,
    pub crumbs_label: &'static str,
    pub closed: &'static str,
    pub benefits: &'static str,
    pub skills: &'static str,
    pub description: &'static str,
    pub similar: &'static str,
    pub company_info: &'static str,
    pub industry: &'static str,
    pub size: &'static str,
    pub company_type: &'static str,
    pub address: &'static str,
    pub intro: &'static str,
    pub next_page: &'static str,
    pub hot_cities: &'static str,
    pub categories: &'static str,
    pub newest: &'static str,
    pub companies: &'static str,
    pub back_to_search: &'static str,
    /// The badge of a company a reviewer verified, and what it means (its title).
    pub verified: &'static str,
    pub verified_title: &'static str,
    pub home_href: String,
    pub search_href: String,
    pub login_href: String,
}

impl Words {
    pub fn of(link: Link) -> Words {
        let (home_href, search_href, login_href) = (link.to("/"), link.to("/search"), link.to("/login"));
        match link.lang {
            Lang::Zh => Words {
                site: "职达招聘", home: "首页", search: "职位搜索", recruit: "我要招聘", login: "登录/注册", nav_label: "主导航",
                crumbs_label: "当前位置", closed: "该职位已停止招聘", benefits: "福利待遇", skills: "技能要求", description: "职位描述",
                similar: "相似职位", company_info: "公司信息", industry: "行业", size: "规模", company_type: "性质", address: "公司地址",
                intro: "公司介绍", next_page: "下一页", hot_cities: "热门城市", categories: "热门职位", newest: "最新职位",
                companies: "名企招聘", back_to_search: "去搜索其他职位", verified: "认证",
                verified_title: "营业执照已通过平台审核", home_href, search_href, login_href,
            },
            Lang::En => Words {
                site: "Zhida Jobs", home: "Home", search: "Job search", recruit: "Post jobs", login: "Log in / Sign up", nav_label: "Main",
                crumbs_label: "You are here", closed: "This job is no longer open", benefits: "Benefits", skills: "Skills",
                description: "Job description", similar: "Similar jobs", company_info: "Company", industry: "Industry", size: "Size",
                company_type: "Type", address: "Address", intro: "About the company", next_page: "Next page", hot_cities: "Popular cities",
                categories: "Popular jobs", newest: "Newest jobs", companies: "Companies hiring", back_to_search: "Search other jobs",
                verified: "Verified", verified_title: "Business licence checked by the site", home_href, search_href, login_href,
            },
        }
    }
}
