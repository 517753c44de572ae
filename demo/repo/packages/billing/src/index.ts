export * from './types';
export * from './rates';
