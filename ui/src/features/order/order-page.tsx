import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'react-router';
import { LazyPopconfirm } from '@/components/antd/lazy';
import { PagedListBody } from '@/components/paged-list/paged-list-body';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Empty } from '@/components/ui/empty';
import { Skeleton } from '@/components/ui/skeleton';
import { Tag } from '@/components/ui/tag';
import { toast } from '@/components/ui/toast';
import { PageCard } from '@/components/ui/page-card';
import { currentLanguage, registerCatalogue } from '@/i18n';
import { formatTime } from '@/lib/format';
import { isRepeatRefusal } from '@/lib/request-error';
import { useOnReturn, usePagedList } from '@/lib/use-paged-list';
import { useServerData, type ServerState } from '@/lib/use-server-data';
import { cancelOrder } from './api/cancel-order';
import { createOrder } from './api/create-order';
import { getOrderList, type Order, type OrderPage } from './api/get-order-list';
import { getServices, type Service } from './api/get-services';
import { errorKey } from './errors';
import { formatFen, localName, orderStatusTag, safePayUrl } from './format';
import orderCatalogue from './i18n';
import './order.css';

registerCatalogue(orderCatalogue);

export const ORDER_PAGE_SIZE = 10;

type OrdersState = ReturnType<typeof usePagedList<OrderPage>>;

export default function OrderPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const orders = usePagedList(getOrderList, ORDER_PAGE_SIZE, errorKey);
  const { reload } = orders;
  const services = useServerData(getServices, []);
  const [buying, setBuying] = useState<string | null>(null);
  const [cancelling, setCancelling] = useState<string | null>(null);
  const [paidNotice, setPaidNotice] = useState(false);
  useOnReturn('order', () => reload(true));

  // Back from the payment page with ?paid=1: say so once, and take the flag out of the address.
  // (A kept-alive order page hidden behind another one leaves that page's address alone.)
  const { pathname } = useLocation();
  const paid = params.get('paid') === '1' && pathname.replace(/\/+$/, '').endsWith('/my/order');
  useEffect(() => {
    if (!paid) return;
    setPaidNotice(true);
    reload(true);
    setParams(
      (p) => {
        p.delete('paid');
        return p;
      },
      { replace: true },
    );
  }, [paid, reload, setParams]);

  const onBuy = async (service: Service) => {
    setBuying(service.code);
    try {
      const created = await createOrder(service.code);
      const target = safePayUrl(created.payUrl);
      if (!target) throw { status: 0, message: 'bad payUrl' };
      window.location.assign(target);
    } catch (e) {
      if (!isRepeatRefusal(e)) toast.error(t(errorKey(e)));
      setBuying(null);
      reload(true);
    }
  };

  const onCancel = async (order: Order) => {
    setCancelling(order.orderNo);
    try {
      await cancelOrder(order.orderNo);
      toast.success(t('order.cancelled'));
    } catch (e) {
      if (!isRepeatRefusal(e)) toast.error(t(errorKey(e)));
    } finally {
      setCancelling(null);
      reload(true);
    }
  };

  return (
    <PageCard title={t('title.order')}>
      {paidNotice && (
        <Alert
          className="order-paid"
          data-testid="paid-notice"
          type="success"
          message={t('order.paidNow')}
          onClose={() => setPaidNotice(false)}
          closeLabel={t('common.close')}
        />
      )}

      <section className="order-section" aria-labelledby="order-services-title">
        <div className="order-section-head">
          <h2 id="order-services-title" className="section-title">
            {t('order.servicesTitle')}
          </h2>
          <span className="muted order-section-note">{t('order.servicesIntro')}</span>
        </div>
        <ServiceCards services={services} buying={buying} onBuy={onBuy} onRetry={() => services.reload()} />
      </section>

      <section className="order-section" aria-labelledby="order-list-title">
        <div className="order-section-head">
          <h2 id="order-list-title" className="section-title">
            {t('order.ordersTitle')}
          </h2>
          {orders.answer && orders.answer.total > 0 && (
            <span className="muted order-section-note">{t('order.total', { count: orders.answer.total })}</span>
          )}
        </div>
        <OrderList orders={orders} cancelling={cancelling} onCancel={onCancel} />
      </section>
    </PageCard>
  );
}

