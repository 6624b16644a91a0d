//! /ajax/site/config: what the ui needs to know about this deployment.

use actix_web::web;
use serde::Serialize;

use crate::api::{answer, Answer};
use crate::state::AppState;

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SiteConfig {
    pub recruiter_url: String,
    pub campus_url: String,
    pub mobile_base: String,
    pub qr_image: String,
    pub main_hosts: Vec<String>,
    pub footer: Footers,
}

/// The footer of the main brand's hosts and of the others (`mainHosts`).
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct Footers {
    pub main: Footer,
    pub other: Footer,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Footer {
    pub brand: &'static str,
    pub brand_en: &'static str,
    pub domain: &'static str,
    pub icp: &'static str,
    pub icp_url: &'static str,
    pub police: &'static str,
    pub police_url: &'static str,
    pub licence_url: String,
    pub hr_licence: &'static str,
    pub hotline: &'static str,
}

pub async fn config(state: web::Data<AppState>) -> Answer<SiteConfig> {
    let s = &state.settings.site;
    answer(SiteConfig {
        recruiter_url: s.recruiter_url.clone(),
        campus_url: s.campus_url.clone(),
        mobile_base: s.mobile_base.clone(),
        qr_image: s.qr_image.clone(),
        main_hosts: s.main_hosts.clone(),
        footer: Footers {
            main: footer("职达招聘", "Zhida Jobs", "zhida.example.cn", "京ICP备19000001号-1", "京公网安备11010502000001号", "（京）人服证字〔2019〕第0105000001号"),
            other: footer("职达人才网", "Zhida Talent", "zhidarc.example.cn", "京ICP备19000002号-1", "京公网安备11010502000002号", "（京）人服证字〔2019〕第0105000002号"),
        },
    })
}

fn footer(brand: &'static str, brand_en: &'static str, domain: &'static str, icp: &'static str, police: &'static str, hr_licence: &'static str) -> Footer {
    Footer {
        brand,
        brand_en,
        domain,
        icp,
        icp_url: "https://beian.miit.gov.cn/",
        police,
        police_url: "https://beian.mps.gov.cn/",
        licence_url: format!("https://{domain}/licence"),
        hr_licence,
        hotline: "400-800-0000 / 010-80000000",
    }
}
