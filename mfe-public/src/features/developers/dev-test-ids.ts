// The test ids of the developer guide, shared by its sections and the tests.
export const DEV_TEST_IDS = {
  page: 'dev-guide',
  reference: 'dev-api-reference',
  event: (type: string) => `dev-event-${type}`,
  values: (list: string) => `dev-values-${list}`,
} as const;
