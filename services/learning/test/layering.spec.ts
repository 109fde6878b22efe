/**
 * The learning service's layers (docs/architecture.md, "How a learning feature is laid out"): the floor (`src/floor/`:
 * entities and shared pure rules) at the bottom, then the feature folders in the order below. A file may import the
 * floor and features listed BEFORE its own; the floor imports nothing of learning above it; no file imports
 * `app.ts`/`main.ts`; nothing imports in a circle (type-only imports count). dependency-cruiser reads the imports.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

/** Lowest first. A new feature takes its place after every feature it imports; the test refuses a folder not listed. */
const FEATURES = ['content', 'boards', 'treasures', 'attempts', 'results', 'challenges', 'trainings', 'certificates', 'courses', 'enrolment', 'teaching', 'course-pages', 'events', 'library', 'media', 'flex', 'stats', 'seed'] as const;

const ROOT = resolve(__dirname, '../../..');
const SRC = 'services/learning/src';
const FIXTURE = 'services/learning/test/fixtures/layering/src';

interface Violation { rule: string; from: string; to: string }

/** The forbidden dependencies of a tree laid out as `src` is, under `base` (a path from the repository's root). */
function rules(base: string, features: readonly string[]) {
  const under = (folders: readonly string[]) => `^${base}/(${folders.join('|')})/`;
  return [
    { name: 'no-circular', severity: 'error', from: { path: `^${base}/` }, to: { circular: true } },
    { name: 'floor-stays-at-the-bottom', severity: 'error', from: { path: under(['floor']) }, to: { path: `^${base}/`, pathNot: under(['floor']) } },
    { name: 'no-import-of-the-app', severity: 'error', from: { path: `^${base}/[^/]+/` }, to: { path: `^${base}/[^/]+\\.ts$` } },
    { name: 'only-the-app-runs-migrations', severity: 'error', from: { path: `^${base}/`, pathNot: `^${base}/app\\.ts$` }, to: { path: under(['migrations']) } },
    ...features.flatMap((feature, i) => {
      const above = features.slice(i + 1);
      return above.length ? [{ name: `${feature}-imports-downward-only`, severity: 'error', from: { path: under([feature]) }, to: { path: under(above) } }] : [];
    }),
  ];
}

/** Runs dependency-cruiser's CLI (an ES module, so not loaded into jest) over `base` and returns the rules broken. */
function cruise(base: string, features: readonly string[]): Violation[] {
  const dir = mkdtempSync(join(tmpdir(), 'layering-'));
  try {
    const config = join(dir, 'config.json');
    writeFileSync(config, JSON.stringify({
      forbidden: rules(base, features),
      options: { doNotFollow: { path: 'node_modules' }, includeOnly: `^${base}/`, tsPreCompilationDeps: true, tsConfig: { fileName: join(ROOT, 'services/learning/tsconfig.json') } },
    }));
    const cli = join(ROOT, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs');
    const run = spawnSync(process.execPath, [cli, '--config', config, '--output-type', 'json', base], { cwd: ROOT, encoding: 'utf8', maxBuffer: 64 << 20 });
    if (!run.stdout) throw new Error(`dependency-cruiser gave no answer: ${run.stderr}`);
    const result = JSON.parse(run.stdout) as { modules: unknown[]; summary: { violations: { rule: { name: string }; from: string; to: string }[] } };
    expect(result.modules.length).toBeGreaterThan(0);
    return result.summary.violations.map((v) => ({ rule: v.rule.name, from: v.from, to: v.to })).sort((a, b) => `${a.from}${a.to}`.localeCompare(`${b.from}${b.to}`));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('learning is layered', () => {
  it('has no cycle, no upward import and no feature importing one declared above it', () => {
    expect(cruise(SRC, FEATURES)).toEqual([]);
  });

  it('declares every folder of src/ (floor, migrations or a feature of the order), each feature with one Nest module', () => {
    const folders = readdirSync(join(ROOT, SRC), { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name).sort();
    expect(folders).toEqual(['floor', 'migrations', ...FEATURES].sort());
    for (const feature of FEATURES) {
      expect(readdirSync(join(ROOT, SRC, feature)).filter((f) => f.endsWith('.module.ts'))).toEqual([`${feature}.module.ts`]);
    }
  });

  it('catches what it must (a fixture tree that breaks each rule once, and one import that is allowed)', () => {
    expect(cruise(FIXTURE, ['boards', 'attempts', 'challenges'])).toEqual([
      { rule: 'no-circular', from: `${FIXTURE}/attempts/score.ts`, to: `${FIXTURE}/attempts/sheet.ts` },
      { rule: 'no-import-of-the-app', from: `${FIXTURE}/attempts/start.ts`, to: `${FIXTURE}/app.ts` },
      { rule: 'only-the-app-runs-migrations', from: `${FIXTURE}/attempts/start.ts`, to: `${FIXTURE}/migrations/1-initial.ts` },
      { rule: 'boards-imports-downward-only', from: `${FIXTURE}/boards/boards.service.ts`, to: `${FIXTURE}/challenges/challenges.service.ts` },
      { rule: 'floor-stays-at-the-bottom', from: `${FIXTURE}/floor/rule.ts`, to: `${FIXTURE}/boards/boards.service.ts` },
    ]);
  });
});
