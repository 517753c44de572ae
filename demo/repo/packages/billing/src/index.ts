export * from './types.js';
export * from './rates.js';
