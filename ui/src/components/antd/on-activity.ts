// What the user does first on the page: a pointer move, a press, a key, a wheel, a focus. Programmatic
// scrolling does not count. Modules needed only once the user acts (toasts, the resume's choice fields)
// are fetched then, so they are not part of the page's first load yet are there before they are needed.
const EVENTS = ['pointermove', 'pointerdown', 'touchstart', 'keydown', 'wheel', 'focusin'] as const;

let active = false;
const waiting: (() => void)[] = [];

function wake() {
  active = true;
  for (const name of EVENTS) window.removeEventListener(name, wake, true);
  for (const run of waiting.splice(0)) run();
}

/** Runs `run` at the user's first action on the page, or now if there has been one. */
export function onFirstActivity(run: () => void): void {
  if (active) {
    run();
    return;
  }
  if (waiting.length === 0) for (const name of EVENTS) window.addEventListener(name, wake, { capture: true, passive: true });
  waiting.push(run);
}
