import type { ReactNode } from 'react';
import './ui.css';

/** antd's Spin (the four dots), drawn without antd. */
export function Spin() {
  return (
    <div className="ui-spin" aria-live="polite" aria-busy="true">
      <span className="ui-spin-dot">
        <i className="ui-spin-dot-item" />
        <i className="ui-spin-dot-item" />
        <i className="ui-spin-dot-item" />
        <i className="ui-spin-dot-item" />
      </span>
    </div>
  );
}

/** antd's `<Spin spinning>` around content: while `spinning`, the content fades and the dots show over it. */
export function SpinContainer({ spinning, children }: { spinning: boolean; children: ReactNode }) {
  return (
    <div className="ui-spin-nested">
      {spinning && (
        <div className="ui-spin-overlay">
          <Spin />
        </div>
      )}
      <div className={spinning ? 'ui-spin-container ui-spin-blur' : 'ui-spin-container'}>{children}</div>
    </div>
  );
}
