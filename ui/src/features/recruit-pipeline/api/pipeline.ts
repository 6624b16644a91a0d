import { call } from '@/lib/api/call';
import type { Moved, PipelineStage } from '@/lib/api/answers';
import { withTemplate } from '@/components/recruit/api/pipeline';

/** `/comresume/bulkMove`; `template` (optional) is sent to each moved application's candidate. */
export function bulkMove(applyIds: number[], stageId: number, template?: number): Promise<Moved> {
  return call('/comresume/bulkMove', withTemplate({ applyIds: applyIds.join(','), stageId }, template));
}

/** `/comresume/saveStage` (owner): renames a stage (or adds one at the end, without `id`). */
export function saveStage(input: { id?: number; name: string; status: number }): Promise<PipelineStage> {
  return call('/comresume/saveStage', input);
}

/** `/comresume/orderStages` (owner): every stage id, in the new order. */
export function orderStages(ids: number[]): Promise<PipelineStage[]> {
  return call('/comresume/orderStages', { ids: ids.join(',') });
}
