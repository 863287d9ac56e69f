// Entry point of `@portal/shared-ui/lists` (see src/lists/index.ts).
export * from './src/lists';
