import ArrowDownOutlined from '@ant-design/icons-svg/es/asn/ArrowDownOutlined';
import ArrowUpOutlined from '@ant-design/icons-svg/es/asn/ArrowUpOutlined';
import DeleteOutlined from '@ant-design/icons-svg/es/asn/DeleteOutlined';
import EditOutlined from '@ant-design/icons-svg/es/asn/EditOutlined';
import PlusOutlined from '@ant-design/icons-svg/es/asn/PlusOutlined';
import UploadOutlined from '@ant-design/icons-svg/es/asn/UploadOutlined';
import { useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LazyPopconfirm } from '@/components/antd/lazy';
import { Button } from '@/components/ui/button';
import { Icon } from '@/components/ui/icon';
import { Space } from '@/components/ui/space';
import { Tag } from '@/components/ui/tag';
import { TextInput } from '@/components/ui/text-input';
import { toast } from '@/components/ui/toast';
import { type ResumeSection } from '@/lib/core';
import { uploadProblem, validateResumeSection } from '@/lib/core/rules';
import { isRepeatRefusal } from '@/lib/request-error';
import { deleteItem, moveItem } from '../api/entry-actions';
import { deleteFile } from '../api/delete-file';
import { saveSection } from '@/lib/api/save-section';
import { uploadResumeFile } from '@/lib/api/upload-resume-file';
import type { Resume } from '../api/types';
import { entries, singleValues, type SectionValues } from '../api/types';
import { errorKey } from '../errors';
import { overSaved, useImportDrafts, type Draft } from '../import-drafts';
import { FillFromFileButton } from './fill-from-file-button';
import { blankValues, formValues, problemText } from '../schema';
import { EntryView } from '@/components/resume-view/resume-document';
import { FieldsView } from '@/components/resume-view/fields-view';
import { UPLOAD_ACCEPT } from '@/components/resume-view/upload-accept';
import { SectionForm } from './section-form';

interface SectionProps {
  section: ResumeSection;
  resume: Resume;
  onChange: (resume: Resume) => void;
}

/** The frame of every section: its title, complete or incomplete, its actions. */
function SectionCard({ section, resume, actions, children }: { section: ResumeSection; resume: Resume; actions?: ReactNode; children: ReactNode }) {
  const { t } = useTranslation();
  const complete = Boolean(resume.complete[section.name]);
  return (
    <section id={`section-${section.name}`} className="resume-section" data-section={section.name} data-complete={complete ? 'true' : 'false'}>
      <header className="resume-section-head">
        <h2>{t(`resume.section.${section.name}`)}</h2>
        <Tag color={complete ? 'success' : 'warning'} className="section-state">
          {complete ? t('resume.complete') : t('resume.incomplete')}
        </Tag>
        <span className="grow" />
        {actions}
      </header>
      <div className="resume-section-body">{children}</div>
    </section>
  );
}

/** A one-form section: its values read-only, or its form while editing. */
export function SingleSection({ section, resume, onChange, extra }: SectionProps & { extra?: ReactNode }) {
  const { t } = useTranslation();
  const saved = singleValues(resume, section.name);
  const [editing, setEditing] = useState(!saved);
  const draft = useImportDrafts((s) => s.drafts[section.name]?.[0]);
  const dropDraft = useImportDrafts((s) => s.remove);
  const save = async (values: Record<string, string | string[]>) => {
    const r = await saveSection(resume.id, section.name, values);
    onChange(r.resume);
    setEditing(false);
    if (draft) dropDraft(section.name, draft.id);
  };
  const cancel = () => {
    if (draft) dropDraft(section.name, draft.id);
    setEditing(!saved);
  };
  return (
    <SectionCard
      section={section}
      resume={resume}
      actions={
        !editing &&
        !draft && (
          <Button icon={<Icon svg={EditOutlined} />} onClick={() => setEditing(true)} data-action="edit">
            {t('resume.editSection')}
          </Button>
        )
      }
    >
      {extra}
      {draft ? (
        <div className="imported-draft" data-draft={draft.id}>
          <Tag color="processing" className="draft-badge">
            {t('resume.import.badge')}
          </Tag>
          <SectionForm
            key={draft.id}
            section={section}
            initial={overSaved(resume, section.name, draft, formValues(section, null))}
            baseline={formValues(section, saved)}
            formKey={`${section.name}:single`}
            onSave={save}
            onCancel={cancel}
          />
        </div>
      ) : editing ? (
        <SectionForm
          section={section}
          initial={formValues(section, saved)}
          formKey={`${section.name}:single`}
          onSave={save}
          onCancel={saved ? () => setEditing(false) : undefined}
        />
      ) : saved ? (
        section.name === 'pasted' || section.name === 'skillsText' ? (
          <p className="doc-text">{String(saved.text ?? '')}</p>
        ) : (
          <FieldsView section={section} values={saved} />
        )
      ) : (
        <p className="muted">{t('resume.empty')}</p>
      )}
    </SectionCard>
  );
}

