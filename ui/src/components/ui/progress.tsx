import './ui.css';

/** antd's small line Progress without its text, drawn without antd; green at 100%. `label` names it for screen readers. */
export function ProgressLine({ percent, label }: { percent: number; label: string }) {
  return (
    <div
      className={percent >= 100 ? 'ui-progress ui-progress-success' : 'ui-progress'}
      role="progressbar"
      aria-label={label}
      aria-valuenow={percent}
      aria-valuemin={0}
      aria-valuemax={100}
    >
      <div className="ui-progress-outer">
        <div className="ui-progress-inner">
          <div className="ui-progress-bg" style={{ width: `${percent}%` }} />
        </div>
      </div>
    </div>
  );
}
