/** Test helpers shared by admin-ui/test and student-ui/test (jest, Node). */
export * from './browser';
export * from './translations';
