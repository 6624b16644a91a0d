import { useTranslation } from 'react-i18next';
import { LANGUAGES, setLanguage, type Language } from '@/i18n';

const SHORT: Record<Language, string> = { 'zh-CN': '中文', 'en-US': 'EN' };

/** 中文 | EN: switches the language and remembers the choice. */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  return (
    <div className="lang-switch" role="group" aria-label={t('header.language')}>
      {LANGUAGES.map((lang) => (
        <button
          key={lang}
          type="button"
          lang={lang}
          title={t(`lang.${lang}`)}
          className={i18n.language === lang ? 'lang-option active' : 'lang-option'}
          aria-pressed={i18n.language === lang}
          onClick={() => void setLanguage(lang)}
        >
          {SHORT[lang]}
        </button>
      ))}
    </div>
  );
}
