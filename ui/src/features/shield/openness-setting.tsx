import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/toast';
import { getResumeOpenness, updateResumeOpenness, type Openness, type ResumeOpenness } from '@/lib/api/resume-openness';
import { opennessCodes } from '@/lib/core';
import { isRepeatRefusal } from '@/lib/request-error';
import { useServerData } from '@/lib/use-server-data';
import { errorKey } from './errors';

/**
 * Each resume's openness to employers (`/pcuser/updateType`): a group of radio buttons per resume, one
 * place beside the blocks, as both decide in the same rule on the server (domain/visibility.rs).
 */
export function OpennessSetting() {
  const { t } = useTranslation();
  const resumes = useServerData(getResumeOpenness, []);
  const [saving, setSaving] = useState<number | null>(null);
  // The choice on screen while it is being saved.
  const [chosen, setChosen] = useState<Record<number, Openness>>({});

  const onChange = async (r: ResumeOpenness, type: Openness) => {
    setChosen((c) => ({ ...c, [r.resumeId]: type }));
    setSaving(r.resumeId);
    let saved = false;
    try {
      await updateResumeOpenness(r.resumeId, type);
      saved = true;
      toast.success(t('openness.saved', { type: t(`openness.${type}`) }));
    } catch (e) {
      if (!isRepeatRefusal(e)) toast.error(t(errorKey(e)));
    } finally {
      // The saved choice goes into the answer held before the choice on screen is dropped, so the radio
      // never shows the old value while the list is fetched again; a failed save shows the server's value.
      if (saved) resumes.setData((list) => list?.map((x) => (x.resumeId === r.resumeId ? { ...x, type } : x)));
      setSaving(null);
      setChosen((c) => {
        const next = { ...c };
        delete next[r.resumeId];
        return next;
      });
      resumes.reload(saved ? 'quiet' : 'keep');
    }
  };

  return (
    <section className="shield-section" aria-labelledby="openness-title" data-testid="openness">
      <h2 id="openness-title" className="section-title">
        {t('openness.title')}
      </h2>
      <p className="muted openness-explain">{t('openness.explain')}</p>
      {resumes.status === 'loading' && <Skeleton title={false} rows={2} />}
      {resumes.status === 'failed' && (
        <div className="openness-failed" role="alert">
          {t('openness.loadFailed')}{' '}
          <Button size="small" onClick={() => resumes.reload()}>
            {t('openness.retry')}
          </Button>
        </div>
      )}
      {resumes.status === 'ready' && (resumes.data ?? []).length === 0 && <div className="muted">{t('openness.none')}</div>}
      {(resumes.data ?? []).map((r) => {
        const value = chosen[r.resumeId] ?? r.type;
        const name = `openness-${r.resumeId}`;
        return (
          <fieldset key={r.resumeId} className="openness-group" disabled={saving === r.resumeId} data-resume={r.resumeId}>
            <legend className="openness-legend">{t('openness.resumeLabel', { title: r.title || t('openness.untitled') })}</legend>
            {opennessCodes().map((code) => (
              <label key={code} className={value === code ? 'openness-option openness-checked' : 'openness-option'}>
                <input
                  type="radio"
                  name={name}
                  value={code}
                  checked={value === code}
                  onChange={() => onChange(r, code)}
                  aria-describedby={`${name}-${code}-hint`}
                />
                <span className="openness-text">
                  <span className="openness-name">{t(`openness.${code}`)}</span>
                  <span id={`${name}-${code}-hint`} className="openness-hint muted">
                    {t(`openness.${code}Hint`)}
                  </span>
                </span>
              </label>
            ))}
          </fieldset>
        );
      })}
    </section>
  );
}
