/** The thumbnail's box in a thread: the server's 240 px thumbnail (`?size=240`, server/src/domain/thumbnails.rs). */
export const THUMB_PX = 240;

/** A picture's size fitted into the thumbnail's box, never enlarged (as the server makes the thumbnail). */
export function thumbSize(width: number, height: number): { width: number; height: number } {
  const scale = Math.min(1, THUMB_PX / Math.max(width, height, 1));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}
