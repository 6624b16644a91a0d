import { Alert, Card, Col, Row, Statistic } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePageTitle } from '@/lib/page-title';
import { useServerData } from '@/lib/use-server-data';
import { can, stats, type Stats } from '../api';
import { errorKey } from '../errors';
import { useAdmin } from '../store';

const CARDS: { key: keyof Stats; to?: string; power?: 'reports' | 'companies' | 'users' }[] = [
  { key: 'candidates' },
  { key: 'companies' },
  { key: 'members' },
  { key: 'openJobs' },
  { key: 'applications' },
  { key: 'openReports', to: '/admin/reports', power: 'reports' },
  { key: 'pendingCompanies', to: '/admin/companies', power: 'companies' },
  { key: 'chatMoneyWarnings', to: '/admin/black-words' },
  { key: 'chatMoneyWarningsWeek', to: '/admin/black-words' },
];

/** /admin: the counts of /admin/stats. */
export default function DashboardPage() {
  const { t } = useTranslation();
  usePageTitle(t('admin.dashboard.title'));
  const admin = useAdmin((s) => s.admin);
  const { data, error } = useServerData(stats, []);

  return (
    <>
      <h1>{t('admin.dashboard.title')}</h1>
      <p>{t('admin.dashboard.welcome', { name: admin?.username ?? '' })}</p>
      {error ? <Alert type="error" showIcon message={t(errorKey(error))} /> : null}
      <Row gutter={[16, 16]}>
        {CARDS.map((c) => (
          <Col key={c.key} xs={12} lg={6}>
            <Card loading={!data && !error}>
              <Statistic
                title={c.to && (!c.power || can(admin?.role, c.power)) ? <Link to={c.to}>{t(`admin.dashboard.${c.key}`)}</Link> : t(`admin.dashboard.${c.key}`)}
                value={data?.[c.key] ?? 0}
              />
            </Card>
          </Col>
        ))}
      </Row>
    </>
  );
}
