import CheckCircleFilled from '@ant-design/icons-svg/es/asn/CheckCircleFilled';
import CloseCircleFilled from '@ant-design/icons-svg/es/asn/CloseCircleFilled';
import CloseOutlined from '@ant-design/icons-svg/es/asn/CloseOutlined';
import ExclamationCircleFilled from '@ant-design/icons-svg/es/asn/ExclamationCircleFilled';
import InfoCircleFilled from '@ant-design/icons-svg/es/asn/InfoCircleFilled';
import type { HTMLAttributes, ReactNode } from 'react';
import { Icon } from './icon';
import './ui.css';

const ICONS = { success: CheckCircleFilled, info: InfoCircleFilled, warning: ExclamationCircleFilled, error: CloseCircleFilled };

interface Props extends Omit<HTMLAttributes<HTMLDivElement>, 'title'> {
  type: keyof typeof ICONS;
  message: ReactNode;
  description?: ReactNode;
  /** Buttons or links at the end of the line (retry, dismiss). */
  action?: ReactNode;
  /** A close button, named for screen readers by `closeLabel`, that calls `onClose`. */
  onClose?: () => void;
  closeLabel?: string;
}

/** antd's Alert with its icon, drawn without antd (ui.css). */
export function Alert({ type, message, description, action, onClose, closeLabel, className, ...rest }: Props) {
  const classes = ['ui-alert', `ui-alert-${type}`, description ? 'ui-alert-with-description' : '', className ?? ''].filter(Boolean).join(' ');
  return (
    <div role="alert" {...rest} className={classes}>
      <Icon svg={ICONS[type]} className="ui-alert-icon" />
      <div className="ui-alert-content">
        <div className="ui-alert-message">{message}</div>
        {description && <div className="ui-alert-description">{description}</div>}
      </div>
      {action && <div className="ui-alert-action">{action}</div>}
      {onClose && (
        <button type="button" className="ui-alert-close" aria-label={closeLabel} onClick={onClose}>
          <Icon svg={CloseOutlined} />
        </button>
      )}
    </div>
  );
}
