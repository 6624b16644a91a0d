import { answered } from '@/lib/call-errors';
import { call } from '@/lib/api/call';
import type { Resume } from './resume-types';

/** `/resume/get`: the resume (the caller's first when no id is given; made when there is none). */
export async function getResume(resumeId?: string | number): Promise<Resume> {
  return answered(await call('/resume/get', { resumeId: resumeId ? String(resumeId) : undefined }));
}
