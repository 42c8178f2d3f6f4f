import './messages';

export * from './account';
export * from './admin';
export * from './auth';
export * from './envelope';
export * from './errors';
export * from './headers';
export * from './health';
export * from './identity';
export * from './inbox';
export * from './profile';
export * from './realtime';
export * from './uploads';
export * from './user';
export * from './wallet';
