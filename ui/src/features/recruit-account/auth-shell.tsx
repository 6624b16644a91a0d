import { CheckCircleFilled } from '@ant-design/icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { RecruitTopBar } from '@/components/recruit/recruit-layout';

/** The recruiter log-in and registration: the top bar, what the site offers employers, and the form's card. */
export function AuthShell({ heading, children, footer }: { heading: string; children: ReactNode; footer?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="rc-shell rc-auth">
      <RecruitTopBar withMember={false} />
      <main className="rc-auth-main" id="main">
        <section className="rc-auth-promo" aria-labelledby="rc-promo-title">
          <h2 id="rc-promo-title">{t('recruit.auth.promoTitle')}</h2>
          <p>{t('recruit.auth.promoText')}</p>
          <ul>
            {(['post', 'pipeline', 'search'] as const).map((k) => (
              <li key={k}>
                <CheckCircleFilled aria-hidden="true" /> {t(`recruit.auth.promo.${k}`)}
              </li>
            ))}
          </ul>
        </section>
        <section className="rc-auth-card">
          <h1>{heading}</h1>
          {children}
          {footer && <div className="rc-auth-footer">{footer}</div>}
        </section>
      </main>
    </div>
  );
}
