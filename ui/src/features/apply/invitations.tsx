import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Tag } from '@/components/ui/tag';
import { toast } from '@/components/ui/toast';
import { isRepeatRefusal } from '@/lib/request-error';
import { useServerData } from '@/lib/use-server-data';
import { answerInvitation, getInvitations } from '@/lib/api/interviews';
import { errorKey } from './errors';


/** The candidate's interview invitations on /my/apply, each accepted or declined here. */
export function Invitations() {
  const { t } = useTranslation();
  // A failure or an empty answer leaves what is shown (nothing, at first).
  const invitations = useServerData(getInvitations, [], { accept: (a) => !!a });
  const list = invitations.data?.list ?? [];
  if (list.length === 0) return null;
  const answer = async (id: number, a: 'accept' | 'decline') => {
    try {
      await answerInvitation(id, a);
      toast.success(t(a === 'accept' ? 'apply.iv.answeredAccept' : 'apply.iv.answeredDecline'));
      invitations.reload();
    } catch (e) {
      if (!isRepeatRefusal(e)) toast.error(t(errorKey(e)));
    }
  };
  return (
    <section className="apply-invitations" aria-labelledby="apply-iv-title" data-testid="invitations">
      <h2 id="apply-iv-title" className="apply-iv-title">
        {t('apply.iv.title')}
      </h2>
      <ul>
        {list.map((i) => (
          <li key={i.id} className="apply-iv" data-testid="invitation" data-id={i.id}>
            <div className="apply-iv-head">
              <strong>
                {i.companyName} · {i.jobTitle}
              </strong>
              {i.state === 'cancelled' ? (
                <Tag>{t(i.cancelReason === 'blocked' ? 'apply.iv.cancelledBlocked' : 'apply.iv.cancelled')}</Tag>
              ) : i.answer ? (
                <Tag color={i.answer === 'accepted' ? 'success' : undefined} data-testid="invitation-answer">
                  {t(`apply.iv.${i.answer}`)}
                </Tag>
              ) : null}
            </div>
            <p>{t('apply.iv.when', { start: i.start, minutes: i.minutes })}</p>
            <p>{t('apply.iv.where', { address: i.address })}</p>
            <p>{t('apply.iv.contact', { contact: i.contact, phone: i.contactPhone })}</p>
            {i.state === 'scheduled' && !i.answer && (
              <div className="apply-iv-actions">
                <Button type="primary" onClick={() => void answer(i.id, 'accept')} data-testid="invitation-accept">
                  {t('apply.iv.accept')}
                </Button>
                <Button onClick={() => void answer(i.id, 'decline')}>{t('apply.iv.decline')}</Button>
              </div>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
