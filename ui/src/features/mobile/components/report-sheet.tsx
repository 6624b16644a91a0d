import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { REPORT_DETAIL_MAX, REPORT_REASONS, reportJob, type ReportReason } from '@/lib/api/report-job';
import { isRepeatRefusal } from '@/lib/request-error';
import { errorText } from '../error-text';
import { Field } from './fields';
import { Sheet } from './sheet';
import { mToast } from './toast';

/** 举报 on /m/job/:id: a reason (radio choices) and an optional detail; a failed send keeps both. */
export function ReportSheet({ jobId, open, onClose }: { jobId: number; open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const detailId = useId();
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [detail, setDetail] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const tooLong = [...detail.trim()].length > REPORT_DETAIL_MAX;

  const send = async () => {
    if (!reason) return setProblem(t('report.reasonRequired'));
    if (tooLong) return;
    setBusy(true);
    setProblem(undefined);
    try {
      await reportJob(jobId, reason, detail);
      setReason(null);
      setDetail('');
      onClose();
      mToast.info(t('report.done'));
    } catch (e) {
      if (!isRepeatRefusal(e)) setProblem(errorText(t, e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Sheet
      open={open}
      title={t('report.title')}
      onClose={onClose}
      footer={
        <button type="button" className="m-btn m-btn-primary" disabled={busy} onClick={() => void send()} data-testid="m-report-send">
          {t('report.submit')}
        </button>
      }
    >
      <fieldset className="m-fieldset">
        <legend className="m-field-label">{t('report.reasonLabel')}</legend>
        {REPORT_REASONS.map((r) => (
          <label key={r} className={reason === r ? 'm-choice active' : 'm-choice'}>
            <input type="radio" name="report-reason" value={r} checked={reason === r} onChange={() => setReason(r)} />
            {t(`report.reason.${r}`)}
          </label>
        ))}
      </fieldset>
      <Field label={t('report.detailLabel')} id={detailId} error={tooLong ? t('report.detailTooLong', { max: REPORT_DETAIL_MAX }) : undefined}>
        <textarea id={detailId} className="m-input" value={detail} onChange={(e) => setDetail(e.target.value)} placeholder={t('report.detailPlaceholder')} aria-invalid={tooLong} />
      </Field>
      {problem && (
        <p className="m-error" role="alert">
          {problem}
        </p>
      )}
    </Sheet>
  );
}
