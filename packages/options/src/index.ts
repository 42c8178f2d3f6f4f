export * from './outcome';
export * from './rounds';
