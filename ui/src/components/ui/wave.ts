/** antd's choice of wave colour: the first of border, border-top and background that shows. */
function waveColor(el: HTMLElement): string | null {
  const { borderTopColor, borderColor, backgroundColor } = getComputedStyle(el);
  const shows = (c: string) =>
    c && !['#fff', '#ffffff', 'rgb(255, 255, 255)', 'rgba(255, 255, 255, 1)', 'transparent', 'canvastext'].includes(c) && !/rgba\((?:\d*, ){3}0\)/.test(c);
  return [borderTopColor, borderColor, backgroundColor].find(shows) ?? null;
}

/** The ring that spreads from a clicked button or tag and fades, as antd draws it (ui.css `.ui-waving`). */
export function wave(el: HTMLElement): void {
  const color = waveColor(el);
  if (color) el.style.setProperty('--ui-wave-color', color);
  el.classList.remove('ui-waving');
  void el.offsetWidth; // restart the animation on a second click
  el.classList.add('ui-waving');
  const done = (e: AnimationEvent) => {
    if (e.animationName !== 'ui-wave-fade') return;
    el.classList.remove('ui-waving');
    el.removeEventListener('animationend', done);
  };
  el.addEventListener('animationend', done);
}
