import { Alert, App, Button, Popconfirm, Space, Table, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { answered } from '@/lib/call-errors';
import { formatTime } from '@/lib/format';
import { isRepeatRefusal } from '@/lib/request-error';
import { useServerData } from '@/lib/use-server-data';
import { errorKey } from '@/components/recruit/errors';
import { toMs } from '@/components/recruit/format';
import { QUOTA_KEYS } from './api/plan';
import { cancelOrder, createOrder, getPlans, listOrders, type CompanyOrder, type CompanyOrderStatus, type PaidPlan } from './api/plan-order';

const PAGE_SIZE = 10;
const STATUS_COLOR: Record<CompanyOrderStatus, string> = { 1: 'processing', 2: 'success', 3: 'default', 4: 'default', 5: 'warning' };

/** Fen as yuan: 69900 → "699.00". */
export function yuan(fen: number): string {
  return (fen / 100).toFixed(2);
}

/**
 * The paid plans with their prices and quotas, bought by the owner through the payment checkout, and the
 * company's orders (pay a pending one, cancel it). `current` is the plan in effect; `onPaid` reloads it.
 */
export function PlanPurchase({ owner, current, onPaid }: { owner: boolean; current: string; onPaid: () => void }) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const english = i18n.language.startsWith('en');
  const [params, setParams] = useSearchParams();
  const [page, setPage] = useState(1);
  const plans = useServerData(() => getPlans(), []);
  const orders = useServerData(() => listOrders(page, PAGE_SIZE), [page]);
  const [buying, setBuying] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);

  // Back from the checkout (`?paid=1`): say so once, and show the plan now in effect.
  useEffect(() => {
    if (params.get('paid') !== '1') return;
    message.success(t('recruit.plan.paid'));
    onPaid();
    setParams((p) => {
      p.delete('paid');
      return p;
    }, { replace: true });
  }, [params, setParams, message, t, onPaid]);

  const buy = async (plan: PaidPlan) => {
    setBuying(plan.code);
    setError(null);
    try {
      const order = answered(await createOrder(plan.code));
      window.location.assign(order.payUrl);
    } catch (e) {
      if (!isRepeatRefusal(e)) setError(e);
      setBuying(null);
    }
  };

  const cancel = async (o: CompanyOrder) => {
    try {
      answered(await cancelOrder(o.orderNo));
      message.success(t('recruit.plan.cancelled'));
      orders.reload('keep');
    } catch (e) {
      if (!isRepeatRefusal(e)) message.error(t(errorKey(e)));
    }
  };

  const name = (code: string) => t(`recruit.plan.names.${code}`);
  return (
    <>
      <section className="rc-card rc-funnel-card" aria-labelledby="rc-buy-title" data-testid="plan-buy">
        <h2 id="rc-buy-title" className="rc-side-title">
          {t('recruit.plan.buyTitle')}
        </h2>
        <p className="rc-muted">{t('recruit.plan.buyIntro')}</p>
        {!!error && <Alert type="error" showIcon role="alert" message={t(errorKey(error))} className="rc-form-alert" />}
        {plans.status === 'failed' && <Alert type="error" showIcon message={t(errorKey(plans.error))} />}
        <ul className="rc-plan-offers">
          {(plans.data ?? []).map((p) => (
            <li key={p.code} className="rc-plan-offer" data-testid={`offer-${p.code}`}>
              <h3>{english ? p.nameEn : p.nameZh}</h3>
              <p className="rc-plan-price">{t('recruit.plan.price', { price: yuan(p.amountFen), days: p.days })}</p>
              <p className="rc-muted">{t('recruit.plan.perMonth')}</p>
              <ul className="rc-plan-quotas">
                {QUOTA_KEYS.map((k) => (
                  <li key={k}>
                    {t(`recruit.plan.quota.${k}`)}: <strong>{p.quotas[k]}</strong>
                  </li>
                ))}
                <li>
                  {t('recruit.plan.dailyNewChats')}: <strong>{p.dailyNewChats}</strong>
                </li>
              </ul>
              {owner && (
                <Button type="primary" loading={buying === p.code} disabled={!!buying && buying !== p.code} onClick={() => void buy(p)} data-testid={`buy-${p.code}`}>
                  {t(current === p.code ? 'recruit.plan.renew' : 'recruit.plan.buy', { name: name(p.code) })}
                </Button>
              )}
            </li>
          ))}
        </ul>
        {!owner && <p className="rc-muted">{t('recruit.plan.buyOwnerOnly')}</p>}
      </section>
      <section className="rc-card rc-funnel-card" aria-labelledby="rc-orders-title" data-testid="plan-orders">
        <h2 id="rc-orders-title" className="rc-side-title">
          {t('recruit.plan.ordersTitle')}
        </h2>
        {orders.status === 'failed' && <Alert type="error" showIcon message={t(errorKey(orders.error))} />}
        <Table<CompanyOrder>
          rowKey="orderNo"
          size="middle"
          dataSource={orders.data?.list ?? []}
          loading={orders.status === 'loading'}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: t('recruit.plan.noOrders') }}
          pagination={{ current: page, pageSize: PAGE_SIZE, total: orders.data?.total ?? 0, hideOnSinglePage: true, showSizeChanger: false, onChange: setPage }}
          columns={[
            { title: t('recruit.plan.orderNo'), dataIndex: 'orderNo', render: (no: string) => <code>{no}</code> },
            { title: t('recruit.plan.item'), key: 'item', render: (_: unknown, o) => (english ? o.planNameEn : o.planNameZh) },
            { title: t('recruit.plan.amount'), dataIndex: 'amountFen', align: 'right', render: (f: number) => `¥${yuan(f)}` },
            {
              title: t('recruit.plan.status'),
              dataIndex: 'status',
              render: (s: CompanyOrderStatus) => (
                <Tag color={STATUS_COLOR[s]} data-testid="company-order-status">
                  {t(`recruit.plan.states.${s}`)}
                </Tag>
              ),
            },
            { title: t('recruit.plan.createdAt'), dataIndex: 'createdAt', render: (ms: number) => formatTime(toMs(ms)) },
            {
              title: t('recruit.plan.effective'),
              key: 'effective',
              render: (_: unknown, o) => (o.status === 2 && o.effectiveUntil ? `${formatTime(toMs(o.effectiveFrom))} – ${formatTime(toMs(o.effectiveUntil))}` : '—'),
            },
            {
              title: t('recruit.plan.actions'),
              key: 'actions',
              render: (_: unknown, o) =>
                owner && o.status === 1 && o.payUrl ? (
                  <Space size={4}>
                    <Button size="small" type="primary" href={o.payUrl}>
                      {t('recruit.plan.pay')}
                    </Button>
                    <Popconfirm title={t('recruit.plan.confirmCancel')} okText={t('recruit.plan.cancel')} cancelText={t('recruit.plan.keep')} onConfirm={() => cancel(o)}>
                      <Button size="small">{t('recruit.plan.cancel')}</Button>
                    </Popconfirm>
                  </Space>
                ) : null,
            },
          ]}
        />
      </section>
    </>
  );
}
