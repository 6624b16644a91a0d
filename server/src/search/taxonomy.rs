//! The vocabulary of the job site: cities, job categories, industries and the filter
//! values of a search, each with its English label. The search filters, the home page's
//! browse lists and the data generator (scripts/seed) all read it from here.

use serde::Serialize;

/// A value as stored in the data (Chinese) and its English label.
#[derive(Debug, Clone, Copy, Serialize, utoipa::ToSchema)]
pub struct Label {
    pub value: &'static str,
    pub en: &'static str,
}

const fn l(value: &'static str, en: &'static str) -> Label {
    Label { value, en }
}

/// Cities, the busiest job markets first, with a relative weight for generated data.
pub const CITIES: &[(Label, u32)] = &[
    (l("北京", "Beijing"), 16), (l("上海", "Shanghai"), 16), (l("深圳", "Shenzhen"), 13), (l("广州", "Guangzhou"), 11),
    (l("杭州", "Hangzhou"), 10), (l("成都", "Chengdu"), 8), (l("南京", "Nanjing"), 6), (l("武汉", "Wuhan"), 6),
    (l("西安", "Xi'an"), 5), (l("苏州", "Suzhou"), 5), (l("天津", "Tianjin"), 4), (l("重庆", "Chongqing"), 4),
    (l("长沙", "Changsha"), 4), (l("郑州", "Zhengzhou"), 3), (l("青岛", "Qingdao"), 3), (l("厦门", "Xiamen"), 3),
    (l("合肥", "Hefei"), 3), (l("济南", "Jinan"), 2), (l("东莞", "Dongguan"), 2), (l("佛山", "Foshan"), 2),
    (l("宁波", "Ningbo"), 2), (l("大连", "Dalian"), 2), (l("沈阳", "Shenyang"), 2), (l("福州", "Fuzhou"), 2),
    (l("昆明", "Kunming"), 1), (l("无锡", "Wuxi"), 1),
];

/// Districts or business areas of a city, for generated addresses.
pub const DISTRICTS: &[(&str, &[&str])] = &[
    ("北京", &["海淀区中关村大街", "朝阳区望京街", "朝阳区建国路", "东城区东直门南大街", "昌平区回龙观西大街"]),
    ("上海", &["浦东新区张江高科路", "徐汇区漕河泾开发区", "静安区南京西路", "杨浦区五角场", "闵行区紫竹科学园"]),
    ("深圳", &["南山区科技园", "福田区深南大道", "龙岗区坂田街道", "宝安区西乡街道"]),
    ("广州", &["天河区珠江新城", "海珠区琶洲大道", "番禺区万博商务区", "黄埔区科学城"]),
    ("杭州", &["余杭区文一西路", "滨江区网商路", "西湖区文三路", "萧山区钱江世纪城"]),
    ("成都", &["高新区天府大道", "武侯区科华北路", "锦江区春熙路"]),
];

/// A job category, the titles used for it and the skills its jobs ask for.
#[derive(Debug, Clone, Copy, Serialize, utoipa::ToSchema)]
pub struct Category {
    pub value: &'static str,
    pub en: &'static str,
    #[serde(skip)]
    pub titles: &'static [&'static str],
    #[serde(skip)]
    pub keywords: &'static [&'static str],
    #[serde(skip)]
    pub duties: &'static [&'static str],
    #[serde(skip)]
    pub requirements: &'static [&'static str],
    /// Typical monthly salary in yuan for a 1-3 year hire.
    #[serde(skip)]
    pub base_salary: i32,
}

#[derive(Debug, Clone, Copy, Serialize, utoipa::ToSchema)]
pub struct CategoryGroup {
    pub value: &'static str,
    pub en: &'static str,
    pub categories: &'static [Category],
}

macro_rules! category {
    ($value:literal, $en:literal, $base:literal, titles: [$($t:literal),*], keywords: [$($k:literal),*], duties: [$($d:literal),*], requirements: [$($r:literal),*]) => {
        Category { value: $value, en: $en, base_salary: $base, titles: &[$($t),*], keywords: &[$($k),*], duties: &[$($d),*], requirements: &[$($r),*] }
    };
}

