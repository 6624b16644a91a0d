/**
 * Where antd draws a popup (a menu, a confirmation, a select's options): inside the landmark of its trigger
 * (header, nav, main, footer, aside), so that all content sits in a landmark (axe-core's region rule).
 * Without a trigger (a dialog, which is its own landmark), or outside every landmark: the body.
 */
export const inLandmark = (trigger?: HTMLElement): HTMLElement => trigger?.closest<HTMLElement>('header, nav, main, footer, aside') ?? document.body;
