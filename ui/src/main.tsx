import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { initI18n } from './i18n';
import { isMobileBrowser, mobileRedirectTarget } from './lib/core';
import { ensureFinger } from './lib/finger';
import { loadSiteConfig } from './lib/site-config';
import './styles/global.css';

async function start() {
  ensureFinger();
  const config = await loadSiteConfig();
  const touchMac = navigator.maxTouchPoints > 1;
  if (config.mobileBase && isMobileBrowser(navigator.userAgent, touchMac)) {
    window.location.replace(mobileRedirectTarget(window.location.pathname, config.mobileBase));
    return;
  }
  initI18n();
  // The router is created after the language is known, so the first title is right.
  const { App } = await import('./app');
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

void start();
