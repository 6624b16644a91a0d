import { RouterProvider } from 'react-router';
import { installBehaviourLog } from '@/lib/behaviour-log';
import { createRouter } from './router';

/**
 * Makes the router, which at once starts on the first page (the login check, the page's code), and
 * returns the app that shows it. Called once the language is known, so the first title is right.
 */
export function createApp() {
  const router = createRouter();
  // Job pages opened and searches made, sent when the page hides (/pcuser/addLog).
  installBehaviourLog(router);
  return function App() {
    return <RouterProvider router={router} />;
  };
}
