import { ArrowDownOutlined, ArrowUpOutlined, PlusOutlined } from '@ant-design/icons';
import { Alert, App, Button, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { answered } from '@/lib/call-errors';
import { isRepeatRefusal } from '@/lib/request-error';
import { FormSelect } from '@/components/antd/form-select';
import { getStages } from '@/components/recruit/api/pipeline';
import type { Stage } from '@/components/recruit/api/types';
import { errorKey } from '@/components/recruit/errors';
import { orderStages, saveStage } from './api/pipeline';

const STATUSES = [1, 2, 3, 4, 6, 5];
const NAME_MAX = 20;

interface Row {
  id?: number;
  name: string;
  status: number;
}

/** The owner's stage settings: rename, add at the end, reorder; each stage shows the candidate a status. */
export function StageSettings({ stages, onSaved }: { stages: Stage[]; onSaved: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [open, setOpen] = useState(false);
  const [rows, setRows] = useState<Row[]>([]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const start = () => {
    setRows(stages.map((s) => ({ id: s.id, name: s.name, status: s.status })));
    setError(null);
    setOpen(true);
  };
  const change = (i: number, patch: Partial<Row>) => setRows((r) => r.map((x, j) => (j === i ? { ...x, ...patch } : x)));
  const swap = (i: number, j: number) =>
    setRows((r) => {
      const next = [...r];
      [next[i], next[j]] = [next[j], next[i]];
      return next;
    });

  const save = async () => {
    if (rows.some((r) => !r.name.trim())) {
      setError(t('recruit.stages.nameRequired'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      for (const r of rows) {
        const before = stages.find((s) => s.id === r.id);
        if (!before || before.name !== r.name.trim() || before.status !== r.status) answered(await saveStage({ id: r.id, name: r.name.trim(), status: r.status }));
      }
      const kept = rows.filter((r) => r.id !== undefined).map((r) => r.id as number);
      if (kept.join(',') !== stages.map((s) => s.id).join(',')) {
        // Every stage of the company, the ones just added (at the end) too.
        const added = (await getStages()).map((s) => s.id).filter((id) => !kept.includes(id));
        answered(await orderStages([...kept, ...added]));
      }
      message.success(t('recruit.stages.saved'));
      setOpen(false);
      onSaved();
    } catch (e) {
      if (!isRepeatRefusal(e)) setError(t(errorKey(e)));
      onSaved();
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button onClick={start} data-testid="stage-settings">
        {t('recruit.stages.open')}
      </Button>
      <Modal open={open} title={t('recruit.stages.title')} onCancel={() => setOpen(false)} onOk={() => void save()} okText={t('recruit.stages.save')} cancelText={t('recruit.common.cancel')} confirmLoading={busy} width={560} destroyOnHidden>
        <p className="rc-muted">{t('recruit.stages.help')}</p>
        {error && <Alert className="rc-form-alert" type="error" showIcon role="alert" message={error} />}
        <ol className="rc-stage-list">
          {rows.map((r, i) => (
            <li key={r.id ?? `new-${i}`}>
              <Input value={r.name} maxLength={NAME_MAX} onChange={(e) => change(i, { name: e.target.value })} aria-label={t('recruit.stages.name', { n: i + 1 })} />
              <FormSelect
                value={r.status}
                onChange={(v) => change(i, { status: v })}
                options={STATUSES.map((s) => ({ value: s, label: t(`recruit.stages.status.${s}`) }))}
                aria-label={t('recruit.stages.statusLabel', { n: i + 1 })}
                className="rc-stage-status"
              />
              <Button icon={<ArrowUpOutlined />} disabled={i === 0 || r.id === undefined} onClick={() => swap(i, i - 1)} aria-label={t('recruit.stages.up', { name: r.name })} />
              <Button icon={<ArrowDownOutlined />} disabled={i === rows.length - 1 || rows[i + 1]?.id === undefined || r.id === undefined} onClick={() => swap(i, i + 1)} aria-label={t('recruit.stages.down', { name: r.name })} />
            </li>
          ))}
        </ol>
        <Button type="dashed" block icon={<PlusOutlined />} onClick={() => setRows((r) => [...r, { name: '', status: 3 }])} data-testid="add-stage">
          {t('recruit.stages.add')}
        </Button>
      </Modal>
    </>
  );
}
