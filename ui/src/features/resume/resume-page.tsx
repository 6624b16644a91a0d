import DownloadOutlined from '@ant-design/icons-svg/es/asn/DownloadOutlined';
import EditOutlined from '@ant-design/icons-svg/es/asn/EditOutlined';
import ExportOutlined from '@ant-design/icons-svg/es/asn/ExportOutlined';
import EyeOutlined from '@ant-design/icons-svg/es/asn/EyeOutlined';
import ImportOutlined from '@ant-design/icons-svg/es/asn/ImportOutlined';
import PrinterOutlined from '@ant-design/icons-svg/es/asn/PrinterOutlined';
import { useCallback, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useBlocker, useSearchParams } from 'react-router';
import { LazyModal, LazyTooltip, prefetchModal } from '@/components/antd/lazy';
import { Button } from '@/components/ui/button';
import { Icon } from '@/components/ui/icon';
import { PageCard } from '@/components/ui/page-card';
import { ProgressLine } from '@/components/ui/progress';
import { Result } from '@/components/ui/result';
import { Skeleton } from '@/components/ui/skeleton';
import { Space } from '@/components/ui/space';
import { toast } from '@/components/ui/toast';
import { paths } from '@/config/paths';
import { registerCatalogue } from '@/i18n';
import { fetchLoginUser, useAuth } from '@/lib/auth';
import { importJsonResume } from '@/lib/core/rules';
import { isRepeatRefusal } from '@/lib/request-error';
import { useServerData } from '@/lib/use-server-data';
import { exportJson, saveAsFile } from './api/export-json';
import { getResume } from '@/lib/api/get-resume';
import type { Resume } from './api/types';
import { ResumeDocument } from './components/resume-document';
import { FilePicker, FilesSection, ListSection, PhotoBlock, SingleSection } from './components/sections';
import { errorKey } from './errors';
import resumeCatalogue from './i18n';
import { useImportDrafts } from './import-drafts';
import { schema } from './schema';
import { hasUnsaved, useBeforeUnload, useDirtyForms } from './unsaved';
import './resume.css';

registerCatalogue(resumeCatalogue);

/** The resume named by `?resumeId=`, else the caller's first. */
function useResume() {
  const [params] = useSearchParams();
  const resumeId = params.get('resumeId') ?? undefined;
  const load = useServerData(() => getResume(resumeId), [resumeId]);
  const setUser = useAuth((s) => s.setUser);
  const { setData } = load;
  const replace = useCallback(
    (resume: Resume) => {
      setData(resume);
      // The header's resume link and emptyResumeId follow what was saved.
      fetchLoginUser().then(
        (user) => user && setUser(user),
        () => undefined,
      );
    },
    [setData, setUser],
  );
  return { load, replace };
}

function Failed({ messageKey, retry }: { messageKey: string; retry: () => void }) {
  const { t } = useTranslation();
  return <Result status="warning" title={t('resume.loadFailed')} subTitle={t(messageKey)} action={{ label: t('resume.retry'), onClick: retry }} />;
}

/** In-app navigation away with unsaved edits asks first; so does closing the tab. */
function UnsavedGuard() {
  const { t } = useTranslation();
  const forms = useDirtyForms((s) => s.forms);
  const clear = useDirtyForms((s) => s.clear);
  const unsaved = hasUnsaved(forms);
  useBeforeUnload(unsaved);
  // The dialog is antd's: have it here by the time a navigation may need it.
  useEffect(() => {
    if (unsaved) prefetchModal();
  }, [unsaved]);
  const blocker = useBlocker(({ currentLocation, nextLocation }) => unsaved && currentLocation.pathname !== nextLocation.pathname);
  useEffect(() => () => clear(), [clear]);
  return (
    <LazyModal
      open={blocker.state === 'blocked'}
      title={t('resume.unsavedTitle')}
      okText={t('resume.leave')}
      cancelText={t('resume.stay')}
      okButtonProps={{ danger: true, className: 'leave-button' }}
      cancelButtonProps={{ className: 'stay-button' }}
      onOk={() => {
        clear();
        blocker.proceed?.();
      }}
      onCancel={() => blocker.reset?.()}
      className="unsaved-modal"
    >
      {t('resume.unsavedBody')}
    </LazyModal>
  );
}

/** The other page of the same resume: the `resumeId` of the address, when it names one, goes along. */
function usePairedPath(to: string): string {
  const [params] = useSearchParams();
  const id = params.get('resumeId');
  return id ? `${to}?resumeId=${encodeURIComponent(id)}` : to;
}

