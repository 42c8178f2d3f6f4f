export * from './amount';
export * from './display';
export * from './limits';
