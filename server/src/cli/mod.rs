//! The binary's commands besides serving: account administration and data seeding.

pub mod admin;
pub mod chat_bench;
pub mod seed;
pub mod seedgen;
#[cfg(test)]
pub mod testing;
