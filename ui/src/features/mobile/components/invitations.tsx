import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { answerInvitation, getInvitations, isPending, type Invitation } from '@/lib/api/interviews';
import { isRepeatRefusal } from '@/lib/request-error';
import { useServerData } from '@/lib/use-server-data';
import { errorText } from '../error-text';
import { EmptyState, Failed, Loading } from './states';
import { mToast } from './toast';

/** An address that is a meeting link rather than a place. */
const ONLINE = /^https?:\/\/\S+$/i;

function State({ i }: { i: Invitation }) {
  const { t } = useTranslation();
  if (i.state === 'cancelled') return <span className="m-badge m-badge-grey">{t(i.cancelReason === 'blocked' ? 'm.iv.cancelledBlocked' : 'm.iv.cancelled')}</span>;
  if (i.answer === 'accepted') return <span className="m-badge m-badge-green" data-testid="m-invitation-answer">{t('m.iv.accepted')}</span>;
  if (i.answer === 'declined') return <span className="m-badge m-badge-grey" data-testid="m-invitation-answer">{t('m.iv.declined')}</span>;
  if (isPending(i, Date.now())) return <span className="m-badge m-badge-red">{t('m.iv.pending')}</span>;
  return null;
}

/**
 * The candidate's interview invitations, /m/my/apply's second tab (time, company and job, place or meeting
 * link, contact), each accepted or declined here. Mounted once the page has drawn its applications; it asks
 * for the invitations then and tells the page how many wait for an answer (the tab's count), drawing them
 * only while its tab is shown.
 */
export function InvitationsPanel({ show, label, onPending }: { show: boolean; label: string; onPending: (n: number) => void }) {
  const { t } = useTranslation();
  const invitations = useServerData(() => getInvitations().then((a) => a?.list ?? []), []);
  const list = invitations.data;
  const [busy, setBusy] = useState(0);
  // Every answer taken tells the page how many wait for a reply.
  useEffect(() => {
    if (!list) return;
    const now = Date.now();
    onPending(list.filter((i) => isPending(i, now)).length);
  }, [list, onPending]);
  if (!show) return null;
  // Asked again quietly: what is shown (the list, or the failure with its retry) stays until the answer.
  const again = () => invitations.reload('quiet');
  const body = () => {
    if (!list && invitations.status === 'failed') return <Failed onRetry={again} />;
    if (!list) return <Loading />;
    if (list.length === 0) return <EmptyState text={t('m.iv.none')} />;
    return null;
  };
  const answer = async (id: number, a: 'accept' | 'decline') => {
    setBusy(id);
    try {
      await answerInvitation(id, a);
      mToast.info(t(a === 'accept' ? 'm.iv.acceptDone' : 'm.iv.declineDone'));
    } catch (e) {
      // A cancelled invitation (BAD_INPUT) or one no longer there: said as such; the list is asked again.
      const code = (e as { code?: unknown } | null)?.code;
      if (!isRepeatRefusal(e)) mToast.error(code === 'BAD_INPUT' || code === 'NOT_FOUND' ? t('m.iv.gone') : errorText(t, e));
    } finally {
      setBusy(0);
      again();
    }
  };
  const state = body();
  if (state || !list) return <div role="tabpanel" aria-label={label}>{state}</div>;
  return (
    <div role="tabpanel" aria-label={label} className="m-invitations" data-testid="m-invitations">
      <ul className="m-list">
        {list.map((i) => (
          <li key={i.id} className="m-iv" data-testid="m-invitation" data-id={i.id}>
            <div className="m-iv-head">
              <span className="m-iv-job">
                {i.jobTitle}
                <span className="m-iv-company">{i.companyName}</span>
              </span>
              <State i={i} />
            </div>
            <dl className="m-iv-facts">
              <div>
                <dt>{t('m.iv.time')}</dt>
                <dd>{t('m.iv.when', { start: i.start, minutes: i.minutes })}</dd>
              </div>
              <div>
                <dt>{ONLINE.test(i.address.trim()) ? t('m.iv.online') : t('m.iv.address')}</dt>
                <dd>
                  {ONLINE.test(i.address.trim()) ? (
                    <a className="m-iv-link" href={i.address.trim()} target="_blank" rel="noopener noreferrer">
                      {i.address.trim()}
                    </a>
                  ) : (
                    i.address
                  )}
                </dd>
              </div>
              <div>
                <dt>{t('m.iv.contact')}</dt>
                <dd className="m-iv-contact">
                  <span>{i.contact}</span>
                  {i.contactPhone && (
                    <a className="m-iv-link" href={`tel:${i.contactPhone.replace(/[^\d+]/g, '')}`}>
                      {i.contactPhone}
                    </a>
                  )}
                </dd>
              </div>
              {i.notes && (
                <div>
                  <dt>{t('m.iv.notes')}</dt>
                  <dd>{i.notes}</dd>
                </div>
              )}
            </dl>
            {i.state === 'scheduled' && !i.answer && (
              <div className="m-iv-actions">
                <button type="button" className="m-btn" disabled={busy === i.id} onClick={() => void answer(i.id, 'decline')} data-testid="m-invitation-decline">
                  {t('m.iv.decline')}
                </button>
                <button type="button" className="m-btn m-btn-primary" disabled={busy === i.id} onClick={() => void answer(i.id, 'accept')} data-testid="m-invitation-accept">
                  {t('m.iv.accept')}
                </button>
              </div>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
