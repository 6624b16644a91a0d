import { App, Button, Descriptions, Form, Input, InputNumber, Modal, Select, Space, Table, Tabs, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTime } from '@/lib/format';
import { usePageTitle } from '@/lib/page-title';
import { useServerData } from '@/lib/use-server-data';
import { can, orderList, ORDER_STATUSES, refundOrder, type AdminOrder, type OrderFilter, type OrderKind, type OrderStatusCode } from '../api';
import { errorKey } from '../errors';
import { TableScroll } from '../table-scroll';
import { useAdmin } from '../store';

const PAGE_SIZE = 20;
const STATUS_COLOR: Record<OrderStatusCode, string> = { 1: 'processing', 2: 'success', 3: 'default', 4: 'default', 5: 'warning' };
const EMPTY: OrderFilter = { kind: 'candidate', q: '', from: '', to: '' };

/** Fen as yuan with two decimals: 1990 → "19.90". */
export function yuan(fen: number): string {
  return (fen / 100).toFixed(2);
}

/** Yuan typed in the refund form to whole fen (19.9 → 1990), as the server takes it. */
export function toFen(yuanValue: number): number {
  return Math.round(yuanValue * 100);
}

interface FilterValues {
  status?: OrderStatusCode;
  q?: string;
  from?: string;
  to?: string;
}

/**
 * /admin/orders: every order, candidates' and companies' (a tab each), filtered by status, buyer and order
 * date, paged; an order's details and its refund; a super admin refunds a paid order with a reason.
 */