function ServiceCards({
  services,
  buying,
  onBuy,
  onRetry,
}: {
  services: ServerState<Service[]>;
  buying: string | null;
  onBuy: (s: Service) => void;
  onRetry: () => void;
}) {
  const { t } = useTranslation();
  const lang = currentLanguage();
  if (services.status === 'loading') return <Skeleton rows={3} />;
  if (services.status === 'failed') {
    return (
      <Alert
        type="error"
        message={t('order.servicesFailed')}
        description={t(errorKey(services.error))}
        action={
          <Button size="small" onClick={onRetry}>
            {t('order.retry')}
          </Button>
        }
      />
    );
  }
  const list = services.data ?? [];
  if (list.length === 0) return <Empty description={t('order.noServices')} />;
  return (
    <ul className="order-services" data-testid="services">
      {list.map((s) => (
        <li key={s.code} className="order-service" data-service={s.code}>
          <div className="order-service-name">{localName(s.nameZh, s.nameEn, lang)}</div>
          <p className="order-service-desc">{localName(s.descriptionZh, s.descriptionEn, lang)}</p>
          <div className="order-service-foot">
            <span className="order-price">{formatFen(s.amountFen)}</span>
            <span className="order-days">{t('order.days', { count: s.days })}</span>
          </div>
          <Button
            type="primary"
            className="order-buy"
            loading={buying === s.code}
            disabled={!!buying && buying !== s.code}
            onClick={() => onBuy(s)}
          >
            {t('order.buy')}
          </Button>
        </li>
      ))}
    </ul>
  );
}

function OrderList({
  orders,
  cancelling,
  onCancel,
}: {
  orders: OrdersState;
  cancelling: string | null;
  onCancel: (o: Order) => void;
}) {
  const { t } = useTranslation();
  return (
    <PagedListBody
      list={orders}
      pageSize={ORDER_PAGE_SIZE}
      prefix="order"
      loadFailed={t('order.loadFailed')}
      empty={<Empty className="order-empty" description={t('order.noneYet')} />}
      skeletonRows={4}
    >
      {(a) => (
        <ul className="order-list" data-testid="order-list">
          {a.list.map((o) => (
            <OrderRow key={o.orderNo} order={o} cancelling={cancelling === o.orderNo} onCancel={onCancel} />
          ))}
        </ul>
      )}
    </PagedListBody>
  );
}

function OrderRow({ order, cancelling, onCancel }: { order: Order; cancelling: boolean; onCancel: (o: Order) => void }) {
  const { t } = useTranslation();
  const tag = orderStatusTag(order.status);
  const payUrl = order.status === 1 ? safePayUrl(order.payUrl) : null;
  return (
    <li className="order-row" data-order={order.orderNo} data-status={order.status}>
      <div className="order-row-head">
        <span className="order-no">{t('order.orderNo', { no: order.orderNo })}</span>
        <span className="order-created">{t('order.createdAt', { time: formatTime(order.createdAt) })}</span>
      </div>
      <div className="order-row-body">
        <div className="order-row-service">{localName(order.serviceNameZh, order.serviceNameEn, currentLanguage())}</div>
        <div className="order-row-amount" aria-label={t('order.amount')}>
          {formatFen(order.amountFen)}
        </div>
        <div className="order-row-state">
          <Tag color={tag.color} className="order-status">
            {t(tag.key)}
          </Tag>
          {order.status === 1 && order.expiresAt && (
            <span className="order-note">{t('order.payBefore', { time: formatTime(order.expiresAt) })}</span>
          )}
          {order.status === 2 && order.effectiveUntil && (
            <span className="order-note order-effective">{t('order.effectiveUntil', { time: formatTime(order.effectiveUntil) })}</span>
          )}
        </div>
        <div className="order-row-actions">
          {order.status === 1 && (
            <>
              {payUrl && (
                <a className="ui-btn ui-btn-primary ui-btn-sm" href={payUrl}>
                  {t('order.pay')}
                </a>
              )}
              <LazyPopconfirm
                title={t('order.cancelTitle')}
                okText={t('order.confirm')}
                cancelText={t('order.keep')}
                onConfirm={() => onCancel(order)}
                placement="topRight"
              >
                <Button size="small" loading={cancelling}>
                  {t('order.cancel')}
                </Button>
              </LazyPopconfirm>
            </>
          )}
        </div>
      </div>
    </li>
  );
}
