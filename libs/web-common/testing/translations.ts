/** Every language has the same translation groups with the same keys, and no empty texts. */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const LANGUAGES = ['kk', 'ru', 'en'] as const;

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const full = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(full, value);
    else for (const [k, v] of flatten(value, full)) out.set(k, v);
  }
  return out;
}

function placeholders(text: string): string[] {
  return [...text.matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]).sort();
}

/** The jest suite `<app> translations` over `localesDir` (`<language>/<namespace>.json`). */
export function describeTranslations(app: string, localesDir: string): void {
  function load(language: string, file: string): Map<string, string> {
    return flatten(JSON.parse(readFileSync(path.join(localesDir, language, file), 'utf8')) as Tree);
  }

  describe(`${app} translations`, () => {
    const namespaces = readdirSync(path.join(localesDir, 'kk')).filter((f) => f.endsWith('.json')).sort();

    it('has the same translation groups in kk, ru and en, including common.json', () => {
      expect(namespaces).toContain('common.json');
      for (const language of LANGUAGES) {
        expect(readdirSync(path.join(localesDir, language)).filter((f) => f.endsWith('.json')).sort()).toEqual(namespaces);
      }
    });

    it.each(LANGUAGES.filter((l) => l !== 'kk'))('%s has exactly the keys and placeholders of kk, none empty', (language) => {
      for (const file of namespaces) {
        const reference = load('kk', file);
        const other = load(language, file);
        expect({ file, keys: [...other.keys()].sort() }).toEqual({ file, keys: [...reference.keys()].sort() });
        for (const [key, text] of other) {
          expect({ file, key, empty: text.trim() === '' }).toEqual({ file, key, empty: false });
          expect({ file, key, placeholders: placeholders(text) }).toEqual({ file, key, placeholders: placeholders(reference.get(key) ?? '') });
        }
      }
    });

    it('Kazakh texts are written in Kazakh Cyrillic', () => {
      const all = namespaces.flatMap((file) => [...load('kk', file).values()]).join(' ');
      expect(all).toMatch(/[әғқңөұүһі]/);
    });
  });
}
