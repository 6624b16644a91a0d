/** How long an upload may take before it fails as `timeout` (a form-encoded call has the core's 10 s). */
export const UPLOAD_TIMEOUT_MS = 30_000;

/** A field of a multipart call: text, or a file sent under its own name. Undefined fields are left out. */
export type UploadField = string | File | undefined;

/**
 * The ui's one multipart transport, for the calls that carry a file; every other call goes through the
 * core's form-encoded `request` (lib/core). It keeps the core's rules, so a caller handles both alike:
 * POST to `/ajax` + `path` with the session cookie; resolves with the envelope's `result`, or with
 * undefined for a 401/403 (the transport ignores those: `answered` turns that into SESSION_LOST);
 * rejects with the envelope's `{code, message}`, or `{status, message}` when no envelope came back
 * (status 0: `network` or `timeout`).
 */
export async function upload<T>(path: string, fields: Record<string, UploadField>): Promise<T | undefined> {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (value !== undefined) body.append(name, value);
  }
  const url = `/ajax${path.startsWith('/') ? '' : '/'}${path}`;
  let res: Response;
  try {
    res = await fetch(url, { method: 'POST', body, credentials: 'same-origin', signal: AbortSignal.timeout(UPLOAD_TIMEOUT_MS) });
  } catch (e) {
    throw { status: 0, message: e instanceof DOMException && e.name === 'TimeoutError' ? 'timeout' : 'network' };
  }
  if (res.status === 401 || res.status === 403) return undefined;
  type Envelope = { result?: T | null; error?: { code: string; message: string } };
  const envelope = await res.json().then(
    (v: unknown) => (v && typeof v === 'object' ? (v as Envelope) : null),
    () => null,
  );
  if (envelope?.error) throw envelope.error;
  if (!res.ok || !envelope) throw { status: res.status, message: res.ok ? 'bad envelope' : `HTTP ${res.status}` };
  return envelope.result ?? undefined;
}