pub const CATEGORY_GROUPS: &[CategoryGroup] = &[
    CategoryGroup { value: "技术", en: "Technology", categories: &[
        category!("前端开发", "Front-end", 16000,
            titles: ["前端开发工程师", "Web前端工程师", "React前端开发", "Vue前端工程师", "小程序开发工程师", "H5前端开发"],
            keywords: ["前端", "JavaScript", "TypeScript", "React", "Vue", "小程序", "CSS", "Node.js"],
            duties: ["负责公司Web产品和小程序的前端开发与维护", "与产品、设计和后端协作，高质量完成页面交互", "优化前端性能，提升页面加载速度和用户体验", "参与前端工程化和组件库建设"],
            requirements: ["熟练掌握JavaScript、HTML和CSS", "熟悉React或Vue等主流框架", "了解前端工程化工具如Webpack、Vite", "有良好的代码习惯和团队协作能力"]),
        category!("后端开发", "Back-end", 18000,
            titles: ["Java开发工程师", "Java高级开发工程师", "Go开发工程师", "Python开发工程师", "PHP开发工程师", "C++开发工程师", "后端开发工程师"],
            keywords: ["Java", "Spring", "Go", "Python", "MySQL", "Redis", "微服务", "分布式", "后端", "Kafka"],
            duties: ["负责核心业务系统的后端设计与开发", "参与系统架构设计，保障服务的高可用和高并发", "编写技术文档，参与代码评审", "排查并解决线上问题，持续优化系统性能"],
            requirements: ["扎实的计算机基础，熟悉常用数据结构与算法", "熟练使用MySQL、Redis等存储", "熟悉微服务和分布式系统者优先", "有大型互联网项目经验者优先"]),
        category!("移动开发", "Mobile", 17000,
            titles: ["Android开发工程师", "iOS开发工程师", "Flutter开发工程师", "鸿蒙应用开发工程师"],
            keywords: ["Android", "iOS", "Kotlin", "Swift", "Flutter", "鸿蒙", "移动端"],
            duties: ["负责公司App的功能开发与迭代", "优化App性能与稳定性", "跟进移动端新技术并推动落地"],
            requirements: ["熟悉Android或iOS开发", "有上线App的完整开发经验", "熟悉Flutter或鸿蒙开发者优先"]),
        category!("测试", "QA & testing", 13000,
            titles: ["测试工程师", "测试开发工程师", "自动化测试工程师", "软件测试工程师"],
            keywords: ["测试", "自动化测试", "Selenium", "Python", "接口测试", "性能测试"],
            duties: ["负责产品的功能测试、接口测试和性能测试", "编写测试用例和测试报告", "搭建和维护自动化测试框架"],
            requirements: ["熟悉软件测试流程和方法", "掌握Python或Java，能编写自动化脚本", "细心耐心，有责任心"]),
        category!("运维", "DevOps & operations", 14000,
            titles: ["运维工程师", "DevOps工程师", "SRE工程师", "云平台运维工程师"],
            keywords: ["运维", "Linux", "Kubernetes", "Docker", "监控", "Shell", "云原生"],
            duties: ["负责线上系统的部署、监控和故障处理", "建设自动化运维平台", "保障服务的稳定性和安全性"],
            requirements: ["熟悉Linux系统管理", "熟悉Docker和Kubernetes", "能编写Shell或Python脚本"]),
        category!("数据分析", "Data analysis", 15000,
            titles: ["数据分析师", "商业数据分析师", "数据开发工程师", "大数据开发工程师"],
            keywords: ["数据分析", "SQL", "Python", "Excel", "BI", "Hadoop", "Spark"],
            duties: ["负责业务数据的统计分析和报表搭建", "挖掘数据价值，为业务决策提供支持", "建设和维护数据仓库"],
            requirements: ["熟练使用SQL和Excel", "熟悉Python数据分析", "逻辑清晰，对数据敏感"]),
        category!("算法", "Algorithms & AI", 28000,
            titles: ["算法工程师", "机器学习工程师", "推荐算法工程师", "计算机视觉算法工程师", "大模型算法工程师", "NLP算法工程师"],
            keywords: ["算法", "机器学习", "深度学习", "Python", "PyTorch", "推荐系统", "大模型", "NLP"],
            duties: ["负责推荐、搜索或视觉算法的研发和优化", "跟踪前沿技术并在业务中落地", "设计实验并评估模型效果"],
            requirements: ["计算机、数学等相关专业硕士及以上学历", "熟悉PyTorch等深度学习框架", "有顶会论文或竞赛获奖者优先"]),
        category!("嵌入式开发", "Embedded", 16000,
            titles: ["嵌入式软件工程师", "嵌入式开发工程师", "单片机开发工程师", "驱动开发工程师"],
            keywords: ["嵌入式", "C", "Linux", "单片机", "ARM", "驱动"],
            duties: ["负责嵌入式产品的软件设计和开发", "编写驱动程序并进行调试", "配合硬件完成产品联调"],
            requirements: ["精通C语言", "熟悉ARM架构和嵌入式Linux", "能看懂硬件原理图"]),
    ]},
    CategoryGroup { value: "产品", en: "Product", categories: &[
        category!("产品经理", "Product manager", 18000,
            titles: ["产品经理", "高级产品经理", "B端产品经理", "C端产品经理", "产品助理"],
            keywords: ["产品经理", "需求分析", "Axure", "原型设计", "用户研究", "数据分析"],
            duties: ["负责产品的需求调研、规划和设计", "撰写产品需求文档并推动研发落地", "跟踪产品数据，持续迭代优化"],
            requirements: ["有互联网产品工作经验", "熟练使用Axure、Figma等工具", "有良好的沟通和逻辑思维能力"]),
        category!("项目管理", "Project management", 16000,
            titles: ["项目经理", "IT项目经理", "PMO专员"],
            keywords: ["项目管理", "PMP", "敏捷", "Scrum"],
            duties: ["负责项目计划制定和进度把控", "协调内外部资源，保障项目按期交付", "识别并管理项目风险"],
            requirements: ["有PMP证书者优先", "熟悉敏捷开发流程", "沟通协调能力强"]),
    ]},
    CategoryGroup { value: "设计", en: "Design", categories: &[
        category!("设计", "UI & visual design", 12000,
            titles: ["UI设计师", "视觉设计师", "交互设计师", "平面设计师", "UX设计师"],
            keywords: ["UI设计", "Figma", "交互设计", "视觉设计", "Photoshop", "用户体验"],
            duties: ["负责App和网页的界面视觉设计", "参与产品交互方案的讨论与制定", "建立和维护设计规范"],
            requirements: ["设计相关专业", "熟练使用Figma、Photoshop等设计工具", "需提供作品集"]),
    ]},
    CategoryGroup { value: "运营", en: "Operations", categories: &[
        category!("新媒体运营", "New media", 9000,
            titles: ["新媒体运营", "短视频运营", "内容运营", "抖音运营"],
            keywords: ["新媒体", "短视频", "抖音", "小红书", "内容运营", "文案"],
            duties: ["负责公司微信公众号、抖音和小红书账号的运营", "策划优质内容，提升粉丝量和互动", "分析运营数据，优化内容策略"],
            requirements: ["熟悉主流新媒体平台规则", "文案功底扎实", "有爆款内容经验者优先"]),
        category!("用户运营", "User operations", 10000,
            titles: ["用户运营", "社群运营", "活动运营"],
            keywords: ["用户运营", "社群", "活动策划", "私域"],
            duties: ["负责用户增长和留存", "策划线上线下活动", "运营私域社群"],
            requirements: ["有互联网运营经验", "数据敏感", "执行力强"]),
        category!("电商运营", "E-commerce operations", 10000,
            titles: ["电商运营", "天猫运营", "京东运营专员", "跨境电商运营"],
            keywords: ["电商运营", "天猫", "京东", "直播带货", "跨境电商"],
            duties: ["负责店铺的日常运营和推广", "策划大促活动，提升销售额", "分析竞品和店铺数据"],
            requirements: ["有电商平台运营经验", "熟悉直通车等推广工具", "抗压能力强"]),
    ]},
    CategoryGroup { value: "销售/市场", en: "Sales & marketing", categories: &[
        category!("销售", "Sales", 9000,
            titles: ["销售代表", "大客户销售", "销售经理", "渠道销售", "电话销售"],
            keywords: ["销售", "大客户", "渠道", "客户开发", "商务谈判"],
            duties: ["负责开发新客户并维护客户关系", "完成部门下达的销售指标", "收集市场信息，反馈客户需求"],
            requirements: ["有销售经验者优先，优秀应届生亦可", "沟通表达能力强", "能适应出差"]),
        category!("市场营销", "Marketing", 11000,
            titles: ["市场专员", "品牌经理", "市场营销经理", "公关专员"],
            keywords: ["市场营销", "品牌", "公关", "市场推广", "活动策划"],
            duties: ["负责品牌推广和市场活动的策划执行", "制定市场营销策略", "维护媒体关系"],
            requirements: ["市场营销相关专业", "有品牌推广经验", "创意和执行力兼备"]),
        category!("客服", "Customer service", 6500,
            titles: ["客服专员", "在线客服", "售后客服", "客服主管"],
            keywords: ["客服", "售后", "客户服务", "沟通"],
            duties: ["通过电话和在线方式解答客户咨询", "处理客户投诉和售后问题", "记录并反馈客户意见"],
            requirements: ["普通话标准", "有耐心和服务意识", "会使用办公软件"]),
    ]},
    CategoryGroup { value: "职能", en: "Corporate functions", categories: &[
        category!("人力资源", "Human resources", 10000,
            titles: ["人力资源专员", "招聘专员", "HRBP", "薪酬福利专员", "人力资源经理"],
            keywords: ["人力资源", "招聘", "HRBP", "薪酬", "绩效", "员工关系"],
            duties: ["负责公司招聘和人才引进", "处理员工入离职和劳动关系", "协助完善绩效和薪酬体系"],
            requirements: ["人力资源相关专业", "熟悉劳动法律法规", "沟通能力强"]),
        category!("行政", "Administration", 7000,
            titles: ["行政专员", "前台", "行政主管", "总经理助理"],
            keywords: ["行政", "办公室管理", "接待", "会议组织"],
            duties: ["负责办公室日常行政事务", "组织会议和员工活动", "管理办公用品和固定资产"],
            requirements: ["大专及以上学历", "熟练使用Office", "做事细心、有条理"]),
        category!("财务", "Finance & accounting", 9500,
            titles: ["会计", "出纳", "财务经理", "税务专员", "成本会计"],
            keywords: ["会计", "财务", "税务", "审计", "出纳", "金蝶", "用友"],
            duties: ["负责公司日常账务处理和报表编制", "办理税务申报", "协助完成审计工作"],
            requirements: ["财务、会计相关专业", "持有初级会计证", "熟练使用金蝶或用友"]),
        category!("法务", "Legal", 13000,
            titles: ["法务专员", "法务经理", "合规专员"],
            keywords: ["法务", "合同审核", "合规", "法律"],
            duties: ["负责公司合同审核和法律风险防控", "处理法律纠纷", "提供法律咨询"],
            requirements: ["法学专业，通过法律职业资格考试", "熟悉公司法和劳动法", "严谨细致"]),
    ]},
    CategoryGroup { value: "金融", en: "Finance", categories: &[
        category!("投资", "Investment", 20000,
            titles: ["投资经理", "行业研究员", "投资分析师"],
            keywords: ["投资", "行业研究", "尽职调查", "财务建模", "CFA"],
            duties: ["负责行业研究和项目筛选", "开展尽职调查并撰写投资报告", "参与投后管理"],
            requirements: ["金融、经济相关专业硕士", "有CFA证书者优先", "研究能力强"]),
        category!("风控", "Risk management", 16000,
            titles: ["风控专员", "风控策略分析师", "反欺诈分析师"],
            keywords: ["风控", "风险管理", "反欺诈", "信贷", "SQL"],
            duties: ["负责风控策略的制定和优化", "监控风险指标，识别异常", "分析逾期和欺诈案例"],
            requirements: ["金融、统计相关专业", "熟练使用SQL和Python", "有信贷风控经验者优先"]),
    ]},
    CategoryGroup { value: "教育/医疗", en: "Education & healthcare", categories: &[
        category!("教师", "Teaching", 9000,
            titles: ["初中数学老师", "英语老师", "小学语文老师", "少儿编程老师", "课程顾问"],
            keywords: ["教师", "教学", "教师资格证", "课程设计", "家校沟通"],
            duties: ["负责学科教学和课后辅导", "设计课程和教案", "与家长保持沟通"],
            requirements: ["持有教师资格证", "普通话二级甲等及以上", "热爱教育事业"]),
        category!("医疗护理", "Medical & nursing", 9000,
            titles: ["护士", "药剂师", "医药代表", "临床监查员", "康复治疗师"],
            keywords: ["护理", "医药", "临床", "执业资格", "GCP"],
            duties: ["负责临床护理或医药推广工作", "遵守医疗规范，保障患者安全", "完成相关记录和报告"],
            requirements: ["医学、药学或护理相关专业", "持有相应执业资格证", "有责任心"]),
    ]},
    CategoryGroup { value: "制造/物流", en: "Manufacturing & logistics", categories: &[
        category!("机械电气", "Mechanical & electrical", 12000,
            titles: ["机械工程师", "电气工程师", "结构工程师", "工艺工程师", "PLC工程师"],
            keywords: ["机械设计", "SolidWorks", "AutoCAD", "电气", "PLC", "自动化"],
            duties: ["负责产品的机械或电气设计", "编制技术文件和工艺流程", "解决生产现场的技术问题"],
            requirements: ["机械、电气或自动化相关专业", "熟练使用AutoCAD和SolidWorks", "能适应现场工作"]),
        category!("质量管理", "Quality", 10000,
            titles: ["质量工程师", "品质主管", "体系工程师"],
            keywords: ["质量管理", "ISO9001", "品质", "IATF16949"],
            duties: ["负责产品质量检验和问题分析", "推进质量体系建设", "处理客户质量投诉"],
            requirements: ["熟悉ISO9001质量体系", "掌握质量工具", "有制造业经验"]),
        category!("物流供应链", "Logistics & supply chain", 9000,
            titles: ["物流专员", "采购专员", "供应链经理", "仓储主管"],
            keywords: ["物流", "采购", "供应链", "仓储", "ERP"],
            duties: ["负责物流调度或采购执行", "管理供应商和库存", "优化供应链成本"],
            requirements: ["物流或供应链相关专业", "熟悉ERP系统", "沟通协调能力强"]),
    ]},
];

