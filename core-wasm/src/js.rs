//! Values going out to JavaScript, for every wasm's bindings.

use serde::Serialize;
use tsify::{Ts, Tsify};
use wasm_bindgen::JsValue;

/// As JSON would have it: maps as plain objects, None as null.
pub fn to_js<T: Serialize>(value: &T) -> JsValue {
    value.serialize(&serde_wasm_bindgen::Serializer::json_compatible()).unwrap_or(JsValue::NULL)
}

/// `value` for JavaScript, typed as its Rust type (tsify's `json` types match `to_js`).
pub fn ts<T: Tsify + Serialize>(value: &T) -> Ts<T> {
    Ts::new_unchecked(to_js(value))
}
