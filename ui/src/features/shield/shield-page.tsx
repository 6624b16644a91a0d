import StopOutlined from '@ant-design/icons-svg/es/asn/StopOutlined';
import { useCallback, useEffect, useRef, useState } from 'react';
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
import { notRepeated } from '@/lib/call-errors';
import { formatTime } from '@/lib/format';
import { isRepeatRefusal } from '@/lib/request-error';
import { getShieldList, type Block } from './api/get-shield-list';
import { shield } from './api/shield';
import { shieldSearch, type FoundCompany } from './api/shield-search';
import { unshield } from './api/unshield';
import { errorKey } from './errors';
import { coveredByGroup, searchTerm } from './format';
import shieldCatalogue from './i18n';
import { SearchBox } from './search-box';
import './shield.css';

registerCatalogue(shieldCatalogue);

type Blocks = { state: 'loading' } | { state: 'ready'; list: Block[] } | { state: 'failed'; key: string };
type Search =
  | { state: 'idle' }
  | { state: 'searching'; term: string; list?: FoundCompany[] }
  | { state: 'done'; term: string; list: FoundCompany[] }
  | { state: 'failed'; term: string; key: string };

export default function ShieldPage() {
  const { t } = useTranslation();
  const resumeId = useAuth((s) => s.user?.resumeId);
  const [blocks, setBlocks] = useState<Blocks>({ state: 'loading' });
  const [text, setText] = useState('');
  const [search, setSearch] = useState<Search>({ state: 'idle' });
  const [working, setWorking] = useState<string | null>(null);
  const blocksTurn = useRef(0);
  const searchTurn = useRef(0);

  const loadBlocks = useCallback((quiet = false) => {
    const turn = ++blocksTurn.current;
    if (!quiet) setBlocks({ state: 'loading' });
    notRepeated(getShieldList).then(
      (list) => turn === blocksTurn.current && setBlocks({ state: 'ready', list }),
      (e: unknown) => {
        if (isRepeatRefusal(e) || turn !== blocksTurn.current) return;
        if (quiet) toast.error(t(errorKey(e)));
        else setBlocks({ state: 'failed', key: errorKey(e) });
      },
    );
  }, [t]);

  useEffect(() => loadBlocks(), [loadBlocks]);

  const runSearch = useCallback(
    (term: string, quiet = false) => {
      const turn = ++searchTurn.current;
      setSearch((s) => ({ state: 'searching', term, list: quiet && s.state === 'done' ? s.list : undefined }));
      notRepeated(() => shieldSearch(term)).then(
        (list) => turn === searchTurn.current && setSearch({ state: 'done', term, list }),
        (e: unknown) => {
          if (isRepeatRefusal(e) || turn !== searchTurn.current) return;
          setSearch({ state: 'failed', term, key: errorKey(e) });
        },
      );
    },
    [],
  );

  const onSearch = (value: string) => {
    const term = searchTerm(value);
    if (!term) {
      toast.warning(t('shield.searchEmpty'));
      return;
    }
    runSearch(term);
  };

  /** After a block or unblock: the list and the search results say what is blocked now. */
  const refresh = () => {
    loadBlocks(true);
    if (search.state === 'done' || search.state === 'searching') runSearch(search.term, true);
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

  const blockList = blocks.state === 'ready' ? blocks.list : [];

  return (
    <PageCard title={t('title.shield')}>
      <Alert
        className="shield-explain"
        type="info"
        message={t('shield.explainTitle')}
        description={t('shield.explain')}
      />

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
          loading={search.state === 'searching' && !search.list}
          onChange={setText}
          onSearch={onSearch}
          onClear={() => setSearch({ state: 'idle' })}
        />
        <SearchResults search={search} blocks={blockList} working={working} onBlock={onBlock} onRetry={runSearch} />
      </section>

      <section className="shield-section" aria-labelledby="shield-list-title">
        <div className="shield-section-head">
          <h2 id="shield-list-title" className="section-title">
            {t('shield.listTitle')}
          </h2>
          {blocks.state === 'ready' && blocks.list.length > 0 && (
            <span className="muted shield-count">{t('shield.listCount', { count: blocks.list.length })}</span>
          )}
        </div>
        {blocks.state === 'loading' && <Skeleton rows={2} />}
        {blocks.state === 'failed' && (
          <Result
            status="warning"
            title={t('shield.loadFailed')}
            subTitle={t(blocks.key)}
            action={{ label: t('shield.retry'), onClick: () => loadBlocks() }}
          />
        )}
        {blocks.state === 'ready' &&
          (blocks.list.length === 0 ? (
            <Empty className="shield-empty" description={t('shield.listNone')} />
          ) : (
            <ul className="shield-list" data-testid="shield-list">
              {blocks.list.map((b) => (
                <li key={`${b.comId}:${b.resumeId}`} className="shield-row" data-company={b.comname}>
                  <div className="shield-main">
                    <div className="shield-name">
                      <Icon svg={StopOutlined} className="shield-icon" />
                      {b.comname}
                    </div>
                    <Facts items={[b.city, b.industry, b.shortName && t('shield.group', { group: b.shortName })]} />
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
  search,
  blocks,
  working,
  onBlock,
  onRetry,
}: {
  search: Search;
  blocks: Block[];
  working: string | null;
  onBlock: (c: FoundCompany) => void;
  onRetry: (term: string) => void;
}) {
  const { t } = useTranslation();
  if (search.state === 'idle') return null;
  if (search.state === 'failed') {
    return (
      <Alert
        className="shield-results-note"
        type="error"
        message={t('shield.searchFailed')}
        description={t(search.key)}
        action={
          <Button size="small" onClick={() => onRetry(search.term)}>
            {t('shield.retry')}
          </Button>
        }
      />
    );
  }
  const list = search.list;
  if (!list) {
    return (
      <div className="shield-results-note">
        <Skeleton title={false} rows={2} />
      </div>
    );
  }
  if (list.length === 0) {
    return <div className="shield-results-note muted">{t('shield.searchNone', { term: search.term })}</div>;
  }
  return (
    <SpinContainer spinning={search.state === 'searching'}>
      <div className="shield-results-note muted">{t('shield.searchCount', { count: list.length })}</div>
      <ul className="shield-results" data-testid="shield-results">
        {list.map((c) => {
          const group = c.shielded ? null : coveredByGroup(c, blocks);
          return (
            <li key={c.comId} className="shield-result" data-company={c.comname}>
              <div className="shield-main">
                <div className="shield-name">{c.comname}</div>
                <Facts items={[c.city, c.industry]} />
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
