import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import localeData from 'dayjs/plugin/localeData';
import updateLocale from 'dayjs/plugin/updateLocale';
import weekday from 'dayjs/plugin/weekday';

let ready = false;

/** Weeks start on Monday in every language (zh-cn already does; en is updated). */
export function setupDayjs(): void {
  if (ready) return;
  dayjs.extend(updateLocale);
  dayjs.extend(localeData);
  dayjs.extend(weekday);
  dayjs.updateLocale('en', { weekStart: 1 });
  ready = true;
}

export type Language = 'zh-CN' | 'en-US';

export function dayjsLocale(lang: Language): string {
  return lang === 'en-US' ? 'en' : 'zh-cn';
}
