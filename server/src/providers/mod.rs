//! Outside services behind traits: each has a dev face (usable on one machine), a real face
//! speaking the vendor's API, and is tested against a fake vendor on loopback.

pub mod mail;
pub mod payment;
pub mod sms;
pub mod wechat;
pub mod wakeup;
pub mod storage;
