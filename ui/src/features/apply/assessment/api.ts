import { request } from '@/lib/core';

/** Shapes of `/pcassessment/*` (docs/api.md, "Assessments"). */
export type SendState = 'sent' | 'started' | 'submitted' | 'timeUp';

export interface MyAssessment {
  id: number;
  name: string;
  jobTitle: string;
  companyName: string;
  timeLimit: number;
  questions: number;
  state: SendState;
  sentAt: number;
  deadlineAt: number | null;
}

export interface PaperQuestion {
  kind: 'single' | 'multi' | 'text';
  text: string;
  options: string[];
  score: number;
}

export interface Paper {
  id: number;
  name: string;
  timeLimit: number;
  questions: PaperQuestion[];
  answers: Array<{ question: number; answer: string; savedAt: number }>;
  state: SendState;
  deadlineAt: number | null;
  /** The server's clock when it answered. */
  now: number;
  score: number | null;
  maxScore: number;
}

/** `/pcassessment/list`: the assessments companies sent me. */
export async function listMyAssessments(): Promise<MyAssessment[]> {
  return (await request<MyAssessment[] | null>('/pcassessment/list')) ?? [];
}

/** `/pcassessment/start`: the paper; the first call starts the clock. */
export function startAssessment(id: number): Promise<Paper> {
  return request<Paper>('/pcassessment/start', { id });
}

/** `/pcassessment/answer`: saves one answer. */
export function saveAnswer(id: number, question: number, answer: string): Promise<unknown> {
  return request('/pcassessment/answer', { id, question, answer });
}

/** `/pcassessment/submit`: hands it in. */
export function submitAssessment(id: number): Promise<Paper> {
  return request<Paper>('/pcassessment/submit', { id });
}
