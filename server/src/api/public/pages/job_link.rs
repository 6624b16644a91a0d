use crate::db::job_card::JobCard;

use super::lang::Link;
use super::salary::salary_text;

/// A list entry linking to a job.
pub struct JobLink {
    pub href: String,
    pub title: String,
    pub salary: String,
    pub company: String,
    pub city: String,
    pub experience: String,
    pub education: String,
}

impl JobLink {
    pub fn of(card: &JobCard, link: Link) -> JobLink {
        let lang = link.lang;
        JobLink {
            href: link.to(&format!("/job/{}", card.id.0)),
            title: card.title.clone(),
            salary: salary_text(card.salary_min, card.salary_max, lang),
            company: card.company_name.clone(),
            city: lang.label(&card.city),
            experience: lang.label(&card.experience),
            education: lang.label(&card.education),
        }
    }
}
