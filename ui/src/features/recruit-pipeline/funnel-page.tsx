import { Alert, Select, Skeleton, Space } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '@/lib/page-title';
import { useServerData } from '@/lib/use-server-data';
import { registerCatalogue } from '@/i18n';
import { EChart, type ChartOption } from '@/components/chart/echart';
import { listJobs } from '@/components/recruit/api/jobs';
import { PageHead } from '@/components/recruit/recruit-layout';
import { errorKey } from '@/components/recruit/errors';
import { stageLabel } from '@/components/recruit/labels';
import { getHiringFunnel, getJobViews, STEP_KEYS, type HiringFunnel } from './api/funnel';
import recruitPipelineCatalogue from './i18n';

registerCatalogue(recruitPipelineCatalogue);

const DAYS = [30, 90, 180, 365];
const COLORS = ['#1677ff', '#13a8a8', '#fa8c16', '#722ed1', '#389e0d'];

function percent(n: number): string {
  return `${Math.round(n * 1000) / 10}%`;
}

/** /recruit/funnel: applied → viewed → interview → offer → hired, per job or overall; time in each stage; sources. */
export default function FunnelPage() {
  const { t } = useTranslation();
  usePageTitle(t('recruit.title.funnel'));
  const [days, setDays] = useState(90);
  const [jobId, setJobId] = useState(0);
  const funnel = useServerData(() => getHiringFunnel({ days, jobId }), [days, jobId]);
  const jobs = useServerData(() => listJobs({ state: '', page: 1, pagesize: 50 }), []);
  const views = useServerData(() => getJobViews(days), [days]);
  const jobOptions = [{ value: 0, label: t('recruit.funnel.allJobs') }, ...(jobs.data?.list ?? []).map((j) => ({ value: j.id, label: j.title }))];

  return (
    <div className="rc-page" data-testid="funnel-page">
      <PageHead
        title={t('recruit.title.funnel')}
        extra={
          <Space wrap>
            <Select<number> id="funnel-job" aria-label={t('recruit.funnel.job')} value={jobId} onChange={setJobId} options={jobOptions} style={{ minWidth: 200 }} data-testid="funnel-job" />
            <Select<number>
              id="funnel-days"
              aria-label={t('recruit.funnel.window')}
              value={days}
              onChange={setDays}
              options={DAYS.map((d) => ({ value: d, label: t('recruit.funnel.days', { count: d }) }))}
              style={{ width: 140 }}
              data-testid="funnel-days"
            />
          </Space>
        }
      />
      <p className="rc-muted" data-testid="funnel-uploads-note">
        {t('recruit.talent.funnelNote')}
      </p>
      {funnel.status === 'failed' && <Alert type="error" showIcon message={t(errorKey(funnel.error))} />}
      {!funnel.data ? <Skeleton active paragraph={{ rows: 8 }} /> : <FunnelBody data={funnel.data} />}
      <section className="rc-card rc-funnel-card" aria-labelledby="rc-views-title">
        <h2 id="rc-views-title" className="rc-side-title">
          {t('recruit.funnel.viewsTitle', { count: Math.min(days, 90) })}
        </h2>
        <div className="rc-table-scroll" tabIndex={0} role="region" aria-label={t('recruit.funnel.tableRegion', { name: t('recruit.funnel.viewsTitle', { count: Math.min(days, 90) }) })}>
          <table className="rc-data-table" data-testid="views-table">
            <caption className="rc-sr-only">{t('recruit.funnel.viewsTitle', { count: Math.min(days, 90) })}</caption>
            <thead>
              <tr>
                <th scope="col">{t('recruit.funnel.colJob')}</th>
                <th scope="col">{t('recruit.funnel.impressions')}</th>
                <th scope="col">{t('recruit.funnel.views')}</th>
                <th scope="col">{t('recruit.funnel.saves')}</th>
                <th scope="col">{t('recruit.funnel.step.applied')}</th>
                <th scope="col">{t('recruit.funnel.viewConversion')}</th>
              </tr>
            </thead>
            <tbody>
              {(views.data ?? []).map((j) => (
                <tr key={j.jobId}>
                  <th scope="row">{j.title}</th>
                  <td>{j.impressions}</td>
                  <td>{j.views}</td>
                  <td>{j.saves}</td>
                  <td>{j.applications}</td>
                  <td>{percent(j.conversion)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
    </div>
  );
}

function FunnelBody({ data }: { data: HiringFunnel }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  // Views (job pages opened) come before the applications.
  const steps = [
    { key: 'views', name: t('recruit.funnel.views'), value: data.views, conversion: null as number | null },
    ...STEP_KEYS.map((k, i) => ({ key: k, name: t(`recruit.funnel.step.${k}`), value: data.steps[k], conversion: i > 0 ? (data.conversion[i - 1] ?? 0) : data.views > 0 ? data.viewConversion : null })),
  ];
  const sourceName = (s: string) => t(`recruit.funnel.source.${s}`, { defaultValue: s });

  const funnelOption = useMemo<ChartOption>(
    () => ({
      aria: { enabled: true },
      tooltip: { trigger: 'item', formatter: '{b}: {c}' },
      color: COLORS,
      series: [
        {
          type: 'funnel',
          sort: 'none',
          minSize: '8%',
          left: '10%',
          width: '80%',
          label: { show: true, position: 'inside', formatter: '{b} {c}', color: '#fff', fontWeight: 600 },
          data: steps.map((s) => ({ name: s.name, value: s.value })),
        },
      ],
    }),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [data, lang],
  );
  const stageOption = useMemo<ChartOption>(
    () => ({
      aria: { enabled: true },
      tooltip: { trigger: 'axis' },
      grid: { left: 8, right: 24, top: 8, bottom: 8, containLabel: true },
      xAxis: { type: 'value' },
      yAxis: { type: 'category', inverse: true, data: data.stageTimes.map((s) => stageLabel(t, s.name)) },
      series: [{ type: 'bar', data: data.stageTimes.map((s) => s.averageHours), itemStyle: { color: '#1677ff' } }],
    }),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [data, lang],
  );
  const sourceOption = useMemo<ChartOption>(
    () => ({
      aria: { enabled: true },
      tooltip: { trigger: 'axis' },
      grid: { left: 8, right: 24, top: 8, bottom: 8, containLabel: true },
      xAxis: { type: 'value', minInterval: 1 },
      yAxis: { type: 'category', inverse: true, data: data.sources.map((s) => sourceName(s.source)) },
      series: [{ type: 'bar', data: data.sources.map((s) => s.applications), itemStyle: { color: '#13a8a8' } }],
    }),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [data, lang],
  );

  const stepsSummary = steps.map((s) => `${s.name} ${s.value}`).join(', ');
  return (
    <>
      <section className="rc-card rc-funnel-card" aria-labelledby="rc-funnel-steps-title">
        <h2 id="rc-funnel-steps-title" className="rc-side-title">
          {t('recruit.funnel.stepsTitle')}
        </h2>
        <div className="rc-funnel-grid">
          <EChart option={funnelOption} label={t('recruit.funnel.chartLabel', { summary: stepsSummary })} testId="funnel-chart" />
          <table className="rc-data-table" data-testid="funnel-table">
            <caption className="rc-sr-only">{t('recruit.funnel.stepsTitle')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('recruit.funnel.colStep')}</th>
                <th scope="col">{t('recruit.funnel.colCount')}</th>
                <th scope="col">{t('recruit.funnel.colConversion')}</th>
              </tr>
            </thead>
            <tbody>
              {steps.map((s) => (
                <tr key={s.key} data-step={s.key}>
                  <th scope="row">{s.name}</th>
                  <td>{s.value}</td>
                  <td>{s.conversion === null ? '—' : percent(s.conversion)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
      <div className="rc-funnel-pair">
        <section className="rc-card rc-funnel-card" aria-labelledby="rc-funnel-time-title">
          <h2 id="rc-funnel-time-title" className="rc-side-title">
            {t('recruit.funnel.timeTitle')}
          </h2>
          <EChart option={stageOption} label={t('recruit.funnel.timeLabel')} height={Math.max(160, data.stageTimes.length * 36)} testId="time-chart" />
          <table className="rc-data-table" data-testid="time-table">
            <caption className="rc-sr-only">{t('recruit.funnel.timeTitle')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('recruit.funnel.colStage')}</th>
                <th scope="col">{t('recruit.funnel.colApplications')}</th>
                <th scope="col">{t('recruit.funnel.colAverage')}</th>
              </tr>
            </thead>
            <tbody>
              {data.stageTimes.map((s) => (
                <tr key={s.stageId}>
                  <th scope="row">{stageLabel(t, s.name)}</th>
                  <td>{s.applications}</td>
                  <td>{t('recruit.funnel.hoursValue', { count: s.averageHours })}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
        <section className="rc-card rc-funnel-card" aria-labelledby="rc-funnel-source-title">
          <h2 id="rc-funnel-source-title" className="rc-side-title">
            {t('recruit.funnel.sourceTitle')}
          </h2>
          {data.sources.length > 0 && (
            <EChart option={sourceOption} label={t('recruit.funnel.sourceLabel')} height={Math.max(140, data.sources.length * 40)} testId="source-chart" />
          )}
          <table className="rc-data-table" data-testid="source-table">
            <caption className="rc-sr-only">{t('recruit.funnel.sourceTitle')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('recruit.funnel.colSource')}</th>
                <th scope="col">{t('recruit.funnel.colApplications')}</th>
              </tr>
            </thead>
            <tbody>
              {data.sources.length === 0 && (
                <tr>
                  <td colSpan={2}>{t('recruit.funnel.none')}</td>
                </tr>
              )}
              {data.sources.map((s) => (
                <tr key={s.source}>
                  <th scope="row">{sourceName(s.source)}</th>
                  <td>{s.applications}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      </div>
      {data.jobId === null && (
        <section className="rc-card rc-funnel-card" aria-labelledby="rc-funnel-jobs-title">
          <h2 id="rc-funnel-jobs-title" className="rc-side-title">
            {t('recruit.funnel.jobsTitle')}
          </h2>
          <div className="rc-table-scroll" tabIndex={0} role="region" aria-label={t('recruit.funnel.tableRegion', { name: t('recruit.funnel.jobsTitle') })}>
            <table className="rc-data-table" data-testid="jobs-table">
              <caption className="rc-sr-only">{t('recruit.funnel.jobsTitle')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('recruit.funnel.colJob')}</th>
                  <th scope="col">{t('recruit.funnel.views')}</th>
                  {STEP_KEYS.map((k) => (
                    <th scope="col" key={k}>
                      {t(`recruit.funnel.step.${k}`)}
                    </th>
                  ))}
                  <th scope="col">{t('recruit.funnel.colHireRate')}</th>
                </tr>
              </thead>
              <tbody>
                {data.jobs.length === 0 && (
                  <tr>
                    <td colSpan={8}>{t('recruit.funnel.none')}</td>
                  </tr>
                )}
                {data.jobs.map((j) => (
                  <tr key={j.jobId}>
                    <th scope="row">{j.title}</th>
                    <td>{j.views}</td>
                    {STEP_KEYS.map((k) => (
                      <td key={k}>{j.steps[k]}</td>
                    ))}
                    <td>{percent(j.steps.applied ? j.steps.hired / j.steps.applied : 0)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
      )}
    </>
  );
}
