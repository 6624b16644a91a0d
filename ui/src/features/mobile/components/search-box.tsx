import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { mPaths } from '../paths';

/** The keyword box: the phone's keyboard shows "search" on its enter key. */
export function SearchBox({ initial = '', onSearch }: { initial?: string; onSearch?: (q: string) => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [q, setQ] = useState(initial);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const kw = q.trim();
    if (onSearch) onSearch(kw);
    else navigate(kw ? `${mPaths.search}?q=${encodeURIComponent(kw)}` : mPaths.search);
  };
  return (
    <form className="m-searchbox" role="search" onSubmit={submit} action="">
      <input
        type="search"
        inputMode="search"
        enterKeyHint="search"
        aria-label={t('m.searchPlaceholder')}
        placeholder={t('m.searchPlaceholder')}
        value={q}
        onChange={(e) => setQ(e.target.value)}
      />
      <button type="submit">{t('m.searchButton')}</button>
    </form>
  );
}