/** A list section: entries with edit, delete and reorder, and a form to add one. */
export function ListSection({ section, resume, onChange }: SectionProps) {
  const { t } = useTranslation();
  const list = entries(resume, section.name);
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const drafts = useImportDrafts((s) => s.drafts[section.name]) ?? NO_DRAFTS;
  const dropDraft = useImportDrafts((s) => s.remove);
  const [busy, setBusy] = useState(false);

  const act = async (work: () => Promise<Resume>, done?: string) => {
    setBusy(true);
    try {
      onChange(await work());
      if (done) toast.success(t(done));
    } catch (e) {
      if (!isRepeatRefusal(e)) toast.error(t('resume.saveFailed', { reason: t(errorKey(e)) }));
    } finally {
      setBusy(false);
    }
  };

  const save = (itemId?: number) => async (values: Record<string, string | string[]>) => {
    const r = await saveSection(resume.id, section.name, values, itemId);
    onChange(r.resume);
    setEditing(null);
  };
  const saveDraft = async (values: SectionValues) => {
    onChange((await saveSection(resume.id, section.name, values)).resume);
  };

  return (
    <SectionCard
      section={section}
      resume={resume}
      actions={
        editing !== 'new' &&
        list.length + drafts.length < section.maxItems && (
          <Button icon={<Icon svg={PlusOutlined} />} onClick={() => setEditing('new')} data-action="add">
            {t('resume.add')}
          </Button>
        )
      }
    >
      {list.length === 0 && editing !== 'new' && drafts.length === 0 && <p className="muted">{t('resume.empty')}</p>}
      {list.map((e, i) =>
        editing === e.id ? (
          <div key={e.id} className="resume-entry editing" data-entry={e.id}>
            <SectionForm section={section} initial={formValues(section, e.data)} formKey={`${section.name}:${e.id}`} onSave={save(e.id)} onCancel={() => setEditing(null)} />
          </div>
        ) : (
          <div key={e.id} className="resume-entry" data-entry={e.id}>
            <div className="entry-body">
              <EntryView section={section.name} values={e.data} />
            </div>
            <Space className="entry-actions" wrap>
              <Button size="small" icon={<Icon svg={EditOutlined} />} onClick={() => setEditing(e.id)} data-action="edit" aria-label={t('resume.editSection')} />
              <Button size="small" icon={<Icon svg={ArrowUpOutlined} />} disabled={busy || i === 0} onClick={() => void act(() => moveItem(resume.id, section.name, e.id, 'up'))} data-action="up" aria-label={t('resume.moveUp')} />
              <Button size="small" icon={<Icon svg={ArrowDownOutlined} />} disabled={busy || i === list.length - 1} onClick={() => void act(() => moveItem(resume.id, section.name, e.id, 'down'))} data-action="down" aria-label={t('resume.moveDown')} />
              <LazyPopconfirm title={t('resume.confirmDelete')} okText={t('resume.delete')} cancelText={t('resume.cancel')} onConfirm={() => act(() => deleteItem(resume.id, section.name, e.id), 'resume.deleted')}>
                <Button size="small" danger icon={<Icon svg={DeleteOutlined} />} disabled={busy} data-action="delete" aria-label={t('resume.delete')} />
              </LazyPopconfirm>
            </Space>
          </div>
        ),
      )}
      {editing === 'new' && (
        <div className="resume-entry editing" data-entry="new">
          <SectionForm section={section} initial={blankValues(section)} formKey={`${section.name}:new`} onSave={save()} onCancel={() => setEditing(null)} />
        </div>
      )}
      {drafts.map((d) => (
        <DraftEntry key={d.id} section={section} draft={d} onSave={saveDraft} onDone={() => dropDraft(section.name, d.id)} />
      ))}
    </SectionCard>
  );
}

const NO_DRAFTS: Draft[] = [];

/** An imported entry in an unsaved form: saving adds it to the list, cancelling discards it. */
function DraftEntry({ section, draft, onSave, onDone }: { section: ResumeSection; draft: Draft; onSave: (values: SectionValues) => Promise<void>; onDone: () => void }) {
  const { t } = useTranslation();
  const blank = blankValues(section);
  return (
    <div className="resume-entry editing imported-draft" data-entry="import" data-draft={draft.id}>
      <Tag color="processing" className="draft-badge">
        {t('resume.import.badge')}
      </Tag>
      <SectionForm
        section={section}
        initial={{ ...blank, ...draft.values }}
        baseline={blank}
        formKey={`${section.name}:import-${draft.id}`}
        onSave={async (values) => {
          await onSave(values);
          onDone();
        }}
        onCancel={onDone}
      />
    </div>
  );
}

/** A hidden file input opened by a button; the chosen file goes to `onFile`. */
export function FilePicker({ accept, label, onFile, disabled, kind, icon }: { accept: string; label: string; onFile: (f: File) => void; disabled?: boolean; kind: string; icon?: ReactNode }) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <input
        ref={input}
        type="file"
        accept={accept}
        hidden
        data-upload={kind}
        onChange={(e) => {
          const f = e.target.files?.[0];
          e.target.value = '';
          if (f) onFile(f);
        }}
      />
      <Button icon={icon ?? <Icon svg={UploadOutlined} />} disabled={disabled} onClick={() => input.current?.click()} data-action={`choose-${kind}`}>
        {label}
      </Button>
    </>
  );
}

