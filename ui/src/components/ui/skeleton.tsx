import './ui.css';

/** antd's active Skeleton, drawn without antd: an optional title bar, then `rows` lines, the last one shorter. */
export function Skeleton({ rows, title = true }: { rows: number; title?: boolean }) {
  return (
    <div className="ui-skeleton">
      <div className="ui-skeleton-content">
        {title && <h3 className="ui-skeleton-title" style={{ width: '38%' }} />}
        <ul className="ui-skeleton-paragraph">
          {Array.from({ length: rows }, (_, i) => (
            <li key={i} style={i === rows - 1 ? { width: '61%' } : undefined} />
          ))}
        </ul>
      </div>
    </div>
  );
}
