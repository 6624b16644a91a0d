import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** The sheet's controls that Tab can reach, in order. */
function focusables(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.getClientRects().length > 0);
}

/**
 * A bottom sheet: the page dims, the panel slides up from the bottom edge (above the home indicator).
 * A modal dialog for the keyboard too: it takes the focus when it opens (its first control), keeps Tab
 * inside, closes on Escape, and gives the focus back to where it was (the button that opened it).
 */
export function Sheet({ open, title, onClose, children, footer }: { open: boolean; title: ReactNode; onClose: () => void; children: ReactNode; footer?: ReactNode }) {
  const { t } = useTranslation();
  const id = useId();
  const panel = useRef<HTMLDivElement>(null);
  // The latest onClose, so that a parent's new function each render does not re-run the effect (and steal the focus back).
  const close = useRef(onClose);
  useEffect(() => {
    close.current = onClose;
  });
  useEffect(() => {
    if (!open) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const root = panel.current;
    if (root) {
      // The first control of the body (the sheet's point), else the close button.
      const body = root.querySelector<HTMLElement>('.m-sheet-body');
      (focusables(body ?? root)[0] ?? focusables(root)[0] ?? root).focus();
    }
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        e.preventDefault();
        close.current();
        return;
      }
      if (e.key !== 'Tab' || !panel.current) return;
      const stops = focusables(panel.current);
      if (!stops.length) {
        e.preventDefault();
        return;
      }
      const first = stops[0];
      const last = stops[stops.length - 1];
      const at = document.activeElement;
      if (e.shiftKey && (at === first || !panel.current.contains(at))) {
        e.preventDefault();
        last.focus();
      } else if (!e.shiftKey && (at === last || !panel.current.contains(at))) {
        e.preventDefault();
        first.focus();
      }
    };
    window.addEventListener('keydown', onKey);
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      window.removeEventListener('keydown', onKey);
      document.body.style.overflow = overflow;
      if (opener?.isConnected) opener.focus();
    };
  }, [open]);
  if (!open) return null;
  return (
    <div className="m-sheet-mask" onClick={onClose}>
      <div className="m-sheet" role="dialog" aria-modal="true" aria-labelledby={id} ref={panel} tabIndex={-1} onClick={(e) => e.stopPropagation()}>
        <div className="m-sheet-head">
          <h2 id={id}>{title}</h2>
          <button type="button" className="m-icon-btn" aria-label={t('m.close')} onClick={onClose}>
            <span aria-hidden>×</span>
          </button>
        </div>
        <div className="m-sheet-body">{children}</div>
        {footer && <div className="m-sheet-foot">{footer}</div>}
      </div>
    </div>
  );
}
