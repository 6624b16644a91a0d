import { SearchOutlined, UploadOutlined } from '@ant-design/icons';
import { Alert, Button, Empty, Form, Input, List, Pagination, Select } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { formatTime } from '@/lib/format';
import { usePageTitle } from '@/lib/page-title';
import { useServerData } from '@/lib/use-server-data';
import { registerCatalogue } from '@/i18n';
import { listJobs } from '@/components/recruit/api/jobs';
import { PageHead } from '@/components/recruit/recruit-layout';
import { errorKey } from '@/components/recruit/errors';
import { talentPath, talentPaths } from '@/components/recruit/paths';
import { listTalent, type TalentItem } from './api/talent';
import talentCatalogue from './i18n';
import './talent.css';

registerCatalogue(talentCatalogue);

const PAGE_SIZE = 10;

/** /recruit/talent: the company's private candidates, by name, mobile or email and by job, newest first. */
export default function TalentListPage() {
  const { t } = useTranslation();
  usePageTitle(t('recruit.title.talent'));
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const [form] = Form.useForm<{ keyword: string; jobId?: string }>();
  const keyword = params.get('keyword') ?? '';
  const jobId = params.get('jobId') ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const jobs = useServerData(() => listJobs({ state: '', page: 1, pagesize: 50 }), []);
  const results = useServerData(() => listTalent({ keyword, jobId, page, pagesize: PAGE_SIZE }), [keyword, jobId, page], { keep: true });

  useEffect(() => {
    form.setFieldsValue({ keyword, jobId: jobId || undefined });
  }, [form, keyword, jobId]);

  const onFinish = (v: { keyword?: string; jobId?: string }) => {
    const q = new URLSearchParams();
    if (v.keyword?.trim()) q.set('keyword', v.keyword.trim());
    if (v.jobId) q.set('jobId', String(v.jobId));
    setParams(q);
  };

  return (
    <div className="rc-page" data-testid="talent-page">
      <PageHead
        title={t('recruit.title.talent')}
        extra={
          <Button type="primary" icon={<UploadOutlined />} onClick={() => navigate(talentPaths.upload)} data-testid="talent-upload">
            {t('recruit.talent.upload')}
          </Button>
        }
      />
      <div className="rc-card">
        <p className="rc-muted">{t('recruit.talent.private')}</p>
        <Form form={form} name="talentSearch" layout="vertical" onFinish={onFinish} className="rc-talent-search">
          <Form.Item name="keyword" label={t('recruit.talent.keyword')}>
            <Input.Search
              placeholder={t('recruit.talent.keywordPlaceholder')}
              maxLength={50}
              enterButton={
                <>
                  <SearchOutlined aria-hidden="true" /> {t('recruit.talent.search')}
                </>
              }
              onSearch={() => form.submit()}
              data-testid="talent-keyword"
            />
          </Form.Item>
          <Form.Item name="jobId" label={t('recruit.talent.job')}>
            <Select allowClear placeholder={t('recruit.talent.anyJob')} options={(jobs.data?.list ?? []).map((j) => ({ value: String(j.id), label: j.title }))} onChange={() => form.submit()} />
          </Form.Item>
        </Form>
      </div>
      <div className="rc-card">
        {results.status === 'failed' && <Alert type="error" showIcon message={t(errorKey(results.error))} action={<Button onClick={() => results.reload()}>{t('common.retry')}</Button>} />}
        <p className="rc-muted" data-testid="talent-total" aria-live="polite">
          {results.data ? t('recruit.talent.total', { count: results.data.total }) : '\u00a0'}
        </p>
        <List<TalentItem>
          loading={results.status === 'loading' || results.busy}
          dataSource={results.data?.list ?? []}
          locale={{ emptyText: <Empty description={t('recruit.talent.empty')} /> }}
          renderItem={(item) => (
            <List.Item className="rc-hit" data-testid="talent-item" data-id={item.id}>
              <div className="rc-hit-main">
                <div className="rc-hit-head">
                  <Link to={talentPath(item.id)} className="rc-strong-link">
                    {item.name}
                  </Link>
                  {item.jobTitle && <span className="rc-hit-title">{t('recruit.talent.forJob', { job: item.jobTitle })}</span>}
                </div>
                <div className="rc-muted">{[item.mobile, item.email, item.originalName].filter(Boolean).join(' · ')}</div>
              </div>
              <div className="rc-hit-side">
                <span className="rc-muted">{t('recruit.talent.addedAt', { time: formatTime(item.createdAt, 'YYYY-MM-DD') })}</span>
                <Button autoInsertSpace={false} onClick={() => navigate(talentPath(item.id))} aria-label={t('recruit.talent.openLabel', { name: item.name })}>
                  {t('recruit.talent.open')}
                </Button>
              </div>
            </List.Item>
          )}
        />
        {(results.data?.total ?? 0) > PAGE_SIZE && (
          <Pagination
            className="rc-pager"
            current={page}
            pageSize={PAGE_SIZE}
            total={results.data?.total ?? 0}
            showSizeChanger={false}
            onChange={(p) => {
              const q = new URLSearchParams(params);
              q.set('page', String(p));
              setParams(q);
            }}
          />
        )}
      </div>
    </div>
  );
}
