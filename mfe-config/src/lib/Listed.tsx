// A list of the config pages as it arrives: a spinner until it is there, a line of text when it is empty,
// else what `children` makes of it.
import type { ReactNode } from 'react';
import { Spinner } from '@portal/shared-ui';

export function Listed<T>({
  items,
  empty,
  children,
}: {
  /** undefined or null while asked for */
  items: readonly T[] | null | undefined;
  empty: string;
  children: (items: readonly T[]) => ReactNode;
}) {
  if (!items) return <Spinner />;
  if (items.length === 0) return <p className="cfg-muted">{empty}</p>;
  return <>{children(items)}</>;
}
