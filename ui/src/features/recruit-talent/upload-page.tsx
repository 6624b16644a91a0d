import { ArrowLeftOutlined, CheckCircleFilled, UploadOutlined } from '@ant-design/icons';
import { Alert, Button, Checkbox, Select, Space, Spin } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { formatTime } from '@/lib/format';
import { usePageTitle } from '@/lib/page-title';
import { pause, useServerData } from '@/lib/use-server-data';
import { registerCatalogue } from '@/i18n';
import { listJobs } from '@/components/recruit/api/jobs';
import { PageHead } from '@/components/recruit/recruit-layout';
import { errorKey, fieldsVerdict } from '@/components/recruit/errors';
import { applicationPath, talentPath, talentPaths } from '@/components/recruit/paths';
import { analyzeResume, findDuplicates, saveTalent, type Duplicate, type TalentSections } from './api/talent';
import { OriginalView } from './original-view';
import { SectionsEditor, talentProblems } from './sections-editor';
import talentCatalogue from './i18n';
import './talent.css';

registerCatalogue(talentCatalogue);

const MAX_BYTES = 10 * 1024 * 1024;
const EXTENSIONS = ['pdf', 'docx', 'doc', 'txt'];

type Status = 'analysing' | 'failed' | 'ready' | 'saving' | 'saved';

interface Draft {
  key: number;
  file: File;
  /** A blob URL of a PDF, shown beside the fields. */
  preview: string | null;
  /** The text the analysis read, shown beside the fields for a format the browser cannot show (DOCX, DOC, TXT). */
  text: string;
  status: Status;
  error: string | null;
  sections: TalentSections;
  duplicates: Duplicate[];
  confirmed: boolean;
  showProblems: boolean;
  savedId: number | null;
}

let nextKey = 1;

function contactOf(sections: TalentSections): { mobile: string; email: string } {
  const b = sections.basic;
  const get = (k: string) => (b && !Array.isArray(b) && typeof b[k] === 'string' ? (b[k] as string) : '');
  return { mobile: get('mobile'), email: get('email') };
}

function DuplicateList({ list }: { list: Duplicate[] }) {
  const { t } = useTranslation();
  return (
    <ul className="rc-talent-dups">
      {list.map((d) =>
        d.kind === 'talent' ? (
          <li key={`t${d.id}`}>
            <Link to={talentPath(d.id)} target="_blank">
              {t('recruit.talent.dupTalent', { name: d.name, time: formatTime(d.createdAt, 'YYYY-MM-DD') })}
            </Link>
          </li>
        ) : (
          <li key={`a${d.applicationId}`}>
            <Link to={applicationPath(d.applicationId)} target="_blank">
              {t('recruit.talent.dupApplicant', { name: d.name, job: d.jobTitle, time: formatTime(d.createdAt, 'YYYY-MM-DD') })}
            </Link>
          </li>
        ),
      )}
    </ul>
  );
}

