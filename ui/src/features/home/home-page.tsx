import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { JobSearch } from '@/components/ui/job-search';
import { paths } from '@/config/paths';
import { useSiteConfig } from '@/lib/site-config';

export default function HomePage() {
  const { t } = useTranslation();
  const recruiterUrl = useSiteConfig((s) => s.recruiterUrl);
  return (
    <>
      <section className="hero">
        <div className="container hero-inner">
          <h1 className="hero-title">{t('home.heroTitle')}</h1>
          <p className="hero-subtitle">{t('home.heroSubtitle')}</p>
          <JobSearch />
        </div>
      </section>
      <div className="container home-cards">
        <section className="home-card">
          <h2>{t('home.centreTitle')}</h2>
          <p>{t('home.centreText')}</p>
          <Link to={paths.my.root}>{t('home.centreLink')}</Link>
        </section>
        {recruiterUrl && (
          <section className="home-card">
            <h2>{t('home.recruitTitle')}</h2>
            <p>{t('home.recruitText')}</p>
            <a href={recruiterUrl} target="_blank" rel="noopener noreferrer">
              {t('home.recruitLink')}
            </a>
          </section>
        )}
      </div>
    </>
  );
}
