import { request } from '@/lib/core';

/** Recruiter tools (docs/api.md, issue 16): notice templates, interviewers, interviews. */

export interface TemplateFields {
  name: string;
  mailSubject: string;
  mailContent: string;
  smsContent: string;
}

/** `id` absent: a new template. */
export function saveTemplate(fields: TemplateFields, id?: number): Promise<{ id: number }> {
  return request('/comtemplate/save', id ? { ...fields, id } : { ...fields });
}

export function deleteTemplate(id: number): Promise<boolean> {
  return request('/comtemplate/delete', { id });
}

export interface Interviewer {
  id: number;
  name: string;
  mobile: string;
  email: string;
  /** Invited and not yet accepted, joined, or removed. */
  state: 'pending' | 'active' | 'removed';
  disabled: boolean;
  createdAt: number;
}

export function listInterviewers(): Promise<{ list: Interviewer[] }> {
  return request('/cominterviewer/list');
}

/** Adds (invites by SMS) or edits an interviewer; `invited`: an invitation went. */
export function saveInterviewer(fields: { name: string; mobile: string; email: string }, id?: number): Promise<{ id: number; invited: boolean }> {
  return request('/cominterviewer/save', id ? { ...fields, id } : { ...fields });
}

export function removeInterviewer(id: number): Promise<boolean> {
  return request('/cominterviewer/remove', { id });
}

export interface InterviewCard {
  id: number;
  applyId: number;
  jobId: number;
  jobTitle: string;
  /** Empty when the candidate blocked the company (`candidateBlocked`). */
  candidateName: string;
  /** The candidate blocked the company: no name, no resume (docs/api.md, "What a block means"). */
  candidateBlocked: boolean;
  start: string;
  startAt: number;
  endAt: number;
  minutes: number;
  contact: string;
  contactPhone: string;
  address: string;
  notes: string;
  state: 'scheduled' | 'cancelled';
  answer: '' | 'accepted' | 'declined';
  version: number;
  interviewers: { id: number; name: string }[];
}

export function listInterviews(from: string, days: number, interviewer?: number): Promise<{ from: string; days: number; list: InterviewCard[] }> {
  return request('/cominterview/list', { from, days, interviewer: interviewer ?? '' });
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

export function saveInterview(fields: InterviewFields, id?: number): Promise<{ id: number }> {
  return request('/cominterview/save', id ? { ...fields, id } : { ...fields });
}

export function cancelInterview(id: number): Promise<boolean> {
  return request('/cominterview/cancel', { id });
}

export function saveFeedback(id: number, scores: Record<string, number>, comment: string): Promise<boolean> {
  return request('/cominterview/feedback', { id, scores: JSON.stringify(scores), comment });
}
