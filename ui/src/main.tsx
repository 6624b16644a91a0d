import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createApp } from './app';
import { initI18n } from './i18n';
import { isMobileBrowser, mobileRedirectTarget } from './lib/core';
import { ensureFinger } from './lib/finger';
import { loadSiteConfig } from './lib/site-config';
// The light components' look first: the site's own rules come after it and win, as they did over antd's.
import './components/ui/ui.css';
import './styles/global.css';

async function start() {
  ensureFinger();
  const mobile = isMobileBrowser(navigator.userAgent, navigator.maxTouchPoints > 1);
  initI18n();
  // A desktop browser stays here whatever the site config says: its router starts on the page (the
  // login check, the page's code) while the config is on its way, not after.
  const desktopApp = mobile ? undefined : createApp();
  const config = await loadSiteConfig();
  if (mobile && config.mobileBase) {
    window.location.replace(mobileRedirectTarget(window.location.pathname, config.mobileBase));
    return;
  }
  const App = desktopApp ?? createApp();
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

void start();