pub const INDUSTRIES: &[Label] = &[
    l("互联网", "Internet"), l("电子商务", "E-commerce"), l("人工智能", "Artificial intelligence"), l("云计算", "Cloud computing"),
    l("游戏", "Gaming"), l("通信/电子", "Telecom & electronics"), l("本地生活", "Local services"), l("金融", "Finance"),
    l("教育培训", "Education"), l("医疗健康", "Healthcare"), l("智能制造", "Manufacturing"), l("汽车", "Automotive"),
    l("新能源", "New energy"), l("房地产", "Real estate"), l("物流运输", "Logistics"), l("快消零售", "FMCG & retail"),
];

pub const EXPERIENCE: &[Label] = &[
    l("不限", "Any"), l("应届生", "New graduate"), l("1年以下", "Under 1 year"), l("1-3年", "1-3 years"),
    l("3-5年", "3-5 years"), l("5-10年", "5-10 years"), l("10年以上", "Over 10 years"),
];

pub const EDUCATION: &[Label] = &[
    l("不限", "Any"), l("大专", "Associate"), l("本科", "Bachelor"), l("硕士", "Master"), l("博士", "PhD"),
];

pub const COMPANY_TYPES: &[Label] = &[
    l("民营", "Private"), l("国企", "State-owned"), l("外企", "Foreign-owned"), l("合资", "Joint venture"),
    l("上市公司", "Listed"), l("事业单位", "Public institution"), l("创业公司", "Start-up"),
];

