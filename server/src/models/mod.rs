//! One module per table: its row, its insert and the queries on it.

pub mod company;
pub mod job;
pub mod order;
pub mod resume;
pub mod session;
pub mod user;
