import { useEffect } from 'react';
import { create } from 'zustand';

/** A page's own title (a job's, a company's name) in place of its route's; the root adds the
 *  site's name after either (SPEC 2), so it is kept here rather than written to the document. */
export const usePageTitleStore = create<{ title: string | null }>(() => ({ title: null }));

/** Shows `title` as this page's title while the page is shown; null keeps the route's. */
export function usePageTitle(title: string | null) {
  useEffect(() => {
    usePageTitleStore.setState({ title });
    return () => usePageTitleStore.setState({ title: null });
  }, [title]);
}
