/** The talent pool's pages (issue 17). */
export const talentPaths = {
  list: '/recruit/talent',
  upload: '/recruit/talent/upload',
} as const;

/** The upload page with a job chosen (saved candidates land on its board). */
export function talentUploadPath(jobId: number): string {
  return `${talentPaths.upload}?jobId=${jobId}`;
}

export function talentPath(id: number): string {
  return `/recruit/talent/${id}`;
}