function DraftCard({ draft, jobId, onChange, onRemove, onRetry }: { draft: Draft; jobId?: number; onChange: (d: Partial<Draft>) => void; onRemove: () => void; onRetry: () => void }) {
  const { t } = useTranslation();
  const name = draft.file.name;
  const problems = draft.showProblems ? talentProblems(draft.sections) : {};
  const [message, setMessage] = useState<string | null>(null);
  const contact = contactOf(draft.sections);
  // The duplicates follow the mobile and email as they are corrected (a pause after the last keystroke).
  const duplicates = useServerData(
    async (signal) => {
      if (draft.status !== 'ready') return undefined;
      await pause(300, signal);
      return findDuplicates(contact.mobile, contact.email);
    },
    [contact.mobile, contact.email, draft.status],
  );
  useEffect(() => {
    if (duplicates.data) onChange({ duplicates: duplicates.data });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- onChange is a new function each render
  }, [duplicates.data]);

  const save = async () => {
    setMessage(null);
    if (Object.keys(talentProblems(draft.sections)).length > 0) {
      onChange({ showProblems: true });
      setMessage(t('recruit.talent.fixProblems'));
      return;
    }
    if (draft.duplicates.length > 0 && !draft.confirmed) {
      setMessage(t('recruit.talent.mustConfirm'));
      return;
    }
    onChange({ status: 'saving' });
    try {
      const { id } = await saveTalent(draft.file, draft.sections, { jobId, confirmDuplicate: draft.confirmed });
      onChange({ status: 'saved', savedId: id });
    } catch (e) {
      // What was typed stays on screen; only the message changes.
      onChange({ status: 'ready', showProblems: true });
      const verdict = fieldsVerdict(e);
      setMessage(verdict ? t('recruit.talent.fixProblems') : t(errorKey(e)));
      if ((e as { code?: string } | null)?.code === 'TALENT_DUPLICATE') {
        findDuplicates(contact.mobile, contact.email).then((list) => onChange({ duplicates: list }), () => undefined);
      }
    }
  };

  const titleId = `draft-${draft.key}-title`;
  return (
    <section className="rc-card rc-talent-draft" aria-labelledby={titleId} data-testid="talent-draft" data-status={draft.status}>
      <div className="rc-talent-draft-head">
        <h2 id={titleId}>{name}</h2>
        {draft.status !== 'saved' && draft.status !== 'saving' && (
          <Button autoInsertSpace={false} onClick={onRemove} aria-label={t('recruit.talent.discardLabel', { name })}>
            {t('recruit.talent.discard')}
          </Button>
        )}
      </div>
      {draft.status === 'analysing' && (
        <div className="rc-talent-busy" role="status">
          <Spin /> {t('recruit.talent.analysing', { name })}
        </div>
      )}
      {draft.status === 'failed' && (
        <Alert
          type="error"
          showIcon
          message={draft.error}
          action={
            draft.error === t('recruit.talent.wrongType') || draft.error === t('recruit.errors.FILE_TOO_BIG') ? undefined : (
              <Button onClick={onRetry}>{t('recruit.talent.retry')}</Button>
            )
          }
          data-testid="draft-failed"
        />
      )}
      {draft.status === 'saved' && draft.savedId !== null && (
        <Alert
          type="success"
          showIcon
          icon={<CheckCircleFilled />}
          message={jobId ? t('recruit.talent.savedToPipeline') : t('recruit.talent.saved')}
          action={<Link to={talentPath(draft.savedId)}>{t('recruit.talent.openSaved')}</Link>}
          data-testid="draft-saved"
        />
      )}
      {(draft.status === 'ready' || draft.status === 'saving') && (
        <div className={draft.preview || draft.text ? 'rc-talent-review' : 'rc-talent-review rc-talent-single'}>
          <div className="rc-talent-original">
            <h3>{t('recruit.talent.original')}</h3>
            <OriginalView name={draft.file.name} pdfUrl={draft.preview} text={draft.text} />
          </div>
          <div className="rc-talent-found">
            <h3>{t('recruit.talent.found')}</h3>
            <p className="rc-muted">{t('recruit.talent.foundHint')}</p>
            <SectionsEditor idBase={`d${draft.key}`} sections={draft.sections} problems={problems} onChange={(sections) => onChange({ sections })} />
            {draft.duplicates.length > 0 && (
              <Alert
                type="warning"
                showIcon
                className="rc-talent-dup-alert"
                data-testid="duplicate-warning"
                message={t('recruit.talent.duplicates')}
                description={
                  <>
                    <DuplicateList list={draft.duplicates} />
                    <Checkbox checked={draft.confirmed} onChange={(e) => onChange({ confirmed: e.target.checked })} data-testid="confirm-duplicate">
                      {t('recruit.talent.confirm')}
                    </Checkbox>
                  </>
                }
              />
            )}
            {message && <Alert type="error" showIcon message={message} role="alert" className="rc-talent-message" />}
            <Button type="primary" autoInsertSpace={false} loading={draft.status === 'saving'} onClick={() => void save()} aria-label={t('recruit.talent.saveLabel', { name })} data-testid="save-draft">
              {t('recruit.talent.save')}
            </Button>
          </div>
        </div>
      )}
    </section>
  );
}

