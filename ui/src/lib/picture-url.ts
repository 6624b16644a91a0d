/**
 * The thumbnails the server keeps of every stored picture (the resume photo, the company's logo,
 * photos and video cover): fitted into a square of this many pixels, WebP or JPEG by the browser's
 * Accept (server/src/domain/thumbnails.rs, docs/api.md "Stored files").
 */
export const THUMBNAIL_SIZES = [96, 240] as const;
export type ThumbnailSize = (typeof THUMBNAIL_SIZES)[number];

/**
 * The address of a stored picture's thumbnail for drawing it `drawnPx` CSS pixels wide or high: its
 * own address with `size`, so the server runs the same access check as for the original; the
 * smallest thumbnail still sharp at twice that (a phone's or a laptop's 2× screen), 240 at most.
 * Lists and cards use this; only a detail view (the picture opened full size) loads the original.
 */
export function thumbnailUrl(url: string, drawnPx: number): string {
  const size: ThumbnailSize = drawnPx * 2 <= 96 ? 96 : 240;
  const [path, hash] = url.split('#', 2);
  const joined = `${path}${path.includes('?') ? '&' : '?'}size=${size}`;
  return hash === undefined ? joined : `${joined}#${hash}`;
}
