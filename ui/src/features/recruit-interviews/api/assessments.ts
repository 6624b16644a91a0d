import { request } from '@/lib/core';
import type { Question } from '@/components/recruit/api/assessments';

/** An assessment as its editor reads and saves it (docs/api.md, "Assessments"). */
export interface Assessment {
  id: number;
  name: string;
  timeLimit: number;
  questions: Question[];
}

/** `/comassessment/get`. */
export function getAssessment(id: number): Promise<Assessment> {
  return request<Assessment>('/comassessment/get', { id });
}

/** `/comassessment/save`: without `id`, a new one. */
export function saveAssessment(input: { id?: number; name: string; timeLimit: number; questions: Question[] }): Promise<Assessment> {
  return request<Assessment>('/comassessment/save', {
    id: input.id,
    name: input.name,
    timeLimit: input.timeLimit,
    questions: JSON.stringify(input.questions),
  });
}
