export * from './chunked-json';
export * from './continuation';
export * from './engine';
export * from './errors';
export * from './record';
export * from './row-locator';
export * from './store';
