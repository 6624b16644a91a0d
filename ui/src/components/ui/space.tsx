import { Children, type ReactNode } from 'react';
import './ui.css';

/** antd's Space (small gap), drawn without antd: each child that renders in an item, 8 px apart. */
export function Space({ wrap, className, children }: { wrap?: boolean; className?: string; children: ReactNode }) {
  const classes = ['ui-space', wrap ? 'ui-space-wrap' : '', className ?? ''].filter(Boolean).join(' ');
  return (
    <div className={classes}>
      {Children.toArray(children).map((child, i) => (
        <div key={i} className="ui-space-item">
          {child}
        </div>
      ))}
    </div>
  );
}
