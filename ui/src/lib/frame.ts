/** True when the page runs inside another page's frame (the partner platform embeds us). */
export function inFrame(): boolean {
  try {
    return window.self !== window.top;
  } catch {
    return true;
  }
}

/** Tells the embedding page something; a no-op outside a frame. */
export function postToParent(message: Record<string, unknown>): void {
  if (inFrame()) window.parent.postMessage(message, '*');
}
