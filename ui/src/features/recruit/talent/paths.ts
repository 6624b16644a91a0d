/** The talent pool's pages (issue 17). */
export const talentPaths = {
  list: '/recruit/talent',
  upload: '/recruit/talent/upload',
} as const;

export function talentPath(id: number): string {
  return `/recruit/talent/${id}`;
}
