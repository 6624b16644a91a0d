import { call } from '@/lib/api/call';
import type { NoticePage, NoticeRecord, NoticeTemplate, NoticeTemplates } from '@/lib/api/answers';

/** The notices to candidates (docs/api.md, issue 16): the company's templates and the outbox. */

export type { NoticeTemplate };
export type NoticeRow = NoticeRecord;

export function listTemplates(): Promise<NoticeTemplates> {
  return call('/comtemplate/list');
}

export function listNotices(event?: string, page = 1): Promise<NoticePage> {
  return call('/comnotice/list', { event: event ?? '', page, pagesize: 20 });
}
