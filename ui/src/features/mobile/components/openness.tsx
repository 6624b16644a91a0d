import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getResumeOpenness, updateResumeOpenness, type Openness } from '@/lib/api/resume-openness';
import { opennessCodes } from '@/lib/core';
import { useServerData } from '@/lib/use-server-data';
import { errorText } from '../error-text';
import { mToast } from './toast';

/** The user centre's setting of who may find each resume (`/pcuser/updateType`): a labelled select per resume. */
export function OpennessSetting() {
  const { t } = useTranslation();
  const resumes = useServerData(getResumeOpenness, []);
  const [saving, setSaving] = useState<number | null>(null);
  // The choice on screen while it is being saved.
  const [chosen, setChosen] = useState<Record<number, Openness>>({});
  const list = resumes.data ?? [];
  if (resumes.status !== 'ready' || list.length === 0) return null;

  const onChange = async (resumeId: number, type: Openness) => {
    setSaving(resumeId);
    setChosen((c) => ({ ...c, [resumeId]: type }));
    try {
      await updateResumeOpenness(resumeId, type);
      mToast.info(t('openness.saved', { type: t(`openness.${type}`) }));
    } catch (e) {
      mToast.error(errorText(t, e));
      // Back to what the server holds.
      setChosen((c) => {
        const next = { ...c };
        delete next[resumeId];
        return next;
      });
    } finally {
      setSaving(null);
      resumes.reload('keep');
    }
  };

  return (
    <section className="m-openness" aria-labelledby="m-openness-title" data-testid="m-openness">
      <h2 id="m-openness-title">{t('openness.title')}</h2>
      {list.map((r) => {
        const id = `m-openness-${r.resumeId}`;
        const value = chosen[r.resumeId] ?? r.type;
        return (
          <div key={r.resumeId} className="m-openness-row">
            <label htmlFor={id}>{t('openness.resumeLabel', { title: r.title || t('openness.untitled') })}</label>
            <select
              id={id}
              value={value}
              disabled={saving === r.resumeId}
              aria-describedby={`${id}-hint`}
              onChange={(e) => onChange(r.resumeId, e.target.value as Openness)}
            >
              {opennessCodes().map((code) => (
                <option key={code} value={code}>
                  {t(`openness.${code}`)}
                </option>
              ))}
            </select>
            <p id={`${id}-hint`} className="m-openness-hint">
              {t(`openness.${value}Hint`)}
            </p>
          </div>
        );
      })}
    </section>
  );
}
