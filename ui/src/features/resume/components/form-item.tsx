import type { ReactNode } from 'react';
import './section-form.css';

interface Props {
  label: string;
  htmlFor: string;
  required: boolean;
  /** The field's problem, shown under it in red. */
  problem?: string;
  children: ReactNode;
}

/** antd's vertical Form.Item, drawn without antd: the label (with * when required), the control, the problem. */
export function FormItem({ label, htmlFor, required, problem, children }: Props) {
  return (
    <div className={problem ? 'ui-form-item ui-form-item-with-help ui-form-item-has-error' : 'ui-form-item'}>
      <div className="ui-form-item-row">
        <div className="ui-form-item-label">
          <label htmlFor={htmlFor} className={required ? 'ui-form-item-required' : undefined} title={label}>
            {label}
          </label>
        </div>
        <div className="ui-form-item-control">
          <div className="ui-form-item-control-input">
            <div className="ui-form-item-control-input-content">{children}</div>
          </div>
          {problem && (
            <div className="ui-form-item-explain">
              <div className="ui-form-item-explain-error">{problem}</div>
            </div>
          )}
        </div>
      </div>
    </div>
  );
}