function useUpload(resume: Resume, onChange: (r: Resume) => void) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const send = async (kind: string, file: File, existing: number, name?: string): Promise<boolean> => {
    const problem = uploadProblem(kind, file.name, file.size, existing);
    if (problem) {
      toast.error(problemText(t, { key: problem }, file.name));
      return false;
    }
    setBusy(true);
    try {
      onChange(await uploadResumeFile(resume.id, kind, file, name));
      toast.success(t('resume.uploaded'));
      return true;
    } catch (e) {
      toast.error(t(errorKey(e)));
      return false;
    } finally {
      setBusy(false);
    }
  };
  const remove = async (fileId: number) => {
    setBusy(true);
    try {
      onChange(await deleteFile(resume.id, fileId));
      toast.success(t('resume.deleted'));
    } catch (e) {
      if (!isRepeatRefusal(e)) toast.error(t('resume.deleteFailed'));
    } finally {
      setBusy(false);
    }
  };
  return { busy, send, remove };
}

/** The photo beside the personal information. */
export function PhotoBlock({ resume, onChange }: { resume: Resume; onChange: (r: Resume) => void }) {
  const { t } = useTranslation();
  const { busy, send, remove } = useUpload(resume, onChange);
  return (
    <div className="photo-block" data-photo={resume.photo ? 'yes' : 'no'}>
      <div className="photo-frame">{resume.photo ? <img src={resume.photo.thumbUrl ?? resume.photo.url} alt={t('resume.photo')} /> : <span className="muted">{t('resume.photo')}</span>}</div>
      <div>
        <Space wrap>
          <FilePicker kind="photo" accept={UPLOAD_ACCEPT.photo} label={t('resume.photoUpload')} disabled={busy} onFile={(f) => void send('photo', f, 0)} />
          {resume.photo && (
            <Button danger disabled={busy} onClick={() => resume.photo && void remove(resume.photo.id)} data-action="delete-photo">
              {t('resume.delete')}
            </Button>
          )}
        </Space>
        <p className="muted hint">{t('resume.photoHint')}</p>
      </div>
    </div>
  );
}

/** Uploaded resume files or other attachments: list, download, delete, add (with a name). */
export function FilesSection({ section, resume, onChange }: SectionProps) {
  const { t } = useTranslation();
  const files = resume.files[section.name] ?? [];
  const { busy, send, remove } = useUpload(resume, onChange);
  const [name, setName] = useState('');
  const [nameTouched, setNameTouched] = useState(false);
  const needsName = section.name === 'attachment';
  const verdict = needsName ? validateResumeSection(section.name, { name }) : {};
  const nameProblem = nameTouched && verdict.name ? problemText(t, verdict.name, t('resume.fileName')) : undefined;
  const onFile = async (f: File) => {
    if (needsName && verdict.name) {
      setNameTouched(true);
      return;
    }
    if (await send(section.name, f, files.length, needsName ? name : undefined)) {
      setName('');
      setNameTouched(false);
    }
  };
  return (
    <SectionCard section={section} resume={resume}>
      {files.length === 0 ? (
        <p className="muted">{t('resume.noFiles')}</p>
      ) : (
        <ul className="file-list">
          {files.map((f) => (
            <li key={f.id} data-file={f.id}>
              <a href={`${f.url}?download=1`} className="file-name">
                {f.name}
              </a>
              <span className="muted">
                {f.originalName} · {t('resume.fileSize', { size: Math.max(1, Math.round(f.size / 1024)) })}
              </span>
              {section.name === 'resumeFile' && <FillFromFileButton resume={resume} fileId={f.id} fileName={f.name} />}
              <LazyPopconfirm title={t('resume.confirmDelete')} okText={t('resume.delete')} cancelText={t('resume.cancel')} onConfirm={() => remove(f.id)}>
                <Button size="small" danger icon={<Icon svg={DeleteOutlined} />} disabled={busy} data-action="delete" aria-label={t('resume.delete')} />
              </LazyPopconfirm>
            </li>
          ))}
        </ul>
      )}
      <div className="upload-row">
        {needsName && (
          <div className="upload-name">
            <TextInput
              placeholder={t('resume.fileName')}
              aria-label={t('resume.fileName')}
              value={name}
              status={nameProblem ? 'error' : undefined}
              onChange={(e) => setName(e.target.value)}
              onBlur={() => setNameTouched(true)}
              data-field="name"
            />
            {nameProblem && <div className="field-error">{nameProblem}</div>}
          </div>
        )}
        <FilePicker kind={section.name} accept={UPLOAD_ACCEPT[section.name]} label={busy ? t('resume.uploading') : t('resume.chooseFile')} disabled={busy} onFile={(f) => void onFile(f)} />
      </div>
      <p className="muted hint">{section.name === 'attachment' ? t('resume.attachmentHint') : t('resume.resumeFileHint')}</p>
    </SectionCard>
  );
}
