import { AppstoreOutlined, UnorderedListOutlined, UploadOutlined } from '@ant-design/icons';
import { Alert, App, Button, Checkbox, Empty, Segmented, Space, Table, Tag, type TableColumnsType } from 'antd';
import { cloneElement, isValidElement, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { formatTime } from '@/lib/format';
import { answered } from '@/lib/call-errors';
import { usePageTitle } from '@/lib/page-title';
import { isRepeatRefusal } from '@/lib/request-error';
import { useServerData } from '@/lib/use-server-data';
import { registerCatalogue } from '@/i18n';
import { FormSelect } from '@/components/antd/form-select';
import { listJobs } from '@/components/recruit/api/jobs';
import { getStages, listApplications, moveApplication, rejectApplications } from '@/components/recruit/api/pipeline';
import { cardScore, type Application } from '@/components/recruit/api/types';
import { MoveMenu } from '@/components/recruit/move-menu';
import { useNoticeDialog } from '@/components/recruit/notice-dialog';
import { PageHead } from '@/components/recruit/recruit-layout';
import { errorKey } from '@/components/recruit/errors';
import { HIRED, since, SMALL, stageFromParam, STATUS_COLOR, toMs } from '@/components/recruit/format';
import { basicsLine, stageLabel } from '@/components/recruit/labels';
import { cardPath, talentUploadPath } from '@/components/recruit/paths';
import { useRecruiter } from '@/components/recruit/store';
import { bulkMove } from './api/pipeline';
import { Board, UploadedTag, type Columns } from './board';
import { StageSettings } from './stage-settings';
import recruitPipelineCatalogue from './i18n';

registerCatalogue(recruitPipelineCatalogue);

const PAGE_SIZE = 20;
const BOARD_SIZE = 50;
/** stageOppId for every job (any number below SMALL; the zgzx header sends 1). */
const ALL_JOBS = 1;

type View = 'list' | 'board';

/**
 * /recruit/comresume/applyresume?stageId=&stageOppId=: the applications to the company's jobs, by stage
 * (stageId: the n-th stage for n below 1000, else a stage's id; 0 for all) and job (stageOppId: a job's id,
 * below 1000 for all: the zgzx header's stageId=1&stageOppId=1 is the first stage of every job), as a paged list with bulk moves or as a board.
 */
export default function CandidatesPage() {
  const { t } = useTranslation();
  usePageTitle(t('recruit.title.candidates'));
  const { message } = App.useApp();
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const view: View = params.get('view') === 'board' ? 'board' : 'list';
  const stageParam = params.get('stageId') ?? '0';
  const jobParam = params.get('stageOppId') ?? String(ALL_JOBS);
  const jobId = Number(jobParam) >= SMALL ? Number(jobParam) : ALL_JOBS;
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [selected, setSelected] = useState<number[]>([]);
  const [bulkTarget, setBulkTarget] = useState<number | undefined>(undefined);
  const [working, setWorking] = useState(false);
  const [askNotice, noticeDialog] = useNoticeDialog();
  const owner = useRecruiter((s) => s.member?.role === 'owner');

  const stages = useServerData(() => getStages(), [], { keep: true });
  const jobs = useServerData(() => listJobs({ state: '', page: 1, pagesize: 50 }), []);
  const stageList = useMemo(() => stages.data ?? [], [stages.data]);
  const stage = stageFromParam(stageList, stageParam);

  // Sent as the stage's position (what the server reads a small stageId as), 0 for every stage.
  const position = stage ? stageList.indexOf(stage) + 1 : 0;
  // A stage named in the address is known once the stages have come.
  const ready = view === 'list' && (!!stages.data || !(Number(stageParam) > 0));
  const list = useServerData(
    () => (ready ? listApplications({ stageId: position, stageOppId: jobId, page, pagesize: PAGE_SIZE }) : Promise.resolve(null)),
    [ready, position, jobId, page],
    { keep: true },
  );
  const stageKey = stageList.map((s) => s.id).join(',');
  const board = useServerData<Columns | null>(
    async () => {
      if (view !== 'board' || !stageKey) return null;
      const ids = stageKey.split(',').map(Number);
      const pages = await Promise.all(ids.map((_, i) => listApplications({ stageId: i + 1, stageOppId: jobId, page: 1, pagesize: BOARD_SIZE })));
      return Object.fromEntries(ids.map((id, i) => [id, { total: pages[i].total, list: pages[i].list }]));
    },
    [view, stageKey, jobId],
    { keep: true },
  );

  const setQuery = (changes: Record<string, string | null>) => {
    const q = new URLSearchParams(params);
    for (const [k, v] of Object.entries(changes)) {
      if (v === null) q.delete(k);
      else q.set(k, v);
    }
    if (!('page' in changes)) q.delete('page');
    setSelected([]);
    setParams(q);
  };

  const refresh = () => {
    stages.reload('quiet');
    list.reload('keep');
    board.reload('quiet');
  };

  /** One application to another stage; on the board it moves at once and goes back if the move fails. */
  const move = async (app: Application, stageId: number) => {
    const target = stageList.find((s) => s.id === stageId);
    if (!target) return;
    // An uploaded candidate has no account to tell.
    const template = target.status === HIRED && app.source !== 'upload' ? await askNotice('offer', t('recruit.notices.offerTitle', { name: app.name }), t('recruit.notices.moveOk')) : 0;
    if (template === null) return;
    const before = board.data;
    if (view === 'board' && before) {
      const from = before[app.stageId];
      const to = before[stageId];
      if (from && to) {
        const moved = { ...app, stageId, stageName: target.name, status: target.status, stageAt: Date.now() };
        board.setData({
          ...before,
          [app.stageId]: { total: from.total - 1, list: from.list.filter((a) => a.applyId !== app.applyId) },
          [stageId]: { total: to.total + 1, list: [moved, ...to.list] },
        });
      }
    }
    try {
      answered(await moveApplication(app.applyId, stageId, template));
      message.success(t('recruit.pipeline.moved', { name: app.name, stage: target.name }));
      refresh();
    } catch (e) {
      if (before) board.setData(before);
      if (!isRepeatRefusal(e)) message.error(t(errorKey(e)));
    }
  };

  const bulk = async (what: 'move' | 'reject') => {
    if (!selected.length) return;
    const hired = what === 'move' && stageList.find((s) => s.id === bulkTarget)?.status === HIRED;
    const template =
      what === 'reject'
        ? await askNotice('rejection', t('recruit.pipeline.rejectConfirm', { count: selected.length }), t('recruit.pipeline.reject'))
        : hired
          ? await askNotice('offer', t('recruit.notices.offerBulkTitle', { count: selected.length }), t('recruit.notices.moveOk'))
          : 0;
    if (template === null) return;
    setWorking(true);
    try {
      const answer = answered(what === 'move' && bulkTarget ? await bulkMove(selected, bulkTarget, template) : await rejectApplications(selected, template));
      message.success(t('recruit.pipeline.bulkDone', { count: answer.moved }));
      setSelected([]);
      refresh();
    } catch (e) {
      if (!isRepeatRefusal(e)) message.error(t(errorKey(e)));
    } finally {
      setWorking(false);
    }
  };

  const now = Date.now();
  const columns: TableColumnsType<Application> = [
    {
      title: t('recruit.pipeline.col.candidate'),
      key: 'name',
      render: (_, a) => (
        <div>
          <Link to={cardPath(a)} className="rc-strong-link">
            {a.name}
          </Link>
          {!a.viewed && <span className="rc-unread">{t('recruit.pipeline.unread')}</span>}
          {a.source === 'upload' && <UploadedTag />}
          <div className="rc-muted">{basicsLine(t, a)}</div>
          <CardScoreLine card={a} />
        </div>
      ),
    },
    { title: t('recruit.pipeline.col.job'), dataIndex: 'jobTitle', key: 'job' },
    {
      title: t('recruit.pipeline.col.stage'),
      key: 'stage',
      width: 120,
      render: (_, a) => <Tag color={STATUS_COLOR[a.status] ?? 'default'}>{stageLabel(t, a.stageName)}</Tag>,
    },
    {
      title: t('recruit.pipeline.col.applied'),
      key: 'applied',
      width: 150,
      render: (_, a) => formatTime(toMs(a.appliedAt)),
    },
    {
      title: t('recruit.pipeline.col.inStage'),
      key: 'inStage',
      width: 110,
      render: (_, a) => {
        const s = since(a.stageAt, now);
        return t(s.key, { count: s.count });
      },
    },
    {
      title: t('recruit.pipeline.col.actions'),
      key: 'actions',
      width: 240,
      render: (_, a) => (
        <Space size={4}>
          <Link to={cardPath(a)}>{t('recruit.pipeline.open')}</Link>
          <MoveMenu stages={stageList} current={a.stageId} onMove={(s) => void move(a, s)} label={t('recruit.pipeline.moveLabel', { name: a.name })} />
        </Space>
      ),
    },
  ];

  const pageIds = (list.data?.list ?? []).map((a) => a.applyId);
  const allCount = stageList.reduce((n, s) => n + s.count, 0);
  const jobOptions = [{ value: ALL_JOBS, label: t('recruit.pipeline.allJobs') }, ...(jobs.data?.list ?? []).map((j) => ({ value: j.id, label: j.title }))];
  const failed = stages.status === 'failed' ? stages.error : view === 'list' ? (list.status === 'failed' ? list.error : null) : board.status === 'failed' ? board.error : null;

  return (
    <div className="rc-page" data-testid="candidates-page">
      {noticeDialog}
      <PageHead
        title={t('recruit.title.candidates')}
        extra={
          <Space wrap>
          {jobId !== ALL_JOBS && (
            <Button icon={<UploadOutlined />} onClick={() => navigate(talentUploadPath(jobId))} data-testid="upload-to-job">
              {t('recruit.talent.uploadToJob')}
            </Button>
          )}
          {owner && stages.data && <StageSettings stages={stages.data} onSaved={refresh} />}
          <Segmented<View>
            value={view}
            onChange={(v) => setQuery({ view: v === 'board' ? 'board' : null })}
            options={[
              { value: 'list', label: t('recruit.pipeline.listView'), icon: <UnorderedListOutlined /> },
              { value: 'board', label: t('recruit.pipeline.boardView'), icon: <AppstoreOutlined /> },
            ]}
            data-testid="view-switch"
          />
          </Space>
        }
      />
      <div className="rc-card">
        <div className="rc-filter-bar">
          <label htmlFor="rc-job-filter">{t('recruit.pipeline.jobFilter')}</label>
          <FormSelect
            id="rc-job-filter"
            className="rc-job-filter"
            value={jobId}
            options={jobOptions}
            showSearch
            optionFilterProp="label"
            onChange={(v) => setQuery({ stageOppId: String(v) })}
            data-testid="job-filter"
          />
        </div>
        {!!failed && <Alert type="error" showIcon message={t(errorKey(failed))} action={<Button onClick={refresh}>{t('common.retry')}</Button>} />}
        {view === 'list' ? (
          <>
            <div className="rc-stage-pills" role="group" aria-label={t('recruit.pipeline.stages')}>
              {[{ key: 0, name: t('recruit.pipeline.allStages'), count: allCount }, ...stageList.map((s, i) => ({ key: i + 1, name: stageLabel(t, s.name), count: s.count }))].map((p) => (
                <button
                  key={p.key}
                  type="button"
                  className={p.key === position ? 'rc-pill active' : 'rc-pill'}
                  aria-pressed={p.key === position}
                  onClick={() => setQuery({ stageId: String(p.key) })}
                  data-testid={`stage-tab-${p.key}`}
                >
                  {p.name}
                  {jobId === ALL_JOBS && <span className="rc-count">{p.count}</span>}
                </button>
              ))}
            </div>
            <div className="rc-bulk-bar" role="group" aria-label={t('recruit.pipeline.bulkLabel')}>
              <span className="rc-muted">{t('recruit.pipeline.selected', { count: selected.length })}</span>
              <FormSelect
                className="rc-bulk-target"
                placeholder={t('recruit.pipeline.bulkTarget')}
                aria-label={t('recruit.pipeline.bulkTarget')}
                value={bulkTarget}
                onChange={setBulkTarget}
                options={stageList.map((s) => ({ value: s.id, label: stageLabel(t, s.name) }))}
              />
              <Button disabled={!selected.length || !bulkTarget} loading={working} onClick={() => void bulk('move')} data-testid="bulk-move">
                {t('recruit.pipeline.bulkMove')}
              </Button>
              <Button danger disabled={!selected.length} onClick={() => void bulk('reject')} data-testid="bulk-reject">
                {t('recruit.pipeline.reject')}
              </Button>
            </div>
            <div className="rc-table-scroll">
            <Table<Application>
              rowKey="applyId"
              data-testid="applications-table"
              columns={columns}
              dataSource={list.data?.list ?? []}
              loading={list.status === 'loading' || list.busy}
              rowSelection={{
                selectedRowKeys: selected,
                columnTitle: (
                  <Checkbox
                    aria-label={t('recruit.pipeline.selectAll')}
                    checked={pageIds.length > 0 && pageIds.every((id) => selected.includes(id))}
                    indeterminate={selected.length > 0 && !pageIds.every((id) => selected.includes(id))}
                    onChange={(e) => setSelected(e.target.checked ? pageIds : [])}
                  />
                ),
                onChange: (keys) => setSelected(keys.map(Number)),
                renderCell: (_checked, a, _i, node) => (isValidElement<{ 'aria-label'?: string }>(node) ? cloneElement(node, { 'aria-label': t('recruit.pipeline.select', { name: a.name }) }) : node),
              }}
              locale={{ emptyText: <Empty description={t('recruit.pipeline.empty')} /> }}
              pagination={{
                current: page,
                pageSize: PAGE_SIZE,
                total: list.data?.total ?? 0,
                hideOnSinglePage: true,
                showSizeChanger: false,
                showTotal: (total) => t('recruit.pipeline.total', { count: total }),
                onChange: (p) => setQuery({ page: String(p) }),
              }}
            />
            </div>
          </>
        ) : (
          <Board stages={stageList} columns={board.data ?? undefined} loading={board.status === 'loading' || stages.status === 'loading'} onMove={(a, s) => void move(a, s)} />
        )}
      </div>
    </div>
  );
}

/** The row's assessment score, when one was sent to the application. */
function CardScoreLine({ card }: { card: Application }) {
  const { t } = useTranslation();
  const score = cardScore(card);
  if (!score) return null;
  return (
    <div className="rc-card-score" data-testid="row-score">
      {t(score.pending ? 'recruit.assess.cardScorePending' : 'recruit.assess.cardScore', { score: score.score, max: score.maxScore })}
    </div>
  );
}