pub const COMPANY_SIZES: &[Label] = &[
    l("20人以下", "Under 20"), l("20-99人", "20-99"), l("100-499人", "100-499"), l("500-999人", "500-999"),
    l("1000-9999人", "1,000-9,999"), l("10000人以上", "10,000+"),
];

/// Job benefits a company picks from when it posts a job (it may also write its own, shown as written).
pub const BENEFITS: &[Label] = &[
    l("五险一金", "Social insurance & housing fund"), l("年终奖", "Year-end bonus"), l("带薪年假", "Paid annual leave"),
    l("弹性工作", "Flexible hours"), l("周末双休", "Weekends off"), l("双休", "Weekends off"), l("免费三餐", "Free meals"),
    l("餐补", "Meal allowance"), l("交通补助", "Transport allowance"), l("交通补贴", "Transport allowance"),
    l("定期体检", "Annual health check"), l("节日福利", "Holiday gifts"), l("股票期权", "Stock options"),
    l("员工旅游", "Team trips"), l("补充医疗", "Supplementary medical insurance"), l("下午茶", "Afternoon tea"),
    l("房补", "Housing allowance"), l("绩效奖金", "Performance bonus"), l("免费班车", "Free shuttle bus"),
    l("班车", "Shuttle bus"), l("包住", "Accommodation provided"),
];

