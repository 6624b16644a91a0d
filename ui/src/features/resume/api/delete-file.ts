import { answered } from '@/lib/call-errors';
import { call } from '@/lib/api/call';
import type { Resume } from './types';

/** `/resume/deleteFile`. */
export async function deleteFile(resumeId: number, fileId: number): Promise<Resume> {
  return answered(await call('/resume/deleteFile', { resumeId: String(resumeId), fileId: String(fileId) }));
}
