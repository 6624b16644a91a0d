/**
 * The door to the Rust core's client half (`./pkg-client/core_wasm_client`, core-wasm/client, generated
 * by scripts/build-wasm): the /ajax transport, the login guard, the mobile site's rules and the small
 * input helpers, which every page needs before its first call. The validation rules are core-wasm's
 * own wasm, behind `./rules`, which only the pages that validate import (and so fetch), and the notice
 * templates' behind `./templates`. Everything else in the ui imports from these three.
 *
 * The types are the Rust types': tsify derives their TypeScript and wasm-bindgen writes it into
 * `./pkg/core_wasm.d.ts` on every build, so they cannot drift from what the core returns. Here
 * they only get the names the ui knows them by.
 */
import * as wasm from './pkg-client/core_wasm_client';
// The types are the same Rust types whichever wasm's declarations they are read from; these are the
// rules' (a type-only import: it fetches nothing).
import type * as types from './pkg/core_wasm';

export type {
  ApiError,
  AssessmentDraft,
  Question as AssessmentQuestion,
  Field as ResumeField,
  GuardDecision as GuardAction,
  ImportAnswer as ResumeImport,
  Limits,
  Problem as FieldProblem,
  Schema as ResumeSchema,
  Section as ResumeSection,
  TagCheck,
  TransportError,
  UserRecord,
  Verdict as ResumeVerdict,
  Widget as ResumeWidget,
} from './pkg/core_wasm';

/**
 * The user record (core-wasm's `UserRecord`), with its ids loosened for ui code written before the
 * types were generated: collect-page and shield-page compare `resumeId` with '0', and the zgzx and
 * auth tests give `zxInfo` numbers. Once they read the number and the strings the server sends,
 * `User` is `types.UserRecord` and `ZxInfo` is `types.ZxInfo`.
 */
export type User = Omit<types.UserRecord, 'resumeId' | 'zxInfo'> & { resumeId: number | string; zxInfo: ZxInfo | null };
export type ZxInfo = Omit<types.ZxInfo, 'p' | 'id'> & { p: string | number; id: string | number };

/** The core's limits (core-wasm/src/limits.rs), named as the Rust constants. */
export const LIMITS: types.Limits = wasm.limits();
export const {
  TAG_MAX,
  TAGS_TOTAL_MAX,
  PASSWORD_MIN,
  PASSWORD_MAX,
  EMAIL_MAX,
  KEYWORD_MAX,
  KEYWORDS_TOTAL_MAX,
  ENTRIES_MAX,
  RESUME_FILES_MAX,
  ATTACHMENTS_MAX,
  UPLOAD_MAX_BYTES,
  IMPORT_MAX_BYTES,
  MEMBER_NAME_MAX,
  MEMBER_TITLE_MAX,
} = LIMITS;

export type Payload = Record<string, string | number | boolean | null | undefined>;

/** What a rejected `request` carries: the envelope's error, or a failure below it (status 0: repeat, time-out, network). */
export type RequestError = types.ApiError | types.TransportError;

/** POST form-encoded to `/ajax` + path; resolves with the envelope's result, rejects with a RequestError. */
export function request<T = unknown>(path: string, body: Payload = {}): Promise<T> {
  return wasm.request(path, body);
}

/** A monthly salary's words and amounts, `[kind, amount…]` (core-wasm's salary.rs, as the server's pages). */
export function salaryParts(min: number, max: number, english: boolean): string[] {
  return wasm.salaryParts(min, max, english);
}

export function maskMobile(mobile: string): string {
  return wasm.maskMobile(mobile);
}

export function guardDecision(path: string, user: User | null | undefined, inFrame: boolean): types.GuardDecision {
  return wasm.guardDecision(path, user ?? null, inFrame);
}

export function isMobileBrowser(userAgent: string, touchMac = false): boolean {
  return wasm.isMobileBrowser(userAgent, touchMac);
}

