import PlusOutlined from '@ant-design/icons-svg/es/asn/PlusOutlined';
import { useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Icon } from '@/components/ui/icon';
import { PageCard } from '@/components/ui/page-card';
import { Result } from '@/components/ui/result';
import { Skeleton } from '@/components/ui/skeleton';
import { Tag } from '@/components/ui/tag';
import { TextInput } from '@/components/ui/text-input';
import { toast } from '@/components/ui/toast';
import { registerCatalogue } from '@/i18n';
import { checkTags } from '@/lib/core/rules';
import { isRepeatRefusal } from '@/lib/request-error';
import { pause, useServerData } from '@/lib/use-server-data';
import { addTags } from './api/add-tags';
import { getBlackWord } from './api/get-black-word';
import { getSimilar } from './api/get-similar';
import { getUserTags } from './api/get-user-tags';
import { errorKey } from './errors';
import tagsCatalogue from './i18n';
import {
  TAGS_TOTAL_MAX,
  TAG_MAX,
  addDraft,
  draftProblem,
  removeTag,
  sameList,
  serverProblem,
  usedChars,
  type Problem,
} from './tag-rules';
import './tags.css';

registerCatalogue(tagsCatalogue);

export default function TagsPage() {
  const { t } = useTranslation();
  const load = useServerData(() => Promise.all([getUserTags(), getBlackWord()]).then(([mine, words]) => ({ mine, words })), []);
  const saved = load.data?.mine ?? [];
  const blackWords = load.data?.words ?? [];
  // The list on screen: the saved one until the user changes it.
  const [edits, setEdits] = useState<string[] | null>(null);
  const tags = edits ?? saved;
  const [draft, setDraft] = useState('');
  const [enterProblem, setEnterProblem] = useState<Problem | null>(null);
  const [saveProblem, setSaveProblem] = useState<Problem | null>(null);
  const [saving, setSaving] = useState(false);
  const ready = load.status === 'ready';

  // Recommendations follow the list on screen (saved or not), a moment after it changes. They are a
  // bonus: a failure keeps the last ones.
  const tagsKey = JSON.stringify(tags);
  const similar =
    useServerData(
      async (signal) => {
        const list = JSON.parse(tagsKey) as string[];
        if (!ready || list.length === 0) return [];
        await pause(300, signal);
        return getSimilar(list);
      },
      [tagsKey, ready],
    ).data ?? [];

  const typingProblem = draftProblem(tags, draft, blackWords, checkTags);
  const problem = typingProblem ?? enterProblem;
  const dirty = !sameList(tags, saved);

  const apply = (text: string): string[] | null => {
    const result = addDraft(tags, text, blackWords, checkTags);
    if (!result.ok) {
      setEnterProblem(result.problem);
      return null;
    }
    setEdits(result.tags);
    setEnterProblem(null);
    setSaveProblem(null);
    return result.tags;
  };

  const onEnter = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.nativeEvent.isComposing) return; // Enter that ends an IME composition
    e.preventDefault();
    if (apply(draft)) setDraft('');
  };

  const onAddClick = () => {
    if (apply(draft)) setDraft('');
  };

  const onRemove = (tag: string) => {
    setEdits((list) => removeTag(list ?? saved, tag));
    setEnterProblem(null);
    setSaveProblem(null);
  };

  const onSave = async () => {
    let list = tags;
    if (draft.trim()) {
      // A tag typed but not yet added goes in with the save.
      const added = apply(draft);
      if (!added) return;
      list = added;
      setDraft('');
    }
    if (sameList(list, saved)) {
      toast.info(t('tags.upToDate'));
      return;
    }
    setSaving(true);
    setSaveProblem(null);
    try {
      const stored = await addTags(list);
      load.setData((d) => d && { ...d, mine: stored });
      setEdits(null);
      toast.success(t('tags.saved'));
    } catch (e) {
      if (isRepeatRefusal(e)) return;
      const code = (e as { code?: unknown }).code;
      const fromServer = code === 'BAD_INPUT' ? serverProblem((e as { message?: unknown }).message) : null;
      const shown = fromServer ?? { key: errorKey(e) };
      // The edits stay on screen: only the message changes.
      setSaveProblem(shown);
      toast.error(t(shown.key, shown.values));
    } finally {
      setSaving(false);
    }
  };

  const onReset = () => {
    setEdits(null);
    setEnterProblem(null);
    setSaveProblem(null);
  };

  if (load.status === 'failed') {
    return (
      <PageCard title={t('title.tags')}>
        <Result status="warning" title={t('tags.loadFailed')} subTitle={t(errorKey(load.error))} action={{ label: t('tags.retry'), onClick: () => load.reload() }} />
      </PageCard>
    );
  }

  const used = usedChars(tags);
  const suggestions = similar.filter((s) => !tags.some((tag) => tag.toLowerCase() === s.toLowerCase()));

  return (
    <PageCard title={t('title.tags')}>
      <p className="page-intro">{t('tags.explain')}</p>

      <section className="tags-section" aria-labelledby="tags-mine">
        <div className="tags-section-head">
          <h2 id="tags-mine" className="section-title">
            {t('tags.mine')}
          </h2>
          <span className={used > TAGS_TOTAL_MAX ? 'tags-used over' : 'tags-used'} data-testid="tags-used">
            {t('tags.used', { used, max: TAGS_TOTAL_MAX })}
          </span>
        </div>
        {load.status === 'loading' ? (
          <Skeleton title={false} rows={1} />
        ) : (
          <div className="tags-box" data-testid="my-tags">
            {tags.length === 0 && <span className="muted">{t('tags.none')}</span>}
            {tags.map((tag) => (
              <Tag key={tag} className="tags-item" color="blue" closeLabel={t('tags.remove', { tag })} onClose={() => onRemove(tag)} data-tag={tag}>
                {tag}
              </Tag>
            ))}
          </div>
        )}
      </section>

      <section className="tags-section">
        <div className="field tags-field">
          <label className="field-label" htmlFor="tag-draft">
            {t('tags.addLabel')}
          </label>
          <div className="ui-compact tags-input-row">
            <TextInput
              id="tag-draft"
              name="tagDraft"
              value={draft}
              countMax={TAG_MAX}
              status={typingProblem ? 'error' : undefined}
              onChange={(e) => {
                setDraft(e.target.value);
                setEnterProblem(null);
              }}
              onPressEnter={onEnter}
              placeholder={t('tags.inputPlaceholder')}
              disabled={!ready}
              aria-invalid={!!typingProblem}
              aria-describedby="tags-draft-message"
            />
            <Button icon={<Icon svg={PlusOutlined} />} onClick={onAddClick} disabled={!ready}>
              {t('tags.add')}
            </Button>
          </div>
          <span id="tags-draft-message" className={problem ? 'field-hint tags-problem' : 'field-hint'} role={problem ? 'alert' : undefined}>
            {problem ? t(problem.key, problem.values) : t('tags.rules', { tagMax: TAG_MAX, totalMax: TAGS_TOTAL_MAX })}
          </span>
        </div>
      </section>

      <section className="tags-section" aria-labelledby="tags-recommended">
        <div className="tags-section-head">
          <h2 id="tags-recommended" className="section-title">
            {t('tags.recommended')}
          </h2>
          <span className="muted tags-hint">{t('tags.recommendedHint')}</span>
        </div>
        <div className="tags-box tags-suggestions" data-testid="recommended-tags">
          {suggestions.length === 0 ? (
            <span className="muted">{t('tags.recommendedNone')}</span>
          ) : (
            suggestions.map((s) => (
              <Tag
                key={s}
                className="tags-suggestion"
                icon={<Icon svg={PlusOutlined} />}
                role="button"
                tabIndex={0}
                aria-label={t('tags.addRecommended', { tag: s })}
                onClick={() => apply(s)}
                onKeyDown={(e) => {
                  if (e.key === 'Enter' || e.key === ' ') {
                    e.preventDefault();
                    apply(s);
                  }
                }}
              >
                {s}
              </Tag>
            ))
          )}
        </div>
      </section>

      <div className="tags-actions">
        <Button type="primary" onClick={onSave} loading={saving} disabled={!ready} data-testid="tags-save">
          {t('tags.save')}
        </Button>
        <Button onClick={onReset} disabled={!dirty || saving}>
          {t('tags.reset')}
        </Button>
        {saveProblem ? (
          <span className="tags-problem" role="alert" data-testid="tags-save-problem">
            {t(saveProblem.key, saveProblem.values)}
          </span>
        ) : (
          dirty && <span className="tags-dirty">{t('tags.unsaved')}</span>
        )}
      </div>
    </PageCard>
  );
}
