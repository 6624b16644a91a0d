//! Server-rendered public pages: the home page, the first page of a search, every job and every
//! company page answer HTML that already holds their content, with a real title, description,
//! canonical and hreflang links, Open Graph tags and schema.org JSON-LD, for search engines and
//! share cards that run no JavaScript. The same read models as the /ajax calls
//! (domain/job_page.rs) fill them. The app then takes over on the same page
//! (ui/src/lib/ssr-handoff.ts). The mobile pages get only their head: canonical to the desktop twin.
//!
//! A closed job still answers 200, marked closed and `noindex`, for [`job::CLOSED_GRACE_DAYS`] after
//! it closed; later, or when a reviewer took it down, 410 with a page saying so. docs/seo.md.
//!
//! One module a page (`page` its handler), and what they share: the frame, the language and its
//! links, the words, the JSON-LD, the salary's text.

pub mod company;
pub mod home;
pub mod job;
pub mod search;

mod frame;
mod job_link;
mod json_ld;
mod lang;
mod salary;
mod text;
mod words;
