import { answered } from '@/lib/call-errors';
import { request } from '@/lib/core';
import type { Resume, SectionValues } from './resume-types';

/**
 * `/resume/saveSection`: one section, or one entry of a list section (`itemId` absent: a new one).
 * Rejects with FIELDS_INVALID whose message is the verdict as JSON, the same core-wasm gives.
 */
export async function saveSection(resumeId: number, section: string, data: SectionValues, itemId?: number): Promise<{ itemId?: number; resume: Resume }> {
  return answered(
    await request<{ itemId?: number; resume: Resume } | undefined>('/resume/saveSection', {
      resumeId: String(resumeId),
      section,
      data: JSON.stringify(data),
      itemId: itemId ? String(itemId) : undefined,
    }),
  );
}
