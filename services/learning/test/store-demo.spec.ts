/**
 * The store's demo (issue 15): with SEED_DEMO on, the 10,500-tenge one-month preparation course is in the store's
 * live tab with its tariff, teacher, programme and two sessions a week (one today); the grade-5 demo pupil studies in
 * it for the current month, in its group; the grade-6 demo pupil has not bought it; a second start adds nothing.
 */
import { stableUuid } from '@olymp/server-kit';
import { startLearning } from '@olymp/learning';
import { ROLE } from '@olymp/proto';
import { testToken } from '@olymp/server-kit/testing';
import { learningStack } from './support';

const demoUser = (phone: string) => stableUuid(`olymp-demo:${phone}`);

describe('demo: the preparation course in the store', () => {
  const s = learningStack();

  beforeAll(() => s.start({ SEED_DEMO: 'true' }), 60_000);
  afterAll(() => s.stop());

  it('sells the 10,500-tenge course for one month, with its teacher, programme and lessons', async () => {
    const tab = await s.http().get('/api/store/courses?tab=live');
    expect(tab.status).toBe(200);
    const card = (tab.body.data as { id: string; priceTenge: number; periodMonths: number; teachers: string[]; title: { en: string } }[])
      .find((c) => c.title.en === 'District stage preparation course');
    expect(card).toMatchObject({ priceTenge: 10500, periodMonths: 1, teachers: ['Дана К.'] });
    const page = await s.http().get(`/api/store/courses/${card?.id}`);
    expect(page.body.data.tariffs).toEqual([expect.objectContaining({ priceTenge: 10500, priceZp: 0, periodMonths: 1 })]);
    expect(page.body.data.modules).toHaveLength(4);
    expect(page.body.data.timetable.length).toBeGreaterThanOrEqual(8);
    expect(page.body.data.description.en).toContain('60 days');
  });

  it('has the grade-5 demo pupil enrolled for the month and the grade-6 one free to buy; a restart adds nothing', async () => {
    const [course] = await s.sql<{ id: string }>(`SELECT id FROM {learning}.courses WHERE title_en = 'District stage preparation course'`);
    const enrolled = demoUser('+77000000105');
    const token = `Bearer ${await testToken({ roleId: ROLE.student, userId: enrolled })}`;
    const st = await s.http().get(`/api/users/${enrolled}/courses/${course.id}`).set('Authorization', token);
    expect(st.status).toBe(200);
    expect(st.body.data.enrolment).toMatchObject({ status: 'active', group: { name: 'Топ 1 / Group 1' }, tariff: { priceTenge: 10500 } });
    // The demo group's nine lessons and the introductory session the demo homework is set on.
    expect(st.body.data.progress.lessonsTotal).toBe(10);
    const other = demoUser('+77000000106');
    const otherToken = `Bearer ${await testToken({ roleId: ROLE.student, userId: other })}`;
    expect((await s.http().get(`/api/users/${other}/courses/${course.id}`).set('Authorization', otherToken)).body.data.enrolment).toBeNull();
    const count = async () => (await s.sql<{ n: number }>('SELECT count(*)::int AS n FROM {learning}.lessons'))[0].n;
    const before = await count();
    const again = await startLearning(s.ns.envFor('learning', { SEED_DEMO: 'true' }));
    await again.close();
    expect(await count()).toBe(before);
  });
});
