/**
 * The people pages (issue 7; spec 2, 6, 9) on the whole platform in Chromium: the production build of admin-ui served
 * by the real gateway in front of all five services (fresh schemas, demo data). A pupil's page with its tabs, its
 * personal info and parents edited through the UI (each change read back through the API), the pupil's challenge
 * and invoices as learning and finance hold them; a staff member's page with its tabs; toasts dragged away.
 */
import path from 'node:path';
import { describeWithBrowser } from '@olymp/server-kit/testing';
import { heading, serveUiBuild } from '@olymp/web-common/testing';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import kk from '../src/i18n/locales/kk/common.json';
import kkStaffs from '../src/i18n/locales/kk/staffs.json';
import kkStudents from '../src/i18n/locales/kk/students.json';
import { PHONES, expectEventually, nextApiRequest, pageRunnerAllowingHttpErrors, searchOf, storageOf } from './helpers';
import { startStack, type Stack } from './stack';

const UI_DIR = path.resolve(__dirname, '..');
type Storage = Awaited<ReturnType<BrowserContext['storageState']>>;
type Json = Record<string, unknown>;

const CHALLENGE_EN = '5-day math challenge — grade 5';
const CHALLENGE_KK = '5 күндік математика челленджі — 5-сынып';

describeWithBrowser('admin-ui people pages on the whole platform in Chromium', (browser) => {
  let stack: Stack;
  const gateway = serveUiBuild(UI_DIR, async (outDir) => {
    stack = await startStack(outDir);
    return { url: stack.gateway.url, close: () => stack.close() };
  });
  const withPage = pageRunnerAllowingHttpErrors(browser);
  const sessions = new Map<string, Storage>();
  const tableRows = (scope: Page | Locator) => scope.locator('.ant-table-tbody tr.ant-table-row');

  async function sessionOf(who: keyof typeof PHONES): Promise<Storage> {
    if (!sessions.has(who)) {
      const context = await browser().newContext();
      sessions.set(who, await storageOf(context, gateway.url, PHONES[who]));
      await context.close();
    }
    return sessions.get(who) as Storage;
  }

  const stored = (state: Storage, key: string) => state.origins.flatMap((o) => o.localStorage).find((e) => e.name === key)?.value ?? '';

  async function api<T = Json>(who: keyof typeof PHONES, p: string, init: RequestInit = {}): Promise<{ status: number; body: T }> {
    const token = stored(await sessionOf(who), 'authToken');
    const res = await fetch(`${gateway.url}/api/${p}`, { ...init, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...(init.headers ?? {}) } });
    return { status: res.status, body: (await res.json()) as T };
  }

  /** Drags a toast sideways by `fraction` of its width with the mouse (from its text, away from the close button). */
  async function dragToast(page: Page, notice: Locator, fraction: number) {
    // Once it has slid in (its entering animation is over), where it rests.
    await expectEventually(() => notice.evaluate((el) => el.closest('.ant-notification-notice-wrapper')?.getAnimations({ subtree: true }).length ?? -1), 0);
    const box = await notice.boundingBox();
    expect(box).not.toBeNull();
    const { x, y, width, height } = box as { x: number; y: number; width: number; height: number };
    const start = { x: x + width * 0.25, y: y + height / 2 };
    await page.mouse.move(start.x, start.y);
    await page.mouse.down();
    await page.mouse.move(start.x + width * fraction, start.y, { steps: 12 });
    await page.mouse.up();
    return { x, width };
  }

  it('admin opens a demo pupil, edits personal info and parents, sees their challenge and invoices; toasts drag away past 60%', async () => {
    const pupilId = stored(await sessionOf('pupil'), 'authUserId');
    expect(pupilId).toMatch(/^[0-9a-f-]{36}$/);

    // The pupil joins the demo challenge of their grade (the demo seed joins nobody); staff open an invoice for them.
    const challenges = (await (await fetch(`${gateway.url}/api/challenges-all`)).json()) as { data: { id: string; title: { en: string }; paid: boolean }[] };
    const challenge = challenges.data.find((c) => c.title.en === CHALLENGE_EN);
    expect(challenge).toBeDefined();
    const joined = await api('pupil', `users/${pupilId}/challenges/${challenge?.id}`, { method: 'POST', body: '{}' });
    expect(joined.status).toBe(201);
    const invoiceTitle = { kk: 'Дайындық марафоны — шот', ru: 'Марафон подготовки — счёт', en: 'Preparation marathon — invoice' };
    const invoice = await api<{ data: { id: string } }>('admin', 'finance/invoices', {
      method: 'POST',
      body: JSON.stringify({ userId: pupilId, product: { kind: 'challenge', id: challenge?.id }, title: invoiceTitle, amountTenge: 2000, amountZp: 500 }),
    });
    expect(invoice.status).toBe(201);

    await withPage(
      async (page) => {
        const base = gateway.url;
        // The pupil is found in the Students list by the server's search, and opened from their row.
        await page.goto(`${base}/admin/students`);
        await heading(page, kk.sidebar.students).waitFor();
        const searched = nextApiRequest(page, '/api/students?', (u) => searchOf(u).includes('Бесінші'));
        await page.getByPlaceholder(kk.list.search).fill('Бесінші');
        const row = page.locator('.ant-table-tbody tr.ant-table-row', { hasText: 'Бесінші' });
        await searched;
        await expectEventually(() => row.count(), 1);
        await row.locator('.refine-show-button').click();
        await page.waitForURL(`${base}/admin/students/${pupilId}`);
        await heading(page, 'Бесінші Айгерім').waitFor();
        expect(await page.getByRole('tab').allInnerTexts()).toEqual(Object.values(kkStudents.tabs));
        await page.getByText(kkStudents.grade.replace('{{grade}}', '5'), { exact: true }).waitFor();

        // Personal info, through PUT students/{user}/update-personal-info.
        const personal = page.locator('form#personal-info');
        await expectEventually(() => personal.getByLabel(kk.fields.firstName).inputValue(), 'Айгерім');
        await personal.getByLabel(kk.fields.firstName).fill('Айгерім-Ай');
        await personal.getByLabel(kk.fields.parentPhone).fill('+7 701 123 45 67');
        const saved = page.waitForResponse((r) => r.url().endsWith(`/api/students/${pupilId}/update-personal-info`) && r.request().method() === 'PUT');
        await personal.getByRole('button', { name: kk.buttons.save }).click();
        expect((await saved).status()).toBe(200);
        // Its toast, dragged 40% of its width, springs back and stays.
        const savedToast = page.locator('.ant-notification-notice').filter({ hasText: kkStudents.profile.personalInfoSaved });
        await savedToast.waitFor();
        const before = await dragToast(page, savedToast, 0.4);
        await expectEventually(async () => Math.round((await savedToast.boundingBox({ timeout: 1000 }))?.x ?? -1), Math.round(before.x));
        expect(await savedToast.isVisible()).toBe(true);
        await page.mouse.move(10, 400);

        await expectEventually(async () => {
          const { firstName, parentPhone } = (await api<{ firstName: string; parentPhone: string }>('admin', `students/${pupilId}`)).body;
          return { firstName, parentPhone };
        }, { firstName: 'Айгерім-Ай', parentPhone: '+77011234567' });
        await heading(page, 'Бесінші Айгерім-Ай').waitFor();

        // Parents: add, edit, delete (users/{user}/parents), each read back through the API.
        await page.getByRole('tab', { name: kkStudents.tabs.parents }).click();
        await page.waitForURL(`${base}/admin/students/${pupilId}?tab=parents`);
        const adding = page.locator('form#parent-add');
        await adding.getByLabel(kkStudents.parents.relative).click();
        await page.getByTitle(kkStudents.parents.relatives.mother).click();
        await adding.getByLabel(kkStudents.parents.fullName).fill('Гүлнар Бесінші');
        await adding.getByLabel(kk.fields.phone).fill('+7 701 222 33 44');
        const added = page.waitForResponse((r) => r.url().endsWith(`/api/users/${pupilId}/parents`) && r.request().method() === 'POST');
        await adding.getByRole('button', { name: kk.buttons.add }).click();
        expect((await added).status()).toBe(201);
        const parents = async () => (await api<{ data: { relative: string; fullName: string; phone: string }[] }>('admin', `users/${pupilId}/parents`)).body.data.map(({ relative, fullName, phone }) => ({ relative, fullName, phone }));
        await expectEventually(parents, [{ relative: 'mother', fullName: 'Гүлнар Бесінші', phone: '+77012223344' }]);
        const parentRow = tableRows(page.getByTestId('parents')).filter({ hasText: kkStudents.parents.relatives.mother });
        await parentRow.getByText('Гүлнар Бесінші').waitFor();

        // Its toast, dragged 70% of its width, goes (well before the 5 s timeout: the pointer over it pauses that).
        const addedToast = page.locator('.ant-notification-notice').filter({ hasText: kkStudents.parents.added });
        await addedToast.waitFor();
        await dragToast(page, addedToast, 0.7);
        await expectEventually(() => addedToast.count(), 0, 1500);
        await page.mouse.move(10, 400);

        await parentRow.getByRole('button', { name: kk.buttons.edit }).click();
        const editing = page.locator('form#parent-edit');
        await expectEventually(() => editing.getByLabel(kkStudents.parents.fullName).inputValue(), 'Гүлнар Бесінші');
        await editing.getByLabel(kkStudents.parents.fullName).fill('Гүлнар Бесіншіқызы');
        const updated = page.waitForResponse((r) => r.url().endsWith(`/api/users/${pupilId}/parents/mother`) && r.request().method() === 'PUT');
        await page.locator('.ant-modal').getByRole('button', { name: kk.buttons.save }).click();
        expect((await updated).status()).toBe(200);
        await expectEventually(parents, [{ relative: 'mother', fullName: 'Гүлнар Бесіншіқызы', phone: '+77012223344' }]);
        await parentRow.getByText('Гүлнар Бесіншіқызы').waitFor();

        await parentRow.getByRole('button', { name: kk.buttons.delete }).click();
        const deleted = page.waitForResponse((r) => r.url().endsWith(`/api/users/${pupilId}/parents/mother`) && r.request().method() === 'DELETE');
        await page.locator('.ant-popconfirm').getByRole('button', { name: kk.buttons.delete }).click();
        expect((await deleted).status()).toBe(200);
        await expectEventually(parents, []);
        await expectEventually(() => tableRows(page.getByTestId('parents')).count(), 0);

        // Subscriptions: the challenge the pupil joined, as learning lists it.
        await page.getByRole('tab', { name: kkStudents.tabs.subscriptions }).click();
        await page.waitForURL(`${base}/admin/students/${pupilId}?tab=subscriptions`);
        const active = (await api<{ data: { title: { kk: string } }[] }>('admin', `users/${pupilId}/active-challenges`)).body.data.map((c) => c.title.kk);
        expect(active).toEqual([CHALLENGE_KK]);
        await expectEventually(() => tableRows(page.getByTestId('challenges')).locator('td:first-child').allInnerTexts(), active);

        // Payment history: the pupil's invoices as finance lists them.
        await page.getByRole('tab', { name: kkStudents.tabs['payment-history'] }).click();
        await page.waitForURL(`${base}/admin/students/${pupilId}?tab=payment-history`);
        const invoices = (await api<{ data: { title: { kk: string } }[] }>('admin', `finance/invoices?userId=${pupilId}`)).body.data.map((i) => i.title.kk);
        expect(invoices).toEqual([invoiceTitle.kk]);
        await expectEventually(() => tableRows(page.getByTestId('invoices')).locator('td:nth-child(2)').allInnerTexts(), invoices);
        await page.getByTestId('zp-balance').getByText(kkStudents.payments.balance.replace('{{amount}}', '0')).waitFor();

        // Courses have no API yet: attendances and home-works say so.
        await page.getByRole('tab', { name: kkStudents.tabs.attendances }).click();
        await page.getByText(kk.common.notAvailable, { exact: false }).waitFor();
      },
      { storageState: await sessionOf('admin') },
    );
  }, 180_000);

  it('admin opens a staff member from the staff list: personal information, and the groups tab says a teacher without an account has no work to show', async () => {
    const created = await api<{ id: number }>('admin', 'teachers', { method: 'POST', body: JSON.stringify({ firstName: 'Сәуле', lastName: 'Мұғалімова', phone: '+7 700 000 02 00' }) });
    expect(created.status).toBe(201);
    const teacherId = created.body.id;
    await withPage(
      async (page) => {
        const base = gateway.url;
        await page.goto(`${base}/admin/staffs`);
        const row = tableRows(page).filter({ hasText: 'Мұғалімова' });
        await expectEventually(() => row.count(), 1);
        await row.locator('.refine-show-button').click();
        await page.waitForURL(`${base}/admin/staffs/${teacherId}`);
        await heading(page, 'Мұғалімова Сәуле').waitFor();
        expect(await page.getByRole('tab').allInnerTexts()).toEqual(Object.values(kkStaffs.tabs));
        await page.getByTestId('staff-info').getByText('+77000000200').waitFor();
        await page.getByRole('tab', { name: kkStaffs.tabs.groups }).click();
        await page.waitForURL(`${base}/admin/staffs/${teacherId}?tab=groups`);
        // The teacher's groups are the linked account's (teaching/): a teacher without an account is told so.
        await page.getByText(kkStaffs.noAccountWork).waitFor();
        await page.getByRole('tab', { name: kkStaffs.tabs['payment-history'] }).click();
        await page.getByText(kkStaffs.noAccountPayments).waitFor();
      },
      { storageState: await sessionOf('admin') },
    );
  });
});
