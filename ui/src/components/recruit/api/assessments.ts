import { request, type AssessmentQuestion } from '@/lib/core';

/** Shapes of `/comassessment/*` (docs/api.md, "Assessments"). */
/** Every field present: the server always sends them all (the draft type has them optional for serde defaults). */
export type Question = Required<AssessmentQuestion>;

export interface AssessmentSummary {
  id: number;
  name: string;
  timeLimit: number;
  questions: number;
  maxScore: number;
  updatedAt: number;
}

/** `/comassessment/list`. */
export function listAssessments(): Promise<AssessmentSummary[]> {
  return request<AssessmentSummary[] | null>('/comassessment/list').then((l) => l ?? []);
}
