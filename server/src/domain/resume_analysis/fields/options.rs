//! Words in a resume mapped onto the resume's option codes (core-wasm's OPTIONS): education
//! levels, cities, industries, languages and their levels. What matches none stays text.

/// Education level words, most specific first (MBA before 硕士, 硕士 before 学士...).
const LEVELS: &[(&str, &[&str])] = &[
    ("doctor", &["博士研究生", "博士后", "博士", "ph.d", "phd", "doctorate", "doctor of", "d.phil"]),
    ("mba", &["emba", "mba", "工商管理硕士"]),
    ("master", &["硕士研究生", "硕士", "研究生", "master", "m.s.", "msc", "m.sc", "m.eng", "meng", "m.a.", "mphil"]),
    ("bachelor", &["本科", "学士", "bachelor", "b.s.", "bsc", "b.sc", "b.eng", "beng", "b.a.", "undergraduate"]),
    ("college", &["大专", "专科", "高职", "associate degree", "associate"]),
    ("secondary", &["中专", "中技", "技校", "职高", "职业高中"]),
    ("highSchool", &["高中", "high school"]),
    ("junior", &["初中", "junior high", "middle school"]),
];

/// The education level a text names, if one.
pub fn education_level(text: &str) -> Option<&'static str> {
    let t = text.to_lowercase();
    LEVELS.iter().find(|(_, words)| words.iter().any(|w| t.contains(w))).map(|(code, _)| *code)
}

/// How high a level is, to find the highest.
pub fn level_rank(code: &str) -> usize {
    ["junior", "highSchool", "secondary", "college", "bachelor", "master", "mba", "doctor"].iter().position(|c| *c == code).unwrap_or(0)
}

const CITIES: &[(&str, &[&str])] = &[
    ("beijing", &["北京", "beijing", "peking"]),
    ("shanghai", &["上海", "shanghai"]),
    ("guangzhou", &["广州", "guangzhou", "canton"]),
    ("shenzhen", &["深圳", "shenzhen"]),
    ("hangzhou", &["杭州", "hangzhou"]),
    ("chengdu", &["成都", "chengdu"]),
    ("wuhan", &["武汉", "wuhan"]),
    ("nanjing", &["南京", "nanjing"]),
    ("xian", &["西安", "xi'an", "xian"]),
    ("suzhou", &["苏州", "suzhou"]),
    ("tianjin", &["天津", "tianjin"]),
    ("chongqing", &["重庆", "chongqing"]),
];

/// The city code of a listed city named in the text.
pub fn city(text: &str) -> Option<&'static str> {
    let t = text.to_lowercase();
    CITIES.iter().find(|(_, words)| words.iter().any(|w| t.contains(w))).map(|(code, _)| *code)
}

/// Cities beyond the list, to tell a place from other text (a place is then "other" plus its name).
const OTHER_CITIES: &[&str] = &[
    "厦门", "青岛", "大连", "宁波", "无锡", "长沙", "郑州", "济南", "合肥", "福州", "沈阳", "哈尔滨", "长春",
    "昆明", "南昌", "南宁", "贵阳", "石家庄", "太原", "兰州", "海口", "珠海", "东莞", "佛山", "常州", "温州",
    "香港", "澳门", "台北", "乌鲁木齐", "呼和浩特", "银川", "西宁", "拉萨", "烟台", "徐州", "惠州", "中山",
];

/// Whether a short text is a place name, listed or not.
pub fn is_place(text: &str) -> bool {
    let t = text.trim().trim_end_matches(['市', '省']);
    (t.chars().count() <= 8 && city(t).is_some()) || OTHER_CITIES.contains(&t)
}

const INDUSTRIES: &[(&str, &[&str])] = &[
    ("internet", &["互联网", "it", "软件", "计算机", "电子商务", "游戏", "internet", "software"]),
    ("finance", &["金融", "银行", "证券", "保险", "基金", "投资", "finance", "bank"]),
    ("manufacturing", &["制造", "机械", "汽车", "电子", "家电", "电器", "manufactur"]),
    ("education", &["教育", "培训", "education"]),
    ("health", &["医疗", "医药", "健康", "生物", "health", "medical"]),
    ("retail", &["零售", "快消", "消费品", "retail"]),
    ("realEstate", &["房地产", "建筑", "real estate"]),
    ("energy", &["能源", "环保", "电力", "energy"]),
    ("logistics", &["物流", "交通", "运输", "logistics"]),
    ("media", &["传媒", "广告", "文化", "媒体", "media"]),
    ("government", &["政府", "非营利", "公共", "government"]),
];

