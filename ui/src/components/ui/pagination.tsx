import LeftOutlined from '@ant-design/icons-svg/es/asn/LeftOutlined';
import RightOutlined from '@ant-design/icons-svg/es/asn/RightOutlined';
import { useTranslation } from 'react-i18next';
import { Icon } from './icon';
import './ui.css';

/** The page numbers to show: all of up to 7 pages, else the first, the last and two either side of the current. */
export function pageItems(current: number, pages: number): (number | 'gap')[] {
  if (pages <= 7) return Array.from({ length: pages }, (_, i) => i + 1);
  const from = Math.max(2, Math.min(current - 2, pages - 5));
  const to = Math.min(pages - 1, Math.max(current + 2, 6));
  const items: (number | 'gap')[] = [1];
  if (from > 2) items.push('gap');
  for (let p = from; p <= to; p++) items.push(p);
  if (to < pages - 1) items.push('gap');
  items.push(pages);
  return items;
}

interface Props {
  current: number;
  pageSize: number;
  total: number;
  onChange: (page: number) => void;
  className?: string;
}

/** antd's small Pagination (hidden on a single page), drawn without antd (ui.css). */
export function Pagination({ current, pageSize, total, onChange, className }: Props) {
  const { t } = useTranslation();
  const pages = Math.ceil(total / pageSize);
  if (pages <= 1) return null;
  const go = (p: number) => {
    if (p >= 1 && p <= pages && p !== current) onChange(p);
  };
  return (
    <nav className={['ui-pagination', className ?? ''].filter(Boolean).join(' ')} aria-label={t('common.pagination')}>
      <button type="button" className="ui-pagination-prev" disabled={current <= 1} aria-label={t('common.prevPage')} onClick={() => go(current - 1)}>
        <Icon svg={LeftOutlined} />
      </button>
      {pageItems(current, pages).map((p, i) =>
        p === 'gap' ? (
          <span key={`gap-${i}`} className="ui-pagination-gap" aria-hidden="true">
            •••
          </span>
        ) : (
          <button
            key={p}
            type="button"
            className={`ui-pagination-item ui-pagination-item-${p}${p === current ? ' ui-pagination-item-active' : ''}`}
            aria-current={p === current ? 'page' : undefined}
            onClick={() => go(p)}
          >
            {p}
          </button>
        ),
      )}
      <button type="button" className="ui-pagination-next" disabled={current >= pages} aria-label={t('common.nextPage')} onClick={() => go(current + 1)}>
        <Icon svg={RightOutlined} />
      </button>
    </nav>
  );
}
