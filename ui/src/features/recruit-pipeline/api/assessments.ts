import { call } from '@/lib/api/call';
import type { CompanySend, SavedAnswer } from '@/lib/api/answers';

/** What was sent to an application (docs/api.md, "Assessments"). */
export type Send = CompanySend;
export type { SavedAnswer };
export type SendState = Send['state'];

/** `/comassessment/send`: to the application, at its stage now. */
export function sendAssessment(applyId: number, assessmentId: number): Promise<Send> {
  return call('/comassessment/send', { applyId, assessmentId });
}

/** `/comassessment/results`: what was sent to the application. */
export async function assessmentResults(applyId: number): Promise<Send[]> {
  return (await call('/comassessment/results', { applyId })) ?? [];
}

/** `/comassessment/grade`: the score of a text answer. */
export function gradeAnswer(sendId: number, question: number, score: number): Promise<Send> {
  return call('/comassessment/grade', { sendId, question, score });
}
