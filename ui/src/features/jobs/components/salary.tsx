import { useTranslation } from 'react-i18next';
import { currentLanguage } from '@/i18n';
import { salaryText } from '@/lib/format';

export function Salary({ min, max }: { min: number; max: number }) {
  const { t } = useTranslation();
  const s = salaryText(min, max, currentLanguage());
  return <span className="job-salary">{t(s.key, s.values)}</span>;
}
