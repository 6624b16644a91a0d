import { useTranslation } from 'react-i18next';
import { create } from 'zustand';
import { defaultSiteConfig, footerFor, siteConfigFrom, type SiteConfig } from '@/config/site';
import { request } from './core';

export const useSiteConfig = create<SiteConfig>(() => defaultSiteConfig);

/** Loads `/site/config` once at start; on failure the defaults stay. */
export async function loadSiteConfig(): Promise<SiteConfig> {
  try {
    const config = siteConfigFrom(await request<unknown>('/site/config'));
    useSiteConfig.setState(config, true);
    return config;
  } catch {
    return useSiteConfig.getState();
  }
}

/** This host's brand in the current language (SPEC 2: it depends on the hostname), for the
 *  header, the footers and the document title. */
export function useBrand(): string {
  const { t, i18n } = useTranslation();
  const f = footerFor(useSiteConfig(), window.location.hostname);
  const configured = i18n.language.startsWith('en') ? f.brandEn : f.brand;
  return configured || t('site.brand');
}
