import { SearchOutlined } from '@ant-design/icons';
import { Alert, Button, Col, Empty, Form, Input, List, Pagination, Row, Tag } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { currentLanguage, registerCatalogue } from '@/i18n';
import { formatTime } from '@/lib/format';
import { usePageTitle } from '@/lib/page-title';
import { useServerData } from '@/lib/use-server-data';
import { getFilters, type Label } from '@/lib/api/get-filters';
import { FormSelect } from '@/components/antd/form-select';
import type { ResumeHit } from '@/components/recruit/api/types';
import { PageHead } from '@/components/recruit/recruit-layout';
import { errorKey } from '@/components/recruit/errors';
import { toMs } from '@/components/recruit/format';
import { basicsLine, optionText } from '@/components/recruit/labels';
import { resumePath } from '@/components/recruit/paths';
import { searchResumes, type ResumeQuery } from './api/search';
import talentCatalogue from './i18n';

registerCatalogue(talentCatalogue);

const PAGE_SIZE = 10;
const YEARS = ['1-3', '3-5', '5-10', '10-'] as const;
const KEYS: (keyof ResumeQuery)[] = ['keyword', 'city', 'education', 'experience', 'category'];

function queryOf(params: URLSearchParams): ResumeQuery {
  return Object.fromEntries(KEYS.map((k) => [k, params.get(k) ?? ''])) as unknown as ResumeQuery;
}

function keywordsOf(hit: ResumeHit): string[] {
  return Array.isArray(hit.keywords) ? hit.keywords : String(hit.keywords ?? '').split(/[,，]/).filter(Boolean);
}

/** /recruit/search: filled resumes the company may see, by keyword, city, education, years of work and target category. */
export default function SearchPage() {
  const { t } = useTranslation();
  usePageTitle(t('recruit.title.search'));
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const [form] = Form.useForm<ResumeQuery>();
  const query = queryOf(params);
  const page = Math.max(1, Number(params.get('page')) || 1);
  const { keyword, city, education, experience, category } = query;
  const filters = useServerData(() => getFilters(), []);
  const results = useServerData(
    () => searchResumes({ keyword, city, education, experience, category }, page, PAGE_SIZE),
    [keyword, city, education, experience, category, page],
    { keep: true },
  );
  const lang = currentLanguage();
  const label = (l: Label) => (lang === 'en-US' && l.en ? l.en : l.value);

  useEffect(() => {
    form.setFieldsValue({ keyword, city, education, experience, category });
  }, [keyword, city, education, experience, category, form]);

  const onFinish = (values: ResumeQuery) => {
    const q = new URLSearchParams();
    for (const k of KEYS) {
      const v = (values[k] ?? '').trim();
      if (v) q.set(k, v);
    }
    setParams(q);
  };

  const f = filters.data;
  const any = { value: '', label: t('recruit.search.any') };
  return (
    <div className="rc-page" data-testid="search-page">
      <PageHead title={t('recruit.title.search')} />
      <div className="rc-card">
        <Form form={form} name="resumeSearch" layout="vertical" onFinish={onFinish} className="rc-search-form">
          <Form.Item name="keyword" label={t('recruit.search.keyword')}>
            <Input.Search
              placeholder={t('recruit.search.keywordPlaceholder')}
              maxLength={50}
              enterButton={
                <>
                  <SearchOutlined aria-hidden="true" /> {t('recruit.search.submit')}
                </>
              }
              onSearch={() => form.submit()}
              data-testid="search-keyword"
            />
          </Form.Item>
          <Row gutter={12}>
            <Col xs={12} md={6}>
              <Form.Item name="city" label={t('recruit.search.city')}>
                <FormSelect showSearch optionFilterProp="label" options={[any, ...(f?.cities ?? []).map((c) => ({ value: c.value, label: label(c) }))]} onChange={() => form.submit()} />
              </Form.Item>
            </Col>
            <Col xs={12} md={6}>
              <Form.Item name="education" label={t('recruit.search.education')}>
                <FormSelect options={[any, ...(f?.education ?? []).map((c) => ({ value: c.value, label: label(c) }))]} onChange={() => form.submit()} />
              </Form.Item>
            </Col>
            <Col xs={12} md={6}>
              <Form.Item name="experience" label={t('recruit.search.experience')}>
                <FormSelect options={[any, ...YEARS.map((y) => ({ value: y, label: t(`recruit.search.years.${y}`) }))]} onChange={() => form.submit()} />
              </Form.Item>
            </Col>
            <Col xs={12} md={6}>
              <Form.Item name="category" label={t('recruit.search.category')}>
                <FormSelect
                  showSearch
                  optionFilterProp="label"
                  options={[any, ...(f?.categories ?? []).map((g) => ({ label: label(g), title: g.value, options: g.categories.map((c) => ({ value: c.value, label: label(c) })) }))]}
                  onChange={() => form.submit()}
                />
              </Form.Item>
            </Col>
          </Row>
        </Form>
      </div>
      <div className="rc-card">
        {results.status === 'failed' && <Alert type="error" showIcon message={t(errorKey(results.error))} action={<Button onClick={() => results.reload()}>{t('common.retry')}</Button>} />}
        <p className="rc-muted" data-testid="search-total" aria-live="polite">
          {results.data ? t('recruit.search.total', { count: results.data.total }) : '\u00a0'}
        </p>
        <List<ResumeHit>
          loading={results.status === 'loading' || results.busy}
          dataSource={results.data?.list ?? []}
          locale={{ emptyText: <Empty description={t('recruit.search.empty')} /> }}
          data-testid="search-results"
          renderItem={(hit) => (
            <List.Item className="rc-hit" data-testid="resume-hit" data-resume={hit.resumeId}>
              <div className="rc-hit-main">
                <div className="rc-hit-head">
                  <Link to={resumePath(hit.resumeId)} state={{ name: hit.name }} className="rc-strong-link">
                    {hit.name}
                  </Link>
                  {hit.top && (
                    <Tag color="volcano" className="rc-top-badge" data-testid="top-badge">
                      {t('recruit.search.top')}
                    </Tag>
                  )}
                  <span className="rc-hit-title">{hit.title}</span>
                </div>
                <div className="rc-muted">
                  {[basicsLine(t, hit), hit.targetCategory ? t('recruit.search.wants', { category: optionText(t, 'intention', 'targetCategory', hit.targetCategory) }) : ''].filter(Boolean).join(' · ')}
                </div>
                {keywordsOf(hit).length > 0 && (
                  <div className="rc-hit-tags">
                    {keywordsOf(hit)
                      .slice(0, 8)
                      .map((k) => (
                        <Tag key={k}>{k}</Tag>
                      ))}
                  </div>
                )}
              </div>
              <div className="rc-hit-side">
                <span className="rc-muted">{t('recruit.search.updated', { time: formatTime(toMs(hit.updatedAt), 'YYYY-MM-DD') })}</span>
                <Button onClick={() => navigate(resumePath(hit.resumeId), { state: { name: hit.name } })} aria-label={t('recruit.search.openLabel', { name: hit.name })}>
                  {t('recruit.search.open')}
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
