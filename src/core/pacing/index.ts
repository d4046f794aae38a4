export * from './pacer';
export * from './retry';
