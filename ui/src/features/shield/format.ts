/** How company blocking reads the search box and company groups. */

/** The search box's text as the server takes it (1-50 characters), or null when there is nothing to search. */
export function searchTerm(text: string): string | null {
  const term = text.trim();
  if (!term) return null;
  return [...term].slice(0, 50).join('');
}

/**
 * Whether a company is already covered by a block on another company of its group
 * (the same non-empty short name): the server hides the resume from the whole group.
 */
export function coveredByGroup(company: { comId: number; shortName: string }, blocks: { comId: number; shortName: string }[]): string | null {
  const short = company.shortName.trim();
  if (!short) return null;
  const by = blocks.find((b) => b.comId !== company.comId && b.shortName.trim() === short);
  return by ? short : null;
}
