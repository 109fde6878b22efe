/**
 * Dates, times and numbers in the pupil's language. Challenge times are Almaty's (Asia/Almaty, UTC+5 since March
 * 2024), whatever the device's own zone is.
 */
import type { Locale } from '@olymp/web-common';

export const ALMATY = 'Asia/Almaty';

/*
 * Browsers ship Kazakh locale data only in part (Chromium formats kk dates as "M11 22" and groups numbers with
 * commas), so Kazakh dates are spelled here and Kazakh numbers use the Russian convention, which is the same
 * (space-grouped thousands, decimal comma).
 */
const INTL_LOCALE: Record<Locale, string> = { kk: 'ru-RU', ru: 'ru-RU', en: 'en-GB' };

const KK_MONTHS = ['қаңтар', 'ақпан', 'наурыз', 'сәуір', 'мамыр', 'маусым', 'шілде', 'тамыз', 'қыркүйек', 'қазан', 'қараша', 'желтоқсан'];

export function intlLocale(locale: Locale): string {
  return INTL_LOCALE[locale];
}

/** The parts of an instant on Almaty's clock. */
function almatyParts(date: Date): { year: number; month: number; day: number; hour: string; minute: string } {
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone: ALMATY, year: 'numeric', month: 'numeric', day: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(date);
  const get = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return { year: Number(get('year')), month: Number(get('month')), day: Number(get('day')), hour: get('hour'), minute: get('minute') };
}

export function formatDateTime(iso: string, locale: Locale): string {
  const date = new Date(iso);
  if (locale === 'kk') {
    const p = almatyParts(date);
    return `${p.day} ${KK_MONTHS[p.month - 1]}, ${p.hour}:${p.minute}`;
  }
  return new Intl.DateTimeFormat(intlLocale(locale), { timeZone: ALMATY, day: 'numeric', month: 'long', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(date);
}

export function formatDate(iso: string, locale: Locale): string {
  const date = new Date(iso);
  if (locale === 'kk') {
    const p = almatyParts(date);
    return `${p.year} ж. ${p.day} ${KK_MONTHS[p.month - 1]}`;
  }
  return new Intl.DateTimeFormat(intlLocale(locale), { timeZone: ALMATY, day: 'numeric', month: 'long', year: 'numeric' }).format(date);
}

/** A calendar day ('YYYY-MM-DD', an Almaty day such as an olympiad stage's) in the pupil's language. */
export function formatDay(day: string, locale: Locale): string {
  return formatDate(`${day}T12:00:00+05:00`, locale);
}

export function formatNumber(n: number, locale: Locale): string {
  return new Intl.NumberFormat(intlLocale(locale), { maximumFractionDigits: 1 }).format(n);
}

/** 10500 -> "10 500 ₸" in the pupil's locale. */
export function formatTenge(n: number, locale: Locale): string {
  return `${formatNumber(n, locale)} ₸`;
}

/** Seconds as mm:ss (minutes may pass 59: "75:00"). */
export function mmss(totalSeconds: number): string {
  const s = Math.max(0, Math.floor(totalSeconds));
  return `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
}

/** Milliseconds spent as m:ss or h:mm:ss. */
export function formatDuration(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${sec}` : `${m}:${sec}`;
}

export type Localized = Partial<Record<Locale, string>> | null | undefined;

/** The text in the pupil's language, else Kazakh, else any. */
export function pick(text: Localized, locale: Locale): string {
  if (!text) return '';
  return text[locale] || text.kk || text.ru || text.en || '';
}