export default function OrdersPage() {
  const { t, i18n } = useTranslation();
  usePageTitle(t('admin.orders.title'));
  const { message } = App.useApp();
  const admin = useAdmin((s) => s.admin);
  const mayRefund = can(admin?.role, 'refund');
  const english = i18n.language.startsWith('en');
  const [filter, setFilter] = useState<OrderFilter>(EMPTY);
  const [page, setPage] = useState(1);
  const { data, busy: loading, reload: load } = useServerData(() => orderList(filter, page, PAGE_SIZE), [filter, page], { onError: (e) => message.error(t(errorKey(e))) });
  const [shown, setShown] = useState<AdminOrder | null>(null);
  const [refunding, setRefunding] = useState<AdminOrder | null>(null);
  const [busy, setBusy] = useState(false);
  const [filters] = Form.useForm<FilterValues>();
  const [refundForm] = Form.useForm<{ amount: number; reason: string }>();

  const search = (v: FilterValues) => {
    setFilter({ kind: filter.kind, status: v.status, q: (v.q ?? '').trim(), from: v.from ?? '', to: v.to ?? '' });
    setPage(1);
  };

  const refund = async () => {
    const values = await refundForm.validateFields().catch(() => null);
    if (!values || !refunding) return;
    setBusy(true);
    try {
      const after = await refundOrder(refunding.orderNo, toFen(values.amount), values.reason.trim());
      message.success(t('admin.orders.refunded', { amount: yuan(after.refund?.amountFen ?? toFen(values.amount)) }));
      setRefunding(null);
      refundForm.resetFields();
      await load();
    } catch (e) {
      message.error(t(errorKey(e)));
      // A refund that did happen elsewhere (a second click, another admin) shows as such.
      await load();
    } finally {
      setBusy(false);
    }
  };

  const itemName = (o: AdminOrder) => (english ? o.itemEn : o.itemZh);
  const status = (s: OrderStatusCode) => (
    <Tag color={STATUS_COLOR[s]} data-testid="order-status">
      {t(`admin.orders.states.${s}`)}
    </Tag>
  );

  return (
    <>
      <h1>{t('admin.orders.title')}</h1>
      <div className="admin-card" data-testid="orders">
        <Tabs
          activeKey={filter.kind}
          onChange={(k) => {
            setFilter({ ...EMPTY, kind: k as OrderKind });
            filters.resetFields();
            setPage(1);
          }}
          items={(['candidate', 'company'] as const).map((k) => ({ key: k, label: t(`admin.orders.kinds.${k}`) }))}
        />
        <Form form={filters} name="orderfilter" layout="inline" className="admin-toolbar admin-order-filters" aria-label={t('admin.orders.filters')} onFinish={search}>
          <Form.Item name="status" label={t('admin.orders.status')}>
            <Select
              allowClear
              placeholder={t('admin.orders.allStatuses')}
              style={{ width: 140 }}
              options={ORDER_STATUSES.map((s) => ({ value: s, label: t(`admin.orders.states.${s}`) }))}
            />
          </Form.Item>
          <Form.Item name="q" label={t('admin.orders.search')}>
            <Input allowClear maxLength={50} placeholder={t(filter.kind === 'company' ? 'admin.orders.searchCompany' : 'admin.orders.searchCandidate')} style={{ width: 220 }} />
          </Form.Item>
          <Form.Item name="from" label={t('admin.orders.from')}>
            <Input type="date" style={{ width: 150 }} />
          </Form.Item>
          <Form.Item name="to" label={t('admin.orders.to')}>
            <Input type="date" style={{ width: 150 }} />
          </Form.Item>
          <Space>
            <Button type="primary" htmlType="submit" data-testid="order-search">
              {t('admin.orders.apply')}
            </Button>
            <Button
              onClick={() => {
                filters.resetFields();
                search({});
              }}
            >
              {t('admin.orders.reset')}
            </Button>
          </Space>
        </Form>
        <TableScroll label={t('admin.orders.title')}>
          <Table<AdminOrder>
            rowKey="orderNo"
            size="middle"
            loading={loading}
            dataSource={data?.list ?? []}
            locale={{ emptyText: t('admin.orders.none') }}
            pagination={{ current: page, pageSize: PAGE_SIZE, total: data?.total ?? 0, onChange: setPage, showSizeChanger: false, showTotal: (total) => t('admin.common.total', { total }) }}
            columns={[
              { title: t('admin.orders.orderNo'), dataIndex: 'orderNo', render: (no: string) => <code>{no}</code> },
              {
                title: t('admin.orders.buyer'),
                dataIndex: 'buyer',
                render: (b: string, o) => (
                  <>
                    {b}
                    {o.mobile ? <div className="admin-muted">{o.mobile}</div> : null}
                  </>
                ),
              },
              { title: t('admin.orders.item'), key: 'item', render: (_: unknown, o) => itemName(o) },
              { title: t('admin.orders.amount'), dataIndex: 'amountFen', align: 'right', render: (f: number) => `¥${yuan(f)}` },
              { title: t('admin.orders.status'), dataIndex: 'status', render: status },
              { title: t('admin.orders.createdAt'), dataIndex: 'createdAt', width: 140, render: (ms: number) => formatTime(ms) },
              {
                title: t('admin.common.actions'),
                key: 'actions',
                render: (_: unknown, o) => (
                  <Space size={4}>
                    <Button size="small" onClick={() => setShown(o)} data-testid="order-detail">
                      {t('admin.orders.detail')}
                    </Button>
                    {mayRefund && o.status === 2 ? (
                      <Button
                        size="small"
                        danger
                        data-testid="order-refund"
                        onClick={() => {
                          setRefunding(o);
                          refundForm.setFieldsValue({ amount: o.amountFen / 100, reason: '' });
                        }}
                      >
                        {t('admin.orders.refund')}
                      </Button>
                    ) : null}
                  </Space>
                ),
              },
            ]}
          />
        </TableScroll>
      </div>
      <Modal open={!!shown} title={t('admin.orders.detailTitle', { no: shown?.orderNo ?? '' })} footer={null} onCancel={() => setShown(null)} destroyOnHidden>
        {shown ? (
          <Descriptions column={1} size="small" bordered>
            <Descriptions.Item label={t('admin.orders.buyer')}>
              {shown.buyer}
              {shown.mobile ? ` · ${shown.mobile}` : ''}
            </Descriptions.Item>
            <Descriptions.Item label={t('admin.orders.item')}>{itemName(shown)}</Descriptions.Item>
            <Descriptions.Item label={t('admin.orders.amount')}>¥{yuan(shown.amountFen)}</Descriptions.Item>
            <Descriptions.Item label={t('admin.orders.status')}>{status(shown.status)}</Descriptions.Item>
            <Descriptions.Item label={t('admin.orders.createdAt')}>{formatTime(shown.createdAt)}</Descriptions.Item>
            <Descriptions.Item label={t('admin.orders.paidAt')}>{shown.paidAt ? formatTime(shown.paidAt) : '—'}</Descriptions.Item>
            <Descriptions.Item label={t('admin.orders.effectiveUntil')}>{shown.effectiveUntil ? formatTime(shown.effectiveUntil) : '—'}</Descriptions.Item>
            {shown.refund ? (
              <Descriptions.Item label={t('admin.orders.refundRecord')}>
                {shown.refund.status === 'done'
                  ? t('admin.orders.refundBy', { admin: shown.refund.admin, at: formatTime(shown.refund.doneAt), amount: yuan(shown.refund.amountFen), reason: shown.refund.reason })
                  : t('admin.orders.refundPending')}
              </Descriptions.Item>
            ) : null}
          </Descriptions>
        ) : null}
      </Modal>
      <Modal
        open={!!refunding}
        title={t('admin.orders.refundTitle', { no: refunding?.orderNo ?? '' })}
        okText={t('admin.orders.refund')}
        cancelText={t('admin.common.cancel')}
        okButtonProps={{ danger: true, loading: busy, ...({ 'data-testid': 'refund-ok' } as Record<string, string>) }}
        onOk={refund}
        onCancel={() => {
          setRefunding(null);
          refundForm.resetFields();
        }}
        forceRender
      >
        <p>{t('admin.orders.refundHelp', { paid: yuan(refunding?.amountFen ?? 0) })}</p>
        <Form form={refundForm} layout="vertical" name="refund">
          <Form.Item
            name="amount"
            label={t('admin.orders.refundAmount')}
            rules={[
              { required: true, message: t('admin.orders.refundAmountRequired') },
              {
                validator: (_, v: number | null) => {
                  if (v === null || v === undefined) return Promise.resolve();
                  if (toFen(v) <= 0) return Promise.reject(new Error(t('admin.orders.refundAmountPositive')));
                  if (refunding && toFen(v) > refunding.amountFen) return Promise.reject(new Error(t('admin.orders.refundAmountTooMuch', { paid: yuan(refunding.amountFen) })));
                  return Promise.resolve();
                },
              },
            ]}
          >
            <InputNumber min={0} step={0.01} precision={2} style={{ width: 180 }} prefix="¥" />
          </Form.Item>
          <Form.Item name="reason" label={t('admin.orders.refundReason')} rules={[{ required: true, whitespace: true, message: t('admin.common.reasonRequired') }]}>
            <Input.TextArea rows={3} maxLength={200} showCount />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
