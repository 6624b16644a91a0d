import { answered } from '@/lib/call-errors';
import { request } from '@/lib/core';
import type { Resume } from './types';

/** `/resume/deleteFile`. */
export async function deleteFile(resumeId: number, fileId: number): Promise<Resume> {
  return answered(await request<Resume | undefined>('/resume/deleteFile', { resumeId: String(resumeId), fileId: String(fileId) }));
}
