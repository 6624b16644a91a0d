import { call } from '@/lib/api/call';
import type { AnswerOf, InterviewCalendar, InterviewCard, Interviewer, SavedInterviewer } from '@/lib/api/answers';

/** Recruiter tools (docs/api.md, issue 16): notice templates, interviewers, interviews. */

export type { InterviewCard, Interviewer };

export interface TemplateFields {
  name: string;
  mailSubject: string;
  mailContent: string;
  smsContent: string;
}

/** `id` absent: a new template. */
export function saveTemplate(fields: TemplateFields, id?: number): Promise<AnswerOf<'/comtemplate/save'>> {
  return call('/comtemplate/save', id ? { ...fields, id } : { ...fields });
}

export function deleteTemplate(id: number): Promise<boolean> {
  return call('/comtemplate/delete', { id });
}

export function listInterviewers(): Promise<AnswerOf<'/cominterviewer/list'>> {
  return call('/cominterviewer/list');
}

/** Adds (invites by SMS) or edits an interviewer; `invited`: an invitation went. */
export function saveInterviewer(fields: { name: string; mobile: string; email: string }, id?: number): Promise<SavedInterviewer> {
  return call('/cominterviewer/save', id ? { ...fields, id } : { ...fields });
}

export function removeInterviewer(id: number): Promise<boolean> {
  return call('/cominterviewer/remove', { id });
}

export function listInterviews(from: string, days: number, interviewer?: number): Promise<InterviewCalendar> {
  return call('/cominterview/list', { from, days, interviewer: interviewer ?? '' });
}

export interface InterviewFields {
  applyId: string;
  start: string;
  minutes: string;
  contact: string;
  contactPhone: string;
  address: string;
  interviewers: string;
  notes: string;
  template?: string;
}

export function saveInterview(fields: InterviewFields, id?: number): Promise<AnswerOf<'/cominterview/save'>> {
  return call('/cominterview/save', id ? { ...fields, id } : { ...fields });
}

export function cancelInterview(id: number): Promise<boolean> {
  return call('/cominterview/cancel', { id });
}

export function saveFeedback(id: number, scores: Record<string, number>, comment: string): Promise<boolean> {
  return call('/cominterview/feedback', { id, scores: JSON.stringify(scores), comment });
}
