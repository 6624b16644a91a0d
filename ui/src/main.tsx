import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createApp } from './app';
import { initI18n } from './i18n';
import { isMobileBrowser, mobileRedirect } from './lib/core';
import { ensureFinger } from './lib/finger';
import { loadSiteConfig } from './lib/site-config';
// The light components' look first: the site's own rules come after it and win, as they did over antd's.
import './components/ui/ui.css';
import './styles/global.css';
import './styles/ssr.css';

async function start() {
  ensureFinger();
  const mobile = isMobileBrowser(navigator.userAgent, navigator.maxTouchPoints > 1);
  initI18n();
  // A desktop browser stays here whatever the site config says: its router starts on the page (the
  // login check, the page's code) while the config is on its way, not after.
  const desktopApp = mobile ? undefined : createApp();
  const config = await loadSiteConfig();
  // A phone goes to the mobile site, unless it is there already or chose "电脑版" (a cookie) there.
  const target = mobile
    ? mobileRedirect(window.location.pathname + window.location.search, config.mobileBase, navigator.userAgent, navigator.maxTouchPoints > 1, document.cookie)
    : undefined;
  if (target) {
    window.location.replace(target);
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
