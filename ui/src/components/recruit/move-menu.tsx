import { DownOutlined } from '@ant-design/icons';
import { Button, Dropdown } from 'antd';
import type { PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Stage } from './api/types';
import { stageLabel } from './labels';

// A press on the button is not the start of a drag of its card. (Its keys are left alone: the card picks up
// keys only through its handle, and the menu's Tab and Escape are heard on the window.)
const stop = (e: PointerEvent) => e.stopPropagation();

/** "移动到…": the other stages of the pipeline, for the mouse and the keyboard alike. */
export function MoveMenu({ stages, current, onMove, label, size = 'small' }: { stages: Stage[]; current: number; onMove: (stageId: number) => void; label: string; size?: 'small' | 'middle' }) {
  const { t } = useTranslation();
  return (
    // autoFocus: opened from the keyboard, the menu has the focus at once and the arrows walk it.
    <Dropdown
      trigger={['click']}
      autoFocus
      menu={{
        items: stages.map((s) => ({ key: String(s.id), label: stageLabel(t, s.name), disabled: s.id === current })),
        onClick: ({ key }) => onMove(Number(key)),
      }}
    >
      <Button size={size} onPointerDown={stop} aria-label={label} data-testid="move-to">
        {t('recruit.pipeline.moveTo')} <DownOutlined aria-hidden="true" />
      </Button>
    </Dropdown>
  );
}