/// Monthly salary ranges in yuan (`lo-hi`, `hi` exclusive, empty `hi` for no upper end).
pub const SALARIES: &[Label] = &[
    l("0-5000", "Under ¥5K"), l("5000-10000", "¥5K-10K"), l("10000-15000", "¥10K-15K"), l("15000-20000", "¥15K-20K"),
    l("20000-30000", "¥20K-30K"), l("30000-50000", "¥30K-50K"), l("50000-", "¥50K+"),
];

/// "Posted within": days.
pub const POSTED_WITHIN: &[Label] = &[l("1", "Last 24 hours"), l("3", "Last 3 days"), l("7", "Last 7 days"), l("30", "Last 30 days")];

/// Shown under the home page's search box.
pub const HOT_KEYWORDS: &[&str] =
    &["Java", "前端", "产品经理", "算法", "新媒体运营", "销售", "会计", "UI设计", "数据分析", "测试", "Python", "人力资源"];

/// The province (or municipality) of each city the site lists: PostalAddress.addressRegion.
const PROVINCES: &[(&str, &str)] = &[
    ("北京", "北京"), ("上海", "上海"), ("天津", "天津"), ("重庆", "重庆"), ("深圳", "广东"), ("广州", "广东"), ("东莞", "广东"),
    ("佛山", "广东"), ("珠海", "广东"), ("惠州", "广东"), ("中山", "广东"), ("杭州", "浙江"), ("宁波", "浙江"), ("温州", "浙江"),
    ("嘉兴", "浙江"), ("绍兴", "浙江"), ("金华", "浙江"), ("成都", "四川"), ("南京", "江苏"), ("苏州", "江苏"), ("无锡", "江苏"),
    ("常州", "江苏"), ("南通", "江苏"), ("徐州", "江苏"), ("武汉", "湖北"), ("西安", "陕西"), ("长沙", "湖南"), ("郑州", "河南"),
    ("青岛", "山东"), ("济南", "山东"), ("烟台", "山东"), ("厦门", "福建"), ("福州", "福建"), ("泉州", "福建"), ("合肥", "安徽"),
    ("沈阳", "辽宁"), ("大连", "辽宁"), ("哈尔滨", "黑龙江"), ("长春", "吉林"), ("石家庄", "河北"), ("太原", "山西"), ("南昌", "江西"),
    ("昆明", "云南"), ("贵阳", "贵州"), ("南宁", "广西"), ("海口", "海南"), ("三亚", "海南"), ("兰州", "甘肃"), ("银川", "宁夏"),
    ("西宁", "青海"), ("乌鲁木齐", "新疆"), ("呼和浩特", "内蒙古"), ("拉萨", "西藏"), ("香港", "香港"), ("澳门", "澳门"),
];

