// Tracking requests (spec sections 3 to 7): the rules (rules.ts), the list and its answer objects (list.ts), the
// writes and their transactions (writes.ts), the export's snapshot read (export.ts) and the bulk upload
// (bulk-import.ts). Routes, the bulk upload
// and the reference lists import this entry point.
export * from './rules';
export * from './list';
export * from './writes';
export * from './export';
export * from './bulk-import';
