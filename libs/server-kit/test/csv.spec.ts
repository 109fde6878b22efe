/**
 * The kit's CSV (libs/server-kit/src/http/csv.ts), shared by finance's payments, shop's orders and learning's
 * attendance report: what a spreadsheet opens is data, never a formula a pupil's name or a lesson's title smuggled in.
 */
import { csvCell, csvLine, toCsv } from '../src/http/csv';

describe('CSV cells', () => {
  it.each([
    ['=HYPERLINK("http://evil.example","Open")', `"'=HYPERLINK(""http://evil.example"",""Open"")"`],
    ['+7 700 123 45 67', "'+7 700 123 45 67"],
    ['-2+3', "'-2+3"],
    ['@SUM(A1:A9)', "'@SUM(A1:A9)"],
    ['\t=1+1', "'\t=1+1"],
    ['\r=1+1', `"'\r=1+1"`],
  ])('puts an apostrophe before a text that a spreadsheet would run: %j', (text, cell) => {
    expect(csvCell(text)).toBe(cell);
  });

  it('leaves ordinary text, numbers, dates and empty values as they are, quoting only what needs it', () => {
    expect([csvCell('Айгерім Бесінші'), csvCell('a, b'), csvCell('say "hi"'), csvCell('two\nlines')]).toEqual(['Айгерім Бесінші', '"a, b"', '"say ""hi"""', '"two\nlines"']);
    // A negative number is a number, not a formula: only text gets the apostrophe.
    expect([csvCell(-5), csvCell(0), csvCell(12.5), csvCell(null), csvCell(undefined)]).toEqual(['-5', '0', '12.5', '', '']);
    expect(csvCell(new Date('2026-11-27T10:00:00Z'))).toBe('2026-11-27T10:00:00.000Z');
    expect(csvCell('a=b')).toBe('a=b');
  });

  it('writes CRLF lines and a byte-order mark first, so Excel reads Kazakh and Russian as UTF-8', () => {
    expect(csvLine(['=1', 2, null])).toBe("'=1,2,\r\n");
    expect(toCsv(['Аты', 'Ұпай'], [['=cmd', 3]])).toBe("\uFEFFАты,Ұпай\r\n'=cmd,3\r\n");
  });
});
