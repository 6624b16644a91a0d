import FileSearchOutlined from '@ant-design/icons-svg/es/asn/FileSearchOutlined';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Icon } from '@/components/ui/icon';
import { toast } from '@/components/ui/toast';
import { analyzeFile } from '../api/analyze-file';
import type { Resume } from '../api/types';
import { errorKey } from '../errors';
import { draftsFromFile } from '../fill-from-file';
import { useImportDrafts } from '../import-drafts';
import { schema } from '../schema';

/** "Fill my resume from this file": the file's analysis opened as drafts in the sections' forms, nothing saved and nothing saved overwritten. */
export function FillFromFileButton({ resume, fileId, fileName }: { resume: Resume; fileId: number; fileName: string }) {
  const { t } = useTranslation();
  const load = useImportDrafts((s) => s.load);
  const [busy, setBusy] = useState(false);
  const onClick = async () => {
    setBusy(true);
    try {
      const found = await analyzeFile(fileId);
      const { opened, dropped } = load(draftsFromFile(found, resume, schema().sections), resume, schema().sections);
      if (opened === 0) toast.warning(t('resume.fill.nothing'));
      else toast.success(t('resume.fill.done', { count: opened }));
      if (dropped > 0) toast.warning(t('resume.import.dropped', { count: dropped }));
      if (opened > 0) requestAnimationFrame(() => document.querySelector('.imported-draft')?.scrollIntoView({ block: 'center' }));
    } catch (e) {
      toast.error(t(errorKey(e)));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button size="small" icon={<Icon svg={FileSearchOutlined} />} loading={busy} onClick={() => void onClick()} data-action="fill" aria-label={t('resume.fill.label', { name: fileName })}>
      {t('resume.fill.button')}
    </Button>
  );
}
