/** How orders show money and status. */

/** Integer fen as yuan: 1990 is ¥19.90, 123456 is ¥1,234.56 (integer arithmetic, no rounding surprises). */
export function formatFen(fen: number): string {
  const n = Math.round(Number.isFinite(fen) ? fen : 0);
  const sign = n < 0 ? '-' : '';
  const abs = Math.abs(n);
  const yuan = Math.floor(abs / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const cents = (abs % 100).toString().padStart(2, '0');
  return `${sign}¥${yuan}.${cents}`;
}

/** Order status: 1 pending, 2 paid, 3 expired, 4 cancelled, 5 refunded (by an admin). */
export const ORDER_STATUSES = [1, 2, 3, 4, 5] as const;

const STATUS: Record<number, { name: string; color: string }> = {
  1: { name: 'pending', color: 'orange' },
  2: { name: 'paid', color: 'green' },
  3: { name: 'expired', color: 'default' },
  4: { name: 'cancelled', color: 'default' },
  5: { name: 'refunded', color: 'purple' },
};

/** The status tag: its i18n key and antd colour. */
export function orderStatusTag(status: number): { key: string; color: string } {
  const s = STATUS[status];
  return s ? { key: `order.status.${s.name}`, color: s.color } : { key: 'order.status.unknown', color: 'default' };
}

/** The catalogue and the orders carry both names; pick the reader's. */
export function localName(zh: string, en: string, lang: string): string {
  return lang === 'en-US' ? en || zh : zh || en;
}

/** A checkout address we are willing to open: a path on this site or an http(s) address; null otherwise. */
export function safePayUrl(url: string | null | undefined): string | null {
  if (!url) return null;
  const u = url.trim();
  if (u.startsWith('/') && !u.startsWith('//')) return u;
  return /^https?:\/\//i.test(u) ? u : null;
}
