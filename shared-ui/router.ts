// Entry point of `@portal/shared-ui/router` (see src/router/index.ts).
export * from './src/router';
