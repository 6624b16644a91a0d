import { answered } from '@/lib/call-errors';
import { upload } from '@/lib/upload';
import type { Resume } from './resume-types';

/**
 * `/resume/upload`: a photo, resume file or attachment (multipart, through lib/upload). Resolves with the
 * resume; rejects with `{code, message}` (FILE_FORMAT, FILE_TOO_BIG, FILE_COUNT, FIELDS_INVALID,
 * UPLOAD_FAILED…) or `{status, message}`, as every call does.
 */
export async function uploadResumeFile(resumeId: number, kind: string, file: File, name?: string): Promise<Resume> {
  return answered(await upload<Resume>('/resume/upload', { resumeId: String(resumeId), kind, name, file }));
}
