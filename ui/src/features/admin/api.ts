import { request } from '@/lib/core';

export type Role = 'super' | 'reviewer' | 'support';

export interface Admin {
  id: number;
  username: string;
  role: Role;
}

export interface Enroll {
  secret: string;
  otpauthUrl: string;
}

export interface Page<T> {
  total: number;
  list: T[];
}

export interface Account {
  kind: 'candidate' | 'member';
  id: number;
  mobile: string;
  name: string;
  email: string;
  company: string;
  disabled: boolean;
  disabledReason: string;
  createdAt: number;
}

/** `/admin/user/detail`: the account, what it holds (a candidate's counts, a member's company and role), its audit rows. */
export interface AccountDetail extends Account {
  resumes: number | null;
  applications: number | null;
  companyId: number | null;
  role: string | null;
  audit: AuditRow[];
}

export type ReviewStatus = 'pending' | 'verified' | 'rejected';

export interface CompanyReview {
  companyId: number;
  name: string;
  shortName: string;
  city: string;
  industry: string;
  status: ReviewStatus;
  reason: string;
  note: string;
  reviewedBy: string;
  updatedAt: number;
  createdAt: number;
  /** Where to read the business licence the company sent (reviewers and super admins), or null. */
  licenceUrl: string | null;
  /** an admin disabled the company (all its members) */
  disabled?: boolean;
}

export interface Report {
  id: number;
  jobId: number;
  jobTitle: string;
  company: string;
  reason: string;
  detail: string;
  reporter: string;
  createdAt: number;
}

/** `/admin/job/queue`: a job held because its text hit black words. */
export interface HeldJob {
  jobId: number;
  title: string;
  companyId: number;
  company: string;
  words: string;
  heldAt: number;
}

export interface AuditRow {
  id: number;
  admin: string;
  action: string;
  target: string;
  before: string | null;
  after: string | null;
  reason: string;
  ip: string;
  at: number;
}

export interface Stats {
  candidates: number;
  companies: number;
  members: number;
  openJobs: number;
  applications: number;
  openReports: number;
  pendingCompanies: number;
}

export interface AdminRow {
  id: number;
  username: string;
  role: Role;
  totpEnrolled: boolean;
  disabled: boolean;
  createdAt: number;
}

/**
 * An admin call. The transport answers nothing for a 401/403 (no session, or FORBIDDEN_ROLE): that is
 * turned into an error with the code, so the page can word it.
 */
async function call<T>(path: string, body: Record<string, string | number | undefined> = {}): Promise<T> {
  const answer = await request<T>(`/admin/${path}`, body);
  if (answer === undefined || answer === null) throw { code: 'NOT_LOGGED_IN' };
  return answer;
}

/** `/admin/me`: the admin of this session, or null. */
export async function getMe(): Promise<Admin | null> {
  const me = await request<Admin | null>('/admin/me');
  return me ?? null;
}

export function login(input: { username: string; password: string; otp: string }): Promise<{ admin?: Admin; enroll?: Enroll }> {
  return call('login', input);
}

export const logout = () => request('/admin/logout');
export const stats = () => call<Stats>('stats');
export const searchUsers = (q: string) => call<Account[]>('user/search', { q });
export const userDetail = (kind: Account['kind'], id: number) => call<AccountDetail>('user/detail', { kind, id });
export const disableUser = (mobile: string, reason: string) => call('user/disable', { mobile, reason });
export const enableUser = (mobile: string) => call('user/enable', { mobile });
export const unlockUser = (mobile: string) => call('user/unlock', { mobile });
export const companyQueue = (status: ReviewStatus, page: number, pagesize: number) =>
  call<Page<CompanyReview>>('company/queue', { status, page, pagesize });
export const reviewCompany = (companyId: number, decision: 'verified' | 'rejected', reason: string, note: string) =>
  call('company/review', { companyId, decision, reason, note });
