import { keys } from './permission-keys';

/**
 * Teaching (issue 15, docs/teaching.md): teachers' pay in tenge. `wage:view` reads any teacher's held lessons,
 * salary, rates and wage payments (a teacher reads their own without it); `wage:rate_update` sets a teacher's rate;
 * `wage:pay` records a wage payment. Cancelling a lesson is `group:update`, the class schedule `sidebar:group_index`.
 */
export const TEACHING_PERMISSIONS = [...keys('wage', ['view', 'rate_update', 'pay'] as const)] as const;
