import { request } from '@/lib/core';
import type { Question } from '@/components/recruit/api/assessments';

/** What was sent to an application (docs/api.md, "Assessments"). */
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
