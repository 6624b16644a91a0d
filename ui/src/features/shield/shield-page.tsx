import StopOutlined from '@ant-design/icons-svg/es/asn/StopOutlined';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Empty } from '@/components/ui/empty';
import { Icon } from '@/components/ui/icon';
import { PageCard } from '@/components/ui/page-card';
import { Result } from '@/components/ui/result';
import { Skeleton } from '@/components/ui/skeleton';
import { SpinContainer } from '@/components/ui/spin';
import { Tag } from '@/components/ui/tag';
import { toast } from '@/components/ui/toast';
import { registerCatalogue } from '@/i18n';
import { useAuth } from '@/lib/auth';
import { formatTime } from '@/lib/format';
import { useJobLabels } from '@/lib/job-labels';
import { isRepeatRefusal } from '@/lib/request-error';
import { useServerData, type ServerData } from '@/lib/use-server-data';
import { getShieldList, type Block } from './api/get-shield-list';
import { shield } from './api/shield';
import { shieldSearch, type FoundCompany } from './api/shield-search';
import { unshield } from './api/unshield';
import { errorKey } from './errors';
import { coveredByGroup, searchTerm } from './format';
import shieldCatalogue from './i18n';
import { OpennessSetting } from './openness-setting';
import { SearchBox } from './search-box';
import './shield.css';

registerCatalogue(shieldCatalogue);

/** The answer of a search, with the term it answers. */
type Found = { term: string; list: FoundCompany[] } | null;

export default function ShieldPage() {
  const { t } = useTranslation();
  const labels = useJobLabels();
  const resumeId = useAuth((s) => s.user?.resumeId);
  const blocks = useServerData(getShieldList, [], {
    // A refresh after a block or unblock keeps the list on screen and says what went wrong.
    onError: (e, mode) => {
      if (mode === 'quiet') toast.error(t(errorKey(e)));
    },
  });
  const [text, setText] = useState('');
  const [working, setWorking] = useState<string | null>(null);
  // The search asked for (a new object for each search, so the same term can be searched again); null: none.
  const [asked, setAsked] = useState<{ term: string } | null>(null);
  const search = useServerData<Found>(
    () => (asked ? shieldSearch(asked.term).then((list) => ({ term: asked.term, list })) : Promise.resolve(null)),
    [asked],
  );
  // A search under way whose answer is not on screen yet (a refresh keeps the last one there).
  const searching = !!asked && search.status !== 'failed' && (search.status === 'loading' || search.data?.term !== asked.term);

  const onSearch = (value: string) => {
    const term = searchTerm(value);
    if (!term) {
      toast.warning(t('shield.searchEmpty'));
      return;
    }
    setAsked({ term });
  };

  /** After a block or unblock: the list and the search results say what is blocked now. */
  const refresh = () => {
    blocks.reload('quiet');
    if (asked && search.status !== 'failed') search.reload('keep');
  };

  const onBlock = async (company: FoundCompany) => {
    if (!resumeId || resumeId === '0') {
      toast.warning(t('shield.noResume'));
      return;
    }
    setWorking(`block:${company.comId}`);
    try {
      await shield(company.comId, resumeId);
      toast.success(t('shield.blockedNow', { name: company.comname }));
    } catch (e) {
      if (!isRepeatRefusal(e)) toast.error(t(errorKey(e)));
    } finally {
      setWorking(null);
      refresh();
    }
  };

  const onUnblock = async (block: Block) => {
    setWorking(`unblock:${block.comId}:${block.resumeId}`);
    try {
      await unshield(block.comId, block.resumeId);
      toast.success(t('shield.unblockedNow', { name: block.comname }));
    } catch (e) {
      if (!isRepeatRefusal(e)) toast.error(t(errorKey(e)));
    } finally {
      setWorking(null);
      refresh();
    }
  };

  const blockList = blocks.data ?? [];

  return (
    <PageCard title={t('title.shield')}>
      <Alert
        className="shield-explain"
        type="info"
        message={t('shield.explainTitle')}
        description={t('shield.explain')}
      />

      <OpennessSetting />

      <section className="shield-section" aria-labelledby="shield-search-title">
        <h2 id="shield-search-title" className="section-title">
          {t('shield.searchTitle')}
        </h2>
        <SearchBox
          className="shield-search"
          name="comname"
          value={text}
          maxLength={50}
          buttonLabel={t('shield.searchButton')}
          placeholder={t('shield.searchPlaceholder')}
          ariaLabel={t('shield.searchTitle')}
          loading={searching}
          onChange={setText}
          onSearch={onSearch}
          onClear={() => setAsked(null)}
        />
        {asked && <SearchResults term={asked.term} search={search} blocks={blockList} working={working} onBlock={onBlock} onRetry={() => search.reload()} />}
      </section>

      <section className="shield-section" aria-labelledby="shield-list-title">
        <div className="shield-section-head">
          <h2 id="shield-list-title" className="section-title">
            {t('shield.listTitle')}
          </h2>
          {blocks.status === 'ready' && blockList.length > 0 && (
            <span className="muted shield-count">{t('shield.listCount', { count: blockList.length })}</span>
          )}
        </div>
        {blocks.status === 'loading' && <Skeleton rows={2} />}
        {blocks.status === 'failed' && (
          <Result
            status="warning"
            title={t('shield.loadFailed')}
            subTitle={t(errorKey(blocks.error))}
            action={{ label: t('shield.retry'), onClick: () => blocks.reload() }}
          />
        )}
        {blocks.status === 'ready' &&
          (blockList.length === 0 ? (
            <Empty className="shield-empty" description={t('shield.listNone')} />
          ) : (
            <ul className="shield-list" data-testid="shield-list">
              {blockList.map((b) => (
                <li key={`${b.comId}:${b.resumeId}`} className="shield-row" data-company={b.comname}>
                  <div className="shield-main">
                    <div className="shield-name">
                      <Icon svg={StopOutlined} className="shield-icon" />
                      {b.comname}
                    </div>
                    <Facts items={[labels.city(b.city), labels.industry(b.industry), b.shortName && t('shield.group', { group: b.shortName })]} />
                    <Facts items={[t('shield.resumeUsed', { title: b.resumeTitle }), t('shield.blockedAt', { time: formatTime(b.createdAt) })]} />
                  </div>
                  <Button
                    size="small"
                    loading={working === `unblock:${b.comId}:${b.resumeId}`}
                    onClick={() => onUnblock(b)}
                  >
                    {t('shield.unblock')}
                  </Button>
                </li>
              ))}
            </ul>
          ))}
      </section>
    </PageCard>
  );
}

