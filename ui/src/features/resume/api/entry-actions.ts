import { answered } from '@/lib/call-errors';
import { call } from '@/lib/api/call';
import type { Resume } from './types';

/** `/resume/deleteItem`: removes an entry of a list section. */
export async function deleteItem(resumeId: number, section: string, itemId: number): Promise<Resume> {
  return answered(await call('/resume/deleteItem', { resumeId: String(resumeId), section, itemId: String(itemId) }));
}

/** `/resume/moveItem`: moves an entry one place up or down. */
export async function moveItem(resumeId: number, section: string, itemId: number, direction: 'up' | 'down'): Promise<Resume> {
  return answered(
    await call('/resume/moveItem', { resumeId: String(resumeId), section, itemId: String(itemId), direction }),
  );
}
