import { useTranslation } from 'react-i18next';

/** The 认证 badge of a company a reviewer verified (`verified` / `companyVerified` of the job site's calls). */
export function VerifiedBadge({ verified }: { verified: boolean | undefined }) {
  const { t } = useTranslation();
  if (!verified) return null;
  return (
    <span className="verified-badge" title={t('verified.title')} data-testid="company-verified">
      {t('verified.badge')}
    </span>
  );
}
