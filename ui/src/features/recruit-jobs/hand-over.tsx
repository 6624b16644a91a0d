import { Alert, Modal, Radio } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isRepeatRefusal } from '@/lib/request-error';
import { errorKey } from '@/components/recruit/errors';
import type { ChatMemberItem, HandedOver } from './api/handover';

/**
 * The owner's 转交 (issue 32, docs/api.md "Handing jobs over"): picks the member who takes a job (or every job of a
 * member who leaves) over, with its conversations. Only enabled members other than `exclude` are offered; the
 * radio group is reached by Tab and moved along with the arrows.
 */
export function HandOverDialog({
  open,
  title,
  intro,
  members,
  exclude,
  onClose,
  onHand,
}: {
  open: boolean;
  title: string;
  intro: string;
  members: ChatMemberItem[];
  /** The member who answers now (not offered). */
  exclude: number | null;
  onClose: () => void;
  /** Hands over to the member picked; the dialog shows a refusal. */
  onHand: (memberId: number) => Promise<HandedOver>;
}) {
  const { t } = useTranslation();
  const [picked, setPicked] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const offered = members.filter((m) => !m.disabled && m.id !== exclude);

  const close = () => {
    setPicked(null);
    setError(null);
    onClose();
  };

  const hand = async () => {
    if (picked === null) return;
    setBusy(true);
    setError(null);
    try {
      await onHand(picked);
      setPicked(null);
    } catch (e) {
      if (!isRepeatRefusal(e)) setError(e);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={open}
      title={title}
      onCancel={close}
      onOk={() => void hand()}
      okText={t('recruit.handover.confirm')}
      cancelText={t('recruit.common.cancel')}
      okButtonProps={{ disabled: picked === null, ...({ 'data-testid': 'handover-confirm' } as Record<string, string>) }}
      confirmLoading={busy}
      destroyOnHidden
    >
      <p className="rc-muted">{intro}</p>
      {!!error && <Alert className="rc-form-alert" type="error" showIcon role="alert" message={t(errorKey(error))} data-testid="handover-error" />}
      {offered.length === 0 ? (
        <p className="rc-empty" data-testid="handover-nobody">
          {t('recruit.handover.nobody')}
        </p>
      ) : (
        <Radio.Group
          className="rc-handover-members"
          aria-label={t('recruit.handover.pick')}
          value={picked}
          onChange={(e) => setPicked(e.target.value as number)}
          data-testid="handover-members"
        >
          {offered.map((m) => (
            <Radio key={m.id} value={m.id} data-testid="handover-member">
              {m.name}
              {m.title ? ` · ${m.title}` : ''}
              <span className="rc-muted"> · {t(`recruit.handover.role.${m.role}`)}</span>
            </Radio>
          ))}
        </Radio.Group>
      )}
      <p className="rc-muted">{t('recruit.handover.note')}</p>
    </Modal>
  );
}

/** The toast after a hand-over: how many conversations moved, and those kept (the new member already talked with the candidate). */
export function handedText(done: HandedOver, name: string, t: (k: string, v?: Record<string, unknown>) => string): string {
  const moved = t('recruit.handover.done', { name, jobs: done.jobs.length, moved: done.moved.length });
  return done.kept.length ? `${moved} ${t('recruit.handover.kept', { count: done.kept.length })}` : moved;
}
