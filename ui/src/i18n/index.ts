import dayjs from 'dayjs';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { dayjsLocale, setupDayjs, type Language } from './dates';
import enUS from './locales/en-US';
import zhCN from './locales/zh-CN';

export type { Language } from './dates';
export const LANGUAGES: Language[] = ['zh-CN', 'en-US'];
export const DEFAULT_LANGUAGE: Language = 'zh-CN';
export const LANGUAGE_KEY = 'lang';

export function isLanguage(v: unknown): v is Language {
  return v === 'zh-CN' || v === 'en-US';
}

/** `?lang=en-US` in the address (the server-rendered pages' hreflang links) wins, and is remembered. */
function storedLanguage(): Language {
  try {
    const asked = new URLSearchParams(window.location.search).get(LANGUAGE_KEY);
    if (isLanguage(asked)) {
      localStorage.setItem(LANGUAGE_KEY, asked);
      return asked;
    }
    const v = localStorage.getItem(LANGUAGE_KEY);
    return isLanguage(v) ? v : DEFAULT_LANGUAGE;
  } catch {
    return DEFAULT_LANGUAGE;
  }
}

function applyLanguage(lang: Language): void {
  dayjs.locale(dayjsLocale(lang));
  document.documentElement.lang = lang;
}

export function initI18n(): typeof i18n {
  setupDayjs();
  const lng = storedLanguage();
  void i18n.use(initReactI18next).init({
    resources: { 'zh-CN': { translation: zhCN }, 'en-US': { translation: enUS } },
    lng,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: LANGUAGES,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  applyLanguage(lng);
  return i18n;
}

export type Catalogue = Record<string, unknown>;

/**
 * Adds a feature's strings, in both languages, merged into the one `translation` namespace.
 * A lazily loaded feature calls this when its module loads, so its strings ship with it.
 */
export function registerCatalogue(bundles: Record<Language, Catalogue>): void {
  for (const lang of LANGUAGES) {
    i18n.addResourceBundle(lang, 'translation', bundles[lang], true, false);
  }
}

/** Switches the language and remembers it. */
export async function setLanguage(lang: Language): Promise<void> {
  try {
    localStorage.setItem(LANGUAGE_KEY, lang);
  } catch {
    // private mode: the choice lasts for this page only
  }
  applyLanguage(lang);
  await i18n.changeLanguage(lang);
}

export function currentLanguage(): Language {
  return isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
}

export { i18n };
