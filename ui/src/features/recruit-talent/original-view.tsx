import { useTranslation } from 'react-i18next';

/**
 * A resume file's original beside the fields read from it: a PDF in the browser's viewer, any other
 * format as the text the analysis read (scrollable, so focusable to scroll by keyboard; a named region,
 * since a bare <pre> may not carry a name), or a hint to check the file itself when neither is at hand.
 */
export function OriginalView({ name, pdfUrl, text }: { name: string; pdfUrl: string | null; text: string }) {
  const { t } = useTranslation();
  if (pdfUrl) return <iframe src={pdfUrl} title={`${t('recruit.talent.original')}: ${name}`} className="rc-talent-frame" />;
  if (!text) return <p className="rc-muted">{t('recruit.talent.noPreview', { name })}</p>;
  return (
    <>
      <p className="rc-muted">{t('recruit.talent.textHint')}</p>
      <pre className="rc-talent-text" lang="zh-CN" role="region" tabIndex={0} aria-label={t('recruit.talent.textLabel', { name })} data-testid="original-text">
        {text}
      </pre>
    </>
  );
}
