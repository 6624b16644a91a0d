import { answered } from '@/lib/call-errors';
import { request } from '@/lib/core';
import type { Resume } from './types';

/**
 * `/resume/upload` (multipart, so through fetch rather than the form-encoded transport; the session
 * cookie goes with it). Resolves with the resume; rejects like the transport: `{code, message}` for an
 * error envelope (FILE_FORMAT, FILE_TOO_BIG, FILE_COUNT, FIELDS_INVALID, UPLOAD_FAILED…), `{status, message}` otherwise.
 */
export async function uploadFile(resumeId: number, kind: string, file: File, name?: string): Promise<Resume> {
  const body = new FormData();
  body.append('resumeId', String(resumeId));
  body.append('kind', kind);
  if (name !== undefined) body.append('name', name);
  body.append('file', file, file.name);
  let res: Response;
  try {
    res = await fetch('/ajax/resume/upload', { method: 'POST', body, credentials: 'same-origin', signal: AbortSignal.timeout(30_000) });
  } catch {
    throw { status: 0, message: 'network' };
  }
  type Envelope = { result?: Resume; error?: { code: string; message: string } };
  const envelope = await res.json().then(
    (v: unknown) => (v && typeof v === 'object' ? (v as Envelope) : null),
    () => null,
  );
  if (envelope?.error) throw envelope.error;
  if (!res.ok || !envelope?.result) throw { status: res.status, message: `HTTP ${res.status}` };
  return envelope.result;
}

/** `/resume/deleteFile`. */
export async function deleteFile(resumeId: number, fileId: number): Promise<Resume> {
  return answered(await request<Resume | undefined>('/resume/deleteFile', { resumeId: String(resumeId), fileId: String(fileId) }));
}
