import { DownOutlined } from '@ant-design/icons';
import { Button, Dropdown } from 'antd';
import type { KeyboardEvent, PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Stage } from '../api/types';

const stop = (e: PointerEvent | KeyboardEvent) => e.stopPropagation();

/** "移动到…": the other stages of the pipeline, for the mouse and the keyboard alike. */
export function MoveMenu({ stages, current, onMove, label, size = 'small' }: { stages: Stage[]; current: number; onMove: (stageId: number) => void; label: string; size?: 'small' | 'middle' }) {
  const { t } = useTranslation();
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: stages.map((s) => ({ key: String(s.id), label: s.name, disabled: s.id === current })),
        onClick: ({ key }) => onMove(Number(key)),
      }}
    >
      <Button size={size} onPointerDown={stop} onKeyDown={stop} aria-label={label} data-testid="move-to">
        {t('recruit.pipeline.moveTo')} <DownOutlined aria-hidden="true" />
      </Button>
    </Dropdown>
  );
}
