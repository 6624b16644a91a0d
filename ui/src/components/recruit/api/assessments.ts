import { call } from '@/lib/api/call';
import type { AssessmentQuestion, AssessmentSummary } from '@/lib/api/answers';

/** Shapes of `/comassessment/*` (docs/api.md, "Assessments"): a question as the server answers it, every field present. */
export type Question = AssessmentQuestion;
export type { AssessmentSummary };

/** `/comassessment/list`. */
export async function listAssessments(): Promise<AssessmentSummary[]> {
  return (await call('/comassessment/list')) ?? [];
}
