/**
 * The metadata the generated screens are built from, as the services publish it (auth, learning, shop and finance booted
 * on real PostgreSQL and NATS): every standard resource names its rows (`x-label`), lists no id or uuid column by
 * default, sorts by something people read (never a uuid), labels every relation, and every enum value has its
 * label in kk, ru and en.
 */
import { startAuth } from '@olymp/auth';
import { startFinance } from '@olymp/finance';
import { mergeDocuments } from '@olymp/gateway';
import { startLearning } from '@olymp/learning';
import { startNotifications } from '@olymp/notifications';
import { startShop } from '@olymp/shop';
import type { RunningService } from '@olymp/server-kit';
import { createTestNamespace } from '@olymp/server-kit/testing';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { listColumns } from '../src/crud/list-columns';
import { entryFor } from '../src/meta/catalogue';
import { parseOpenApi, type OpenApiDocument, type ResourceMeta } from '../src/meta/openapi';

type Json = Record<string, unknown>;
type Schema = { properties?: Record<string, Json>; 'x-label'?: string[] };

/** A locale's common.json, and a key read as i18next does (dot-separated groups; a resource's name may hold a slash). */
const common = (locale: string) => JSON.parse(readFileSync(path.resolve(__dirname, `../src/i18n/locales/${locale}/common.json`), 'utf8')) as Json;
const text = (tree: Json, key: string) => key.split('.').reduce<unknown>((node, part) => (node && typeof node === 'object' ? (node as Json)[part] : undefined), tree);

