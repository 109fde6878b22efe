import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Color, PDFFont, PDFPage } from 'pdf-lib';
import type { Locale } from '@olymp/proto';
import type { CertificateTemplate } from '../floor/challenge.entities';

/**
 * DejaVu Sans (assets/fonts, Bitstream Vera licence with DejaVu's public-domain changes): it carries every Kazakh
 * letter (ә ғ қ ң ө ұ ү һ і) and Cyrillic and Latin. Read once; each PDF embeds only the glyphs it uses.
 */
const FONT_DIR = join(__dirname, '../../assets/fonts');
let fonts: { regular: Buffer; bold: Buffer } | null = null;
function fontBytes() {
  fonts ??= { regular: readFileSync(join(FONT_DIR, 'DejaVuSans.ttf')), bold: readFileSync(join(FONT_DIR, 'DejaVuSans-Bold.ttf')) };
  return fonts;
}

const DEFAULTS = {
  title: { kk: 'Сертификат', ru: 'Сертификат', en: 'Certificate' },
  body: {
    kk: '{name} «{challenge}» челленджін аяқтап, {points} ұпай жинады және {rank}-орын алды.',
    ru: '{name} прошёл(а) челлендж «{challenge}», набрал(а) {points} баллов и занял(а) {rank}-е место.',
    en: '{name} finished the challenge “{challenge}” with {points} points, in place {rank}.',
  },
  place: { kk: 'Орын', ru: 'Место', en: 'Place' },
  points: { kk: 'Ұпай', ru: 'Баллы', en: 'Points' },
  date: { kk: 'Күні', ru: 'Дата', en: 'Date' },
  code: { kk: 'Сертификат коды', ru: 'Код сертификата', en: 'Certificate code' },
  check: { kk: 'Тексеру үшін QR-кодты сканерлеңіз', ru: 'Отсканируйте QR-код для проверки', en: 'Scan the QR code to check' },
};

export interface CertificateFacts {
  locale: Locale;
  template: CertificateTemplate | null;
  challengeTitle: string;
  /** The pupil's full name as they entered it for the challenge. */
  name: string;
  points: number;
  /** Place on the challenge's leaderboard (1 = first) and how many were ranked; null when the pupil is not ranked. */
  place: number | null;
  ranked: number;
  /** YYYY-MM-DD, Almaty. */
  date: string;
  code: string;
  /** The public check page the QR code opens (`<site>/achievements/<code>`). */
  checkUrl: string;
}

/** The address of the public page that confirms a certificate code. */
export const checkUrlOf = (siteUrl: string, code: string) => `${siteUrl.replace(/\/+$/, '')}/achievements/${encodeURIComponent(code)}`;

/** The template's text in the pupil's language with {name}, {challenge}, {points}, {rank} and {date} filled in. */
export function certificateText(f: CertificateFacts): { title: string; body: string } {
  const t = f.template;
  const pick = (kk?: string, ru?: string, en?: string) => ({ kk, ru, en })[f.locale] || undefined;
  const title = pick(t?.titleKk, t?.titleRu, t?.titleEn) ?? DEFAULTS.title[f.locale];
  const body = pick(t?.bodyKk, t?.bodyRu, t?.bodyEn) ?? DEFAULTS.body[f.locale];
  const values: Record<string, string> = {
    name: f.name, challenge: f.challengeTitle, points: String(f.points), rank: f.place === null ? '—' : String(f.place), date: f.date,
  };
  return { title, body: body.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole) };
}

/** Lines of at most `width` points; a word longer than a line is left whole. */
function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split(/\r?\n/)) {
    let line = '';
    for (const word of paragraph.split(/\s+/).filter(Boolean)) {
      const next = line ? `${line} ${word}` : word;
      if (line && font.widthOfTextAtSize(next, size) > width) {
        lines.push(line);
        line = word;
      } else line = next;
    }
    lines.push(line);
  }
  return lines;
}

function centred(page: PDFPage, text: string, font: PDFFont, size: number, y: number, color: Color) {
  const width = font.widthOfTextAtSize(text, size);
  page.drawText(text, { x: (page.getWidth() - width) / 2, y, size, font, color });
}

/**
 * A certificate as a PDF (A4 landscape): title, the pupil's name, the template's text, place, points and date, the
 * code, and a QR code that opens the public check page. Fonts are embedded as subsets, so a file is ~20-40 KB.
 */
export async function renderCertificatePdf(f: CertificateFacts): Promise<Uint8Array> {
  // pdf-lib, fontkit and qrcode (~2.5 MB of code) load with the first certificate, not with every start of learning.
  const [{ PDFDocument, rgb }, { default: fontkit }, { default: QRCode }] = await Promise.all([import('pdf-lib'), import('@pdf-lib/fontkit'), import('qrcode')]);
  const { title, body } = certificateText(f);
  const ink = rgb(0.1, 0.12, 0.2);
  const doc = await PDFDocument.create();
  doc.registerFontkit(fontkit);
  doc.setTitle(`${title} ${f.code}`);
  doc.setLanguage(f.locale);
  doc.setProducer('olymp');
  doc.setCreator('olymp');
  const bytes = fontBytes();
  const regular = await doc.embedFont(bytes.regular, { subset: true });
  const bold = await doc.embedFont(bytes.bold, { subset: true });
  const page = doc.addPage([841.89, 595.28]);
  const { width, height } = page.getSize();
  const accent = rgb(0.16, 0.33, 0.71);

  page.drawRectangle({ x: 18, y: 18, width: width - 36, height: height - 36, borderColor: accent, borderWidth: 3 });
  page.drawRectangle({ x: 26, y: 26, width: width - 52, height: height - 52, borderColor: accent, borderWidth: 0.75 });

  centred(page, title.toUpperCase(), bold, 40, height - 120, accent);
  centred(page, f.name, bold, 30, height - 190, ink);
  let y = height - 240;
  for (const line of wrap(body, regular, 16, width - 220)) {
    centred(page, line, regular, 16, y, ink);
    y -= 22;
  }
  const facts = [
    `${DEFAULTS.place[f.locale]}: ${f.place === null ? '—' : `${f.place} / ${f.ranked}`}`,
    `${DEFAULTS.points[f.locale]}: ${f.points}`,
    `${DEFAULTS.date[f.locale]}: ${f.date}`,
  ].join('   ·   ');
  centred(page, facts, regular, 14, Math.min(y - 16, 190), ink);

  const qr = await QRCode.toBuffer(f.checkUrl, { type: 'png', errorCorrectionLevel: 'M', margin: 2, scale: 4, color: { dark: '#000000', light: '#ffffff' } });
  const image = await doc.embedPng(qr);
  const side = 110;
  page.drawImage(image, { x: width - 50 - side, y: 50, width: side, height: side });
  page.drawText(`${DEFAULTS.code[f.locale]}: ${f.code}`, { x: 50, y: 70, size: 12, font: bold, color: rgb(0.2, 0.2, 0.2) });
  page.drawText(DEFAULTS.check[f.locale], { x: 50, y: 52, size: 10, font: regular, color: rgb(0.35, 0.35, 0.35) });
  page.drawText(f.checkUrl, { x: 50, y: 38, size: 8, font: regular, color: rgb(0.35, 0.35, 0.35) });
  return doc.save();
}