function SearchResults({
  term,
  search,
  blocks,
  working,
  onBlock,
  onRetry,
}: {
  term: string;
  search: ServerData<Found>;
  blocks: Block[];
  working: string | null;
  onBlock: (c: FoundCompany) => void;
  onRetry: () => void;
}) {
  const { t } = useTranslation();
  const labels = useJobLabels();
  if (search.status === 'failed') {
    return (
      <Alert
        className="shield-results-note"
        type="error"
        message={t('shield.searchFailed')}
        description={t(errorKey(search.error))}
        action={
          <Button size="small" onClick={onRetry}>
            {t('shield.retry')}
          </Button>
        }
      />
    );
  }
  // The answer shown is this term's: until it comes (or while a new search runs), a skeleton.
  const list = search.status !== 'loading' && search.data?.term === term ? search.data.list : undefined;
  if (!list) {
    return (
      <div className="shield-results-note">
        <Skeleton title={false} rows={2} />
      </div>
    );
  }
  if (list.length === 0) {
    return <div className="shield-results-note muted">{t('shield.searchNone', { term })}</div>;
  }
  return (
    <SpinContainer spinning={search.busy}>
      <div className="shield-results-note muted">{t('shield.searchCount', { count: list.length })}</div>
      <ul className="shield-results" data-testid="shield-results">
        {list.map((c) => {
          const group = c.shielded ? null : coveredByGroup(c, blocks);
          return (
            <li key={c.comId} className="shield-result" data-company={c.comname}>
              <div className="shield-main">
                <div className="shield-name">{c.comname}</div>
                <Facts items={[labels.city(c.city), labels.industry(c.industry)]} />
                {group && <div className="shield-group">{t('shield.groupCovered', { group })}</div>}
              </div>
              {c.shielded ? (
                <Tag className="shield-done" data-testid="shielded">
                  {t('shield.blocked')}
                </Tag>
              ) : (
                <Button
                  size="small"
                  danger
                  loading={working === `block:${c.comId}`}
                  disabled={!!working && working !== `block:${c.comId}`}
                  onClick={() => onBlock(c)}
                >
                  {t('shield.block')}
                </Button>
              )}
            </li>
          );
        })}
      </ul>
    </SpinContainer>
  );
}

/** A line of short facts with thin separators; a fact that wraps to a new line starts it without one. */
function Facts({ items }: { items: (string | false | null | undefined)[] }) {
  const shown = items.filter((f): f is string => !!f);
  if (shown.length === 0) return null;
  return (
    <div className="shield-meta">
      <div className="shield-meta-line">
        {shown.map((f, i) => (
          <span key={i} className="shield-fact">
            {f}
          </span>
        ))}
      </div>
    </div>
  );
}
