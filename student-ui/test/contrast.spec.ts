/**
 * WCAG AA contrast of the colour pairs the design system uses for text, read from the tokens themselves
 * (4.5:1 for text, 3:1 for large text and the outlines of controls).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

const css = readFileSync(path.resolve(__dirname, '../src/design/tokens.css'), 'utf8');
const tokens = new Map([...css.matchAll(/--([a-z-]+):\s*(#[0-9a-f]{6})/gi)].map((m) => [m[1], m[2]]));

function color(name: string): string {
  const value = name.startsWith('#') ? name : tokens.get(name);
  if (!value) throw new Error(`no token --${name}`);
  return value;
}

function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(color(a)), luminance(color(b))].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

const TEXT: [string, string][] = [
  ['ink', 'background'],
  ['ink', 'surface'],
  ['muted', 'surface'],
  ['muted', 'background'],
  ['navy', 'surface'],
  ['navy', 'background'],
  ['navy', 'navy-soft'],
  ['navy-dark', 'gold'], // primary buttons
  ['#ffffff', 'navy'], // secondary buttons, the timer, the active tab
  ['#ffffff', 'danger'], // the timer's last minute, danger buttons
  ['gold-ink', 'gold-soft'], // default badge
  ['success', 'surface'],
  ['success', 'success-soft'],
  ['danger', 'surface'],
  ['danger', 'danger-soft'],
  ['warning-ink', 'warning-soft'],
  ['navy', 'info-soft'],
  ['#dfe5f5', 'navy-dark'], // footer and display screen text
  ['#c9d2ea', 'navy'], // display screen: school and region
  ['gold', 'navy'], // hero eyebrow
  ['gold', 'navy-dark'], // display screen points
  ['ink', 'gold-soft'], // own row on a leaderboard
];

describe('design tokens', () => {
  it.each(TEXT)('%s on %s passes WCAG AA for text (4.5:1)', (fg, bg) => {
    expect(contrast(fg, bg)).toBeGreaterThanOrEqual(4.5);
  });

  it('form outlines stand out from the surface (3:1, WCAG 1.4.11)', () => {
    expect(contrast('border-strong', 'surface')).toBeGreaterThanOrEqual(3);
  });
});
