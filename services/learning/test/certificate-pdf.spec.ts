import { inflateSync } from 'node:zlib';
import jsQR from 'jsqr';
import { PDFDocument, PDFDict, PDFName, PDFRawStream } from 'pdf-lib';
import { textOf } from './pdf-tools';
import { certificateText, checkUrlOf, renderCertificatePdf, type CertificateFacts } from '../src/certificates/certificate-pdf';

/** Decodes the QR image embedded in the PDF's page (its pixels as the file stores them) with jsQR. */
async function qrOf(pdf: Uint8Array): Promise<string | null> {
  const doc = await PDFDocument.load(pdf);
  const resources = doc.getPage(0).node.Resources();
  const xobjects = resources?.lookup(PDFName.of('XObject'), PDFDict);
  const found: string[] = [];
  for (const [, ref] of xobjects?.entries() ?? []) {
    const stream = doc.context.lookup(ref);
    if (!(stream instanceof PDFRawStream) || stream.dict.get(PDFName.of('Subtype'))?.toString() !== '/Image') continue;
    const w = Number(stream.dict.get(PDFName.of('Width'))?.toString());
    const h = Number(stream.dict.get(PDFName.of('Height'))?.toString());
    const raw = inflateSync(stream.contents);
    const channels = raw.length / (w * h);
    const rgba = new Uint8ClampedArray(w * h * 4);
    for (let i = 0; i < w * h; i++) {
      for (let c = 0; c < 3; c++) rgba[i * 4 + c] = raw[i * channels + (channels === 1 ? 0 : c)];
      rgba[i * 4 + 3] = 255;
    }
    const code = jsQR(rgba, w, h);
    if (code) found.push(code.data);
  }
  expect(found).toHaveLength(1);
  return found[0];
}

const facts = (over: Partial<CertificateFacts> = {}): CertificateFacts => ({
  locale: 'kk', template: null, challengeTitle: 'Математика көктемі', name: 'Әйгерім Құрманғазықызы', points: 87, place: 3, ranked: 250,
  date: '2026-11-26', code: 'K7QW2MZP9X', checkUrl: checkUrlOf('https://olymp.example.kz/', 'K7QW2MZP9X'), ...over,
});

describe('a certificate as a PDF', () => {
  it('holds the Kazakh name, text, place, points, date and code as text a PDF reader extracts', async () => {
    const pdf = await renderCertificatePdf(facts());
    expect(Buffer.from(pdf.subarray(0, 5)).toString()).toBe('%PDF-');
    const text = textOf(pdf);
    expect(text).toContain('Әйгерім Құрманғазықызы');
    expect(text).toContain('K7QW2MZP9X');
    expect(text).toContain('Математика көктемі');
    expect(text).toContain('3 / 250');
    expect(text).toContain('2026-11-26');
    expect(text).toContain('Сертификат коды');
    // every Kazakh letter survives the embedded subset font
    expect(textOf(await renderCertificatePdf(facts({ name: 'ә ғ қ ң ө ұ ү һ і Ә Ғ Қ Ң Ө Ұ Ү Һ І' })))).toContain('ә ғ қ ң ө ұ ү һ і Ә Ғ Қ Ң Ө Ұ Ү Һ І');
  });

  it('has a QR code that decodes to the public check page of its code', async () => {
    const pdf = await renderCertificatePdf(facts());
    expect(await qrOf(pdf)).toBe('https://olymp.example.kz/achievements/K7QW2MZP9X');
  });

  it('writes the challenge template in the pupil language with its placeholders filled', async () => {
    const template = {
      backgroundUrl: null, titleKk: 'Мақтау қағазы', titleRu: 'Грамота', titleEn: 'Diploma',
      bodyKk: '{name} — {rank} орын, {points} ұпай, {date}', bodyRu: '{name}: {rank} место, {points} баллов ({challenge})', bodyEn: '{name}: {unknown}',
    };
    expect(certificateText(facts({ template, locale: 'ru', name: 'Иван Петров' }))).toEqual({ title: 'Грамота', body: 'Иван Петров: 3 место, 87 баллов (Математика көктемі)' });
    expect(certificateText(facts({ template, locale: 'en', name: 'Ann Lee' })).body).toBe('Ann Lee: {unknown}');
    const text = textOf(await renderCertificatePdf(facts({ template, locale: 'ru', name: 'Иван Петров' })));
    expect(text).toContain('ГРАМОТА');
    expect(text).toContain('Место: 3 / 250');
    expect(text).not.toContain('Сертификат коды');
    expect(text).toContain('Код сертификата: K7QW2MZP9X');
  });
});
