import { Alert, App, Button, Descriptions, Popconfirm, Tabs, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { answered } from '@/lib/call-errors';
import { formatTime } from '@/lib/format';
import { isRepeatRefusal } from '@/lib/request-error';
import { useServerData } from '@/lib/use-server-data';
import { FormSelect } from '@/components/antd/form-select';
import { listJobs } from '@/components/recruit/api/jobs';
import { getStages, moveApplication, rejectApplications } from '@/components/recruit/api/pipeline';
import { MoveMenu } from '@/components/recruit/move-menu';
import { MoveHistory, NotesSection } from '@/components/recruit/notes-history';
import { errorKey } from '@/components/recruit/errors';
import { since, STATUS_COLOR, toMs } from '@/components/recruit/format';
import { stageLabel } from '@/components/recruit/labels';
import { candidatesPath } from '@/components/recruit/paths';
import { addTalentToJob, type TalentPipeline, type TalentView } from './api/talent';

/** One place on a job's pipeline: its stage with the move menu and "not suitable", the notes, and the moves with who and when. */
function PlaceOnPipeline({ place, name, onChanged }: { place: TalentPipeline; name: string; onChanged: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const stages = useServerData(() => getStages(), []);
  const [busy, setBusy] = useState(false);
  const stageName = (v: string | number | null) => (v === null || v === '' ? '' : stageLabel(t, stages.data?.find((s) => String(s.id) === String(v))?.name ?? String(v)));

  const act = async (work: () => Promise<unknown>, done: string) => {
    setBusy(true);
    try {
      answered(await work());
      message.success(done);
      onChanged();
    } catch (e) {
      if (!isRepeatRefusal(e)) message.error(t(errorKey(e)));
    } finally {
      setBusy(false);
    }
  };
  const move = (stageId: number) => act(() => moveApplication(place.applyId, stageId), t('recruit.pipeline.moved', { name, stage: stageName(stageId) }));
  const inStage = since(place.stageAt, Date.now());
  const idBase = `rc-place-${place.applyId}`;
  return (
    <div className="rc-talent-place" data-testid="talent-place" data-apply={place.applyId}>
      <section aria-labelledby={`${idBase}-stage`}>
        <h3 id={`${idBase}-stage`} className="rc-side-title">
          {t('recruit.talent.placeTitle')}
        </h3>
        <Descriptions column={1} size="small">
          <Descriptions.Item label={t('recruit.pipeline.col.job')}>
            <Link to={candidatesPath(0, place.jobId, 'board')}>{place.jobTitle}</Link>
          </Descriptions.Item>
          <Descriptions.Item label={t('recruit.pipeline.col.stage')}>
            <Tag color={STATUS_COLOR[place.status] ?? 'default'} data-testid="current-stage">
              {stageLabel(t, place.stageName)}
            </Tag>
          </Descriptions.Item>
          <Descriptions.Item label={t('recruit.pipeline.col.inStage')}>{t(inStage.key, { count: inStage.count })}</Descriptions.Item>
          <Descriptions.Item label={t('recruit.talent.addedToJob')}>{formatTime(toMs(place.appliedAt))}</Descriptions.Item>
        </Descriptions>
        <div className="rc-detail-actions">
          <MoveMenu size="middle" stages={stages.data ?? []} current={place.stageId} onMove={(s) => void move(s)} label={t('recruit.pipeline.moveLabel', { name })} />
          <Popconfirm
            title={t('recruit.pipeline.rejectOne', { name })}
            okText={t('recruit.pipeline.reject')}
            cancelText={t('recruit.common.cancel')}
            onConfirm={() => act(() => rejectApplications([place.applyId]), t('recruit.pipeline.rejected', { name }))}
            disabled={place.status === 5}
          >
            <Button danger disabled={place.status === 5 || busy} data-testid="reject-one">
              {t('recruit.pipeline.reject')}
            </Button>
          </Popconfirm>
        </div>
      </section>
      <NotesSection level={3} idBase={idBase} applyId={place.applyId} notes={place.notes} onAdded={onChanged} />
      <MoveHistory level={3} idBase={idBase} moves={place.moves} stageName={stageName} landedKey="recruit.talent.landed" />
    </div>
  );
}

/** "Add to a job's pipeline": the company's jobs it is not on yet. */
function AddToJob({ talent, onAdded }: { talent: TalentView; onAdded: (applyId: number) => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const jobs = useServerData(() => listJobs({ state: '', page: 1, pagesize: 50 }), []);
  const [jobId, setJobId] = useState<number | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const on = new Set(talent.pipelines.map((p) => p.jobId));
  const options = (jobs.data?.list ?? []).filter((j) => !on.has(j.id)).map((j) => ({ value: j.id, label: j.title }));
  const add = async () => {
    if (!jobId) return;
    setBusy(true);
    try {
      const card = answered(await addTalentToJob(talent.id, jobId));
      message.success(t('recruit.talent.addedMessage', { name: talent.name, job: card.jobTitle }));
      setJobId(undefined);
      onAdded(card.applyId);
    } catch (e) {
      if (!isRepeatRefusal(e)) message.error(t(errorKey(e)));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="rc-talent-add" role="group" aria-labelledby="rc-talent-add-label">
      <label id="rc-talent-add-label" htmlFor="rc-talent-add-job">
        {t('recruit.talent.addToPipeline')}
      </label>
      <FormSelect
        id="rc-talent-add-job"
        className="rc-talent-job"
        value={jobId}
        onChange={setJobId}
        options={options}
        showSearch
        optionFilterProp="label"
        placeholder={t('recruit.talent.chooseJob')}
        data-testid="add-to-job-select"
      />
      <Button type="primary" disabled={!jobId} loading={busy} onClick={() => void add()} data-testid="add-to-job">
        {t('recruit.talent.addToPipelineButton')}
      </Button>
    </div>
  );
}

/** The private candidate's places on job pipelines (issue 17), moved like applications; the one the board opened first. */
export function PipelinePanel({ talent, entry, onChanged, onPick }: { talent: TalentView; entry: number | null; onChanged: () => void; onPick: (applyId: number) => void }) {
  const { t } = useTranslation();
  const places = talent.pipelines;
  const current = places.find((p) => p.applyId === entry) ?? places[0];
  return (
    <section className="rc-card rc-talent-pipeline" aria-labelledby="rc-talent-pipeline-title" data-testid="talent-pipeline">
      <h2 id="rc-talent-pipeline-title">{t('recruit.talent.pipelineTitle')}</h2>
      {places.length === 0 && <Alert type="info" showIcon message={t('recruit.talent.onNoPipeline')} />}
      {places.length === 1 && current && <PlaceOnPipeline place={current} name={talent.name} onChanged={onChanged} />}
      {places.length > 1 && current && (
        <Tabs
          activeKey={String(current.applyId)}
          onChange={(k) => onPick(Number(k))}
          items={places.map((p) => ({ key: String(p.applyId), label: p.jobTitle, children: <PlaceOnPipeline place={p} name={talent.name} onChanged={onChanged} /> }))}
        />
      )}
      <AddToJob talent={talent} onAdded={onPick} />
    </section>
  );
}
