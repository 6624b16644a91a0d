// First: fetches this page's code while the core's wasm downloads (see the file).
import './mobile-prefetch';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createMobileApp } from './app/mobile';
import { initI18n } from './i18n';
import { ensureFinger } from './lib/finger';
import { loadSiteConfig } from './lib/site-config';
import './components/ui/ui.css';
import './styles/global.css';
import './styles/ssr.css';

/**
 * The touch site's entry (m.html, served for every /m address): the mobile app alone. A phone is
 * already where it belongs, and a desktop browser may look at the touch site, so no redirect here;
 * the desktop entry (main.tsx) sends phones to /m.
 */
function start() {
  ensureFinger();
  initI18n();
  const App = createMobileApp();
  void loadSiteConfig();
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

start();
