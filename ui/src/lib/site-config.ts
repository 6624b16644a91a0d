import { create } from 'zustand';
import { defaultSiteConfig, siteConfigFrom, type SiteConfig } from '@/config/site';
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