describe('display metadata of every standard resource in the OpenAPI documents', () => {
  const ns = createTestNamespace();
  const services: RunningService[] = [];
  const documents: { service: string; doc: OpenApiDocument & { components: { schemas: Record<string, Schema> } } }[] = [];
  let resources: (ResourceMeta & { service: string })[] = [];

  beforeAll(async () => {
    const auth = await startAuth(ns.envFor('auth'));
    services.push(auth);
    const [learning, shop, finance, notifications] = await Promise.all([
      startLearning(ns.envFor('learning')), startShop(ns.envFor('shop')), startFinance(ns.envFor('finance')), startNotifications(ns.envFor('notifications')),
    ]);
    services.push(learning, shop, finance, notifications);
    for (const [service, running] of [['auth', auth], ['learning', learning], ['shop', shop], ['finance', finance], ['notifications', notifications]] as const) {
      const doc = (await (await fetch(`${running.url}/api/docs-json`)).json()) as (typeof documents)[number]['doc'];
      // Finance serves only its own routes (no standard resource yet): nothing to show in generated screens.
      if (!doc.paths) continue;
      documents.push({ service, doc });
      resources = [...resources, ...parseOpenApi(doc).map((r) => ({ ...r, service }))];
    }
  }, 120_000);

  afterAll(async () => {
    for (const s of services.reverse()) await s.close();
    await ns.cleanup();
  });

  it('finds the resources of auth, learning and shop', () => {
    const names = resources.map((r) => r.name);
    expect(names).toEqual(expect.arrayContaining(['users', 'students', 'roles', 'provinces', 'quizzes', 'questions', 'challenges', 'checkpoints', 'trainings']));
    // The shop's specs have no list (spec section 7): a product's detail edits them.
    expect(names).toEqual(expect.arrayContaining(['products', 'categories', 'sliders', 'pickup-points']));
  });

  it('names every resource in the sidebar in kk, ru and en, never by its raw name', () => {
    const missing = ['kk', 'ru', 'en'].flatMap((locale) => {
      const tree = common(locale);
      return resources.map((r) => entryFor(r.name)).filter((e) => typeof text(tree, e.label) !== 'string').map((e) => `${locale} ${e.name} (${e.label})`);
    });
    expect(missing).toEqual([]);
    // The notifications service's audit log and learning's events (staff saw them as "logs/notifications" and "events").
    expect(resources.map((r) => r.name)).toEqual(expect.arrayContaining(['events', 'logs/learning', 'logs/notifications']));
  });

  it('labels every field of every resource in kk, ru and en, never by its raw name', () => {
    const missing = ['kk', 'ru', 'en'].flatMap((locale) => {
      const tree = common(locale);
      const has = (resource: string, field: string) => [`resources.${resource}.fields.${field}`, `fields.${field}`].some((k) => typeof text(tree, k) === 'string');
      return resources.flatMap((r) => [...r.fields, ...(r.create ?? [])]
        // What fieldLabel reads: the field's own label, or a per-language field's base (titleKk: title + the language).
        .filter((f) => !has(r.name, f.name) && !/^(.*)(Kk|Ru|En)$/.test(f.name))
        .map((f) => `${locale} ${r.name}.${f.name}`));
    });
    expect([...new Set(missing)]).toEqual([]);
  });

  it('lists no id, uuid or storage column by default and shows rows by a declared label', () => {
    const offending = resources.flatMap((r) =>
      listColumns(r)
        // A column pointing at another service's rows (`x-references`) is read as a relation in the merged document.
        .filter((f) => f.name === 'id' || ((f.kind === 'uuid' || /Id$/.test(f.name)) && !f.relation && !f.references) || (f.name === 'code' && f.kind !== 'enum') || f.kind === 'json')
        .map((f) => `${r.name}.${f.name}`),
    );
    expect(offending).toEqual([]);
    expect(resources.filter((r) => !r.label?.length).map((r) => r.name)).toEqual([]);
    // A relation's key stays, shown by the related row's label (the question's quiz by its title).
    expect(listColumns(resources.find((r) => r.name === 'questions')!).map((f) => f.name)).toContain('quizId');
    expect(listColumns(resources.find((r) => r.name === 'users')!).map((f) => f.name)).toContain('roleId');
    expect(listColumns(resources.find((r) => r.name === 'products')!).map((f) => f.name)).toContain('categoryId');
    // The id stays in the detail view and the CSV, which show every field.
    expect(resources.filter((r) => !r.fields.some((f) => f.name === 'id')).map((r) => r.name)).toEqual([]);
  });

  it('declares a default order, never by a uuid', () => {
    const bad = resources.filter((r) => {
      const first = r.defaultSort?.[0];
      return !first || r.fields.find((f) => f.name === first.field)?.kind === 'uuid';
    });
    expect(bad.map((r) => `${r.name}: ${JSON.stringify(r.defaultSort)}`)).toEqual([]);
    expect(resources.find((r) => r.name === 'checkpoints')?.defaultSort?.[0]).toEqual({ field: 'day', order: 'asc' });
    expect(resources.find((r) => r.name === 'categories')?.defaultSort?.[0]).toEqual({ field: 'position', order: 'asc' });
  });

  it('shows every relation by the related row label', () => {
    const unlabeled = resources.flatMap((r) => r.fields.filter((f) => f.relation && !f.relation.label?.length).map((f) => `${r.name}.${f.name}`));
    expect(unlabeled).toEqual([]);
    expect(resources.find((r) => r.name === 'users')?.fields.find((f) => f.name === 'roleId')?.relation?.label).toEqual(['title']);
    expect(resources.find((r) => r.name === 'questions')?.fields.find((f) => f.name === 'quizId')?.relation?.label).toEqual(['title']);
    expect(resources.find((r) => r.name === 'products')?.fields.find((f) => f.name === 'categoryId')?.relation?.label).toEqual(['name']);
  });

  it('labels every enum value in kk, ru and en, and gives durations and prices a unit', () => {
    const missing: string[] = [];
    // The resources' own schemas (entity, create and update bodies); custom routes' answers are not list screens.
    const resourceSchemas = new Set(resources.flatMap((r) => [r.entity, `${r.entity}Create`, `${r.entity}Update`]));
    for (const { service, doc } of documents) {
      for (const [schemaName, schema] of Object.entries(doc.components.schemas)) {
        if (!resourceSchemas.has(schemaName)) continue;
        for (const [field, property] of Object.entries(schema.properties ?? {})) {
          const values = property.enum as unknown[] | undefined;
          if (!values) continue;
          const labels = (property['x-enum-labels'] ?? {}) as Record<string, Record<string, string>>;
          for (const value of values) {
            for (const locale of ['kk', 'ru', 'en']) if (!labels[String(value)]?.[locale]) missing.push(`${service} ${schemaName}.${field}=${String(value)} ${locale}`);
          }
        }
      }
    }
    expect(missing).toEqual([]);
    const kind = resources.find((r) => r.name === 'questions')?.fields.find((f) => f.name === 'kind');
    expect(kind?.enumLabels?.single).toEqual({ kk: 'Бір жауап', ru: 'Один ответ', en: 'Single choice' });
    expect(resources.find((r) => r.name === 'quizzes')?.fields.find((f) => f.name === 'durationSeconds')).toMatchObject({ unit: 'minutes', storedUnit: 'seconds' });
    const product = resources.find((r) => r.name === 'products')!;
    expect(['priceTenge', 'priceZp', 'priceAltynSaqa'].map((name) => product.fields.find((f) => f.name === name)?.unit)).toEqual(['tenge', 'zp', 'altynSaqa']);
  });

  it("declares the shop's prize winner as auth's pupil, read in the gateway's merged document as a picker by name", () => {
    const shop = documents.find((d) => d.service === 'shop')!.doc.components.schemas;
    expect(shop.Prize!.properties!.userId).toMatchObject({ format: 'uuid', 'x-references': 'students' });
    expect(shop.Prize!.properties!.userId!['x-hidden-in-list']).toBeUndefined();
    expect((shop.PrizeCreate as Schema).properties!.userId).toMatchObject({ 'x-references': 'students' });
    const auth = documents.find((d) => d.service === 'auth')!.doc.components.schemas;
    expect((auth.User as Json)['x-describe']).toEqual(['grade', 'school', 'province']);

    const merged = parseOpenApi(mergeDocuments(documents.map(({ service, doc }) => ({ service: service as 'auth', document: doc as never }))) as never);
    const prizes = merged.find((r) => r.name === 'prizes')!;
    const relation = { name: 'user', resource: 'students', remote: true, label: ['firstName', 'lastName'] };
    expect(prizes.fields.find((f) => f.name === 'userId')?.relation).toEqual(relation);
    expect(prizes.create?.find((f) => f.name === 'userId')?.relation).toEqual(relation);
    expect(listColumns(prizes).map((f) => f.name)).toContain('userId');
    expect(merged.find((r) => r.name === 'students')?.search?.columns).toEqual(['firstName', 'lastName', 'phone']);
  });
});
