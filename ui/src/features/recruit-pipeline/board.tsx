import { HolderOutlined } from '@ant-design/icons';
import {
  DndContext,
  DragOverlay,
  KeyboardSensor,
  PointerSensor,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type DragStartEvent,
  type KeyboardCoordinateGetter,
} from '@dnd-kit/core';
import { Empty, Spin, Tag } from 'antd';
import { useMemo, useState, type KeyboardEventHandler, type PointerEventHandler } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { cardScore, type Application, type ApplicationPage, type Stage } from '@/components/recruit/api/types';
import { since } from '@/components/recruit/format';
import { basicsLine, stageLabel } from '@/components/recruit/labels';
import { cardPath } from '@/components/recruit/paths';
import { MoveMenu } from '@/components/recruit/move-menu';

/** Each stage's page of cards, by the stage's id. */
export type Columns = Record<number, ApplicationPage>;

const columnId = (stageId: number) => `stage-${stageId}`;
const stageOfColumn = (id: string | number) => Number(String(id).replace('stage-', ''));

/**
 * The keyboard's arrows move a picked-up card a whole column left or right (dnd-kit's default moves it
 * by 25 px), so Space, an arrow, Space moves an application one stage.
 */
const columnJump: KeyboardCoordinateGetter = (event, { context, currentCoordinates }) => {
  const { active, droppableRects, droppableContainers, over, collisionRect } = context;
  if (!active || !collisionRect) return undefined;
  const step = event.code === 'ArrowRight' ? 1 : event.code === 'ArrowLeft' ? -1 : 0;
  if (event.code === 'ArrowUp' || event.code === 'ArrowDown') {
    event.preventDefault();
    return currentCoordinates;
  }
  if (!step) return undefined;
  event.preventDefault();
  const columns = droppableContainers
    .getEnabled()
    .map((c) => ({ id: c.id, rect: droppableRects.get(c.id) }))
    .filter((c): c is { id: string | number; rect: NonNullable<typeof c.rect> } => !!c.rect)
    .sort((a, b) => a.rect.left - b.rect.left);
  const from = over?.id ?? columnId(Number(active.data.current?.stageId));
  const at = columns.findIndex((c) => c.id === from);
  const target = columns[Math.min(columns.length - 1, Math.max(0, (at < 0 ? 0 : at) + step))];
  if (!target) return undefined;
  return {
    x: currentCoordinates.x + (target.rect.left + 8 - collisionRect.left),
    y: currentCoordinates.y + (target.rect.top + 56 - collisionRect.top),
  };
};

/** The mark of a private candidate the company uploaded (no application, no account). */
export function UploadedTag() {
  const { t } = useTranslation();
  return (
    <Tag className="rc-uploaded" title={t('recruit.talent.uploadedHint')} data-testid="uploaded-tag">
      {t('recruit.talent.uploadedTag')}
    </Tag>
  );
}

function CardBody({ app, now }: { app: Application; now: number }) {
  const { t } = useTranslation();
  const inStage = since(app.stageAt, now);
  const score = cardScore(app);
  return (
    <>
      <div className="rc-card-name">
        <Link to={cardPath(app)} onPointerDown={(e) => e.stopPropagation()}>
          {app.name}
        </Link>
        {!app.viewed && <span className="rc-unread">{t('recruit.pipeline.unread')}</span>}
        {app.source === 'upload' && <UploadedTag />}
      </div>
      <div className="rc-card-job">{app.jobTitle}</div>
      <div className="rc-card-meta">{basicsLine(t, { education: app.education, city: app.city, workSince: app.workSince })}</div>
      <div className="rc-card-time">{t('recruit.pipeline.inStage', { time: t(inStage.key, { count: inStage.count }) })}</div>
      {score && (
        <div className="rc-card-score" data-testid="card-score">
          {t(score.pending ? 'recruit.assess.cardScorePending' : 'recruit.assess.cardScore', { score: score.score, max: score.maxScore })}
        </div>
      )}
    </>
  );
}

function BoardCard({ app, stages, now, onMove }: { app: Application; stages: Stage[]; now: number; onMove: (app: Application, stageId: number) => void }) {
  const { t } = useTranslation();
  const { attributes, listeners, setNodeRef, isDragging } = useDraggable({ id: app.applyId, data: { stageId: app.stageId } });
  // The pointer may pick the card up anywhere; the keyboard only through its handle (a button), so the card
  // itself stays a plain box around its links and menu.
  const onPointerDown = listeners?.onPointerDown as PointerEventHandler | undefined;
  const onKeyDown = listeners?.onKeyDown as KeyboardEventHandler | undefined;
  return (
    <div ref={setNodeRef} className={isDragging ? 'rc-board-card dragging' : 'rc-board-card'} onPointerDown={onPointerDown} data-testid="board-card" data-apply={app.applyId}>
      <div className="rc-card-top">
        <button type="button" className="rc-drag-handle" {...attributes} onKeyDown={onKeyDown} aria-label={t('recruit.board.handle', { name: app.name })} data-testid="drag-handle">
          <HolderOutlined aria-hidden="true" />
        </button>
        <div className="rc-card-main">
          <CardBody app={app} now={now} />
        </div>
      </div>
      <div className="rc-card-actions">
        <MoveMenu stages={stages} current={app.stageId} onMove={(s) => onMove(app, s)} label={t('recruit.pipeline.moveLabel', { name: app.name })} />
      </div>
    </div>
  );
}

