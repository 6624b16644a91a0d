/**
 * The server's answers, by the names the ui knows them by: generated from the OpenAPI document
 * (`./schema.d.ts`, from `./openapi.json`; README.md), never written by hand. A call's answer type
 * follows from its path (`AnswerOf<'/job/detail'>`), and `call` (./call.ts) returns it, so a change
 * in an answer that the ui does not follow fails `tsc` (`npm test`).
 */
import type { components, paths } from './schema';

type Schemas = components['schemas'];

/** Every call's path under /ajax, as the ui writes it (`'/job/detail'`). */
export type AjaxPath = { [K in keyof paths]: K extends `/ajax${infer P}` ? P : never }[keyof paths];

type Json200<Op> = Op extends { responses: { 200: { content: { 'application/json': infer Body } } } } ? Body : never;
type PostOf<Item> = Item extends { post: infer Op } ? Op : never;

/** The `result` of a call's answer: the server's type for typed calls, `unknown` for the others. */
export type AnswerOf<P extends AjaxPath> = Json200<PostOf<paths[`/ajax${P}`]>> extends { result: infer R } ? R : never;

// The job site (public face).
export type SiteConfig = Schemas['SiteConfig'];
export type Footer = Schemas['Footer'];
export type Filters = Schemas['SearchFilters'];
export type Label = Schemas['Label'];
export type CategoryGroup = Schemas['CategoryGroup'];
export type Home = Schemas['HomePage'];
export type JobCard = Schemas['JobCard'];
export type CompanyCard = Schemas['CompanyCard'];
/** A company's page: its card fields, open jobs, badge, pictures and video. */
export type CompanyInfo = Schemas['CompanyPage'];
export type CompanyPictures = Schemas['CompanyPictures'];
export type CompanyPicture = Schemas['Picture'];
export type CompanyVideo = Schemas['CompanyVideo'];
export type JobPage = Schemas['JobList'];
export type SearchAnswer = Schemas['SearchResults'];
export type JobDetail = Schemas['JobDetail'];
export type MyResume = Schemas['MyResume'];
export type CompanyAnswer = Schemas['CompanyDetail'];
export type UserRecord = Schemas['UserRecord'];
export type SliderChallenge = Schemas['Challenge'];

// The personal centre (candidate face).
export type AccountInfo = Schemas['AccountInfo'];
export type WeiXinSetting = Schemas['WeixinSetting'];
export type WxCode = Schemas['WxCode'];
export type BindWxInfo = Schemas['BindWxInfo'];
export type WxScanStatus = Schemas['ScanStatus'];
export type ApplyItem = Schemas['ApplicationItem'];
export type ApplyPage = Schemas['ApplyList'];
export type SavedJob = Schemas['SavedJobItem'];
export type SavedPage = AnswerOf<'/pcuser/saveList'>;
export type Block = Schemas['ShieldItem'];
export type FoundCompany = Schemas['CompanyToBlock'];
export type ResumeOpenness = Schemas['ResumeOpenness'];
export type Service = Schemas['Service'];
export type Order = Schemas['OrderItem'];
export type OrderPage = AnswerOf<'/order/orderList'>;
export type CreatedOrder = Schemas['OrderCreated'];
export type MyAssessment = Schemas['MySend'];
export type SendState = MyAssessment['state'];
export type Paper = Schemas['Paper'];
export type PaperQuestion = Schemas['PaperQuestion'];
export type Resume = Schemas['ResumeView'];
export type ResumeFile = Schemas['FileView'];
export type ResumeListItem = Schemas['ResumeListItem'];
export type SectionSaved = Schemas['SectionSaved'];
export type FoundSections = Schemas['FileAnalysis']['sections'];

