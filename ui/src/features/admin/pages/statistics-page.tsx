import { Alert, Select, Skeleton } from 'antd';
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EChart, type ChartOption } from '@/components/chart/echart';
import { usePageTitle } from '@/lib/page-title';
import { useServerData } from '@/lib/use-server-data';
import { dailyStats, jobStats, type DailyStats, type JobStats, type SiteFunnel, type StatsDay } from '../api';
import { errorKey } from '../errors';
import './statistics.css';

const WINDOWS = [7, 30, 90];
const COLORS = ['#1677ff', '#13a8a8', '#fa8c16', '#722ed1', '#389e0d'];
const FUNNEL_STEPS = ['views', 'applied', 'viewed', 'interview', 'hired'] as const satisfies readonly (keyof SiteFunnel)[];
type DayKey = Exclude<keyof StatsDay, 'day'>;
const REGISTRATIONS: DayKey[] = ['candidates', 'companies'];
const ACTIVITY: DayKey[] = ['jobs', 'applications', 'interviews', 'views'];

function percent(n: number): string {
  return `${Math.round(n * 1000) / 10}%`;
}

/**
 * /admin/statistics (issue 23; issue 19's statistics): daily registrations by side, jobs published,
 * applications, interviews and job views; the site's funnel; the most viewed jobs with their view → apply
 * conversion. Drawn with ECharts like the recruiter funnel (this page is its own lazy chunk), a data table
 * beside each chart.
 */
export default function StatisticsPage() {
  const { t } = useTranslation();
  usePageTitle(t('admin.statistics.title'));
  const [days, setDays] = useState(30);
  const daily = useServerData(() => dailyStats(days), [days]);
  const jobs = useServerData(() => jobStats(days), [days]);
  const error = daily.status === 'failed' ? daily.error : jobs.status === 'failed' ? jobs.error : null;

  return (
    <div className="admin-stats" data-testid="statistics-page">
      <h1>{t('admin.statistics.title')}</h1>
      <div className="admin-toolbar">
        <label htmlFor="stats-days">{t('admin.statistics.window')}</label>
        <Select<number>
          id="stats-days"
          value={days}
          onChange={setDays}
          options={WINDOWS.map((d) => ({ value: d, label: t('admin.statistics.days', { count: d }) }))}
          style={{ width: 140 }}
          data-testid="stats-days"
        />
      </div>
      {error ? <Alert type="error" showIcon message={t(errorKey(error))} /> : null}
      {daily.data ? <DailyCharts data={daily.data} /> : !error && <Skeleton active paragraph={{ rows: 10 }} />}
      {jobs.data && <JobsChart data={jobs.data} />}
    </div>
  );
}

/** A titled card: the chart and its table side by side (stacked on a narrow screen, or when the table is wide). */
function Card({ id, title, note, chart, table, stacked }: { id: string; title: string; note?: string; chart: ReactNode; table: ReactNode; stacked?: boolean }) {
  return (
    <section className="admin-card admin-stats-card" aria-labelledby={id}>
      <h2 id={id} className="admin-stats-title">
        {title}
      </h2>
      {note && <p className="admin-stats-note">{note}</p>}
      <div className={stacked ? 'admin-stats-grid stacked' : 'admin-stats-grid'}>
        <div className="admin-stats-chart">{chart}</div>
        {table}
      </div>
    </section>
  );
}

/** A table box that scrolls (both ways): a named region in the Tab order, as axe asks of a scrolling box. */
function TableBox({ name, testId, children }: { name: string; testId: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="chart-table-scroll admin-stats-table" tabIndex={0} role="region" aria-label={t('admin.statistics.tableRegion', { name })} data-testid={testId}>
      {children}
    </div>
  );
}

