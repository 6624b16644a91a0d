import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';

/**
 * A job or company page that has nothing to show (not found, not public, or not loaded): the
 * reason as the page's one h1, and one primary button back to search. A plain link on the grey page
 * background was 4.43:1, under WCAG AA's 4.5:1 (axe, issue 30).
 */
export function MissingResult({ missing, titleKey }: { missing: boolean; titleKey: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Result
      status={missing ? '404' : 'warning'}
      title={<h1 className="result-heading">{t(titleKey)}</h1>}
      extra={
        <Button type="primary" onClick={() => navigate(paths.search)}>
          {t('jobs.backSearch')}
        </Button>
      }
    />
  );
}
