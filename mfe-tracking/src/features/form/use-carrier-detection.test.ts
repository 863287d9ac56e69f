// The hint under the carrier says what the detection found, and nothing while the user chose by hand or no
// number was asked about.
import type { TFunction } from 'i18next';
import type { Carrier } from '@portal/shared-api';
import { detectionHintOf } from './use-carrier-detection';

const t = ((key: string, options?: { name?: string }) =>
  options?.name ? `${key}:${options.name}` : key) as TFunction;
const maersk = { id: 1, official_name: 'Maersk' } as Carrier;
const answer = (match: 'exact' | 'ambiguous' | 'none') => ({
  number: 'MSKU1234565',
  kind: 'container' as const,
  prefix: 'MSKU',
  match,
  carriers: match === 'exact' ? [{ id: 1, official_name: 'Maersk', scac: 'MAEU', short_name: 'Maersk' }] : [],
  scacs: [],
  leased: false,
  message: null,
  source: 'table' as const,
});
const exact = answer('exact');

it('names the carrier filled in, or says several or none', () => {
  const base = { pickedByHand: false, prefix: 'MSKU' };
  expect(detectionHintOf(t, { ...base, detection: exact, detected: maersk })).toBe(
    'form.carrierDetected:Maersk',
  );
  expect(detectionHintOf(t, { ...base, detection: answer('ambiguous'), detected: undefined })).toBe(
    'form.carrierAmbiguous',
  );
  expect(detectionHintOf(t, { ...base, detection: answer('none'), detected: undefined })).toBe(
    'form.carrierUnknown',
  );
});

it('says nothing when picked by hand, before an answer, or without a prefix', () => {
  expect(detectionHintOf(t, { pickedByHand: true, prefix: 'MSKU', detection: exact, detected: maersk })).toBe(
    undefined,
  );
  expect(
    detectionHintOf(t, { pickedByHand: false, prefix: 'MSKU', detection: undefined, detected: undefined }),
  ).toBe(undefined);
  expect(detectionHintOf(t, { pickedByHand: false, prefix: null, detection: exact, detected: maersk })).toBe(
    undefined,
  );
});
