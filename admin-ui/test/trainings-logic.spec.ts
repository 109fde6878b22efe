import { activeTab, duration, reportParams, testRows, viaRows, visibleTabs } from '../src/pages/trainings/logic';

describe('training pages: what they compute', () => {
  it('shows each tab only with its key, in the spec order', () => {
    const admin = visibleTabs(() => true);
    expect(admin).toEqual(['chapters', 'leaderboard', 'chat-groups', 'subscriptions', 'invoices', 'statistics', 'test-results', 'test-statistics']);
    const held = new Set(['training:chapter_tab', 'training:statistics_tab', 'training:update']);
    expect(visibleTabs((k) => held.has(k))).toEqual(['chapters', 'statistics']);
    expect(visibleTabs(() => false)).toEqual([]);
  });

  it('opens the tab the URL names when it is visible, else the first one', () => {
    expect(activeTab('statistics', ['chapters', 'statistics'])).toBe('statistics');
    expect(activeTab('invoices', ['chapters', 'statistics'])).toBe('chapters');
    expect(activeTab(null, ['leaderboard'])).toBe('leaderboard');
    expect(activeTab('chapters', [])).toBeUndefined();
  });

  it('turns the statistics summary into chart rows: every way of joining, one group per test', () => {
    expect(viaRows({ byVia: { free: 3, staff: 1 } }, (v) => v.toUpperCase())).toEqual([
      { via: 'FREE', count: 3 },
      { via: 'INVOICE', count: 0 },
      { via: 'CODE', count: 0 },
      { via: 'INVITED', count: 0 },
      { via: 'STAFF', count: 1 },
    ]);
    const tests = [
      { subchapterId: 's1', title: { kk: 'Бөлшек', ru: 'Дроби', en: '' }, quizId: 'q1', maxPoints: 10, pupils: 2, attempts: 5, averageBestPoints: 7.5 },
    ];
    expect(testRows({ tests }, 'ru')).toEqual([{ test: 'Дроби', pupils: 2, attempts: 5, average: 7.5 }]);
    // A missing translation falls back to Kazakh.
    expect(testRows({ tests }, 'en')[0].test).toBe('Бөлшек');
  });

  it('sends only the report filters that are set, with paging', () => {
    expect(reportParams({ via: undefined, q: '  Ай ', quizId: '', n: 0, x: null }, 2, 20)).toEqual({ q: 'Ай', n: 0, page: 2, perPage: 20 });
  });

  it('shows time spent as minutes and seconds', () => {
    expect(duration(0)).toBe('0:00');
    expect(duration(65_400)).toBe('1:05');
    expect(duration(3_600_000)).toBe('60:00');
  });
});
