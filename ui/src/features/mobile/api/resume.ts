import { answered } from '@/lib/call-errors';
import { request } from '@/lib/core';
import { upload } from '@/lib/upload';
import type { Resume, SectionValues } from '@/components/resume-view/types';

/** `/resume/get`: the caller's resume (made when there is none). */
export async function getResume(resumeId?: string | number): Promise<Resume> {
  return answered(await request<Resume | undefined>('/resume/get', { resumeId: resumeId ? String(resumeId) : undefined }));
}

/** `/resume/saveSection`: one section, or one entry of a list section (no `itemId`: a new one). */
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

/** `/resume/upload`: the photo (the camera's or the album's picture), a resume file or a named attachment. */
export async function uploadResumeFile(resumeId: number, kind: 'photo' | 'resumeFile' | 'attachment', file: File, name?: string): Promise<Resume> {
  return answered(await upload<Resume>('/resume/upload', { resumeId: String(resumeId), kind, name, file }));
}
