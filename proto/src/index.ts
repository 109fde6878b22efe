export * from './locale';
export * from './roles';
export * from './permissions';
export * from './errors';
export * from './events';
export * from './rpc';
export * from './phone';
export * from './services';
