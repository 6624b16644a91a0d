//! A company's full name and brand after a change (docs/api.md, "Company names"). Names are
//! compared by core_wasm::company::name_key, so that a look-alike (a zero-width space, full-width
//! brackets, other spacing) is the same name; this module holds what a real change sets off.

use crate::db::admin::{self as admin_db, Entry};
use crate::db::{company, company_review, shield, DbConnection};
use crate::error::ApiResult;
use crate::ids::CompanyId;

/// A company changed its full name or brand (by key). A verified (or rejected) company goes back
/// to the review queue: the badge drops until a reviewer decides again, and the audit log shows
/// why (a row by `system`). A brand changed away from a group keeps the group's blocks: each
/// candidate who blocked the old group stays blocked for this company, so a new brand is no way out.
pub fn changed(c: &mut DbConnection, id: CompanyId, before: &(String, String), after: (&str, &str), now: i64) -> ApiResult<()> {
    let (old_name, old_brand) = before;
    let (old_keys, new_keys) = (company::keys(old_name, old_brand), company::keys(after.0, after.1));
    if old_keys == new_keys {
        return Ok(());
    }
    let what = match (old_keys.0 != new_keys.0, old_keys.1 != new_keys.1) {
        (true, true) => "full name and brand changed",
        (true, false) => "full name changed",
        _ => "brand changed",
    };
    if company_review::back_to_pending(c, id, what, now)? > 0 {
        let entry = Entry {
            admin_id: None,
            admin_name: "system",
            action: "company.review.reset",
            target: &format!("company {id} {}", after.0),
            before: Some(format!("{old_name} · {old_brand}")),
            after: Some(format!("{} · {}", after.0, after.1)),
            reason: what,
            ip: "",
        };
        admin_db::audit(c, &entry, now)?;
    }
    if old_keys.1 != new_keys.1 && !old_brand.trim().is_empty() {
        let old_group: Vec<i64> = company::with_brand_key(c, &old_keys.1)?.into_iter().filter(|g| *g != id.0).collect();
        shield::extend_to(c, &old_group, id, now)?;
    }
    Ok(())
}
