export * from './attempts';
export * from './check';
export * from './client';
