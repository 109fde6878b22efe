import { compileRoutes, findShadowedRules, routeMatcher, ROUTES, type RouteRule } from '../src/routes';

const owner = (path: string) => routeMatcher.match(path)?.service;

describe('route table', () => {
  it('has no rule that an earlier rule hides', () => {
    expect(findShadowedRules(ROUTES)).toEqual([]);
  });

  it('has no duplicate prefixes', () => {
    const prefixes = ROUTES.map((r) => r.prefix);
    expect(new Set(prefixes).size).toBe(prefixes.length);
  });

  it('sends every table entry, and paths below it, to its service', () => {
    for (const rule of ROUTES) {
      const concrete = rule.prefix.replace(/\{[^}]+\}/g, '42');
      expect({ path: concrete, service: owner(`/api/${concrete}`) }).toEqual({ path: concrete, service: rule.service });
      expect({ path: concrete, service: owner(`/api/${concrete}/7/edit?x=1`) }).toEqual({ path: concrete, service: rule.service });
    }
  });

  it.each([
    ['/api/send-otp', 'auth'],
    ['/api/users', 'auth'],
    ['/api/users/5', 'auth'],
    ['/api/users/5/', 'auth'],
    ['/api/users/5/quizzes/9/start', 'learning'],
    ['/api/users/5/quizzes/9/answers', 'learning'],
    ['/api/users/5/challenges/3/invoice', 'learning'],
    ['/api/users/5/active-challenges', 'learning'],
    ['/api/users/quizzes', 'auth'],
    ['/api/system/probes', 'auth'],
    ['/api/system/probe-receipts/1', 'notifications'],
    ['/api/dev/sms', 'notifications'],
    ['/api/challenges-all', 'learning'],
    ['/api/challenges/1/leaderboard', 'learning'],
    ['/api/upload-image/a.png', 'learning'],
    ['/api/courses/1', 'learning'],
    ['/api/lessons?sort[0]=startsAt,ASC', 'learning'],
    ['/api/wallet-payment/7', 'finance'],
    ['/api/invoices/3/pay', 'finance'],
    ['/api/products/toggle-active-many', 'shop'],
    ['/api/shop/products?q=кітап', 'shop'],
    ['/api/cart/checkout', 'shop'],
    ['/api/my-orders/1/cancel', 'shop'],
    ['/api/schools?sort[0]=name,DESC&filter[0]=id||$in||1,2', 'auth'],
  ])('%s -> %s', (path, service) => {
    expect(owner(path)).toBe(service);
  });

  it.each([
    '/api',
    '/api/',
    '/api/nope',
    '/api/usersx',
    '/api/user',
    '/api/system',
    '/api/dev',
    '/api/system/other',
    '/apiusers',
    '/users',
    '/admin/users',
    '/api/health/extra',
    '/api/coursesx/1',
  ])('%s belongs to no service', (path) => {
    expect(owner(path)).toBeUndefined();
  });

  it('takes the first matching rule, so order decides between nested and broad rules', () => {
    const nestedFirst: RouteRule[] = [
      { prefix: 'users/{user}/quizzes', service: 'learning' },
      { prefix: 'users', service: 'auth' },
    ];
    const broadFirst = [...nestedFirst].reverse();
    expect(compileRoutes(nestedFirst).match('/api/users/1/quizzes')?.service).toBe('learning');
    expect(compileRoutes(broadFirst).match('/api/users/1/quizzes')?.service).toBe('auth');
    expect(findShadowedRules(broadFirst)).toEqual([{ rule: nestedFirst[0], shadowedBy: nestedFirst[1] }]);
  });

  it('a {name} segment matches exactly one segment', () => {
    const m = compileRoutes([{ prefix: 'users/{user}/quizzes', service: 'learning' }]);
    expect(m.match('/api/users/1/quizzes')?.service).toBe('learning');
    expect(m.match('/api/users/quizzes')).toBeUndefined();
    expect(m.match('/api/users/1/2/quizzes')).toBeUndefined();
  });

  it.each(['', '/users', 'users/', 'a//b', '{user}/x'])('rejects the malformed prefix "%s"', (prefix) => {
    expect(() => compileRoutes([{ prefix, service: 'auth' }])).toThrow();
  });
});
