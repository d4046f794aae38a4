// Filled in once the server function lands in src/addon/index.ts.
export {};
