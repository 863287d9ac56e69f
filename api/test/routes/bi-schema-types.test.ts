// The BI answers are typed twice: the domain's interfaces (what the services build and the page reads) and the
// TypeBox schemas of the OpenAPI document (what the contract promises). The type-check fails when the two drift
// apart: each must accept exactly what the other does. The runtime test below only keeps jest from calling the
// file empty; the check is `tsc` (npm run typecheck).
import type { Static } from '@sinclair/typebox';
import type { BiCategory, BiChartResult, BiMetricDef, BiTableResult } from '@portal/shared-api/domain';
import { BiCatalogueSchema, BiMetricResultSchema } from '../../src/routes/bi/schema';
import { CATEGORY_KEYS, NUMERIC_FILTER_NAMES } from '../../src/services/bi/catalogue';

/** true when A and B accept the same values (each assignable to the other), else false. */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

type CategoryKey = (typeof CATEGORY_KEYS)[number];
type NumericFilterName = (typeof NUMERIC_FILTER_NAMES)[number];
interface DomainCatalogue {
  categories: BiCategory<CategoryKey>[];
  metrics: BiMetricDef<CategoryKey, NumericFilterName>[];
}

const metricResultMatches: Same<Static<typeof BiMetricResultSchema>, BiChartResult | BiTableResult> = true;
const catalogueMatches: Same<Static<typeof BiCatalogueSchema>, DomainCatalogue> = true;

describe('the BI answers', () => {
  it('have one shape in the domain and in the OpenAPI schemas', () => {
    expect([metricResultMatches, catalogueMatches]).toEqual([true, true]);
  });
});
