import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { getInvitations, isPending } from '@/lib/api/interviews';
import { useAuth } from '@/lib/auth';
import { maskMobile } from '@/lib/core';
import { useServerData } from '@/lib/use-server-data';
import { getApplyList } from '@/lib/api/get-apply-list';
import { getSaveList } from '@/lib/api/get-save-list';
import { OpennessSetting } from '../components/openness';
import { mPaths } from '../paths';

/** /m/my: the user, counts of applications, saved jobs and interview invitations waiting for an answer, and the way to each page. */
export default function MyPage() {
  const { t } = useTranslation();
  const user = useAuth((s) => s.user);
  const counts = useServerData(async () => {
    const [apply, saved, invitations] = await Promise.all([getApplyList(1, 1), getSaveList(1, 1), getInvitations()]);
    const now = Date.now();
    return { apply: apply.total, saved: saved.total, interview: (invitations?.list ?? []).filter((i) => isPending(i, now)).length };
  }, []);
  const name = user?.name || (user ? maskMobile(user.mobile) : '');
  const n = (v: number | undefined) => (v === undefined ? '–' : v);
  return (
    <>
      <section className="m-me">
        <div className="m-avatar" aria-hidden>
          {name.slice(0, 1)}
        </div>
        <div>
          <div className="m-me-name">{t('m.my.hello', { name })}</div>
          {user && <div>{maskMobile(user.mobile)}</div>}
        </div>
      </section>
      <nav className="m-counts" aria-label={t('m.title.my')}>
        <Link to={mPaths.apply}>
          <b data-testid="m-count-apply">{n(counts.data?.apply)}</b>
          {t('m.my.apply')}
        </Link>
        <Link to={mPaths.collect}>
          <b data-testid="m-count-saved">{n(counts.data?.saved)}</b>
          {t('m.my.collect')}
        </Link>
        <Link to={mPaths.invitations}>
          <b data-testid="m-count-interview">{n(counts.data?.interview)}</b>
          {t('m.my.interview')}
        </Link>
      </nav>
      <ul className="m-menu">
        <li>
          <Link to={mPaths.resume}>{t('m.my.resume')}</Link>
        </li>
        <li>
          <Link to={mPaths.apply}>{t('m.title.apply')}</Link>
        </li>
        <li>
          <Link to={mPaths.collect}>{t('m.title.collect')}</Link>
        </li>
        <li>
          <Link to={mPaths.setPassword}>{t('m.my.setPassword')}</Link>
        </li>
      </ul>
      <OpennessSetting />
      <ul className="m-menu">
        <li>
          <Link to={mPaths.logout}>{t('m.my.logout')}</Link>
        </li>
      </ul>
    </>
  );
}
