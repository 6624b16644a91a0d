import { Modal } from 'antd';
import { useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { FormSelect } from '@/components/antd/form-select';
import { listTemplates, type NoticeTemplate } from './api/notices';

/** The default template a dialog starts on: the company's template of that kind. */
export type NoticeKind = 'rejection' | 'offer';

/** The chosen template's id, 0 to send none; null when the recruiter cancelled. */
export type NoticeAnswer = number | null;

interface Asking {
  title: string;
  okText: string;
  resolve: (answer: NoticeAnswer) => void;
}

/**
 * Asks, before a rejection or a move to a hired stage, which notice template to send the candidates (their own
 * company's, starting on the template of `kind`, or none). Returns `ask` and the dialog to render.
 */
export function useNoticeDialog(): [(kind: NoticeKind, title: string, okText: string) => Promise<NoticeAnswer>, ReactElement] {
  const { t } = useTranslation();
  const [asking, setAsking] = useState<Asking | null>(null);
  const [templates, setTemplates] = useState<NoticeTemplate[] | null>(null);
  const [choice, setChoice] = useState(0);

  const ask = (kind: NoticeKind, title: string, okText: string) =>
    new Promise<NoticeAnswer>((resolve) => {
      setTemplates(null);
      setChoice(0);
      setAsking({ title, okText, resolve });
      // Without the templates (a failed call) the choice is "no notice": the move itself still goes.
      listTemplates().then(
        (r) => {
          setTemplates(r.list);
          setChoice(r.list.find((x) => x.kind === kind)?.id ?? 0);
        },
        () => setTemplates([]),
      );
    });

  const close = (answer: NoticeAnswer) => {
    asking?.resolve(answer);
    setAsking(null);
  };

  const dialog = (
    <Modal
      open={!!asking}
      title={asking?.title}
      okText={asking?.okText}
      cancelText={t('recruit.common.cancel')}
      okButtonProps={{ disabled: !templates, ...({ 'data-testid': 'notice-ok' } as Record<string, string>) }}
      onOk={() => close(choice)}
      onCancel={() => close(null)}
      destroyOnHidden
    >
      <label htmlFor="rc-notice-template" className="rc-notice-label">
        {t('recruit.notices.template')}
      </label>
      <FormSelect<number>
        id="rc-notice-template"
        className="rc-notice-select"
        value={choice}
        loading={!templates}
        onChange={setChoice}
        options={[{ value: 0, label: t('recruit.notices.none') }, ...(templates ?? []).map((x) => ({ value: x.id, label: x.name }))]}
        data-testid="notice-template"
      />
      <p className="rc-muted">{t('recruit.notices.templateHelp')}</p>
    </Modal>
  );
  return [ask, dialog];
}
