/** Sizes of a slider on screen and of its picture, to turn the handle's travel into a picture x. */
export interface SliderGeometry {
  /** the picture's own width (310) */
  pictureWidth: number;
  /** the piece's own width */
  pieceWidth: number;
  /** the width the picture is displayed at */
  displayWidth: number;
  /** the handle's width on screen; the track is as wide as the displayed picture */
  handleWidth: number;
}

/** Display pixels per picture pixel. */
export function scaleOf(g: SliderGeometry): number {
  return g.pictureWidth > 0 ? g.displayWidth / g.pictureWidth : 1;
}

/** How far the handle can travel, in display pixels. */
export function handleTravel(g: SliderGeometry): number {
  return Math.max(0, g.displayWidth - g.handleWidth);
}

export function clampOffset(offset: number, g: SliderGeometry): number {
  if (!Number.isFinite(offset)) return 0;
  return Math.min(Math.max(offset, 0), handleTravel(g));
}

/**
 * The piece's left edge in picture pixels for the handle at `offset` display pixels:
 * the handle's whole travel spans the piece's whole travel, so both reach the right end together.
 */
export function pieceXFor(offset: number, g: SliderGeometry): number {
  const travel = handleTravel(g);
  const room = Math.max(0, g.pictureWidth - g.pieceWidth);
  if (travel <= 0) return 0;
  return (clampOffset(offset, g) / travel) * room;
}

/** Where the piece is drawn, in display pixels, for the handle at `offset`. */
export function pieceLeftFor(offset: number, g: SliderGeometry): number {
  return pieceXFor(offset, g) * scaleOf(g);
}

/** The handle offset (display pixels) that puts the piece's left edge at picture x: the inverse of pieceXFor. */
export function offsetFor(pictureX: number, g: SliderGeometry): number {
  const room = Math.max(0, g.pictureWidth - g.pieceWidth);
  if (room <= 0) return 0;
  return clampOffset((pictureX / room) * handleTravel(g), g);
}

/** What /slider/test is sent: whole picture pixels. */
export function submittedX(offset: number, g: SliderGeometry): number {
  return Math.round(pieceXFor(offset, g));
}
