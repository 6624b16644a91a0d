//! Section headings, in Chinese or English or both ("工作经历 WORK EXPERIENCE"), with the
//! decoration templates put around them (【】, ■, numbering, rules of dashes).

/// What a part of the resume is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Part {
    Basic,
    Intention,
    Assessment,
    Work,
    Education,
    Project,
    Skill,
    Language,
    Certificate,
    Training,
    /// Awards, campus life, hobbies, anything else: kept as additional information.
    Additional,
}

const HEADINGS: &[(Part, &[&str])] = &[
    (Part::Basic, &["基本信息", "个人信息", "个人资料", "基本资料", "个人概况", "个人基本信息", "联系方式", "联系信息",
        "personalinformation", "personalinfo", "basicinformation", "basicinfo", "personaldetails", "personaldata", "contact", "contactinformation", "contactinfo", "contactdetails"]),
    (Part::Intention, &["求职意向", "求职目标", "期望工作", "职业意向", "应聘意向", "求职岗位", "期望职位", "求职方向", "意向岗位",
        "jobobjective", "careerobjective", "objective", "jobintention", "desiredposition", "jobtarget", "careergoal", "careergoals", "jobpreference", "jobpreferences"]),
    (Part::Assessment, &["自我评价", "自我介绍", "个人评价", "个人简介", "个人总结", "个人优势", "自我描述", "个人陈述", "自我总结",
        "selfassessment", "selfevaluation", "summary", "professionalsummary", "profile", "aboutme", "personalstatement", "personalprofile", "careersummary"]),
    (Part::Work, &["工作经历", "工作经验", "工作履历", "职业经历", "实习经历", "实习经验", "工作背景", "工作实习经历", "实习工作经历", "工作及实习经历",
        "workexperience", "professionalexperience", "employmenthistory", "experience", "internship", "internships", "internshipexperience", "workhistory", "careerhistory", "employment", "relevantexperience"]),
    (Part::Education, &["教育背景", "教育经历", "学习经历", "教育情况", "学历背景", "教育",
        "education", "educationbackground", "educationalbackground", "academicbackground", "educationhistory"]),
    (Part::Project, &["项目经验", "项目经历", "主要项目", "项目", "项目介绍", "项目实践",
        "projects", "projectexperience", "project", "keyprojects", "projecthistory"]),
    (Part::Skill, &["专业技能", "技能特长", "技能", "个人技能", "技能专长", "专业技能及特长", "技术能力", "技能证书", "技能与证书", "技能及证书", "职业技能", "技术技能", "it技能",
        "skills", "technicalskills", "coreskills", "skillset", "skillsandcertificates", "skillscertificates", "professionalskills", "competencies"]),
    (Part::Language, &["语言能力", "语言技能", "外语水平", "外语能力", "语言", "languages", "language", "languageskills", "languageproficiency"]),
    (Part::Certificate, &["证书", "资格证书", "获得证书", "所获证书", "证书资质", "职业证书", "荣誉证书", "资质证书", "证书与荣誉", "证书及荣誉",
        "certificates", "certifications", "certificate", "licenses", "certificatesandawards", "licensesandcertifications"]),
    (Part::Training, &["培训经历", "培训经验", "培训", "training", "trainings", "trainingexperience", "professionaldevelopment"]),
    (Part::Additional, &["获奖情况", "荣誉奖项", "所获荣誉", "获奖经历", "奖项荣誉", "荣誉奖励", "校园经历", "在校经历", "社会实践", "兴趣爱好", "爱好", "其他", "其他信息", "附加信息", "个人爱好", "荣誉",
        "awards", "honors", "honours", "awardsandhonors", "honorsandawards", "hobbies", "interests", "additionalinformation", "additional", "extracurricularactivities", "activities", "others", "campusexperience", "leadership"]),
];

/// The part a line heads, when the line is a heading and nothing else.
pub fn heading(line: &str) -> Option<Part> {
    if line.chars().count() > 40 {
        return None;
    }
    let mut n: String = line
        .chars()
        .filter(|c| !c.is_whitespace() && !"【】[]()（）<>《》■□●○◆◇★☆▶►▸▪•·|｜:：_—–-=*#~、/&＆+.。,，".contains(*c))
        .flat_map(char::to_lowercase)
        .collect();
    // Numbering: 一、 二、, 1. 2., (一).
    let numbering = n.trim_start_matches(|c: char| c.is_ascii_digit() || "一二三四五六七八九十".contains(c));
    if numbering.len() != n.len() && !numbering.is_empty() {
        n = numbering.to_string();
    }
    n = n.replace("and", "");
    if n.is_empty() {
        return None;
    }
    let find = |key: &str| HEADINGS.iter().find(|(_, words)| words.iter().any(|w| w.replace("and", "") == key)).map(|(p, _)| *p);
    if let Some(p) = find(&n) {
        return Some(p);
    }
    // Both languages on one line: the Chinese part decides, the English part must be a heading too.
    let zh: String = n.chars().filter(|c| !c.is_ascii()).collect();
    let en: String = n.chars().filter(char::is_ascii).collect();
    if !zh.is_empty() && !en.is_empty() {
        let p = find(&zh)?;
        return find(&en).is_some().then_some(p);
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn knows_headings() {
        assert_eq!(heading("工作经历"), Some(Part::Work));
        assert_eq!(heading("【工作经验】"), Some(Part::Work));
        assert_eq!(heading("■ 教育背景 ■"), Some(Part::Education));
        assert_eq!(heading("Work Experience"), Some(Part::Work));
        assert_eq!(heading("WORK EXPERIENCE"), Some(Part::Work));
        assert_eq!(heading("工作经历 / Work Experience"), Some(Part::Work));
        assert_eq!(heading("二、项目经验"), Some(Part::Project));
        assert_eq!(heading("Skills & Certificates"), Some(Part::Skill));
        assert_eq!(heading("自我评价："), Some(Part::Assessment));
        assert_eq!(heading("工作经验：5年"), None);
        assert_eq!(heading("负责项目的需求分析与设计"), None);
    }
}
