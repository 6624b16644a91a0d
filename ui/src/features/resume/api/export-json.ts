import { answered } from '@/lib/call-errors';
import { call } from '@/lib/api/call';

/** `/resume/exportJson`: the resume in the JSON Resume format. */
export async function exportJson(resumeId: number): Promise<Record<string, unknown>> {
  // A JSON Resume document: the server's schema says only "any JSON".
  return answered(await call('/resume/exportJson', { resumeId: String(resumeId) })) as Record<string, unknown>;
}

/** Offers a JSON value to the user as a file. */
export function saveAsFile(value: unknown, fileName: string): void {
  const blob = new Blob([JSON.stringify(value, null, 2)], { type: 'application/json' });
  const href = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 1000);
}
