// Every global the add-on exposes is exported here; scripts/build.ts turns each export into a
// top-level Apps Script function.
export { onOpen } from './menu';
