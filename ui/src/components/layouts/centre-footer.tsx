import { useTranslation } from 'react-i18next';
import { footerFor } from '@/config/site';
import { useBrand, useSiteConfig } from '@/lib/site-config';

const LINKS = [
  ['about', 'about'],
  ['media', 'media'],
  ['enterprise', 'service'],
  ['legal', 'legal'],
  ['contact', 'contact'],
  ['join', 'join'],
] as const;

/** The personal-centre footer (SPEC 2); brand, domain and filing depend on the host. */
export function CentreFooter() {
  const { t } = useTranslation();
  const config = useSiteConfig();
  const f = footerFor(config, window.location.hostname);
  const brand = useBrand();
  const site = f.domain ? `//${f.domain}` : '';

  return (
    <footer className="centre-footer">
      <div className="container">
        <nav className="footer-links">
          {LINKS.map(([key, slug]) => (
            <a key={key} href={`${site}/${slug}/`}>
              {t(`footer.${key}`)}
            </a>
          ))}
        </nav>
        <p className="footer-line">
          <span>{t('footer.copyright', { year: new Date().getFullYear(), brand })}</span>
          {f.domain && <span>{f.domain}</span>}
          {f.icp &&
            (f.icpUrl ? (
              <a href={f.icpUrl} target="_blank" rel="noopener noreferrer">
                {f.icp}
              </a>
            ) : (
              <span>{f.icp}</span>
            ))}
        </p>
        <p className="footer-line">
          {f.police &&
            (f.policeUrl ? (
              <a href={f.policeUrl} target="_blank" rel="noopener noreferrer">
                {f.police}
              </a>
            ) : (
              <span>{f.police}</span>
            ))}
          {f.licenceUrl && (
            <a href={f.licenceUrl} target="_blank" rel="noopener noreferrer">
              {t('footer.businessLicence')}
            </a>
          )}
          {f.hrLicence && <span>{t('footer.hrLicence', { no: f.hrLicence })}</span>}
        </p>
        {f.hotline && <p className="footer-line">{t('footer.hotline', { no: f.hotline })}</p>}
      </div>
    </footer>
  );
}
