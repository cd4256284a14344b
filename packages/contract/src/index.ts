export * from './common';
export * from './auth';
export * from './offices';
export * from './brand';
