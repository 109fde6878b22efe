import escapeHtml from 'escape-html';
import type { Locale } from '@olymp/proto';
import type { Achievement } from '../floor/treasure.entities';
import type { Challenge } from '../floor/challenge.entities';
import { almatyDate } from '../floor/time';

const DEFAULTS = {
  title: { kk: 'Сертификат', ru: 'Сертификат', en: 'Certificate' },
  body: {
    kk: '{name} «{challenge}» челленджін аяқтап, {points} ұпай жинады.',
    ru: '{name} прошёл(а) челлендж «{challenge}» и набрал(а) {points} баллов.',
    en: '{name} finished the challenge “{challenge}” with {points} points.',
  },
  code: { kk: 'Сертификат коды', ru: 'Код сертификата', en: 'Certificate code' },
};

/**
 * A printable certificate page (A4 landscape): the challenge's template, or the default text, with {name},
 * {challenge}, {points} and {date} filled in. Every value is HTML-escaped.
 */
export function renderCertificate(opts: { achievement: Achievement; challenge: Challenge | null; name: string; locale: Locale }): string {
  const { achievement: a, challenge: c, name, locale } = opts;
  const t = c?.certificateTemplate;
  const pick = (kk?: string, ru?: string, en?: string) => ({ kk, ru, en })[locale] || undefined;
  const title = pick(t?.titleKk, t?.titleRu, t?.titleEn) ?? DEFAULTS.title[locale];
  const body = pick(t?.bodyKk, t?.bodyRu, t?.bodyEn) ?? DEFAULTS.body[locale];
  const values: Record<string, string> = {
    name,
    challenge: c ? ({ kk: c.titleKk, ru: c.titleRu, en: c.titleEn })[locale] : '',
    points: String(a.points),
    date: almatyDate(a.earnedAt),
  };
  const text = escapeHtml(body).replace(/\{(\w+)\}/g, (whole, key: string) => (key in values ? escapeHtml(values[key]) : whole));
  const background = t?.backgroundUrl ? `background-image:url("${escapeHtml(t.backgroundUrl)}");background-size:cover;` : '';
  return `<!doctype html>
<html lang="${locale}"><head><meta charset="utf-8"><title>${escapeHtml(title)} ${escapeHtml(a.certificateCode)}</title>
<style>@page{size:A4 landscape;margin:0}body{margin:0;font-family:system-ui,sans-serif}
.sheet{box-sizing:border-box;width:297mm;height:210mm;padding:30mm;display:flex;flex-direction:column;justify-content:center;align-items:center;text-align:center;${background}}
h1{font-size:40pt;margin:0 0 12mm}p{font-size:18pt;max-width:220mm}small{margin-top:16mm;font-size:10pt;color:#555}</style></head>
<body><div class="sheet"><h1>${escapeHtml(title)}</h1><p>${text}</p>
<small>${escapeHtml(DEFAULTS.code[locale])}: ${escapeHtml(a.certificateCode)} · ${escapeHtml(values.date)}</small></div></body></html>`;
}
