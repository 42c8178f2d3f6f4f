export * from './intl';
export * from './locales';
export * from './texts';
