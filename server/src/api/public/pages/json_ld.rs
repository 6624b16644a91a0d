//! schema.org JSON-LD for the pages' `<script type="application/ld+json">`.

use serde_json::{json, Value};

use crate::domain::job_page::{CompanyDetail, CompanyPage, JobDetail};
use crate::ids::beijing_iso;
use crate::search::taxonomy;

use super::text::excerpt;

/// JSON for a `<script type="application/ld+json">`: `<` escaped so no text can close the element.
pub fn ld_json(v: &Value) -> String {
    v.to_string().replace('<', "\\u003c").replace('>', "\\u003e").replace('&', "\\u0026")
}

/// The company's logo when it sent one, else the site's mark.
fn logo_url(company: &CompanyPage, origin: &str) -> String {
    match &company.pictures.logo {
        Some(p) => format!("{origin}{}", p.url),
        None => format!("{origin}/favicon.svg"),
    }
}

/// schema.org JobPosting, with what Google for Jobs requires and recommends.
pub fn job_posting_ld(d: &JobDetail, origin: &str, valid_through: i64) -> Value {
    let j = &d.job;
    let c = &d.company.info;
    let employment = if j.title.contains("实习") {
        "INTERN"
    } else if j.title.contains("兼职") {
        "PART_TIME"
    } else {
        "FULL_TIME"
    };
    let mut salary = json!({ "@type": "QuantitativeValue", "unitText": "MONTH" });
    match (j.salary_min > 0, j.salary_max > 0) {
        (true, true) => {
            salary["minValue"] = json!(j.salary_min.min(j.salary_max));
            salary["maxValue"] = json!(j.salary_min.max(j.salary_max));
        }
        (true, false) => salary["value"] = json!(j.salary_min),
        (false, true) => salary["value"] = json!(j.salary_max),
        (false, false) => {}
    }
    let mut posting = json!({
        "@context": "https://schema.org",
        "@type": "JobPosting",
        "title": j.title,
        "description": html_escape::encode_text(&d.description).replace('\n', "<br>"),
        "identifier": { "@type": "PropertyValue", "name": c.name, "value": j.id.0.to_string() },
        "datePosted": beijing_iso(j.posted_at),
        "validThrough": beijing_iso(valid_through),
        "employmentType": employment,
        "hiringOrganization": {
            "@type": "Organization",
            "name": c.name,
            "sameAs": format!("{origin}/company/{}", c.id.0),
            "logo": logo_url(&d.company, origin),
        },
        "jobLocation": {
            "@type": "Place",
            "address": {
                "@type": "PostalAddress",
                "addressLocality": j.city,
                "addressRegion": taxonomy::province_of(&j.city).unwrap_or(&j.city),
                "addressCountry": "CN",
            }
        },
        "educationRequirements": j.education,
        "experienceRequirements": j.experience,
        "industry": j.industry,
        "occupationalCategory": j.category,
        "directApply": true,
        "url": format!("{origin}/job/{}", j.id.0),
    });
    if j.salary_min > 0 || j.salary_max > 0 {
        posting["baseSalary"] = json!({ "@type": "MonetaryAmount", "currency": "CNY", "value": salary });
    }
    if !c.address.is_empty() {
        posting["jobLocation"]["address"]["streetAddress"] = json!(c.address);
    }
    if !j.keywords.is_empty() {
        posting["skills"] = json!(j.keywords.join(", "));
    }
    if !j.tags.is_empty() {
        posting["jobBenefits"] = json!(j.tags.join(", "));
    }
    posting
}

/// schema.org Organization for a company page.
pub fn organization_ld(d: &CompanyDetail, origin: &str) -> Value {
    let c = &d.company.info;
    let mut org = json!({
        "@context": "https://schema.org",
        "@type": "Organization",
        "name": c.name,
        "url": format!("{origin}/company/{}", c.id.0),
        "logo": logo_url(&d.company, origin),
        "address": {
            "@type": "PostalAddress",
            "addressLocality": c.city,
            "addressRegion": taxonomy::province_of(&c.city).unwrap_or(&c.city),
            "addressCountry": "CN",
        },
    });
    if !c.short_name.is_empty() {
        org["alternateName"] = json!(c.short_name);
    }
    if !c.intro.is_empty() {
        org["description"] = json!(excerpt(&c.intro, 300));
    }
    if !c.address.is_empty() {
        org["address"]["streetAddress"] = json!(c.address);
    }
    org
}

/// schema.org WebSite for the home page, with the search box crawlers may offer.
pub fn website_ld(site: &str, origin: &str) -> Value {
    json!({
        "@context": "https://schema.org",
        "@type": "WebSite",
        "name": site,
        "url": format!("{origin}/"),
        "potentialAction": {
            "@type": "SearchAction",
            "target": { "@type": "EntryPoint", "urlTemplate": format!("{origin}/search?q={{search_term_string}}") },
            "query-input": "required name=search_term_string",
        },
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn structured_data_cannot_close_its_script_element() {
        let s = ld_json(&json!({ "description": "</script><script>alert(1)</script> & more" }));
        assert!(!s.contains('<') && !s.contains('>') && !s.contains('&'), "{s}");
        let back: Value = serde_json::from_str(&s).unwrap();
        assert_eq!(back["description"], "</script><script>alert(1)</script> & more");
    }
}