function DayTable({ title, series, totals, keys, testId }: { title: string; series: StatsDay[]; totals: StatsDay; keys: DayKey[]; testId: string }) {
  const { t } = useTranslation();
  return (
    <TableBox name={title} testId={testId}>
      <table className="chart-table">
        <caption className="chart-sr-only">{title}</caption>
        <thead>
          <tr>
            <th scope="col">{t('admin.statistics.day')}</th>
            {keys.map((k) => (
              <th scope="col" className="num" key={k}>
                {t(`admin.statistics.${k}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {/* Newest first: the days one looks for. */}
          {[...series].reverse().map((d) => (
            <tr key={d.day} data-day={d.day}>
              <th scope="row">{d.day}</th>
              {keys.map((k) => (
                <td className="num" key={k} data-key={k}>
                  {d[k]}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr data-day="total">
            <th scope="row">{t('admin.statistics.total')}</th>
            {keys.map((k) => (
              <td className="num" key={k} data-key={k}>
                {totals[k]}
              </td>
            ))}
          </tr>
        </tfoot>
      </table>
    </TableBox>
  );
}

function lineOption(data: DailyStats, keys: DayKey[], name: (k: DayKey) => string): ChartOption {
  return {
    aria: { enabled: true },
    color: COLORS,
    tooltip: { trigger: 'axis' },
    legend: { top: 0, data: keys.map(name) },
    grid: { left: 8, right: 16, top: 36, bottom: 8, containLabel: true },
    xAxis: { type: 'category', boundaryGap: false, data: data.series.map((d) => d.day.slice(5)) },
    yAxis: { type: 'value', minInterval: 1 },
    series: keys.map((k) => ({ type: 'line', name: name(k), smooth: true, showSymbol: data.series.length <= 31, data: data.series.map((d) => d[k]) })),
  };
}

function DailyCharts({ data }: { data: DailyStats }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const name = (k: DayKey) => t(`admin.statistics.${k}`);
  const summary = (keys: DayKey[]) => keys.map((k) => `${name(k)} ${data.totals[k]}`).join(', ');
  // No rate after a step of 0 (a dash, not 0%).
  const steps = FUNNEL_STEPS.map((k, i) => ({
    key: k,
    name: t(`admin.statistics.step.${k}`),
    value: data.funnel[k],
    conversion: i === 0 || data.funnel[FUNNEL_STEPS[i - 1]] === 0 ? null : (data.conversion[i - 1] ?? 0),
  }));

  // eslint-disable-next-line react-hooks/exhaustive-deps
  const registrations = useMemo(() => lineOption(data, REGISTRATIONS, name), [data, lang]);
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const activity = useMemo(() => lineOption(data, ACTIVITY, name), [data, lang]);
  const funnel = useMemo<ChartOption>(
    () => ({
      aria: { enabled: true },
      color: COLORS,
      tooltip: { trigger: 'item', formatter: '{b}: {c}' },
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
  const titles = {
    registrations: t('admin.statistics.registrationsTitle'),
    activity: t('admin.statistics.activityTitle'),
    funnel: t('admin.statistics.funnelTitle'),
  };

  return (
    <>
      <Card
        id="stats-registrations"
        title={titles.registrations}
        chart={<EChart option={registrations} label={t('admin.statistics.chartLabel', { title: titles.registrations, summary: summary(REGISTRATIONS) })} testId="registrations-chart" />}
        table={<DayTable title={titles.registrations} series={data.series} totals={data.totals} keys={REGISTRATIONS} testId="registrations-table" />}
      />
      <Card
        id="stats-activity"
        title={titles.activity}
        chart={<EChart option={activity} label={t('admin.statistics.chartLabel', { title: titles.activity, summary: summary(ACTIVITY) })} testId="activity-chart" />}
        table={<DayTable title={titles.activity} series={data.series} totals={data.totals} keys={ACTIVITY} testId="activity-table" />}
      />
      <Card
        id="stats-funnel"
        title={titles.funnel}
        note={t('admin.statistics.funnelNote')}
        chart={
          <EChart option={funnel} label={t('admin.statistics.chartLabel', { title: titles.funnel, summary: steps.map((s) => `${s.name} ${s.value}`).join(', ') })} testId="site-funnel-chart" />
        }
        table={
          <TableBox name={titles.funnel} testId="site-funnel-table">
            <table className="chart-table">
              <caption className="chart-sr-only">{titles.funnel}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('admin.statistics.colStep')}</th>
                  <th scope="col" className="num">
                    {t('admin.statistics.colCount')}
                  </th>
                  <th scope="col" className="num">
                    {t('admin.statistics.colConversion')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {steps.map((s) => (
                  <tr key={s.key} data-step={s.key}>
                    <th scope="row">{s.name}</th>
                    <td className="num">{s.value}</td>
                    <td className="num">{s.conversion === null ? '—' : percent(s.conversion)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableBox>
        }
      />
    </>
  );
}

function JobsChart({ data }: { data: JobStats }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const title = t('admin.statistics.jobsTitle');
  const top = data.top.slice(0, 10);
  const option = useMemo<ChartOption>(
    () => ({
      aria: { enabled: true },
      color: [COLORS[0], COLORS[2]],
      tooltip: { trigger: 'axis' },
      legend: { top: 0, data: [t('admin.statistics.views'), t('admin.statistics.applications')] },
      grid: { left: 8, right: 24, top: 36, bottom: 8, containLabel: true },
      xAxis: { type: 'value', minInterval: 1 },
      yAxis: { type: 'category', inverse: true, data: top.map((j) => (j.title.length > 12 ? `${j.title.slice(0, 12)}…` : j.title)) },
      series: [
        { type: 'bar', name: t('admin.statistics.views'), data: top.map((j) => j.views) },
        { type: 'bar', name: t('admin.statistics.applications'), data: top.map((j) => j.applications) },
      ],
    }),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [data, lang],
  );
  const summary = `${t('admin.statistics.views')} ${data.views}, ${t('admin.statistics.applications')} ${data.applications}, ${t('admin.statistics.colViewConversion')} ${percent(data.conversion)}`;
  return (
    <Card
      id="stats-jobs"
      title={title}
      stacked
      chart={
        top.length > 0 ? (
          <EChart option={option} label={t('admin.statistics.chartLabel', { title, summary })} height={Math.max(160, top.length * 44 + 40)} testId="jobs-chart" />
        ) : (
          <p className="admin-stats-note">{t('admin.statistics.noJobs')}</p>
        )
      }
      table={
        <TableBox name={title} testId="jobs-table">
          <table className="chart-table">
            <caption className="chart-sr-only">{title}</caption>
            <thead>
              <tr>
                <th scope="col">{t('admin.statistics.colJob')}</th>
                <th scope="col" className="num">
                  {t('admin.statistics.impressions')}
                </th>
                <th scope="col" className="num">
                  {t('admin.statistics.views')}
                </th>
                <th scope="col" className="num">
                  {t('admin.statistics.saves')}
                </th>
                <th scope="col" className="num">
                  {t('admin.statistics.applications')}
                </th>
                <th scope="col" className="num">
                  {t('admin.statistics.colViewConversion')}
                </th>
              </tr>
            </thead>
            <tbody>
              {data.top.length === 0 && (
                <tr>
                  <td colSpan={6}>{t('admin.statistics.noJobs')}</td>
                </tr>
              )}
              {data.top.map((j) => (
                <tr key={j.jobId} data-job={j.jobId}>
                  <th scope="row" className="admin-stats-job">
                    {j.title}
                    {j.closed ? t('admin.statistics.closed') : ''}
                  </th>
                  <td className="num">{j.impressions}</td>
                  <td className="num" data-key="views">
                    {j.views}
                  </td>
                  <td className="num">{j.saves}</td>
                  <td className="num" data-key="applications">
                    {j.applications}
                  </td>
                  <td className="num" data-key="conversion">
                    {percent(j.conversion)}
                  </td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row">{t('admin.statistics.total')}</th>
                <td className="num">{data.impressions}</td>
                <td className="num">{data.views}</td>
                <td className="num">{data.saves}</td>
                <td className="num">{data.applications}</td>
                <td className="num">{percent(data.conversion)}</td>
              </tr>
            </tfoot>
          </table>
        </TableBox>
      }
    />
  );
}
