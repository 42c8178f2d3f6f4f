import './messages';

export * from './account';
export * from './auth';
export * from './envelope';
export * from './errors';
export * from './headers';
export * from './health';
export * from './realtime';
export * from './user';
