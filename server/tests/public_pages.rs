//! The server-rendered public pages as a crawler reads them, without JavaScript: each page's
//! content, title, description, canonical and hreflang links, Open Graph tags and schema.org
//! JSON-LD (checked against the schema.org definitions of the types used); closed, taken-down and
//! unknown jobs; robots.txt; the sitemaps and their split into files.

use crate::common;

use std::collections::{HashMap, HashSet};

use crate::common::{servers_with, update_job, TestServer};
use diesel::ExpressionMethods;
use reqwest::blocking::Client;
use serde_json::Value;
use server::db::schema::job_moderation;

/// Marks a job taken down by a reviewer, straight in the database (the admin console's write).
fn take_down(s: &TestServer, job: i64, now: i64) {
    use diesel::RunQueryDsl;
    let row = (job_moderation::job_id.eq(job), job_moderation::status.eq("taken_down"), job_moderation::reason.eq("虚假信息"), job_moderation::updated_at.eq(now));
    diesel::insert_into(job_moderation::table).values(row).execute(&mut s.db()).unwrap();
}

/// A built ui's index.html, as Vite writes it.
const INDEX: &str = "<!doctype html>\n<html lang=\"zh-CN\">\n  <head>\n    <meta charset=\"UTF-8\" />\n    <title>职达招聘</title>\n    <script type=\"module\" crossorigin src=\"/assets/index-abc.js\"></script>\n  </head>\n  <body>\n    <div id=\"root\"></div>\n  </body>\n</html>\n";

