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
