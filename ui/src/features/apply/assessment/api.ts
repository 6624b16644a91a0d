import { call } from '@/lib/api/call';
import type { MyAssessment, Paper, PaperQuestion, SendState } from '@/lib/api/answers';

export type { MyAssessment, Paper, PaperQuestion, SendState };

/** `/pcassessment/list`: the assessments companies sent me. */
export async function listMyAssessments(): Promise<MyAssessment[]> {
  return (await call('/pcassessment/list')) ?? [];
}

/** `/pcassessment/start`: the paper; the first call starts the clock. */
export function startAssessment(id: number): Promise<Paper> {
  return call('/pcassessment/start', { id });
}

/** `/pcassessment/answer`: saves one answer. */
export function saveAnswer(id: number, question: number, answer: string): Promise<unknown> {
  return call('/pcassessment/answer', { id, question, answer });
}

/** `/pcassessment/submit`: hands it in. */
export function submitAssessment(id: number): Promise<Paper> {
  return call('/pcassessment/submit', { id });
}
