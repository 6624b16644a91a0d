import { useTranslation } from 'react-i18next';

export function Loading() {
  const { t } = useTranslation();
  return (
    <div className="m-state" role="status">
      <span className="m-spinner" aria-hidden /> {t('m.loading')}
    </div>
  );
}

export function Failed({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="m-state" role="alert">
      <p>{t('m.failed')}</p>
      <button type="button" className="m-btn" onClick={onRetry}>
        {t('m.retry')}
      </button>
    </div>
  );
}

export function EmptyState({ text }: { text?: string }) {
  const { t } = useTranslation();
  return <div className="m-state m-empty">{text ?? t('m.empty')}</div>;
}
