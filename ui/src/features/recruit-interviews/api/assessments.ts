import { call } from '@/lib/api/call';
import type { Assessment } from '@/lib/api/answers';
import type { Question } from '@/components/recruit/api/assessments';

/** An assessment as its editor reads and saves it (docs/api.md, "Assessments"). */
export type { Assessment };

/** `/comassessment/get`. */
export function getAssessment(id: number): Promise<Assessment> {
  return call('/comassessment/get', { id });
}

/** `/comassessment/save`: without `id`, a new one. */
export function saveAssessment(input: { id?: number; name: string; timeLimit: number; questions: Question[] }): Promise<Assessment> {
  return call('/comassessment/save', {
    id: input.id,
    name: input.name,
    timeLimit: input.timeLimit,
    questions: JSON.stringify(input.questions),
  });
}
