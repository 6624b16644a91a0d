import { answered } from '@/lib/call-errors';
import { call } from '@/lib/api/call';
import { upload } from '@/lib/upload';
import type { Resume } from './types';

/**
 * `/resume/upload`: a photo, resume file or attachment (multipart, through lib/upload). Resolves with the
 * resume; rejects with `{code, message}` (FILE_FORMAT, FILE_TOO_BIG, FILE_COUNT, FIELDS_INVALID,
 * UPLOAD_FAILED…) or `{status, message}`, as every call does.
 */
export async function uploadFile(resumeId: number, kind: string, file: File, name?: string): Promise<Resume> {
  return answered(await upload<Resume>('/resume/upload', { resumeId: String(resumeId), kind, name, file }));
}

/** `/resume/deleteFile`. */
export async function deleteFile(resumeId: number, fileId: number): Promise<Resume> {
  return answered(await call('/resume/deleteFile', { resumeId: String(resumeId), fileId: String(fileId) }));
}
