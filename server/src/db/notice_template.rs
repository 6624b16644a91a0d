//! `notice_templates`: a company's notice templates (rules in core-wasm's notice_template.rs).

use crate::ids::{CompanyId, NoticeTemplateId};
use diesel::prelude::*;
use serde::Serialize;

use crate::db::schema::notice_templates;
use crate::db::DbConnection;

#[derive(Debug, Clone, Queryable, Selectable, Insertable, Serialize, utoipa::ToSchema)]
#[diesel(table_name = notice_templates)]
#[serde(rename_all = "camelCase")]
#[schema(as = NoticeTemplate)]
pub struct Template {
    pub id: NoticeTemplateId,
    #[serde(skip)]
    pub company_id: CompanyId,
    pub name: String,
    pub kind: String,
    pub mail_subject: String,
    pub mail_content: String,
    pub sms_content: String,
    pub created_at: i64,
    pub updated_at: i64,
}

pub fn list(conn: &mut DbConnection, company: CompanyId) -> QueryResult<Vec<Template>> {
    notice_templates::table
        .filter(notice_templates::company_id.eq(company))
        .order((notice_templates::created_at.asc(), notice_templates::id.asc()))
        .select(Template::as_select())
        .load(conn)
}

/// The company's template `id`; another company's is None.
pub fn get(conn: &mut DbConnection, company: CompanyId, id: NoticeTemplateId) -> QueryResult<Option<Template>> {
    notice_templates::table
        .filter(notice_templates::company_id.eq(company))
        .filter(notice_templates::id.eq(id))
        .select(Template::as_select())
        .first(conn)
        .optional()
}

/// The company's default template of `kind`, if it still has it.
pub fn of_kind(conn: &mut DbConnection, company: CompanyId, kind: &str) -> QueryResult<Option<Template>> {
    notice_templates::table
        .filter(notice_templates::company_id.eq(company))
        .filter(notice_templates::kind.eq(kind))
        .order(notice_templates::created_at.asc())
        .select(Template::as_select())
        .first(conn)
        .optional()
}

pub fn name_taken(conn: &mut DbConnection, company: CompanyId, name: &str, except: NoticeTemplateId) -> QueryResult<bool> {
    let n: i64 = notice_templates::table
        .filter(notice_templates::company_id.eq(company))
        .filter(notice_templates::name.eq(name))
        .filter(notice_templates::id.ne(except))
        .count()
        .get_result(conn)?;
    Ok(n > 0)
}

pub fn insert(conn: &mut DbConnection, t: &Template) -> QueryResult<usize> {
    diesel::insert_into(notice_templates::table).values(t).execute(conn)
}

pub fn update(conn: &mut DbConnection, company: CompanyId, id: NoticeTemplateId, name: &str, subject: &str, mail: &str, sms: &str, now: i64) -> QueryResult<usize> {
    diesel::update(notice_templates::table.filter(notice_templates::company_id.eq(company)).filter(notice_templates::id.eq(id)))
        .set((
            notice_templates::name.eq(name),
            notice_templates::mail_subject.eq(subject),
            notice_templates::mail_content.eq(mail),
            notice_templates::sms_content.eq(sms),
            notice_templates::updated_at.eq(now),
        ))
        .execute(conn)
}

pub fn delete(conn: &mut DbConnection, company: CompanyId, id: NoticeTemplateId) -> QueryResult<usize> {
    diesel::delete(notice_templates::table.filter(notice_templates::company_id.eq(company)).filter(notice_templates::id.eq(id))).execute(conn)
}

pub fn count(conn: &mut DbConnection, company: CompanyId) -> QueryResult<i64> {
    notice_templates::table.filter(notice_templates::company_id.eq(company)).count().get_result(conn)
}
