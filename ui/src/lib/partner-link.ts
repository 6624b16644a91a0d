/**
 * A partner platform (zgzx) opens our pages with a signed link: platformId, id, type, ts, sign.
 * The first login check forwards them to `/pclogin/islogin`, which logs the partner user in;
 * then they are taken out of the address bar so the signature is not bookmarked or shared.
 */
export const PARTNER_PARAMS = ['platformId', 'id', 'type', 'ts', 'sign'] as const;

export type PartnerLink = Record<(typeof PARTNER_PARAMS)[number], string>;

/** The signed partner parameters of a URL, when all the required ones are there. */
export function partnerLinkOf(url: URL): PartnerLink | null {
  const q = url.searchParams;
  const link = Object.fromEntries(PARTNER_PARAMS.map((k) => [k, q.get(k) ?? ''])) as PartnerLink;
  return link.platformId && link.id && link.ts && link.sign ? link : null;
}

/** The same address without the partner parameters. */
export function withoutPartnerLink(url: URL): string {
  const clean = new URL(url.href);
  for (const k of PARTNER_PARAMS) clean.searchParams.delete(k);
  return clean.pathname + clean.search + clean.hash;
}
