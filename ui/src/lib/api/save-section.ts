import { answered } from '@/lib/call-errors';
import { call } from '@/lib/api/call';
import type { SectionSaved } from './answers';
import type { SectionValues } from './resume-types';

/**
 * `/resume/saveSection`: one section, or one entry of a list section (`itemId` absent: a new one).
 * Rejects with FIELDS_INVALID whose message is the verdict as JSON, the same core-wasm gives.
 */
export async function saveSection(resumeId: number, section: string, data: SectionValues, itemId?: number): Promise<SectionSaved> {
  return answered(
    await call('/resume/saveSection', {
      resumeId: String(resumeId),
      section,
      data: JSON.stringify(data),
      itemId: itemId ? String(itemId) : undefined,
    }),
  );
}
