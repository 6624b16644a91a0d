import { call } from '@/lib/api/call';
import type { Resume } from '@/components/resume-view/types';

/** `/comresume/resume`: one resume, when the company may see it. */
export function getResume(resumeId: number): Promise<Resume> {
  return call('/comresume/resume', { resumeId });
}

/** `/cominterview/resume`: the interview's candidate resume, to its interviewers (and owners and HR). */
export function getInterviewResume(interviewId: number): Promise<Resume> {
  return call('/cominterview/resume', { id: interviewId });
}

/** A file of that resume, through the interview (`GET /ajax/cominterview/file/{interview}/{file}`). */
export function interviewFileUrl(interviewId: number, fileId: number): string {
  return `/ajax/cominterview/file/${interviewId}/${fileId}`;
}
