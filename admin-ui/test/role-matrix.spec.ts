import { changedRoles, coverage, filterKeys, groupKeys, withKeys } from '../src/pages/roles/matrix';

describe('the roles x permission keys matrix', () => {
  it('groups keys by their domain, sorted, without duplicates', () => {
    expect(groupKeys(['user:update', 'challenge:update', 'sidebar:role_index', 'challenge:create', 'user:update', 'lonely'])).toEqual([
      { group: 'challenge', keys: ['challenge:create', 'challenge:update'] },
      { group: 'lonely', keys: ['lonely'] },
      { group: 'sidebar', keys: ['sidebar:role_index'] },
      { group: 'user', keys: ['user:update'] },
    ]);
  });

  it('turns one key or a whole group on and off without touching the original set', () => {
    const set = new Set(['a:1']);
    expect([...withKeys(set, ['a:2', 'a:3'], true)].sort()).toEqual(['a:1', 'a:2', 'a:3']);
    expect([...withKeys(set, ['a:1'], false)]).toEqual([]);
    expect([...set]).toEqual(['a:1']);
  });

  it("shows a group's checkbox checked, indeterminate or clear", () => {
    const set = new Set(['a:1', 'a:2']);
    expect(coverage(set, ['a:1', 'a:2'])).toBe('all');
    expect(coverage(set, ['a:1', 'a:3'])).toBe('some');
    expect(coverage(set, ['b:1'])).toBe('none');
  });

  it('saves only the roles whose set differs from the server (order does not matter)', () => {
    const server = new Map<number, string[]>([[3, ['a:1', 'a:2']], [7, []], [10, ['b:1']]]);
    const edited = new Map<number, Set<string>>([[3, new Set(['a:2', 'a:1'])], [7, new Set(['a:1'])], [10, new Set()]]);
    expect(changedRoles(server, edited)).toEqual([7, 10]);
  });

  it('filters keys by a case-insensitive substring', () => {
    expect(filterKeys(['sidebar:role_index', 'role:update', 'user:create'], ' ROLE ')).toEqual(['sidebar:role_index', 'role:update']);
    expect(filterKeys(['x:1'], '')).toEqual(['x:1']);
  });
});
