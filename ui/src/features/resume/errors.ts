import { callErrorKey } from '@/lib/call-errors';
import type { ResumeVerdict } from '@/lib/core';

/** The codes this feature words itself (`resume.errors.*`); the others read as on every page. */
export const OWN_ERROR_CODES: readonly string[] = ['FIELDS_INVALID', 'FILE_FORMAT', 'FILE_TOO_BIG', 'FILE_COUNT', 'UPLOAD_FAILED', 'STORAGE_FULL', 'RESUME_EXISTS', 'RESUME_ANALYSIS_FAILED'];

export function errorKey(error: unknown): string {
  return callErrorKey(error, 'resume', OWN_ERROR_CODES);
}

/** The server's verdict carried by a FIELDS_INVALID rejection, or null. */
export function serverVerdict(error: unknown): ResumeVerdict | null {
  const e = (error && typeof error === 'object' ? error : {}) as { code?: unknown; message?: unknown };
  if (e.code !== 'FIELDS_INVALID' || typeof e.message !== 'string') return null;
  try {
    const v = JSON.parse(e.message) as unknown;
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as ResumeVerdict) : null;
  } catch {
    return null;
  }
}
