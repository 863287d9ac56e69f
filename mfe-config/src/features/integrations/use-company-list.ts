// A list of the company's integrations (API keys, webhook endpoints) from the page's query cache: null while
// asked for; a failed load shows the empty list and says why.
import { useQuery } from '@portal/shared-api/queries';
import { useFailureNotice } from '../../lib/notices';

export function useCompanyList<T>(queryKey: readonly unknown[], queryFn: () => Promise<T[]>): T[] | null {
  const { data, error } = useQuery({ queryKey, queryFn });
  useFailureNotice(error);
  return data ?? (error ? [] : null);
}
