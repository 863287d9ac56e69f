// The company's carrier prefix overrides (its own prefix → carrier mappings, which win over the portal's prefix
// table when a carrier is recognised from a number): list, create, delete. Types from the API's contract.
import { type ApiAnswer, type ApiBody } from '@portal/shared-api';
import { client } from '@portal/shared-api/client';

export type CarrierPrefixOverride = ApiAnswer<'/api/carrier-prefix-overrides/'>[number];
export type OverrideKind = CarrierPrefixOverride['kind'];
type OverrideCreate = ApiBody<'/api/carrier-prefix-overrides/'>;

/** The kinds the API takes, in the order the form offers them. */
export const OVERRIDE_KINDS: readonly OverrideKind[] = ['container', 'reference'];

/** Most overrides a company may keep (the API's limit, stated in its contract): the list is never paged. */
export const MAX_OVERRIDES = 200;

/**
 * What the form sends: a field left empty goes as null, so that the API answers every problem at once under
 * its field ("This field is required.") rather than the form guessing.
 */
export type OverrideDraft = { [K in keyof OverrideCreate]: OverrideCreate[K] | null };

export const carrierPrefixesApi = {
  list: (): Promise<CarrierPrefixOverride[]> => client.get('/api/carrier-prefix-overrides/'),
  create: (draft: OverrideDraft): Promise<CarrierPrefixOverride> =>
    // the contract's body has every field filled; a draft's empty ones are the API's to name (see above)
    client.post('/api/carrier-prefix-overrides/', { json: draft as OverrideCreate }),
  remove: (id: number) => client.delete('/api/carrier-prefix-overrides/{id}/', { params: { id } }),
};
