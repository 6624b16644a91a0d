import { request } from '@/lib/core';

/** The notices to candidates (docs/api.md, issue 16): the company's templates and the outbox. */

export interface NoticeTemplate {
  id: number;
  name: string;
  kind: string;
  mailSubject: string;
  mailContent: string;
  smsContent: string;
  createdAt: number;
  updatedAt: number;
}

export function listTemplates(): Promise<{ list: NoticeTemplate[]; variables: string[] }> {
  return request('/comtemplate/list');
}

export interface NoticeRow {
  id: number;
  eventKey: string;
  recipient: string;
  channel: 'mail' | 'sms';
  subject: string;
  state: 'pending' | 'sending' | 'retrying' | 'sent' | 'failed' | 'withdrawn';
  attempts: number;
  dueAt: number;
  lastError: string | null;
  sentAt: number | null;
  createdAt: number;
}

export function listNotices(event?: string, page = 1): Promise<{ total: number; list: NoticeRow[] }> {
  return request('/comnotice/list', { event: event ?? '', page, pagesize: 20 });
}
