/** How application records show their status. */

/** Application status: 1 delivered, 2 viewed, 3 interested, 4 interview invited, 5 not suitable, 6 hired
 * (the recruiter's pipeline stage decides it). */
export const APPLY_STATUSES = [1, 2, 3, 4, 5, 6] as const;

const STATUS: Record<number, { name: string; color: string }> = {
  1: { name: 'delivered', color: 'blue' },
  2: { name: 'viewed', color: 'cyan' },
  3: { name: 'interested', color: 'green' },
  4: { name: 'interview', color: 'orange' },
  5: { name: 'unsuitable', color: 'default' },
  6: { name: 'hired', color: 'gold' },
};

/** The status tag: its i18n key and antd colour. */
export function statusTag(status: number): { key: string; color: string } {
  const s = STATUS[status];
  return s ? { key: `apply.status.${s.name}`, color: s.color } : { key: 'apply.status.unknown', color: 'default' };
}
