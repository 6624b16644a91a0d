/** Site configuration served by `/site/config`, with the defaults used until (or if never) it answers. */
import type { Footer as FooterConfig, SiteConfig } from '@/lib/api/answers';

/** The server's types (lib/api/answers.ts): a brand's footer, and the whole answer. */
export type { FooterConfig, SiteConfig };

const emptyFooter: FooterConfig = {
  brand: '',
  brandEn: '',
  domain: '',
  icp: '',
  icpUrl: '',
  police: '',
  policeUrl: '',
  licenceUrl: '',
  hrLicence: '',
  hotline: '',
};

export const defaultSiteConfig: SiteConfig = {
  recruiterUrl: '',
  campusUrl: '',
  mobileBase: '',
  qrImage: '',
  mainHosts: [],
  footer: { main: emptyFooter, other: emptyFooter },
};

function str(v: unknown): string {
  return typeof v === 'string' ? v : '';
}

function footerFrom(v: unknown): FooterConfig {
  const o = (v && typeof v === 'object' ? v : {}) as Record<string, unknown>;
  return {
    brand: str(o.brand),
    brandEn: str(o.brandEn),
    domain: str(o.domain),
    icp: str(o.icp),
    icpUrl: str(o.icpUrl),
    police: str(o.police),
    policeUrl: str(o.policeUrl),
    licenceUrl: str(o.licenceUrl),
    hrLicence: str(o.hrLicence),
    hotline: str(o.hotline),
  };
}

/** Reads an untrusted `/site/config` answer; missing or mistyped fields fall back to the defaults. */
export function siteConfigFrom(raw: unknown): SiteConfig {
  if (!raw || typeof raw !== 'object') return defaultSiteConfig;
  const o = raw as Record<string, unknown>;
  const footer = (o.footer && typeof o.footer === 'object' ? o.footer : {}) as Record<string, unknown>;
  return {
    recruiterUrl: str(o.recruiterUrl),
    campusUrl: str(o.campusUrl),
    mobileBase: str(o.mobileBase),
    qrImage: str(o.qrImage),
    mainHosts: Array.isArray(o.mainHosts) ? o.mainHosts.filter((h): h is string => typeof h === 'string') : [],
    footer: { main: footerFrom(footer.main), other: footerFrom(footer.other) },
  };
}

/** The footer set for this host: `main` on the main hosts, `other` everywhere else. */
export function footerFor(config: SiteConfig, hostname: string): FooterConfig {
  const host = hostname.toLowerCase();
  return config.mainHosts.some((h) => h.toLowerCase() === host) ? config.footer.main : config.footer.other;
}
