import { onFirstActivity } from '@/components/antd/on-activity';
import { onDemand, prefetch } from '@/components/antd/on-demand';

type Kind = 'success' | 'error' | 'info' | 'warning';

const scope = onDemand(() => import('@/components/antd/scope'));
// A toast answers something the user did: fetch antd's message when they first act, so it is there in time
// (even if the network goes away afterwards).
onFirstActivity(() => prefetch(scope));

function show(kind: Kind, text: string): void {
  scope.load().then(
    ({ message }) => void message[kind](text),
    () => undefined,
  );
}

/** antd's message toasts (top of the page) for the light pages, which keep antd out of their first load. */
export const toast = {
  success: (text: string) => show('success', text),
  error: (text: string) => show('error', text),
  info: (text: string) => show('info', text),
  warning: (text: string) => show('warning', text),
};