export const reports = (page: number, pagesize: number) => call<Page<Report>>('report/list', { page, pagesize });
export const takeDown = (jobId: number, reason: string) => call('job/takedown', { jobId, reason });
export const heldJobs = (page: number, pagesize: number) => call<Page<HeldJob>>('job/queue', { page, pagesize });
export const approveJob = (jobId: number, reason: string) => call('job/approve', { jobId, reason });
export const disableCompany = (companyId: number, reason: string) => call<{ closedJobs: number }>('company/disable', { companyId, reason });
export const enableCompany = (companyId: number) => call('company/enable', { companyId });
export const dismissReport = (reportId: number, reason: string) => call('report/dismiss', { reportId, reason });
export const blackWords = () => call<string[]>('blackword/list');
export const addBlackWord = (word: string) => call('blackword/add', { word });
export const removeBlackWord = (word: string) => call('blackword/remove', { word });
export const auditLog = (q: string, page: number, pagesize: number) => call<Page<AuditRow>>('audit/list', { q, page, pagesize });
export const admins = () => call<AdminRow[]>('admins/list');
export const createAdmin = (input: { username: string; password: string; role: Role }) => call<{ id: number }>('admins/create', input);
export const disableAdmin = (id: number, reason: string) => call('admins/disable', { id, reason });
export const enableAdmin = (id: number) => call('admins/enable', { id });

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
export type TrialStatus = 'pending' | 'approved' | 'rejected';
export interface TrialApplication {
  companyId: number;
  companyName: string;
  contact: string;
  note: string;
  status: TrialStatus;
  reason: string;
  reviewedBy: string;
  createdAt: number;
  updatedAt: number;
  endsAt: number | null;
}
export const trialList = (status: TrialStatus) => call<TrialApplication[]>('trial/list', { status });
export const decideTrial = (companyId: number, decision: 'approved' | 'rejected', reason: string) => call('trial/decide', { companyId, decision, reason });

// The statistics page (issue 23): /admin/statsDaily and /admin/jobStats.
export interface StatsDay {
  day: string;
  candidates: number;
  companies: number;
  jobs: number;
  applications: number;
  interviews: number;
  views: number;
}
export interface SiteFunnel {
  views: number;
  applied: number;
  viewed: number;
  interview: number;
  hired: number;
}
export interface DailyStats {
  days: number;
  series: StatsDay[];
  totals: StatsDay;
  funnel: SiteFunnel;
  /** Each funnel step over the one before it. */
  conversion: number[];
}
export interface JobFunnel {
  jobId: number;
  title: string;
  closed: boolean;
  impressions: number;
  views: number;
  saves: number;
  applications: number;
  conversion: number;
}
export interface JobStats {
  days: number;
  impressions: number;
  views: number;
  saves: number;
  applications: number;
  conversion: number;
  top: JobFunnel[];
}
export const dailyStats = (days: number) => call<DailyStats>('statsDaily', { days });
export const jobStats = (days: number) => call<JobStats>('jobStats', { days });
// Orders and refunds (issue 19): every order, candidates' and companies'.
export type OrderKind = 'candidate' | 'company';
/** 1 pending payment, 2 paid, 3 expired, 4 cancelled, 5 refunded. */
export type OrderStatusCode = 1 | 2 | 3 | 4 | 5;
export const ORDER_STATUSES: readonly OrderStatusCode[] = [1, 2, 3, 4, 5];
export interface Refund {
  refundNo: string;
  amountFen: number;
  reason: string;
  admin: string;
  status: 'pending' | 'done';
  createdAt: number;
  doneAt: number | null;
}
export interface AdminOrder {
  kind: OrderKind;
  orderNo: string;
  buyerId: number;
  buyer: string;
  mobile: string;
  item: string;
  itemZh: string;
  itemEn: string;
  amountFen: number;
  status: OrderStatusCode;
  createdAt: number;
  paidAt: number | null;
  effectiveUntil: number | null;
  refund: Refund | null;
}
export interface OrderFilter {
  kind: OrderKind;
  status?: OrderStatusCode;
  q: string;
  from: string;
  to: string;
}
export const orderList = (f: OrderFilter, page: number, pagesize: number) =>
  call<Page<AdminOrder>>('order/list', { kind: f.kind, status: f.status ?? '', q: f.q, from: f.from, to: f.to, page, pagesize });
export const orderDetail = (orderNo: string) => call<AdminOrder>('order/detail', { orderNo });
export const refundOrder = (orderNo: string, amountFen: number, reason: string) => call<AdminOrder>('order/refund', { orderNo, amountFen, reason });
