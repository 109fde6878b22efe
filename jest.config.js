/**
 * One jest run for every workspace. Tests talk to the real PostgreSQL and NATS that the global setup finds or
 * starts (infra/src/testing/global-setup.ts); each test file makes its own schemas and NATS namespace.
 */
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true },
      target: 'es2023',
    },
    module: { type: 'commonjs' },
  },
];

const services = ['gateway', 'auth', 'learning', 'shop', 'finance', 'notifications'];

module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/proto', '<rootDir>/libs', '<rootDir>/services', '<rootDir>/infra', '<rootDir>/load-tests', '<rootDir>/admin-ui', '<rootDir>/student-ui'],
  testMatch: ['**/?(*.)spec.ts'],
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
  transform: { '^.+\\.(t|j|mj)s$': swc },
  // ESM-only dependencies are compiled to CommonJS for jest's module system.
  transformIgnorePatterns: ['/node_modules/(?!(@nestjs|jose|content-disposition|file-type|strtok3|token-types|peek-readable|@tokenizer|uint8array-extras|@borewit)/)'],
  moduleNameMapper: {
    // ESM-only, with no `require`/`default` export condition for node: point jest at the file it would import.
    '^file-type$': '<rootDir>/node_modules/file-type/index.js',
    '^@olymp/proto$': '<rootDir>/proto/src/index.ts',
    '^@olymp/server-kit$': '<rootDir>/libs/server-kit/src/index.ts',
    '^@olymp/server-kit/testing$': '<rootDir>/libs/server-kit/src/testing/index.ts',
    '^@olymp/server-kit/ranking$': '<rootDir>/libs/server-kit/src/ranking/index.ts',
    '^@olymp/web-common$': '<rootDir>/libs/web-common/src/index.ts',
    '^@olymp/web-common/testing$': '<rootDir>/libs/web-common/testing/index.ts',
    ...Object.fromEntries(services.map((s) => [`^@olymp/${s}$`, `<rootDir>/services/${s}/src/app.ts`])),
  },
  globalSetup: '<rootDir>/infra/src/testing/global-setup.ts',
  globalTeardown: '<rootDir>/infra/src/testing/global-teardown.ts',
  testTimeout: 60_000,
  maxWorkers: process.env.JEST_WORKERS ?? 2,
  // A worker that ran a few stacks holds 1-2 GB (what each file's Nest apps, Chromium clients and module registry
  // leave behind), and its garbage collection then slows every later file; past this it is replaced between files.
  workerIdleMemoryLimit: '900MB',
};
