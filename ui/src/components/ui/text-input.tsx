import { useLayoutEffect, useRef, type InputHTMLAttributes, type KeyboardEvent, type TextareaHTMLAttributes } from 'react';
import './ui.css';

interface InputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'value'> {
  value: string;
  status?: 'error';
  /** Shows "used / max" after the text (the box still takes more, so it can say what is wrong). */
  countMax?: number;
  onPressEnter?: (e: KeyboardEvent<HTMLInputElement>) => void;
}

/** antd's Input, drawn without antd (ui.css): outlined, an error status, an optional character count. */
export function TextInput({ value, status, countMax, onPressEnter, onKeyDown, disabled, className, ...rest }: InputProps) {
  const keyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter' && !e.repeat) onPressEnter?.(e);
    onKeyDown?.(e);
  };
  const state = [status === 'error' ? 'ui-input-status-error' : '', disabled ? 'ui-input-disabled' : ''];
  if (countMax === undefined) {
    const classes = ['ui-input', ...state, className ?? ''].filter(Boolean).join(' ');
    return <input type="text" {...rest} value={value} disabled={disabled} className={classes} onKeyDown={keyDown} />;
  }
  // As antd counts: UTF-16 units.
  const over = value.length > countMax;
  const wrapper = ['ui-input-affix-wrapper', ...state, over ? 'ui-input-out-of-range' : '', className ?? ''].filter(Boolean).join(' ');
  return (
    <span className={wrapper}>
      <input type="text" {...rest} value={value} disabled={disabled} className="ui-input" onKeyDown={keyDown} />
      <span className="ui-input-suffix">
        <span className="ui-input-show-count-suffix">
          {value.length} / {countMax}
        </span>
      </span>
    </span>
  );
}

interface AreaProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'value'> {
  value: string;
  status?: 'error';
  minRows: number;
  maxRows: number;
}

const LINE = 22; // 14 px at antd's line height
const FRAME = 10; // 4 px padding and 1 px border, top and bottom

let ghost: HTMLTextAreaElement | null = null;

/** The height `el` needs for its text, measured on a hidden copy (as antd does), so the page never jumps. */
function neededHeight(el: HTMLTextAreaElement): number {
  if (!ghost) {
    ghost = document.createElement('textarea');
    ghost.tabIndex = -1;
    ghost.setAttribute('aria-hidden', 'true');
    document.body.appendChild(ghost);
  }
  const cs = getComputedStyle(el);
  ghost.style.cssText = [
    'position:absolute;top:-9999px;left:-9999px;visibility:hidden;pointer-events:none',
    'height:0;min-height:0;max-height:none;overflow:hidden;box-sizing:border-box',
    `width:${el.offsetWidth}px;padding:${cs.padding};border:${cs.border};font:${cs.font}`,
    `letter-spacing:${cs.letterSpacing};white-space:${cs.whiteSpace};word-break:${cs.wordBreak};overflow-wrap:${cs.overflowWrap}`,
  ].join(';');
  ghost.value = el.value;
  return ghost.scrollHeight + parseFloat(cs.borderTopWidth) + parseFloat(cs.borderBottomWidth);
}

/** antd's TextArea with autoSize: grows with its text between `minRows` and `maxRows` lines. */
export function TextArea({ value, status, minRows, maxRows, className, ...rest }: AreaProps) {
  const area = useRef<HTMLTextAreaElement>(null);
  const min = minRows * LINE + FRAME;
  const max = maxRows * LINE + FRAME;

  useLayoutEffect(() => {
    const el = area.current;
    if (!el) return;
    const fit = () => {
      const wanted = neededHeight(el);
      el.style.height = `${Math.min(max, Math.max(min, wanted))}px`;
      el.style.overflowY = wanted > max ? '' : 'hidden';
    };
    fit();
    // Refit when the width changes (the window), not when fitting changed the height.
    let width = el.offsetWidth;
    const seen = new ResizeObserver(() => {
      if (el.offsetWidth === width) return;
      width = el.offsetWidth;
      fit();
    });
    seen.observe(el);
    return () => seen.disconnect();
  }, [value, min, max]);

  const classes = ['ui-input', status === 'error' ? 'ui-input-status-error' : '', className ?? ''].filter(Boolean).join(' ');
  return <textarea {...rest} ref={area} value={value} className={classes} style={{ resize: 'none', minHeight: min, maxHeight: max }} />;
}
