import { ArrowLeftOutlined, DownloadOutlined } from '@ant-design/icons';
import { Alert, App, Button, Popconfirm, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { formatTime } from '@/lib/format';
import { usePageTitle } from '@/lib/page-title';
import { useServerData } from '@/lib/use-server-data';
import { registerCatalogue } from '@/i18n';
import { ResumeDocument } from '@/components/resume-view/resume-document';
import type { Resume, ResumeEntry, SectionValues } from '@/components/resume-view/types';
import { PageHead } from '@/components/recruit/recruit-layout';
import { errorKey } from '@/components/recruit/errors';
import { talentPaths } from '@/components/recruit/paths';
import { deleteTalent, getTalent, talentText, type TalentView } from './api/talent';
import { OriginalView } from './original-view';
import { PipelinePanel } from './pipeline-panel';
import talentCatalogue from './i18n';
import './talent.css';

registerCatalogue(talentCatalogue);

/** A private candidate read as a resume, for the resume view (its entries numbered, no photo or files). */
function asResume(v: TalentView, title: string): Resume {
  const sections: Resume['sections'] = {};
  for (const [name, value] of Object.entries(v.sections)) {
    sections[name] = Array.isArray(value) ? value.map((e, i): ResumeEntry => ({ id: i + 1, data: e.data })) : (value as SectionValues | null);
  }
  return { id: v.id, resumeType: 1, title, filled: true, updatedAt: v.createdAt, sections, photo: null, files: {}, complete: {} };
}

/** A DOCX, DOC or TXT original as the text the analysis reads from it (the browser cannot show the file). */
function OriginalText({ id, name }: { id: number; name: string }) {
  const { t } = useTranslation();
  const text = useServerData(() => talentText(id), [id]);
  if (text.status === 'loading') return <Skeleton active paragraph={{ rows: 6 }} />;
  if (text.status === 'failed') return <Alert type="warning" showIcon message={t(errorKey(text.error))} />;
  return <OriginalView name={name} pdfUrl={null} text={text.data ?? ''} />;
}

/**
 * /recruit/talent/:id?entry=: a private candidate beside the original file, with its places on job pipelines (moved,
 * noted and traced like applications; `entry` the place a board's card opened); deletable.
 */
export default function TalentDetailPage() {
  const { t } = useTranslation();
  usePageTitle(t('recruit.title.talentDetail'));
  const navigate = useNavigate();
  const { message } = App.useApp();
  const id = Number(useParams().id);
  const [params, setParams] = useSearchParams();
  const entry = Number(params.get('entry')) || null;
  const talent = useServerData(() => getTalent(id), [id]);
  const v = talent.data;
  const onDelete = async () => {
    try {
      await deleteTalent(id);
      void message.success(t('recruit.talent.deleted'));
      navigate(talentPaths.list);
    } catch (e) {
      void message.error(t(errorKey(e)));
    }
  };
  return (
    <div className="rc-page" data-testid="talent-detail-page">
      <PageHead
        title={t('recruit.title.talentDetail')}
        extra={
          <>
            <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(talentPaths.list)}>
              {t('recruit.talent.back')}
            </Button>
            {v && (
              <Popconfirm title={t('recruit.talent.deleteConfirm')} onConfirm={() => void onDelete()}>
                <Button danger>{t('recruit.talent.delete')}</Button>
              </Popconfirm>
            )}
          </>
        }
      />
      {talent.status === 'failed' && <Alert type="error" showIcon message={t(errorKey(talent.error))} />}
      {talent.status === 'loading' && <Skeleton active paragraph={{ rows: 10 }} />}
      {v && (
        <PipelinePanel
          talent={v}
          entry={entry}
          onChanged={() => talent.reload('keep')}
          onPick={(applyId) => {
            setParams({ entry: String(applyId) }, { replace: true });
            talent.reload('keep');
          }}
        />
      )}
      {v && (
        <div className="rc-talent-review rc-talent-detail">
          <div className="rc-card rc-talent-found">
            <p className="rc-muted">{t('recruit.talent.addedAt', { time: formatTime(v.createdAt, 'YYYY-MM-DD HH:mm') })}</p>
            <ResumeDocument resume={asResume(v, v.jobTitle ? t('recruit.talent.forJob', { job: v.jobTitle }) : '')} fallbackName={v.name} />
          </div>
          <div className="rc-card rc-talent-original">
            <h2>{t('recruit.talent.original')}</h2>
            <p>
              <a href={v.file.url} download={v.file.originalName} data-testid="talent-file">
                <DownloadOutlined aria-hidden="true" /> {t('recruit.talent.download')}
              </a>{' '}
              <span className="rc-muted">{v.file.originalName}</span>
            </p>
            {v.file.contentType === 'application/pdf' ? <OriginalView name={v.file.originalName} pdfUrl={v.file.url} text="" /> : <OriginalText id={v.id} name={v.file.originalName} />}
          </div>
        </div>
      )}
    </div>
  );
}