// The recruiter site (employer face).
export type Member = Schemas['MemberRecord'];
export type MemberRole = Schemas['Role'];
export type Invitation = Schemas['InvitationView'];
export type Company = Schemas['CompanyProfile'];
export type CompanyReview = Schemas['CompanyReview'];
export type JobState = Schemas['JobState'];
export type JobRow = Schemas['JobRow'];
export type CompanyJobList = Schemas['CompanyJobList'];
export type PostedJob = Schemas['PostedJob'];
export type JobSaved = Schemas['JobSaved'];
export type StageCount = Schemas['StageCount'];
export type Moved = Schemas['Moved'];
export type PipelineStage = Schemas['PipelineStage'];
export type ApplicationCard = Schemas['ApplicationCard'];
export type CardScore = Schemas['CardScore'];
export type UploadCard = Schemas['UploadCard'];
/** A card of the board: a candidate's application (`source: 'apply'`) or an uploaded private candidate (`'upload'`). */
export type BoardCard = Schemas['BoardCard'];
export type BoardPage = AnswerOf<'/comresume/applyresume'>;
export type ApplicationDetail = Schemas['ApplicationDetail'];
export type PipelineNote = Schemas['PipelineNote'];
export type PipelineMove = Schemas['PipelineMove'];
export type ResumeHit = Schemas['ResumeHit'];
export type ResumeHitPage = AnswerOf<'/comresume/search'>;
export type JobFunnel = Schemas['JobFunnel'];
export type HiringFunnel = Schemas['HiringFunnel'];
export type HiringSteps = Schemas['HiringSteps'];
export type NoticeTemplate = Schemas['NoticeTemplate'];
export type NoticeTemplates = Schemas['Templates'];
export type NoticeRecord = Schemas['NoticeRecord'];
export type NoticePage = AnswerOf<'/comnotice/list'>;
export type Interviewer = Schemas['InterviewerRecord'];
export type SavedInterviewer = Schemas['SavedInterviewer'];
export type InterviewCard = Schemas['InterviewCard'];
export type InterviewCalendar = Schemas['InterviewCalendar'];
export type InterviewDetail = Schemas['InterviewDetail'];
export type AssessmentSummary = Schemas['AssessmentSummary'];
export type Assessment = Schemas['Assessment'];
export type AssessmentQuestion = Schemas['AssessmentQuestion'];
export type CompanySend = Schemas['CompanySend'];
export type SavedAnswer = Schemas['AssessmentAnswer'];
export type PlanStatus = Schemas['PlanStatus'];
export type Quotas = Schemas['Quotas'];
export type CompanyTrial = Schemas['CompanyTrial'];
export type PaidPlan = Schemas['PaidPlan'];
export type CompanyOrder = Schemas['CompanyOrderItem'];
export type CompanyOrderPage = AnswerOf<'/complan/order/list'>;
export type PlanOrderCreated = Schemas['PlanOrderCreated'];
export type ResumeAnalysis = Schemas['ResumeAnalysis'];
export type TalentItem = Schemas['TalentItem'];
export type TalentPage = AnswerOf<'/comtalent/list'>;
export type TalentView = Schemas['TalentView'];
export type TalentPipelineEntry = Schemas['TalentPipelineEntry'];
export type TalentDuplicate = Schemas['TalentDuplicate'];
export type TalentSaved = Schemas['TalentSaved'];

// The admin console (admin face).
export type AdminLogin = Schemas['AdminLogin'];
export type Admin = Schemas['AdminRecord'];
export type AdminRole = Schemas['AdminRole'];
export type Enrollment = Schemas['Enrollment'];
export type Account = Schemas['AccountRow'];
export type AccountDetail = Schemas['AccountDetail'];
export type AuditRow = Schemas['AuditRow'];
export type CompanyReviewRow = Schemas['CompanyReviewRow'];
export type ReviewStatus = Schemas['ReviewStatus'];
export type TrialApplication = Schemas['TrialRow'];
export type AdminOrder = Schemas['AdminOrder'];
export type OrderKind = Schemas['OrderKind'];
export type OrderRefund = Schemas['OrderRefund'];
export type HeldJob = Schemas['HeldJobRow'];
export type JobReport = Schemas['JobReportRow'];
/** A chat report (举报 from a thread): the parties, the reason and the copied messages, nothing else of the chat. */
export type ChatReport = Schemas['AdminChatReport'];
export type AdminRow = Schemas['AdminRow'];
export type SiteTotals = Schemas['SiteTotals'];
export type SiteJobStats = Schemas['SiteJobStats'];
export type SiteStats = Schemas['SiteStats'];
export type StatsDay = Schemas['StatsDay'];
export type SiteFunnel = Schemas['SiteFunnel'];
