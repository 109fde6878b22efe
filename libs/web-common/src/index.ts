/** What admin-ui and student-ui share (spec 2 page behaviour, spec 9 languages). App-specific values are parameters. */
export * from './locale';
export * from './i18n';
export * from './page-title';
export * from './scroll-to-top';