pub fn industry(text: &str) -> Option<&'static str> {
    let t = text.to_lowercase();
    INDUSTRIES.iter().find(|(_, words)| words.iter().any(|w| if w.is_ascii() { t.split(|c: char| !c.is_ascii_alphanumeric()).any(|x| x == *w) || (w.len() > 4 && t.contains(w)) } else { t.contains(w) })).map(|(code, _)| *code)
}

pub const LANGUAGES: &[(&str, &[&str])] = &[
    ("english", &["英语", "英文", "english"]),
    ("japanese", &["日语", "日文", "japanese"]),
    ("korean", &["韩语", "韩文", "korean"]),
    ("french", &["法语", "french"]),
    ("german", &["德语", "german"]),
    ("russian", &["俄语", "russian"]),
    ("spanish", &["西班牙语", "spanish"]),
    ("mandarin", &["普通话", "mandarin"]),
    ("cantonese", &["粤语", "cantonese"]),
];

static SCORE: std::sync::LazyLock<regex::Regex> = std::sync::LazyLock::new(|| super::re(r"\d\.\d|\d{2,3}"));

/// A language level named in words, or implied by a test.
pub fn language_level(text: &str) -> Option<&'static str> {
    let t = text.to_lowercase();
    let has = |ws: &[&str]| ws.iter().any(|w| t.contains(w));
    if has(&["母语", "native"]) {
        Some("native")
    } else if has(&["精通", "流利", "fluent", "proficient", "tem-8", "tem8", "专八", "专业八级", "n1"]) {
        Some("fluent")
    } else if has(&["熟练", "良好", "good", "cet-6", "cet6", "六级", "ielts", "雅思", "toefl", "托福", "n2", "tem-4", "专四"]) {
        Some("good")
    } else if has(&["一般", "cet-4", "cet4", "四级", "fair", "n3", "intermediate"]) {
        Some("fair")
    } else if has(&["入门", "基础", "basic", "elementary", "n4", "n5"]) {
        Some("basic")
    } else {
        None
    }
}

/// A language test named in the text, and the score after it.
pub fn language_test(text: &str) -> Option<(String, Option<String>)> {
    const TESTS: &[(&str, &str)] = &[
        ("cet-6", "CET-6"), ("cet6", "CET-6"), ("六级", "CET-6"), ("cet-4", "CET-4"), ("cet4", "CET-4"), ("四级", "CET-4"),
        ("tem-8", "TEM-8"), ("专八", "TEM-8"), ("专业八级", "TEM-8"), ("tem-4", "TEM-4"), ("专四", "TEM-4"),
        ("ielts", "IELTS"), ("雅思", "IELTS"), ("toefl", "TOEFL"), ("托福", "TOEFL"), ("toeic", "TOEIC"), ("托业", "TOEIC"),
        ("jlpt n1", "JLPT N1"), ("n1", "JLPT N1"), ("jlpt n2", "JLPT N2"), ("n2", "JLPT N2"), ("topik", "TOPIK"),
    ];
    let t = text.to_lowercase();
    let (at, name) = TESTS.iter().filter_map(|(w, n)| t.find(w).map(|i| (i + w.len(), *n))).min_by_key(|(i, _)| *i)?;
    let rest: String = t[at..].chars().take(16).collect();
    let score = SCORE.find(&rest).map(|m| m.as_str().to_string());
    Some((name.to_string(), score))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn maps_words_to_codes() {
        assert_eq!(education_level("统招本科"), Some("bachelor"));
        assert_eq!(education_level("硕士研究生"), Some("master"));
        assert_eq!(education_level("Master of Science"), Some("master"));
        assert_eq!(education_level("MBA"), Some("mba"));
        assert_eq!(city("现居 北京市朝阳区"), Some("beijing"));
        assert_eq!(city("Shenzhen, China"), Some("shenzhen"));
        assert!(is_place("厦门市"));
        assert_eq!(industry("互联网/电子商务"), Some("internet"));
        assert_eq!(language_level("英语CET-6，读写熟练"), Some("good"));
        assert_eq!(language_test("大学英语六级 (CET-6) 568分"), Some(("CET-6".into(), Some("568".into()))));
        assert_eq!(language_test("IELTS 7.5"), Some(("IELTS".into(), Some("7.5".into()))));
    }
}
