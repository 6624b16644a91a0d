//! What the answers handed to JavaScript share: the `ok` that tells their two shapes apart.
//!
//! `True` and `False` serialize as the JSON booleans and are typed as the TypeScript literals
//! `true` and `false`, so `{ ok: True, .. } | { ok: False, .. }` reaches the ui as a union that
//! narrows on `ok`.

use serde::{Serialize, Serializer};

/// Always `true`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify), tsify(type = "true"))]
pub struct True;

/// Always `false`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[cfg_attr(target_arch = "wasm32", derive(tsify::Tsify), tsify(type = "false"))]
pub struct False;

impl Serialize for True {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_bool(true)
    }
}

impl Serialize for False {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_bool(false)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn serialize_as_booleans() {
        assert_eq!(serde_json::to_value(True).unwrap(), serde_json::json!(true));
        assert_eq!(serde_json::to_value(False).unwrap(), serde_json::json!(false));
    }
}