/** Opens a JSON Resume file's entries as drafts in their sections' forms, to be checked and saved. */
function ImportJsonButton({ resume }: { resume: Resume }) {
  const { t } = useTranslation();
  const load = useImportDrafts((s) => s.load);
  const onFile = async (file: File) => {
    let text: string;
    try {
      text = await file.text();
    } catch {
      toast.error(t('resume.import.readFailed'));
      return;
    }
    const answer = importJsonResume(text);
    if (!answer.ok) {
      toast.error(t(answer.problem));
      return;
    }
    const { opened, dropped } = load(answer, resume, schema().sections);
    if (opened === 0) toast.warning(t('resume.import.nothing'));
    else toast.success(t('resume.import.done', { count: opened }));
    if (dropped > 0) toast.warning(t('resume.import.dropped', { count: dropped }));
    if (opened > 0) requestAnimationFrame(() => document.querySelector('.imported-draft')?.scrollIntoView({ block: 'center' }));
  };
  return (
    <LazyTooltip title={t('resume.import.hint')}>
      <span>
        <FilePicker kind="jsonResume" accept=".json,application/json" label={t('resume.importJson')} icon={<Icon svg={ImportOutlined} />} onFile={(f) => void onFile(f)} />
      </span>
    </LazyTooltip>
  );
}

/** /my/edit: all sixteen sections, each complete or incomplete, each saved on its own. */
export function ResumeEditPage() {
  const { t } = useTranslation();
  const { load, replace } = useResume();
  const resume = load.status === 'ready' ? (load.data ?? null) : null;
  // Read from the core once there is a resume to show: the first paint (a skeleton) does not wait for it.
  const sections = resume ? schema().sections : [];
  const previewPath = usePairedPath(paths.my.preview);
  const done = resume ? sections.filter((s) => resume.complete[s.name]).length : 0;
  const clearDrafts = useImportDrafts((s) => s.clear);
  useEffect(() => clearDrafts, [clearDrafts]);
  return (
    <div className="container standalone resume-editor">
      <UnsavedGuard />
      <PageCard
        title={t('title.edit')}
        extra={
          <Space wrap className="resume-actions no-print">
            <Link to={paths.my.root}>
              <Button>{t('resume.backToCentre')}</Button>
            </Link>
            {resume && <ImportJsonButton resume={resume} />}
            <Link to={previewPath}>
              <Button type="primary" icon={<Icon svg={EyeOutlined} />}>
                {t('resume.preview')}
              </Button>
            </Link>
          </Space>
        }
      >
        {load.status === 'loading' && <Skeleton rows={8} />}
        {load.status === 'failed' && <Failed messageKey={errorKey(load.error)} retry={() => load.reload()} />}
        {resume && (
          <div className="editor-layout">
            <nav className="section-nav no-print" aria-label={t('title.edit')}>
              <ProgressLine percent={Math.round((done / sections.length) * 100)} label={t('resume.progressName')} />
              <p className="muted progress-text">{t('resume.progress', { done, total: sections.length })}</p>
              <ul>
                {sections.map((s) => (
                  <li key={s.name} className={resume.complete[s.name] ? 'done' : ''}>
                    <a href={`#section-${s.name}`}>{t(`resume.section.${s.name}`)}</a>
                  </li>
                ))}
              </ul>
            </nav>
            <div className="editor-sections" key={resume.id}>
              {sections.map((s) => {
                const props = { section: s, resume, onChange: replace };
                if (s.kind === 'files') return <FilesSection key={s.name} {...props} />;
                if (s.kind === 'list') return <ListSection key={s.name} {...props} />;
                return <SingleSection key={s.name} {...props} extra={s.name === 'basic' ? <PhotoBlock resume={resume} onChange={replace} /> : undefined} />;
              })}
            </div>
          </div>
        )}
      </PageCard>
    </div>
  );
}

/** /my/preview: the resume read-only as an employer will see it, printable and as a PDF. */
export function ResumePreviewPage() {
  const { t, i18n } = useTranslation();
  const { load } = useResume();
  const resume = load.status === 'ready' ? (load.data ?? null) : null;
  const editPath = usePairedPath(paths.my.edit);
  return (
    <div className="container standalone resume-preview">
      <PageCard
        title={t('title.preview')}
        extra={
          <Space wrap className="resume-actions no-print">
            <Link to={editPath}>
              <Button icon={<Icon svg={EditOutlined} />}>{t('resume.edit')}</Button>
            </Link>
            <Button icon={<Icon svg={PrinterOutlined} />} onClick={() => window.print()} data-action="print">
              {t('resume.print')}
            </Button>
            {resume && (
              <Button
                icon={<Icon svg={ExportOutlined} />}
                data-action="export-json"
                onClick={() =>
                  exportJson(resume.id).then(
                    (json) => saveAsFile(json, `resume-${resume.id}.json`),
                    (e: unknown) => !isRepeatRefusal(e) && toast.error(t('resume.exportFailed')),
                  )
                }
              >
                {t('resume.exportJson')}
              </Button>
            )}
            {resume && (
              <a href={`/ajax/resume/pdf?resumeId=${resume.id}&lang=${encodeURIComponent(i18n.language)}`} data-action="pdf">
                <Button type="primary" icon={<Icon svg={DownloadOutlined} />}>
                  {t('resume.downloadPdf')}
                </Button>
              </a>
            )}
          </Space>
        }
      >
        {load.status === 'loading' && <Skeleton rows={8} />}
        {load.status === 'failed' && <Failed messageKey={errorKey(load.error)} retry={() => load.reload()} />}
        {resume && <ResumeDocument resume={resume} />}
      </PageCard>
    </div>
  );
}
