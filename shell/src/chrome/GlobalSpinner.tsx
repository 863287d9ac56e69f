import { SpinnerPage, useGlobalSpinner } from '@portal/shared-ui';
import { TEST_IDS } from '../testids';

/** The global spinner page, shown while any app holds the global spinner (count > 0). */
export function GlobalSpinner() {
  const active = useGlobalSpinner((s) => s.count > 0);
  const label = useGlobalSpinner((s) => s.label);
  if (!active) return null;
  return (
    <div data-testid={TEST_IDS.globalSpinner}>
      <SpinnerPage label={label ?? undefined} />
    </div>
  );
}
