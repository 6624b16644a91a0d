import { request, type Payload } from '@/lib/core';
import type { AjaxPath, AnswerOf } from './answers';

/**
 * `request` with the answer's type read off the path (answers.ts): the server's own type for a
 * typed call, so that the ui cannot assume a shape the server does not send.
 */
export function call<P extends AjaxPath>(path: P, body?: Payload): Promise<AnswerOf<P>> {
  return request<AnswerOf<P>>(path, body);
}
