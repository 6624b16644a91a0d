import type { ReactNode } from 'react';
import './ui.css';

/** antd's Checkbox, drawn without antd. */
export function Checkbox({ checked, onChange, className, children }: { checked: boolean; onChange: (checked: boolean) => void; className?: string; children: ReactNode }) {
  return (
    <label className={['ui-checkbox-wrapper', className ?? ''].filter(Boolean).join(' ')}>
      <span className={checked ? 'ui-checkbox ui-checkbox-checked' : 'ui-checkbox'}>
        <input className="ui-checkbox-input" type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} />
        <span className="ui-checkbox-inner" />
      </span>
      <span className="ui-checkbox-label">{children}</span>
    </label>
  );
}
