export * from './types';
export * from './config';
export * from './query';
export * from './errors';
export * from './permissions';
export * from './session';
export * from './http';
export * from './calls';