/** /recruit/talent/upload: resume files analysed one by one, each reviewed beside its original and saved to the talent pool. */
export default function TalentUploadPage() {
  const { t } = useTranslation();
  usePageTitle(t('recruit.title.talentUpload'));
  const navigate = useNavigate();
  const [drafts, setDrafts] = useState<Draft[]>([]);
  // ?jobId=: the job whose board sent the recruiter here, chosen already.
  const [params] = useSearchParams();
  const [jobId, setJobId] = useState<number | undefined>(Number(params.get('jobId')) || undefined);
  const input = useRef<HTMLInputElement>(null);
  const jobs = useServerData(() => listJobs({ state: '', page: 1, pagesize: 50 }), []);
  const previews = useRef<string[]>([]);
  useEffect(() => () => previews.current.forEach((u) => URL.revokeObjectURL(u)), []);

  const patch = (key: number, d: Partial<Draft>) => setDrafts((all) => all.map((x) => (x.key === key ? { ...x, ...d } : x)));

  const analyse = (key: number, file: File) => {
    patch(key, { status: 'analysing', error: null });
    analyzeResume(file).then(
      ({ sections, text }) => patch(key, { status: 'ready', sections, text }),
      (e: unknown) => patch(key, { status: 'failed', error: t(errorKey(e)) }),
    );
  };

  const onFiles = (files: FileList | null) => {
    if (!files) return;
    const added: Draft[] = [];
    for (const file of Array.from(files)) {
      const ext = file.name.split('.').pop()?.toLowerCase() ?? '';
      const problem = !EXTENSIONS.includes(ext) ? t('recruit.talent.wrongType') : file.size > MAX_BYTES ? t('recruit.errors.FILE_TOO_BIG') : null;
      let preview: string | null = null;
      if (!problem && ext === 'pdf') {
        preview = URL.createObjectURL(new Blob([file], { type: 'application/pdf' }));
        previews.current.push(preview);
      }
      added.push({ key: nextKey++, file, preview, text: '', status: problem ? 'failed' : 'analysing', error: problem, sections: {}, duplicates: [], confirmed: false, showProblems: false, savedId: null });
    }
    setDrafts((all) => [...all, ...added]);
    for (const d of added) if (d.status === 'analysing') analyse(d.key, d.file);
    if (input.current) input.current.value = '';
  };

  const open = drafts.filter((d) => d.status !== 'saved').length;
  return (
    <div className="rc-page" data-testid="talent-upload-page">
      <PageHead
        title={t('recruit.title.talentUpload')}
        extra={
          <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(talentPaths.list)}>
            {t('recruit.talent.back')}
          </Button>
        }
      />
      <div className="rc-card">
        <p>{t('recruit.talent.intro')}</p>
        <p className="rc-muted">{t('recruit.talent.private')}</p>
        <Space wrap align="end" className="rc-talent-pick">
          <div>
            <label htmlFor="talent-job" className="rc-talent-label">
              {t('recruit.talent.addToJob')}
            </label>
            <Select
              id="talent-job"
              className="rc-talent-job"
              allowClear
              placeholder={t('recruit.talent.noJob')}
              value={jobId}
              onChange={(v?: number) => setJobId(v)}
              options={(jobs.data?.list ?? []).map((j) => ({ value: j.id, label: j.title }))}
            />
          </div>
          <input ref={input} id="talent-files" type="file" multiple accept=".pdf,.docx,.doc,.txt" className="rc-visually-hidden" tabIndex={-1} aria-label={t('recruit.talent.pick')} onChange={(e) => onFiles(e.target.files)} data-testid="talent-files" />
          <Button type="primary" icon={<UploadOutlined />} onClick={() => input.current?.click()}>
            {t('recruit.talent.pick')}
          </Button>
        </Space>
      </div>
      {drafts.map((d) => (
        <DraftCard key={d.key} draft={d} jobId={jobId} onChange={(x) => patch(d.key, x)} onRemove={() => setDrafts((all) => all.filter((x) => x.key !== d.key))} onRetry={() => analyse(d.key, d.file)} />
      ))}
      {drafts.length > 0 && open === 0 && (
        <p className="rc-muted" role="status" data-testid="all-saved">
          {t('recruit.talent.allSaved')} · <Link to={talentPaths.list}>{t('recruit.talent.back')}</Link>
        </p>
      )}
    </div>
  );
}