pub(crate) fn ui_dir() -> String {
    let dir = std::env::temp_dir().join(format!("jobseeker-pages-{}-{}", std::process::id(), common::tempdir::rand_suffix()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("index.html"), INDEX).unwrap();
    dir.to_string_lossy().into_owned()
}

fn get(s: &TestServer, c: &Client, path: &str) -> (u16, String, String) {
    let res = c.get(s.url(path)).send().expect("get");
    let status = res.status().as_u16();
    let kind = res.headers().get("content-type").and_then(|v| v.to_str().ok()).unwrap_or("").to_string();
    (status, kind, res.text().expect("body"))
}

fn ajax(s: &TestServer, c: &Client, path: &str, form: &[(&str, &str)]) -> Value {
    let (status, v) = s.call(c, path, form);
    assert_eq!(status, 200, "{path}: {v}");
    v["result"].clone()
}

/// The content of every `<tag ... attr="value">` whose attributes contain `has`.
fn attr_values(html: &str, has: &str, attr: &str) -> Vec<String> {
    html.split('<')
        .filter(|t| t.contains(has))
        .filter_map(|t| t.split(&format!("{attr}=\"")).nth(1).and_then(|v| v.split('"').next()).map(|v| v.replace("&amp;", "&")))
        .collect()
}

fn meta(html: &str, key: &str) -> Option<String> {
    attr_values(html, &format!("=\"{key}\""), "content").into_iter().next()
}

fn json_ld(html: &str) -> Vec<Value> {
    html.split("<script type=\"application/ld+json\">")
        .skip(1)
        .map(|rest| serde_json::from_str(rest.split("</script>").next().unwrap()).expect("JSON-LD parses"))
        .collect()
}

/// The properties schema.org defines for each type these pages use (with those inherited from
/// Thing and Intangible/StructuredValue that the pages use), and what Google requires of a JobPosting.
fn schema_org() -> HashMap<&'static str, HashSet<&'static str>> {
    let thing = ["@context", "@type", "name", "description", "url", "sameAs", "identifier", "alternateName", "image"];
    let defs: [(&str, &[&str]); 9] = [
        ("JobPosting", &["title", "datePosted", "validThrough", "employmentType", "hiringOrganization", "jobLocation", "baseSalary", "educationRequirements", "experienceRequirements", "industry", "occupationalCategory", "directApply", "skills", "jobBenefits"]),
        ("Organization", &["logo", "address"]),
        ("Place", &["address"]),
        ("PostalAddress", &["addressLocality", "addressRegion", "addressCountry", "streetAddress", "postalCode"]),
        ("MonetaryAmount", &["currency", "value", "minValue", "maxValue"]),
        ("QuantitativeValue", &["value", "minValue", "maxValue", "unitText"]),
        ("PropertyValue", &["value"]),
        ("WebSite", &["potentialAction"]),
        ("SearchAction", &["target", "query-input"]),
    ];
    let mut out: HashMap<&str, HashSet<&str>> = defs.iter().map(|(t, props)| (*t, props.iter().chain(thing.iter()).copied().collect())).collect();
    out.insert("EntryPoint", ["@type", "urlTemplate"].into_iter().collect());
    out
}

/// Every object's properties are ones schema.org defines for its type.
fn check_vocabulary(v: &Value, defs: &HashMap<&str, HashSet<&str>>, path: &str) {
    match v {
        Value::Object(map) => {
            if let Some(t) = map.get("@type").and_then(Value::as_str) {
                let allowed = defs.get(t).unwrap_or_else(|| panic!("{path}: unknown type {t}"));
                for k in map.keys() {
                    assert!(allowed.contains(k.as_str()), "{path}: {t} has no property {k}");
                }
            }
            for (k, child) in map {
                check_vocabulary(child, defs, &format!("{path}.{k}"));
            }
        }
        Value::Array(list) => list.iter().for_each(|x| check_vocabulary(x, defs, path)),
        _ => {}
    }
}

fn nonempty(v: &Value, pointer: &str) -> String {
    let s = match v.pointer(pointer) {
        Some(Value::String(s)) => s.clone(),
        Some(Value::Number(n)) => n.to_string(),
        other => panic!("{pointer} is {other:?} in {v}"),
    };
    assert!(!s.trim().is_empty(), "{pointer} is empty");
    s
}

/// An open demo job: its id and its /ajax detail.
fn open_job(s: &TestServer, c: &Client) -> (String, Value) {
    let list = ajax(s, c, "/job/search", &[("kw", "Java")]);
    let id = list["list"][0]["id"].as_i64().expect("a Java job").to_string();
    let detail = ajax(s, c, "/job/detail", &[("jobid", &id)]);
    (id, detail)
}

#[test]
fn a_job_page_holds_its_content_meta_and_job_posting_without_javascript() {
    let ui = ui_dir();
    for s in servers_with(&[("UI_DIR", ui.as_str())]) {
        let c = s.client();
        let (id, d) = open_job(&s, &c);
        let (status, kind, html) = get(&s, &c, &format!("/job/{id}"));
        assert_eq!(status, 200, "{}", s.engine);
        assert!(kind.starts_with("text/html"), "{kind}");
        let job = &d["job"];
        let title = job["title"].as_str().unwrap();
        let company = d["company"]["name"].as_str().unwrap();
        let short = d["company"]["shortName"].as_str().filter(|s| !s.is_empty()).unwrap_or(company);
        // The page's own title, not the app shell's.
        assert!(html.contains(&format!("<title>{title} - {short} - 职达招聘</title>")), "{html}");
        assert_eq!(html.matches("<title>").count(), 1);
        assert!(html.contains(&format!("<h1>{title}</h1>")));
        assert!(html.contains(company), "the company's name");
        let first_line = d["description"].as_str().unwrap().lines().find(|l| !l.trim().is_empty()).unwrap().trim().to_string();
        assert!(html.contains(&first_line), "the description: {first_line}");
        assert!(html.contains(job["city"].as_str().unwrap()));
        // The app's script and root are still there, after the rendered page.
        assert!(html.find("id=\"ssr\"").unwrap() < html.find("<div id=\"root\">").unwrap());
        assert!(html.contains("/assets/index-abc.js"));

        let description = meta(&html, "description").expect("meta description");
        assert!(description.contains(title) && description.contains(company), "{description}");
        let canonical = attr_values(&html, "rel=\"canonical\"", "href");
        assert_eq!(canonical, vec![s.url(&format!("/job/{id}"))]);
        let langs: Vec<String> = attr_values(&html, "hreflang=", "hreflang");
        assert_eq!(langs, vec!["zh-CN", "en-US", "x-default"]);
        assert_eq!(attr_values(&html, "hreflang=\"en-US\"", "href"), vec![s.url(&format!("/job/{id}?lang=en-US"))]);
        assert_eq!(meta(&html, "og:title").as_deref(), Some(format!("{title} - {short} - 职达招聘").as_str()));
        assert_eq!(meta(&html, "og:url"), Some(s.url(&format!("/job/{id}"))));
        // The phone twin, as Baidu's mobile adaptation reads it.
        assert_eq!(attr_values(&html, "media=\"only screen and (max-width: 640px)\"", "href"), vec![s.url(&format!("/m/job/{id}"))]);
        assert_eq!(meta(&html, "mobile-agent"), Some(format!("format=html5;url={}", s.url(&format!("/m/job/{id}")))), "Baidu's mobile adaptation");
        assert!(meta(&html, "robots").is_none(), "an open job is indexed");

        let ld = json_ld(&html);
        assert_eq!(ld.len(), 1);
        let p = &ld[0];
        check_vocabulary(p, &schema_org(), "JobPosting");
        assert_eq!(p["@type"], "JobPosting");
        assert_eq!(p["title"], title);
        // Google for Jobs' required properties, and the recommended ones the issue names.
        for pointer in [
            "/description", "/datePosted", "/validThrough", "/employmentType", "/hiringOrganization/name", "/hiringOrganization/sameAs",
            "/hiringOrganization/logo", "/jobLocation/address/addressLocality", "/jobLocation/address/addressRegion", "/identifier/value",
            "/educationRequirements", "/experienceRequirements",
        ] {
            nonempty(p, pointer);
        }
        assert_eq!(p["jobLocation"]["address"]["@type"], "PostalAddress");
        assert_eq!(p["jobLocation"]["address"]["addressLocality"], job["city"]);
        assert_eq!(p["identifier"]["value"], id);
        assert_eq!(p["hiringOrganization"]["name"], company);
        assert_eq!(p["baseSalary"]["currency"], "CNY");
        assert_eq!(p["baseSalary"]["value"]["unitText"], "MONTH");
        assert_eq!(p["baseSalary"]["value"]["minValue"], job["salaryMin"]);
        assert_eq!(p["baseSalary"]["value"]["maxValue"], job["salaryMax"]);
        let (posted, valid) = (nonempty(p, "/datePosted"), nonempty(p, "/validThrough"));
        assert!(posted.ends_with("+08:00") && posted.len() == 25, "ISO 8601: {posted}");
        assert!(valid > posted, "validThrough {valid} after datePosted {posted}");
        assert!(["FULL_TIME", "PART_TIME", "INTERN"].contains(&p["employmentType"].as_str().unwrap()));

        // In English: the page's language, words and links.
        let (status, _, en) = get(&s, &c, &format!("/job/{id}?lang=en-US"));
        assert_eq!(status, 200);
        assert!(en.contains("<html lang=\"en-US\">"), "{en}");
        assert!(en.contains("Job description") && en.contains("/month"), "English words");
        let benefits = d["job"]["tags"].as_array().expect("tags");
        assert!(!benefits.is_empty() && benefits.iter().all(|b| !en.contains(&format!("<li>{}</li>", b.as_str().unwrap()))), "benefits in English");
        assert!(en.contains("<li>Social insurance &#38; housing fund</li>") || !benefits.contains(&Value::from("五险一金")), "{en}");
        assert_eq!(attr_values(&en, "rel=\"canonical\"", "href"), vec![s.url(&format!("/job/{id}?lang=en-US"))]);
        assert!(en.contains(&format!("href=\"/company/{}?lang=en-US\"", d["company"]["id"])), "links stay in English");
    }
}

#[test]
fn closed_taken_down_and_unknown_jobs_answer_as_documented() {
    let ui = ui_dir();
    for s in servers_with(&[("UI_DIR", ui.as_str())]) {
        let c = s.client();
        let (id, _) = open_job(&s, &c);
        let job: i64 = id.parse().unwrap();
        let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_millis() as i64;

        // Closed yesterday: still there, marked closed, not indexed, no JobPosting.
        update_job(&s, job, true, None, now - 86_400_000);
        let (status, _, html) = get(&s, &c, &format!("/job/{id}"));
        assert_eq!(status, 200, "{}", s.engine);
        assert!(html.contains("该职位已停止招聘"));
        assert_eq!(meta(&html, "robots").as_deref(), Some("noindex"));
        assert!(json_ld(&html).is_empty(), "no JobPosting for a closed job");

        // Closed 31 days ago: gone.
        update_job(&s, job, true, None, now - 31 * 86_400_000);
        let (status, kind, html) = get(&s, &c, &format!("/job/{id}"));
        assert_eq!(status, 410);
        assert!(kind.starts_with("text/html"));
        assert!(html.contains("<h1>该职位已下线</h1>") && html.contains("id=\"root\""), "a real page: {html}");
        assert_eq!(meta(&html, "robots").as_deref(), Some("noindex"));
        update_job(&s, job, false, None, now);
        let (status, _, _) = get(&s, &c, &format!("/job/{id}"));
        assert_eq!(status, 200, "open again");

        // Taken down by a reviewer (which closes it): gone at once.
        update_job(&s, job, true, None, now);
        take_down(&s, job, now);
        let (status, _, html) = get(&s, &c, &format!("/job/{id}"));
        assert_eq!(status, 410);
        assert!(!html.contains("<h1>Java"), "none of the job is shown");

        // Unknown and malformed ids: 404 with a real page.
        for path in ["/job/987654321", "/job/abc", "/job/-1", "/company/987654321", "/company/x"] {
            let (status, _, html) = get(&s, &c, path);
            assert_eq!(status, 404, "{path}");
            assert!(html.contains("<h1>页面不存在</h1>"), "{path}: {html}");
            assert_eq!(meta(&html, "robots").as_deref(), Some("noindex"), "{path}");
        }
        let (status, _, html) = get(&s, &c, "/job/987654321?lang=en-US");
        assert_eq!(status, 404);
        assert!(html.contains("<h1>Page not found</h1>"));
    }
}

#[test]
fn search_company_and_home_pages_hold_the_same_results_as_the_calls() {
    let ui = ui_dir();
    for s in servers_with(&[("UI_DIR", ui.as_str())]) {
        let c = s.client();
        // The search page lists the same jobs, in the same order, as /ajax/job/search.
        let r = ajax(&s, &c, "/job/search", &[("city", "北京")]);
        let expected: Vec<String> = r["list"].as_array().unwrap().iter().map(|j| format!("/job/{}", j["id"])).collect();
        assert!(!expected.is_empty());
        let (status, _, html) = get(&s, &c, "/search?city=%E5%8C%97%E4%BA%AC");
        assert_eq!(status, 200, "{}", s.engine);
        let links: Vec<String> = attr_values(&html, "href=\"/job/", "href");
        assert_eq!(links, expected, "{}", s.engine);
        assert!(html.contains("<h1 class=\"ssr-title\">北京招聘</h1>"));
        assert!(html.contains(&format!("共找到 {} 个职位", r["total"])));
        assert!(meta(&html, "robots").is_none(), "a city page is a landing page");
        let (_, _, keyword) = get(&s, &c, "/search?q=java");
        assert_eq!(meta(&keyword, "robots").as_deref(), Some("noindex"), "keyword searches are not indexed");
        // A value the search refuses still gets a page (the app says why).
        let (status, _, bad) = get(&s, &c, "/search?city=%E7%81%AB%E6%98%9F");
        assert_eq!(status, 200);
        assert!(bad.contains("共找到 0 个职位"));

        // The company page: its jobs and an Organization.
        let company = r["list"][0]["companyId"].to_string();
        let detail = ajax(&s, &c, "/company/detail", &[("comId", &company)]);
        let (status, _, html) = get(&s, &c, &format!("/company/{company}"));
        assert_eq!(status, 200);
        let name = detail["company"]["name"].as_str().unwrap();
        assert!(html.contains(&format!("<h1>{name}</h1>")));
        let jobs: Vec<String> = detail["jobs"]["list"].as_array().unwrap().iter().map(|j| format!("/job/{}", j["id"])).collect();
        assert_eq!(attr_values(&html, "href=\"/job/", "href"), jobs);
        let ld = json_ld(&html);
        assert_eq!(ld.len(), 1);
        check_vocabulary(&ld[0], &schema_org(), "Organization");
        assert_eq!(ld[0]["@type"], "Organization");
        assert_eq!(ld[0]["name"], name);
        assert_eq!(attr_values(&html, "rel=\"canonical\"", "href"), vec![s.url(&format!("/company/{company}"))]);

        // The home page: the newest jobs as links, cities and categories as landing links, a WebSite.
        let (status, _, html) = get(&s, &c, "/");
        assert_eq!(status, 200);
        assert!(html.contains("<title>职达招聘 - 找工作、招聘求职首选平台</title>"));
        assert!(attr_values(&html, "href=\"/job/", "href").len() >= 10, "newest jobs");
        assert!(html.contains("href=\"/search?city=%E5%8C%97%E4%BA%AC\""), "the city landing page");
        let ld = json_ld(&html);
        check_vocabulary(&ld[0], &schema_org(), "WebSite");
        assert_eq!(ld[0]["@type"], "WebSite");
        assert!(meta(&html, "description").is_some_and(|d| d.chars().count() > 30));

        // A mobile page holds the same content with the mobile site's links, and points to its desktop twin.
        let (status, _, html) = get(&s, &c, &format!("/m/company/{company}"));
        assert_eq!(status, 200);
        assert!(html.contains(&format!("<h1>{name}</h1>")));
        assert_eq!(attr_values(&html, "rel=\"canonical\"", "href"), vec![s.url(&format!("/company/{company}"))]);
        assert!(attr_values(&html, "hreflang=", "hreflang").is_empty(), "hreflang only on the desktop pages");
        let mobile_jobs: Vec<String> = jobs.iter().map(|j| format!("/m{j}")).collect();
        assert_eq!(attr_values(&html, "href=\"/m/job/", "href"), mobile_jobs);
    }
}

#[test]
fn a_phone_goes_to_the_mobile_twin_unless_it_chose_the_desktop_site() {
    const PHONE: &str = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/120 Mobile Safari/537.36";
    let ui = ui_dir();
    for s in servers_with(&[("UI_DIR", ui.as_str())]) {
        let c = Client::builder().redirect(reqwest::redirect::Policy::none()).build().unwrap();
        let (id, d) = open_job(&s, &c);
        for (path, to) in [(format!("/job/{id}"), format!("/m/job/{id}")), ("/".to_string(), "/m/".to_string()), ("/search?q=java".to_string(), "/m/search?q=java".to_string())] {
            let res = c.get(s.url(&path)).header("User-Agent", PHONE).send().unwrap();
            assert_eq!(res.status().as_u16(), 302, "{} {path}", s.engine);
            assert_eq!(res.headers().get("location").and_then(|v| v.to_str().ok()), Some(to.as_str()), "{path}");
            assert!(res.headers().get("vary").and_then(|v| v.to_str().ok()).is_some_and(|v| v.contains("User-Agent")));
        }
        // "电脑版" chosen: the desktop page; a desktop browser: never redirected.
        let res = c.get(s.url(&format!("/job/{id}"))).header("User-Agent", PHONE).header("Cookie", "m_desktop=1").send().unwrap();
        assert_eq!(res.status().as_u16(), 200);
        let res = c.get(s.url(&format!("/job/{id}"))).send().unwrap();
        assert_eq!(res.status().as_u16(), 200);

        // The twin holds the job, for the phone's first paint.
        let res = c.get(s.url(&format!("/m/job/{id}"))).header("User-Agent", PHONE).send().unwrap();
        assert_eq!(res.status().as_u16(), 200);
        let html = res.text().unwrap();
        assert!(html.contains(&format!("<h1>{}</h1>", d["job"]["title"].as_str().unwrap())));
        assert_eq!(attr_values(&html, "rel=\"canonical\"", "href"), vec![s.url(&format!("/job/{id}"))]);
        assert_eq!(json_ld(&html).len(), 1, "the JobPosting on the twin too");
    }
}

/// Every `Vary` value of an answer, joined.
fn vary(res: &reqwest::blocking::Response) -> String {
    res.headers().get_all("vary").iter().filter_map(|v| v.to_str().ok()).collect::<Vec<_>>().join(", ")
}

/// A desktop page is what a desktop browser, or a phone that chose "电脑版", gets instead of the redirect: the
/// server chose it by the user agent and the cookie, so its 200 (and a missing job's 404) says so in `Vary`,
/// as the redirect does, and a shared cache keeps it from phones. A /m page is the same for every browser.
#[test]
fn a_page_chosen_by_the_browser_varies_by_user_agent() {
    const PHONE: &str = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148";
    const DESKTOP: &str = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156 Safari/537.36";
    let ui = ui_dir();
    for s in servers_with(&[("UI_DIR", ui.as_str())]) {
        let c = Client::builder().redirect(reqwest::redirect::Policy::none()).build().unwrap();
        let list = ajax(&s, &c, "/job/search", &[("kw", "Java")]);
        let (id, company) = (list["list"][0]["id"].to_string(), list["list"][0]["companyId"].to_string());
        assert!(id.parse::<i64>().is_ok() && company.parse::<i64>().is_ok(), "a Java job: {list}");
        let desktop_pages = [
            ("/".to_string(), 200),
            ("/search?q=java".to_string(), 200),
            (format!("/job/{id}"), 200),
            (format!("/company/{company}"), 200),
            ("/job/987654321".to_string(), 404),
            ("/?lang=en-US".to_string(), 200),
        ];
        for (path, status) in &desktop_pages {
            for (who, agent, cookie) in [("desktop", DESKTOP, ""), ("phone with 电脑版", PHONE, "m_desktop=1"), ("no user agent", "", "")] {
                let mut req = c.get(s.url(path));
                if !agent.is_empty() {
                    req = req.header("User-Agent", agent);
                }
                if !cookie.is_empty() {
                    req = req.header("Cookie", cookie);
                }
                let res = req.send().unwrap();
                assert_eq!(res.status().as_u16(), *status, "{} {path} {who}", s.engine);
                let v = vary(&res);
                assert!(v.contains("User-Agent") && v.contains("Cookie"), "{} {path} {who}: Vary is {v:?}", s.engine);
            }
            // The phone without the cookie is redirected, with the same Vary.
            let res = c.get(s.url(path)).header("User-Agent", PHONE).send().unwrap();
            assert_eq!(res.status().as_u16(), 302, "{} {path}", s.engine);
            assert!(vary(&res).contains("User-Agent"), "{path}");
        }
        for path in ["/m/".to_string(), format!("/m/job/{id}"), format!("/m/company/{company}"), "/m/search?q=java".to_string()] {
            for agent in [PHONE, DESKTOP] {
                let res = c.get(s.url(&path)).header("User-Agent", agent).send().unwrap();
                assert_eq!(res.status().as_u16(), 200, "{} {path}", s.engine);
                assert!(!vary(&res).contains("User-Agent"), "{} {path}: the same for every browser, Vary is {:?}", s.engine, vary(&res));
            }
        }
    }
}

/// The `<loc>`s and `<lastmod>`s of a sitemap, checked to be well-formed XML in the sitemap namespace.
fn locs(xml: &str, root: &str) -> Vec<(String, Option<String>)> {
    use quick_xml::events::Event;
    let mut reader = quick_xml::Reader::from_str(xml);
    let (mut out, mut current, mut field, mut saw_root) = (Vec::new(), None::<(String, Option<String>)>, String::new(), false);
    let mut text = String::new();
    loop {
        match reader.read_event().expect("well-formed XML") {
            Event::Start(e) => {
                let name = e.name().as_ref().to_string();
                if name == root {
                    saw_root = true;
                    let ns = e.attributes().flatten().find(|a| a.key.as_ref() == "xmlns").map(|a| a.value.to_string());
                    assert_eq!(ns.as_deref(), Some("http://www.sitemaps.org/schemas/sitemap/0.9"));
                }
                if name == "url" || name == "sitemap" {
                    current = Some((String::new(), None));
                }
                field = name;
                text.clear();
            }
            // Text comes in pieces around entity references (`&amp;` in a URL's query).
            Event::Text(t) => text.push_str(&t.xml10_content()),
            Event::GeneralRef(r) => match r.resolve_char_ref().unwrap() {
                Some(ch) => text.push(ch),
                None => text.push_str(quick_xml::escape::resolve_predefined_entity(&r).expect("a predefined entity")),
            },
            Event::End(e) => {
                let name = e.name().as_ref().to_string();
                if let Some(cur) = current.as_mut() {
                    match field.as_str() {
                        "loc" => cur.0 = text.clone(),
                        "lastmod" => cur.1 = Some(text.clone()),
                        _ => {}
                    }
                }
                text.clear();
                if name == "url" || name == "sitemap" {
                    out.push(current.take().unwrap());
                }
                field.clear();
            }
            Event::Eof => break,
            _ => {}
        }
    }
    assert!(saw_root, "<{root}> is the root");
    out
}

#[test]
fn robots_and_sitemaps_cover_every_open_job_in_files_of_the_set_size() {
    let ui = ui_dir();
    for s in servers_with(&[("UI_DIR", ui.as_str()), ("SITEMAP_URLS_PER_FILE", "7"), ("SITEMAP_REFRESH_SECS", "0")]) {
        let c = s.client();
        let (status, kind, robots) = get(&s, &c, "/robots.txt");
        assert_eq!(status, 200);
        assert!(kind.starts_with("text/plain"), "{kind}");
        assert!(robots.contains(&format!("Sitemap: {}", s.url("/sitemap.xml"))), "{robots}");
        for path in ["/my", "/recruit", "/admin", "/m/my", "/ajax"] {
            assert!(robots.lines().any(|l| l == format!("Disallow: {path}")), "{path}: {robots}");
        }

        let (status, kind, index) = get(&s, &c, "/sitemap.xml");
        assert_eq!(status, 200);
        assert!(kind.starts_with("application/xml"), "{kind}");
        let files = locs(&index, "sitemapindex");
        let job_files: Vec<&String> = files.iter().map(|f| &f.0).filter(|l| l.contains("/sitemaps/jobs-")).collect();
        let open = ajax(&s, &c, "/job/search", &[])["total"].as_u64().unwrap() as usize;
        assert_eq!(job_files.len(), open.div_ceil(7), "{} open jobs in files of 7: {index}", open);
        assert!(files.iter().any(|f| f.0 == s.url("/sitemaps/companies.xml")));
        assert!(files.iter().any(|f| f.0 == s.url("/sitemaps/landing.xml")));

        let mut seen = HashSet::new();
        for file in &job_files {
            let path = file.strip_prefix(&s.base).unwrap();
            let (status, _, xml) = get(&s, &c, path);
            assert_eq!(status, 200, "{path}");
            let urls = locs(&xml, "urlset");
            assert!(!urls.is_empty() && urls.len() <= 7, "{path}: {} urls", urls.len());
            for (loc, lastmod) in urls {
                assert!(lastmod.is_some_and(|m| m.ends_with("+08:00")), "{loc}: lastmod");
                assert!(seen.insert(loc.clone()), "{loc} twice");
            }
        }
        assert_eq!(seen.len(), open, "every open job once");
        let (status, _, _) = get(&s, &c, &format!("/sitemaps/jobs-{}.xml", job_files.len() + 1));
        assert_eq!(status, 404, "no file past the last");

        // A closed job leaves the sitemaps (lists read again at once here).
        let (id, _) = open_job(&s, &c);
        let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_millis() as i64;
        update_job(&s, id.parse().unwrap(), true, None, now);
        let mut after = HashSet::new();
        let (_, _, index) = get(&s, &c, "/sitemap.xml");
        for (file, _) in locs(&index, "sitemapindex").iter().filter(|f| f.0.contains("/sitemaps/jobs-")) {
            let (_, _, xml) = get(&s, &c, file.strip_prefix(&s.base).unwrap());
            after.extend(locs(&xml, "urlset").into_iter().map(|u| u.0));
        }
        assert_eq!(after.len(), open - 1);
        assert!(!after.contains(&s.url(&format!("/job/{id}"))));

        let (_, _, companies) = get(&s, &c, "/sitemaps/companies.xml");
        let companies = locs(&companies, "urlset");
        assert!(companies.len() >= 3 && companies.iter().all(|u| u.0.starts_with(&s.url("/company/"))));
        let (_, _, landing) = get(&s, &c, "/sitemaps/landing.xml");
        let landing = locs(&landing, "urlset");
        assert!(landing.iter().any(|u| u.0 == s.url("/search?city=%E5%8C%97%E4%BA%AC")), "{landing:?}");
        assert!(landing.iter().any(|u| u.0.contains("&category=")));
    }
}

#[test]
fn stale_sitemap_lists_are_served_while_they_are_read_again() {
    let ui = ui_dir();
    for s in servers_with(&[("UI_DIR", ui.as_str()), ("SITEMAP_REFRESH_SECS", "1")]) {
        let c = s.client();
        let (id, d) = open_job(&s, &c);
        let company_url = s.url(&format!("/company/{}", d["company"]["id"]));
        let lastmod = |c: &Client| -> Option<String> {
            let (_, _, xml) = get(&s, c, "/sitemaps/companies.xml");
            locs(&xml, "urlset").into_iter().find(|u| u.0 == company_url).and_then(|u| u.1)
        };
        let before = lastmod(&c).expect("the company is listed");
        // A change to one of its jobs, a day ahead so its lastmod must move.
        let later = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_millis() as i64 + 86_400_000;
        update_job(&s, id.parse().unwrap(), false, None, later);
        assert_eq!(lastmod(&c).as_deref(), Some(before.as_str()), "{}: within the refresh time the kept lists answer", s.engine);
        std::thread::sleep(std::time::Duration::from_millis(1200));
        assert_eq!(lastmod(&c).as_deref(), Some(before.as_str()), "the request that finds them stale still gets them, at once");
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
        loop {
            let now = lastmod(&c).expect("still listed");
            if now != before {
                assert!(now > before, "{now} after {before}");
                break;
            }
            assert!(std::time::Instant::now() < deadline, "{}: the lists were not read again", s.engine);
            std::thread::sleep(std::time::Duration::from_millis(200));
        }
    }
}
