export default async function globalTeardown(): Promise<void> {
  await globalThis.__PORTAL_TEST_TEARDOWN__?.();
}
