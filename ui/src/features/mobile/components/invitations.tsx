import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { answerInvitation, getInvitations, isPending, type Invitation } from '@/lib/api/interviews';
import { isRepeatRefusal } from '@/lib/request-error';
import { errorText } from '../error-text';
import { mToast } from './toast';

/** An address that is a meeting link rather than a place. */
const ONLINE = /^https?:\/\/\S+$/i;

function State({ i }: { i: Invitation }) {
  const { t } = useTranslation();
  if (i.state === 'cancelled') return <span className="m-badge m-badge-grey">{t('m.iv.cancelled')}</span>;
  if (i.answer === 'accepted') return <span className="m-badge m-badge-green" data-testid="m-invitation-answer">{t('m.iv.accepted')}</span>;
  if (i.answer === 'declined') return <span className="m-badge m-badge-grey" data-testid="m-invitation-answer">{t('m.iv.declined')}</span>;
  if (isPending(i, Date.now())) return <span className="m-badge m-badge-red">{t('m.iv.pending')}</span>;
  return null;
}

/**
 * The candidate's interview invitations at the top of /m/my/apply (time, company and job, place or meeting
 * link, contact), each accepted or declined here. Asked for once `start` is true: after the applications have
 * drawn, so the call does not share the phone's first round trips with the list (its largest paint).
 */
export function Invitations({ start }: { start: boolean }) {
  const { t } = useTranslation();
  const [list, setList] = useState<Invitation[]>([]);
  const [turn, setTurn] = useState(0);
  const [busy, setBusy] = useState(0);
  useEffect(() => {
    if (!start) return;
    let live = true;
    getInvitations().then(
      (a) => {
        if (live && a) setList(a.list);
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [start, turn]);
  if (list.length === 0) return null;
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
      setTurn((n) => n + 1);
    }
  };
  return (
    <section className="m-card m-invitations" aria-labelledby="m-iv-title" data-testid="m-invitations">
      <h2 id="m-iv-title">{t('m.iv.title')}</h2>
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
                <dd>
                  {i.contact}
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
    </section>
  );
}
