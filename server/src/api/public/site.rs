//! /ajax/site/config: what the ui needs to know about this deployment.

use actix_web::{web, HttpResponse};
use serde_json::json;

use crate::api::ok;
use crate::state::AppState;

pub async fn config(state: web::Data<AppState>) -> HttpResponse {
    let s = &state.settings.site;
    ok(json!({
        "recruiterUrl": s.recruiter_url,
        "campusUrl": s.campus_url,
        "mobileBase": s.mobile_base,
        "qrImage": s.qr_image,
        "mainHosts": s.main_hosts,
        "footer": {
            "main": footer("职达招聘", "Zhida Jobs", "zhida.example.cn", "京ICP备19000001号-1", "京公网安备11010502000001号", "（京）人服证字〔2019〕第0105000001号"),
            "other": footer("职达人才网", "Zhida Talent", "zhidarc.example.cn", "京ICP备19000002号-1", "京公网安备11010502000002号", "（京）人服证字〔2019〕第0105000002号"),
        },
    }))
}

fn footer(brand: &str, brand_en: &str, domain: &str, icp: &str, police: &str, hr_licence: &str) -> serde_json::Value {
    json!({
        "brand": brand,
        "brandEn": brand_en,
        "domain": domain,
        "icp": icp,
        "icpUrl": "https://beian.miit.gov.cn/",
        "police": police,
        "policeUrl": "https://beian.mps.gov.cn/",
        "licenceUrl": format!("https://{domain}/licence"),
        "hrLicence": hr_licence,
        "hotline": "400-800-0000 / 010-80000000",
    })
}
