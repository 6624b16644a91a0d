import { describe, expect, it } from 'vitest';
import { defaultSiteConfig, footerFor, siteConfigFrom } from './site';

const raw = {
  recruiterUrl: 'https://hr.example.cn',
  campusUrl: 'https://campus.example.cn',
  mobileBase: '',
  qrImage: '',
  mainHosts: ['www.example.cn', 'example.cn'],
  footer: {
    main: { brand: 'Main', brandEn: 'Main EN', domain: 'example.cn', icp: 'ICP-1' },
    other: { brand: 'Other', domain: 'other.cn', icp: 'ICP-2' },
  },
};

describe('footerFor', () => {
  const config = siteConfigFrom(raw);

  it('uses the main set on a main host, case-insensitively', () => {
    expect(footerFor(config, 'www.example.cn').brand).toBe('Main');
    expect(footerFor(config, 'EXAMPLE.cn').brand).toBe('Main');
  });

  it('uses the other set on every other host', () => {
    expect(footerFor(config, 'partner.example.cn').brand).toBe('Other');
    expect(footerFor(config, '127.0.0.1').domain).toBe('other.cn');
  });
});

describe('siteConfigFrom', () => {
  it('reads a full answer and fills missing footer fields with empty strings', () => {
    const c = siteConfigFrom(raw);
    expect(c.recruiterUrl).toBe('https://hr.example.cn');
    expect(c.mainHosts).toEqual(['www.example.cn', 'example.cn']);
    expect(c.footer.main.hotline).toBe('');
    expect(c.footer.main.brandEn).toBe('Main EN');
    expect(c.footer.other.brandEn).toBe('');
  });

  it('falls back to the defaults on junk', () => {
    expect(siteConfigFrom(null)).toEqual(defaultSiteConfig);
    expect(siteConfigFrom({ mainHosts: 'x', recruiterUrl: 3 }).mainHosts).toEqual([]);
    expect(siteConfigFrom({ mainHosts: 'x', recruiterUrl: 3 }).recruiterUrl).toBe('');
  });
});
