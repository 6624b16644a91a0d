//! Paging of the personal-centre lists: `page`/`current` from 1, `pagesize` 1-50.

use serde::Serialize;

use crate::error::{ApiError, ApiResult};

pub const DEFAULT_PAGE_SIZE: i64 = 10;
pub const MAX_PAGE_SIZE: i64 = 50;

#[derive(Debug, Clone, Copy)]
pub struct Paging {
    pub page: i64,
    pub pagesize: i64,
}

impl Paging {
    pub fn parse(page: Option<&str>, pagesize: Option<&str>) -> ApiResult<Self> {
        let number = |v: Option<&str>, default: i64, field: &str| -> ApiResult<i64> {
            match v.map(str::trim).filter(|s| !s.is_empty()) {
                None => Ok(default),
                Some(s) => s.parse::<i64>().map_err(|_| ApiError::BadInput(format!("{field} must be a number"))),
            }
        };
        let page = number(page, 1, "page")?;
        let pagesize = number(pagesize, DEFAULT_PAGE_SIZE, "pagesize")?;
        if page < 1 || page > 100_000 {
            return Err(ApiError::BadInput("page out of range".into()));
        }
        if !(1..=MAX_PAGE_SIZE).contains(&pagesize) {
            return Err(ApiError::BadInput(format!("pagesize must be 1-{MAX_PAGE_SIZE}")));
        }
        Ok(Self { page, pagesize })
    }

    pub fn offset(&self) -> i64 {
        (self.page - 1) * self.pagesize
    }
}

#[derive(Debug, Serialize)]
pub struct PageOf<T> {
    pub list: Vec<T>,
    pub total: i64,
    pub page: i64,
    pub pagesize: i64,
}

impl<T> PageOf<T> {
    pub fn new(list: Vec<T>, total: i64, paging: Paging) -> Self {
        Self { list, total, page: paging.page, pagesize: paging.pagesize }
    }
}

/// `{total, list}`: a page's rows and how many there are in all, the paging not echoed (the
/// recruiter's and the console's lists).
#[derive(Debug, Serialize)]
pub struct Listed<T> {
    pub total: i64,
    pub list: Vec<T>,
}

impl<T> Listed<T> {
    pub fn new(total: impl Into<i64>, list: Vec<T>) -> Self {
        Self { total: total.into(), list }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_and_bounds() {
        let p = Paging::parse(None, None).unwrap();
        assert_eq!((p.page, p.pagesize, p.offset()), (1, 10, 0));
        let p = Paging::parse(Some("3"), Some("50")).unwrap();
        assert_eq!(p.offset(), 100);
        for (page, size) in [("0", "10"), ("1", "0"), ("1", "51"), ("x", "10"), ("-1", "10"), ("1", "1e3")] {
            assert!(Paging::parse(Some(page), Some(size)).is_err(), "{page} {size}");
        }
    }
}