export function mobileRedirectTarget(path: string, mobileBase: string): string {
  return wasm.mobileRedirectTarget(path, mobileBase);
}

/** The "电脑版" link's target: the desktop path of a page of the mobile site (path and query). */
export function desktopTarget(mobilePath: string, mobileBase: string): string {
  return wasm.desktopTarget(mobilePath, mobileBase);
}

/** Where a browser opening `path` goes instead (a phone, no "电脑版" cookie, not on the mobile site yet), or undefined. */
export function mobileRedirect(path: string, mobileBase: string, userAgent: string, touchMac: boolean, cookies: string): string | undefined {
  return wasm.mobileRedirect(path, mobileBase, userAgent, touchMac, cookies) ?? undefined;
}

/** The cookie the "电脑版" link sets to "1". */
export function desktopCookie(): string {
  return wasm.desktopCookie();
}

export function safeReturnUrl(url: string, allowedHosts: string[], currentHost: string): string {
  return wasm.safeReturnUrl(url, allowedHosts, currentHost);
}

export function keepDigits(s: string): string {
  return wasm.keepDigits(s);
}

export function stripChinese(s: string): string {
  return wasm.stripChinese(s);
}

export function isMainlandMobile(mobile: string): boolean {
  return wasm.isMainlandMobile(mobile);
}

export const core = {
  request,
  maskMobile,
  guardDecision,
  isMobileBrowser,
  mobileRedirectTarget,
  safeReturnUrl,
  keepDigits,
  stripChinese,
  isMainlandMobile,
};

declare global {
  interface Window {
    /** The core wrapper, exposed for the browser tests and for debugging; it grants nothing a page script lacks. */
    __jobseekerCore?: typeof core;
  }
}

if (typeof window !== 'undefined') {
  window.__jobseekerCore = core;
}

/**
 * The i18n keys an import can fail with (core-wasm's `ImportError`), spelled out here because the
 * catalogue check (src/i18n/catalogue.test.ts) reads the ui's source, not the generated types, for
 * the keys in use. Keyed by the generated union, so the compiler holds the list to it both ways.
 */
export const IMPORT_PROBLEM_KEYS: Readonly<Record<types.ImportError, true>> = {
  'resume.import.tooLarge': true,
  'resume.import.notJson': true,
  'resume.import.notResume': true,
};

/** A resume's openness to employers, as `/pcuser/updateType` takes it (core-wasm's `behaviour::Openness`). */
export type Openness = 'public' | 'applied' | 'hidden';

/** The openness codes, in the order the settings list them. */
export function opennessCodes(): Openness[] {
  return wasm.opennessCodes() as Openness[];
}

/** A search event's filters besides city and category, by the job search's parameter names. */
export function logSearchFilters(): string[] {
  return wasm.logSearchFilters();
}

/** How many events one `/pcuser/addLog` batch may hold. */
export function logBatchMax(): number {
  return wasm.logBatchMax();
}

/** Whether the server keeps a behaviour event: 'keep', 'drop' (an unknown kind) or the key of what is wrong ('log.badEvent'). */
export function checkLogEvent(event: Record<string, unknown>): string {
  return wasm.checkLogEvent(event);
}

// ---- Recruiter tools (issue 16): notice templates and interviews (core-wasm notice_template.rs, interview.rs).
// The templates' rules themselves come from their own wasm, loaded by `loadTemplateRules` (./templates).

/** One field's problem: an i18n key (`template.*`, `interview.*`), the bound broken, the unknown variable. */
export interface RuleProblem {
  key: string;
  limit?: number;
  name?: string;
}
export type RuleVerdict = Record<string, RuleProblem>;

export interface RenderedNotice {
  mailSubject: string;
  mailContent: string;
  smsContent: string;
  smsSegments: number;
}

export interface InterviewDraft {
  applyId: string;
  start: string;
  minutes: string;
  contact: string;
  contactPhone: string;
  address: string;
  interviewers: string;
  notes: string;
}

