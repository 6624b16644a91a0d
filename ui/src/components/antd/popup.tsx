import { cloneElement, useEffect, useId, useRef, useState, type ReactElement, type ReactNode, type SyntheticEvent } from 'react';
import { prefetch, type OnDemand } from './on-demand';

export interface PopupState {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

interface Props<M> {
  /** The module holding the antd popup (Dropdown, Popover, Tooltip, Popconfirm) in its scope. */
  module: OnDemand<M>;
  trigger: 'hover' | 'click';
  /** Also opens a hover popup without a pointer: on a click (Enter or Space on the trigger) or on focus. */
  keyboard?: 'click' | 'focus';
  /** Seconds, as antd counts them: the first opening waits as long as the later ones. */
  mouseEnterDelay?: number;
  mouseLeaveDelay?: number;
  /** The antd popup around `child`, opened and closed through `state`. */
  render: (module: M, state: PopupState, child: ReactElement) => ReactNode;
  children: ReactElement;
}

type Handler = ((e: SyntheticEvent) => void) | undefined;

/**
 * A trigger whose antd popup is fetched on the first hover or click: until then the trigger alone is
 * drawn (it looks the same), and the first hover or click opens the popup as soon as it has come.
 */
export function OnDemandPopup<M>({ module, trigger, keyboard, mouseEnterDelay = 0.1, mouseLeaveDelay = 0.1, render, children }: Props<M>) {
  const arrived = module.use();
  // A press on the trigger when antd arrives holds the swap until it ends: the trigger is drawn anew
  // inside antd's popup, and a click whose press and release land on two elements is no click.
  const [pressed, setPressed] = useState(false);
  useEffect(() => {
    if (!pressed) return;
    // After the release's own events (mouseup, click), not between them.
    let later: number | undefined;
    const release = () => {
      later = window.setTimeout(() => setPressed(false), 0);
    };
    window.addEventListener('pointerup', release);
    window.addEventListener('pointercancel', release);
    return () => {
      window.clearTimeout(later);
      window.removeEventListener('pointerup', release);
      window.removeEventListener('pointercancel', release);
    };
  }, [pressed]);
  const loaded = pressed ? undefined : arrived;
  const [open, setOpen] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  // The trigger, found again by this mark: it is drawn anew once antd has come (inside antd's popup).
  const mark = useId();
  const triggerEl = () => document.querySelector<HTMLElement>(`[data-popup-trigger="${mark}"]`);
  // Where the focus was lost to (the page, or the popup that closes), it goes back to the trigger.
  const giveFocusBack = () => {
    const active = document.activeElement;
    if (!active || active === document.body || active.closest('.ant-popover, .ant-dropdown, .ant-tooltip')) triggerEl()?.focus();
  };
  useEffect(() => {
    if (!open) return;
    // Escape closes the popup from the keyboard, wherever the focus is.
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setOpen(false);
      giveFocusBack();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
    // giveFocusBack reads only the mark.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);
  const marked = cloneElement(children, { 'data-popup-trigger': mark } as Record<string, unknown>);

  if (loaded) {
    // From here antd follows the pointer; an opening still waiting for its delay yields to it.
    const onOpenChange = (value: boolean) => {
      window.clearTimeout(timer.current);
      setOpen(value);
      if (!value) window.setTimeout(giveFocusBack, 0);
    };
    return <>{render(loaded, { open, onOpenChange }, marked)}</>;
  }

  const later = (value: boolean, seconds: number) => {
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => setOpen(value), seconds * 1000);
  };
  const own = children.props as Record<string, Handler>;
  const chain = (name: string, mine: (e: SyntheticEvent) => void) => (e: SyntheticEvent) => {
    own[name]?.(e);
    mine(e);
  };
  const onPointerDown = chain('onPointerDown', () => setPressed(true));
  const handlers =
    trigger === 'hover'
      ? {
          onPointerDown,
          onMouseEnter: chain('onMouseEnter', () => {
            prefetch(module);
            later(true, mouseEnterDelay);
          }),
          onMouseLeave: chain('onMouseLeave', () => later(false, mouseLeaveDelay)),
          ...(keyboard === 'click' && {
            onClick: chain('onClick', () => {
              prefetch(module);
              later(true, 0);
            }),
          }),
          ...(keyboard === 'focus' && {
            onFocus: chain('onFocus', () => {
              prefetch(module);
              later(true, 0);
            }),
            onBlur: chain('onBlur', () => later(false, mouseLeaveDelay)),
          }),
        }
      : {
          onPointerDown,
          onClick: chain('onClick', () => {
            prefetch(module);
            setOpen(true);
          }),
        };
  return cloneElement(marked, handlers);
}
