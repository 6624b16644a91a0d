import CloseCircleFilled from '@ant-design/icons-svg/es/asn/CloseCircleFilled';
import WarningFilled from '@ant-design/icons-svg/es/asn/WarningFilled';
import type { ReactNode } from 'react';
import { Button } from './button';
import { Icon } from './icon';
import './ui.css';

interface Props {
  status: 'error' | 'warning';
  title: ReactNode;
  subTitle?: ReactNode;
  /** The primary button under it (retry, reload). */
  action: { label: string; onClick: () => void };
  /** The title is the page's h1 (when the result is all the page shows). */
  pageHeading?: boolean;
}

/**
 * antd's Result (error or warning) with one primary button, drawn without antd: it says that something
 * failed to load, so it must not need anything more to be fetched.
 */
export function Result({ status, title, subTitle, action, pageHeading }: Props) {
  const Title = pageHeading ? 'h1' : 'div';
  return (
    <div className={`ui-result ui-result-${status}`}>
      <div className="ui-result-icon">
        <Icon svg={status === 'error' ? CloseCircleFilled : WarningFilled} />
      </div>
      <Title className="ui-result-title">{title}</Title>
      {subTitle && <div className="ui-result-subtitle">{subTitle}</div>}
      <div className="ui-result-extra">
        <Button type="primary" onClick={action.onClick}>
          {action.label}
        </Button>
      </div>
    </div>
  );
}
