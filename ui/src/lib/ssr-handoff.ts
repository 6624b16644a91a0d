/**
 * The server renders the public pages' content into `#ssr`, before the app's root (server/src/api/
 * public/pages.rs); while it is there the app renders hidden (styles/ssr.css). A page calls
 * `useSsrHandoff(ready)` and the server's copy goes once the app's own page has its content, in
 * the same frame, so the reader sees one page turn into the other without a blank in between.
 */
import { useLayoutEffect } from 'react';

const SSR_ID = 'ssr';

/** Removes the server-rendered page, if it is still there. */
export function dropServerPage(): void {
  document.getElementById(SSR_ID)?.remove();
}

/** Whether the page was rendered by the server and the app has not taken over yet. */
export function hasServerPage(): boolean {
  return document.getElementById(SSR_ID) !== null;
}

/** Hands the page over to the app once `ready` (the page's data is shown, or its error). */
export function useSsrHandoff(ready: boolean): void {
  useLayoutEffect(() => {
    if (ready) dropServerPage();
  }, [ready]);
}
