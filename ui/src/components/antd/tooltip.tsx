import { Tooltip, type TooltipProps } from 'antd';
import { AntdScope } from './scope';

/** antd's Tooltip in its scope; fetched through LazyTooltip. */
export default function ScopedTooltip(props: TooltipProps) {
  return (
    <AntdScope>
      <Tooltip {...props} />
    </AntdScope>
  );
}
