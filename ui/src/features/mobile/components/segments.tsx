import { useRef, type KeyboardEvent } from 'react';

/**
 * A row of tabs (role=tablist), as the WAI-ARIA tabs pattern has them: the chosen tab is the row's one Tab
 * stop, and the arrows (Home and End too) choose another at once and move the focus with it.
 */
export function Segments<K extends string>({ items, value, onChange }: { items: { key: K; label: string }[]; value: K; onChange: (key: K) => void }) {
  const row = useRef<HTMLDivElement>(null);
  const onKeyDown = (e: KeyboardEvent) => {
    const at = items.findIndex((i) => i.key === value);
    const next = e.key === 'ArrowRight' ? at + 1 : e.key === 'ArrowLeft' ? at - 1 : e.key === 'Home' ? 0 : e.key === 'End' ? items.length - 1 : null;
    if (next === null) return;
    e.preventDefault();
    const to = (next + items.length) % items.length;
    onChange(items[to].key);
    row.current?.querySelectorAll<HTMLButtonElement>('[role="tab"]')[to]?.focus();
  };
  return (
    <div className="m-segments" role="tablist" ref={row} onKeyDown={onKeyDown} style={{ margin: 0, background: '#fff' }}>
      {items.map((i) => (
        <button key={i.key} type="button" role="tab" aria-selected={i.key === value} tabIndex={i.key === value ? 0 : -1} onClick={() => onChange(i.key)}>
          {i.label}
        </button>
      ))}
    </div>
  );
}
