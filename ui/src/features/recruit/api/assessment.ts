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

export interface Assessment {
  id: number;
  name: string;
  timeLimit: number;
  questions: Question[];
}

export interface SavedAnswer {
  question: number;
  answer: string;
  score: number | null;
  savedAt: number;
}

export type SendState = 'sent' | 'started' | 'submitted' | 'timeUp';

export interface Send {
  id: number;
  applyId: number;
  stageId: number;
  name: string;
  timeLimit: number;
  questions: Question[];
  answers: SavedAnswer[];
  state: SendState;
  score: number;
  maxScore: number;
  pending: boolean;
  sentAt: number;
  startedAt: number | null;
  deadlineAt: number | null;
  submittedAt: number | null;
}

/** `/comassessment/list`. */
export function listAssessments(): Promise<AssessmentSummary[]> {
  return request<AssessmentSummary[] | null>('/comassessment/list').then((l) => l ?? []);
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

/** `/comassessment/send`: to the application, at its stage now. */
export function sendAssessment(applyId: number, assessmentId: number): Promise<Send> {
  return request<Send>('/comassessment/send', { applyId, assessmentId });
}

/** `/comassessment/results`: what was sent to the application. */
export function assessmentResults(applyId: number): Promise<Send[]> {
  return request<Send[] | null>('/comassessment/results', { applyId }).then((l) => l ?? []);
}

/** `/comassessment/grade`: the score of a text answer. */
export function gradeAnswer(sendId: number, question: number, score: number): Promise<Send> {
  return request<Send>('/comassessment/grade', { sendId, question, score });
}
