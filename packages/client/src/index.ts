export * from './attempts';
export * from './channels';
export * from './check';
export * from './client';
export * from './i18n';
export * from './notices';
export * from './realtime';
