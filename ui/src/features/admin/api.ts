import { call as callAjax } from '@/lib/api/call';
import type { AjaxPath, AnswerOf } from '@/lib/api/answers';
import type { Payload } from '@/lib/core';

/** The console's answers are generated (lib/api/answers.ts); re-exported here under the names its pages use. */
export type {
  Account,
  AccountDetail,
  Admin,
  AdminOrder,
  AdminRow,
  AuditRow,
  HeldJob,
  OrderKind,
  ReviewStatus,
  StatsDay,
  SiteFunnel,
  TrialApplication,
} from '@/lib/api/answers';
import type { Account, Admin, AdminLogin, ChatReport as ChatReportRow, AdminRole, AdminOrder, CompanyReviewRow, OrderKind, ReviewStatus, Enrollment, JobReport, SiteJobStats, SiteStats, SiteTotals, TrialApplication } from '@/lib/api/answers';

export type Role = AdminRole;
export type Enroll = Enrollment;
export type CompanyReview = CompanyReviewRow;
export type Report = JobReport;
export type ChatReport = ChatReportRow;
export type Stats = SiteTotals;
export type DailyStats = SiteStats;
export type JobStats = SiteJobStats;
export type JobFunnel = SiteJobStats['top'][number];
export type Refund = NonNullable<AdminOrder['refund']>;
export type TrialStatus = TrialApplication['status'];
/** 1 pending payment, 2 paid, 3 expired, 4 cancelled, 5 refunded. */
export type OrderStatusCode = AdminOrder['status'];

/**
 * An admin call, its answer typed by its path. The transport answers nothing for a 401/403 (no session,
 * or FORBIDDEN_ROLE): that is turned into an error with the code, so the page can word it.
 */
async function call<P extends AjaxPath>(path: P, body: Payload = {}): Promise<NonNullable<AnswerOf<P>>> {
  const answer = await callAjax(path, body);
  if (answer === undefined || answer === null) throw { code: 'NOT_LOGGED_IN' };
  return answer as NonNullable<AnswerOf<P>>;
}

/** `/admin/me`: the admin of this session, or null. */
export async function getMe(): Promise<Admin | null> {
  const me = await callAjax('/admin/me');
  return me ?? null;
}

export function login(input: { username: string; password: string; otp: string }): Promise<AdminLogin> {
  return call('/admin/login', input);
}

export const logout = () => callAjax('/admin/logout');
export const stats = () => call('/admin/stats');
export const searchUsers = (q: string) => call('/admin/user/search', { q });
export const userDetail = (kind: Account['kind'], id: number) => call('/admin/user/detail', { kind, id });
export const disableUser = (mobile: string, reason: string) => call('/admin/user/disable', { mobile, reason });
export const enableUser = (mobile: string) => call('/admin/user/enable', { mobile });
export const unlockUser = (mobile: string) => call('/admin/user/unlock', { mobile });
export const companyQueue = (status: ReviewStatus, page: number, pagesize: number) => call('/admin/company/queue', { status, page, pagesize });
export const reviewCompany = (companyId: number, decision: 'verified' | 'rejected', reason: string, note: string) =>
  call('/admin/company/review', { companyId, decision, reason, note });
export const reports = (page: number, pagesize: number) => call('/admin/report/list', { page, pagesize });
export const takeDown = (jobId: number, reason: string) => call('/admin/job/takedown', { jobId, reason });
export const heldJobs = (page: number, pagesize: number) => call('/admin/job/queue', { page, pagesize });
export const approveJob = (jobId: number, reason: string) => call('/admin/job/approve', { jobId, reason });
export const disableCompany = (companyId: number, reason: string) => call('/admin/company/disable', { companyId, reason });
export const enableCompany = (companyId: number) => call('/admin/company/enable', { companyId });
export const dismissReport = (reportId: number, reason: string) => call('/admin/report/dismiss', { reportId, reason });
export const chatReports = (page: number, pagesize: number) => call('/admin/chatreport/list', { page, pagesize });
export const handleChatReport = (reportId: number, action: 'dismiss' | 'disable', reason: string) => call('/admin/chatreport/handle', { reportId, action, reason });
export const blackWords = (category: '' | 'money' = '') => call('/admin/blackword/list', { category });
export const addBlackWord = (word: string, category: '' | 'money' = '') => call('/admin/blackword/add', { word, category });
export const removeBlackWord = (word: string) => call('/admin/blackword/remove', { word });
export const auditLog = (q: string, page: number, pagesize: number) => call('/admin/audit/list', { q, page, pagesize });
export const admins = () => call('/admin/admins/list');
export const createAdmin = (input: { username: string; password: string; role: Role }) => call('/admin/admins/create', input);
export const disableAdmin = (id: number, reason: string) => call('/admin/admins/disable', { id, reason });
export const enableAdmin = (id: number) => call('/admin/admins/enable', { id });

/** What each role may do (the server's `require` lists); pages and menu entries beyond the role are hidden. */
export const CAN = {
  users: ['super', 'support', 'reviewer'],
  userWrite: ['super', 'support'],
  companies: ['super', 'reviewer', 'support'],
  companyWrite: ['super', 'reviewer'],
  // Disabling a company disables its members' accounts: the account powers.
  companyDisable: ['super', 'support'],
  // Support reads the reports, held jobs and black words; only reviewers and super admins act on them.
  reports: ['super', 'reviewer', 'support'],
  reportWrite: ['super', 'reviewer'],
  // A chat report's reported account is disabled with the account powers.
  chatReportDisable: ['super', 'support'],
  blackWords: ['super', 'reviewer', 'support'],
  blackWordWrite: ['super', 'reviewer'],
  audit: ['super', 'reviewer', 'support'],
  admins: ['super'],
  // Orders (issue 19): super admins and support read them; only super admins refund.
  orders: ['super', 'support'],
  refund: ['super'],
} as const satisfies Record<string, readonly Role[]>;

export type Power = keyof typeof CAN;

export function can(role: Role | undefined, power: Power): boolean {
  return !!role && (CAN[power] as readonly Role[]).includes(role);
}

// Trial applications of companies (issue 16).
export const trialList = (status: TrialStatus) => call('/admin/trial/list', { status });
export const decideTrial = (companyId: number, decision: 'approved' | 'rejected', reason: string) => call('/admin/trial/decide', { companyId, decision, reason });

// The statistics page (issue 23): /admin/statsDaily and /admin/jobStats.
export const dailyStats = (days: number) => call('/admin/statsDaily', { days });
export const jobStats = (days: number) => call('/admin/jobStats', { days });
// Orders and refunds (issue 19): every order, candidates' and companies'.
export const ORDER_STATUSES: readonly OrderStatusCode[] = [1, 2, 3, 4, 5];
export interface OrderFilter {
  kind: OrderKind;
  status?: OrderStatusCode;
  q: string;
  from: string;
  to: string;
}
export const orderList = (f: OrderFilter, page: number, pagesize: number) =>
  call('/admin/order/list', { kind: f.kind, status: f.status ?? '', q: f.q, from: f.from, to: f.to, page, pagesize });
export const orderDetail = (orderNo: string) => call('/admin/order/detail', { orderNo });
export const refundOrder = (orderNo: string, amountFen: number, reason: string) => call('/admin/order/refund', { orderNo, amountFen, reason });