/// The province of a listed city; None for a city the site does not list.
pub fn province_of(city: &str) -> Option<&'static str> {
    PROVINCES.iter().find(|(c, _)| *c == city).map(|(_, p)| *p)
}

pub fn categories() -> impl Iterator<Item = &'static Category> {
    CATEGORY_GROUPS.iter().flat_map(|g| g.categories.iter())
}

#[cfg(test)]
pub fn category(value: &str) -> Option<&'static Category> {
    categories().find(|c| c.value == value)
}

/// Parses a salary range code of [`SALARIES`] into (lo, hi) yuan.
pub fn salary_range(code: &str) -> Option<(u64, Option<u64>)> {
    SALARIES.iter().find(|s| s.value == code)?;
    let (lo, hi) = code.split_once('-')?;
    let lo = lo.parse().ok()?;
    let hi = if hi.is_empty() { None } else { Some(hi.parse().ok()?) };
    Some((lo, hi))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_listed_city_has_its_province() {
        for (city, _) in CITIES {
            assert!(province_of(city.value).is_some(), "{}", city.value);
        }
        assert_eq!(province_of("深圳"), Some("广东"));
        assert_eq!(province_of("北京"), Some("北京"));
        assert_eq!(province_of("火星"), None);
    }

    #[test]
    fn the_demo_categories_and_industries_are_known() {
        for c in ["前端开发", "后端开发", "数据分析", "产品经理", "算法", "嵌入式开发", "测试", "设计", "运维"] {
            assert!(category(c).is_some(), "{c}");
        }
        for i in ["互联网", "云计算", "电子商务", "通信/电子", "本地生活", "金融"] {
            assert!(INDUSTRIES.iter().any(|l| l.value == i), "{i}");
        }
    }

    #[test]
    fn salary_ranges_parse() {
        assert_eq!(salary_range("10000-15000"), Some((10000, Some(15000))));
        assert_eq!(salary_range("50000-"), Some((50000, None)));
        assert_eq!(salary_range("1-2"), None, "only listed ranges");
        for s in SALARIES {
            assert!(salary_range(s.value).is_some(), "{}", s.value);
        }
    }

    #[test]
    fn every_category_can_make_a_job() {
        for c in categories() {
            assert!(!c.titles.is_empty() && !c.keywords.is_empty() && !c.duties.is_empty() && !c.requirements.is_empty(), "{}", c.value);
            assert!(c.base_salary > 0);
        }
    }
}
