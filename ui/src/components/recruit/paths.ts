import type { Application } from './api/types';

/** The recruiter site's pages (docs/api.md, "The recruiter site"); the positions and candidates paths are SPEC's. */
export const recruitPaths = {
  root: '/recruit',
  login: '/recruit/login',
  register: '/recruit/register',
  jobs: '/recruit/job/',
  newJob: '/recruit/job/new',
  /** stageId=1: the first stage; stageOppId=1 (below 1000): every job. */
  candidates: '/recruit/comresume/applyresume?stageId=1&stageOppId=1',
  chat: '/recruit/chat',
  search: '/recruit/search',
  company: '/recruit/company',
  account: '/recruit/account',
  interviews: '/recruit/calendar',
  templates: '/recruit/template',
  interviewers: '/recruit/interviewer',
  members: '/recruit/members',
  assessments: '/recruit/assessments',
  funnel: '/recruit/funnel',
  plan: '/recruit/plan',
} as const;

/** The talent pool's pages (issue 17). */
export const talentPaths = {
  list: '/recruit/talent',
  upload: '/recruit/talent/upload',
} as const;

/** The upload page with a job chosen (saved candidates land on its board). */
export function talentUploadPath(jobId: number): string {
  return `${talentPaths.upload}?jobId=${jobId}`;
}

export function talentPath(id: number): string {
  return `/recruit/talent/${id}`;
}

/** The interview calendar with the scheduling form open for an application. */
export function invitePath(applyId: number): string {
  return `/recruit/calendar?applyId=${applyId}`;
}

/** An interview's candidate resume, for its interviewers (under the calendar, the one page an interviewer opens). */
export function interviewResumePath(interviewId: number): string {
  return `/recruit/calendar/interview/${interviewId}/resume`;
}

export function editJobPath(id: number): string {
  return `/recruit/job/${id}/edit`;
}

export function applicationPath(applyId: number): string {
  return `/recruit/comresume/detail/${applyId}`;
}

/** Where a card of the pipeline opens: an application's page, or an uploaded candidate's talent page on that job's place. */
export function cardPath(card: Application): string {
  return card.source === 'upload' ? `${talentPath(card.talentId)}?entry=${card.applyId}` : applicationPath(card.applyId);
}

export function resumePath(resumeId: number): string {
  return `/recruit/comresume/resume/${resumeId}`;
}

export function candidatesPath(stageId: number | string, stageOppId: number | string, view?: string): string {
  const q = new URLSearchParams({ stageId: String(stageId), stageOppId: String(stageOppId) });
  if (view) q.set('view', view);
  return `/recruit/comresume/applyresume?${q}`;
}

export function loginPath(returnUrl?: string): string {
  return returnUrl ? `${recruitPaths.login}?returnUrl=${encodeURIComponent(returnUrl)}` : recruitPaths.login;
}

/** /recruit/chat with a conversation open. */
export function recruitChatPath(conversationId: number): string {
  return `${recruitPaths.chat}?c=${conversationId}`;
}
