import {
  ERRORS, EVENT_SCHEMAS, EVENT_SUBJECTS, EVENT_VERSION, EventContractError, LOCALES, PERMISSIONS, ROLE, SPEC_PERMISSIONS,
  errorMessage, normalizePhone, parseEvent, resolveLocale,
} from '@olymp/proto';
import * as proto from '@olymp/proto';
import { z } from 'zod';

describe('error catalogue', () => {
  const placeholders = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

  it.each(Object.keys(ERRORS))('%s has a message in kk, ru and en with the same placeholders', (code) => {
    const def = ERRORS[code as keyof typeof ERRORS];
    for (const l of LOCALES) expect(def.message[l].trim().length).toBeGreaterThan(0);
    expect(placeholders(def.message.kk)).toEqual(placeholders(def.message.en));
    expect(placeholders(def.message.ru)).toEqual(placeholders(def.message.en));
    expect(def.status).toBeGreaterThanOrEqual(400);
  });

  it('keeps the spec wording in English', () => {
    expect(errorMessage('OTP_REQUIRED', 'en')).toBe('Please provide otp.');
    expect(errorMessage('UNAUTHENTICATED', 'en')).toBe('Unauthenticated.');
    expect(errorMessage('USER_NOT_LOADED', 'en')).toBe('User is not loaded');
    expect(errorMessage('INVALID_ICON_NAME', 'en')).toBe('Invalid icon name');
    expect(errorMessage('ROUTE_NOT_FOUND', 'ru', { method: 'GET', path: '/x' })).toBe('Такого адреса нет: GET /x.');
  });
});

describe('locale', () => {
  it('defaults to kk and understands common forms', () => {
    expect(resolveLocale(undefined)).toBe('kk');
    expect(resolveLocale('ru-RU,ru;q=0.9')).toBe('ru');
    expect(resolveLocale('EN')).toBe('en');
    expect(resolveLocale('kz')).toBe('kk');
    expect(resolveLocale('de')).toBe('kk');
  });
});

describe('roles and permissions', () => {
  it('has the role ids of spec section 6', () => {
    expect(ROLE).toEqual({ admin: 1, manager: 3, student: 7, contentMaker: 10, regionalDirector: 11, examAdmin: 12, examObserver: 13 });
  });

  it('has every permission key of spec section 6, written group:name, each once', () => {
    expect(SPEC_PERMISSIONS).toHaveLength(17 + 8 + 2 + 12 + 2 + 2 + 12 + 2);
    expect(SPEC_PERMISSIONS).toContain('sidebar:otp_index');
    expect(SPEC_PERMISSIONS).toContain('challenge:test_statistics_tab');
    expect(SPEC_PERMISSIONS).toContain('checkpoint:update');
    expect(new Set(PERMISSIONS).size).toBe(PERMISSIONS.length);
    for (const p of PERMISSIONS) expect(p).toMatch(/^[a-z]+:[a-z_]+$/);
  });
});

describe('events', () => {
  it('names every subject domain.entity.verb and has a schema for its current version', () => {
    for (const s of EVENT_SUBJECTS) {
      expect(s).toMatch(/^[a-z]+(\.[a-z]+){1,2}$/); // domain.entity.verb, or domain.verb where the domain is the entity
      expect((EVENT_SCHEMAS[s] as Record<number, unknown>)[EVENT_VERSION[s]]).toBeDefined();
    }
    expect(EVENT_SUBJECTS).toEqual(expect.arrayContaining([
      'user.registered', 'quiz.finished', 'invoice.paid', 'order.status.changed', 'leaderboard.changed', 'auth.session.revoked', 'sms.requested',
    ]));
  });

  it('accepts a valid payload and explains an invalid one', () => {
    const ok = parseEvent('sms.requested', {
      smsId: '6f1c2b9e-3f5a-4b8e-9a1d-2c3b4d5e6f70', to: '+77000000105', text: 'Код: 123456', purpose: 'otp', code: '123456',
      requestedAt: '2026-11-22T01:00:00.000Z',
    });
    expect(ok.to).toBe('+77000000105');
    expect(() => parseEvent('sms.requested', { to: '123' })).toThrow(EventContractError);
    expect(() => parseEvent('sms.requested', { to: '123' })).toThrow(/smsId/);
    expect(() => parseEvent('sms.requested', {}, 99)).toThrow(/unknown version 99/);
  });
});

describe('phones', () => {
  it.each(['+7 (700) 000-00-01', '87000000001', '77000000001', '7000000001', '+77000000001'])('%s is +77000000001', (input) => {
    expect(normalizePhone(input)).toBe('+77000000001');
  });

  it.each(['', '12345', '+1 202 555 0100', '8700000000a', '+7 (700) 000-00-0', '899900000001'])('%s is refused', (input) => {
    expect(normalizePhone(input)).toBeNull();
  });
});

describe('HTTP contracts', () => {
  it('turn into JSON Schema without losing a part (what the OpenAPI documents publish)', () => {
    const replies = Object.entries(proto).filter(([name, value]) => /Reply$|Page$/.test(name) && value instanceof z.ZodType);
    expect(replies.map(([name]) => name)).toEqual(expect.arrayContaining(['playReply', 'finishReply', 'answerSaveReply', 'challengePageReply', 'invoicePage', 'noticePage', 'publicSettingsReply']));
    for (const [, schema] of replies) {
      expect(() => z.toJSONSchema(schema as z.ZodType, { target: 'openapi-3.0', unrepresentable: 'throw' })).not.toThrow();
    }
  });

  it('describe what the services send: a finished play view fits, a missing field does not', () => {
    const view = {
      quiz: { id: '00000000-0000-4000-8000-000000000001', title: { kk: 'a', ru: 'a', en: 'a' }, description: { kk: '', ru: '', en: '' }, durationSeconds: 600, questionCount: 1, maxPoints: 2 },
      attempt: {
        id: '00000000-0000-4000-8000-000000000002', status: 'finished', attemptNo: 1, startedAt: '2026-11-25T10:00:00.000Z', deadlineAt: '2026-11-25T10:10:00.000Z',
        remainingSeconds: 0, serverNow: '2026-11-25T10:05:00.000Z', finishedAt: '2026-11-25T10:05:00.000Z', finishedBy: 'user', points: 2, maxPoints: 2, correctCount: 1, questionCount: 1, timeSpentMs: 300000, answersShown: true,
      },
      questions: [],
      context: { kind: 'standalone' },
    };
    expect(proto.playReply.safeParse({ data: view }).success).toBe(true);
    expect(proto.playReply.safeParse({ data: { ...view, attempt: { ...view.attempt, deadlineAt: undefined } } }).success).toBe(false);
  });
});