function BoardColumn({ stage, column, loading, children }: { stage: Stage; column?: { total: number }; loading: boolean; children: React.ReactNode }) {
  const { t } = useTranslation();
  const { isOver, setNodeRef } = useDroppable({ id: columnId(stage.id) });
  const headingId = `rc-col-${stage.id}`;
  return (
    <section ref={setNodeRef} className={isOver ? 'rc-column over' : 'rc-column'} aria-labelledby={headingId} data-testid="board-column" data-stage={stage.id}>
      <h2 id={headingId} className="rc-column-head">
        <span className={`rc-dot s${stage.status}`} aria-hidden="true" />
        <span className="rc-column-name">{stageLabel(t, stage.name)}</span>
        <span className="rc-count">{column?.total ?? stage.count}</span>
      </h2>
      <div className="rc-column-body">{loading && !column ? <Spin size="small" /> : children}</div>
    </section>
  );
}

/** The board: a column per stage; a card moves by drag, by the keyboard (Space, arrows, Space) or by its menu. */
export function Board({ stages, columns, loading, onMove }: { stages: Stage[]; columns: Columns | undefined; loading: boolean; onMove: (app: Application, stageId: number) => void }) {
  const { t } = useTranslation();
  const [active, setActive] = useState<Application | null>(null);
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 6 } }), useSensor(KeyboardSensor, { coordinateGetter: columnJump }));
  const now = Date.now();
  const byId = useMemo(() => {
    const m = new Map<number, Application>();
    for (const c of Object.values(columns ?? {})) for (const a of c.list) m.set(a.applyId, a);
    return m;
  }, [columns]);
  const stageName = (id: string | number | undefined) => stageLabel(t, stages.find((s) => columnId(s.id) === id)?.name);
  const nameOf = (id: string | number) => byId.get(Number(id))?.name ?? '';

  const announcements: Announcements = {
    onDragStart: ({ active: a }) => t('recruit.board.a11y.start', { name: nameOf(a.id) }),
    onDragOver: ({ active: a, over }) => (over ? t('recruit.board.a11y.over', { name: nameOf(a.id), stage: stageName(over.id) }) : t('recruit.board.a11y.outside', { name: nameOf(a.id) })),
    onDragEnd: ({ active: a, over }) => (over ? t('recruit.board.a11y.dropped', { name: nameOf(a.id), stage: stageName(over.id) }) : t('recruit.board.a11y.cancelled', { name: nameOf(a.id) })),
    onDragCancel: ({ active: a }) => t('recruit.board.a11y.cancelled', { name: nameOf(a.id) }),
  };

  const onDragStart = (e: DragStartEvent) => setActive(byId.get(Number(e.active.id)) ?? null);
  const onDragEnd = (e: DragEndEvent) => {
    setActive(null);
    const app = byId.get(Number(e.active.id));
    if (!app || !e.over) return;
    const target = stageOfColumn(e.over.id);
    if (target && target !== app.stageId) onMove(app, target);
  };

  return (
    <DndContext
      sensors={sensors}
      onDragStart={onDragStart}
      onDragEnd={onDragEnd}
      onDragCancel={() => setActive(null)}
      accessibility={{ announcements, screenReaderInstructions: { draggable: t('recruit.board.a11y.instructions') } }}
    >
      <p className="rc-board-hint">{t('recruit.board.hint')}</p>
      <div className="rc-board" data-testid="board">
        {stages.map((s) => {
          const column = columns?.[s.id];
          return (
            <BoardColumn key={s.id} stage={s} column={column} loading={loading}>
              {column && column.list.length === 0 && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('recruit.board.emptyColumn')} />}
              {column?.list.map((a) => <BoardCard key={a.applyId} app={a} stages={stages} now={now} onMove={onMove} />)}
              {column && column.total > column.list.length && <p className="rc-muted rc-more">{t('recruit.board.more', { count: column.total - column.list.length })}</p>}
            </BoardColumn>
          );
        })}
      </div>
      <DragOverlay>
        {active ? (
          <div className="rc-board-card overlay">
            <div className="rc-card-main">
              <CardBody app={active} now={now} />
            </div>
          </div>
        ) : null}
      </DragOverlay>
    </DndContext>
  );
}
