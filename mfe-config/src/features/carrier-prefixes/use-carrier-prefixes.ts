// The data of the carrier prefixes card: the company's overrides from the page's query cache, an add that shows
// the API's refusal under the fields, and a delete. After every write the list is asked for again, and so are
// the carrier detections the tracking form keeps (they are cached by prefix).
import { useTranslation } from 'react-i18next';
import { ApiError } from '@portal/shared-api';
import { useQuery, useQueryClient } from '@portal/shared-api/queries';
import { notifySuccess } from '@portal/shared-ui';
import { NS } from '../../i18n';
import { notifyDeleted, notifyFailure, useFailureNotice } from '../../lib/notices';
import { useSave } from '../../lib/use-save';
import { carrierPrefixesApi, type CarrierPrefixOverride, type OverrideDraft } from './api';

const OVERRIDES_KEY = ['config', 'carrier-prefix-overrides'] as const;
/** The tracking form's detections (mfe-tracking's RequestForm): a new override changes their answer. */
const DETECTIONS_KEY = ['tracking', 'carrier-detection'] as const;
/** The API writes its messages in the user's language (Accept-Language): shown under the fields as sent. */
const asSent = (errors: Record<string, string[]>) => errors;

export function useCarrierPrefixes() {
  const { t } = useTranslation(NS);
  const client = useQueryClient();
  const query = useQuery({ queryKey: OVERRIDES_KEY, queryFn: carrierPrefixesApi.list });
  useFailureNotice(query.error);
  // with `localize`, a refusal is shown under the fields only, not repeated in a notice
  const save = useSave({ localize: asSent });

  const reload = async () => {
    await Promise.all([
      client.invalidateQueries({ queryKey: OVERRIDES_KEY }),
      client.invalidateQueries({ queryKey: DETECTIONS_KEY }),
    ]);
  };

  /** Adds one override; resolves to whether it was added (a refusal is shown under the fields by then). */
  const add = async (draft: OverrideDraft): Promise<boolean> => {
    const added = await save.run(async () => {
      await carrierPrefixesApi.create(draft);
    });
    if (added) await reload();
    return added;
  };

  /** Deletes one override; one deleted meanwhile (another tab, a colleague) is simply gone. */
  const remove = async (override: CarrierPrefixOverride): Promise<void> => {
    try {
      await carrierPrefixesApi.remove(override.id);
      notifyDeleted();
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) notifySuccess(t('carrierPrefixes.alreadyGone'));
      else {
        notifyFailure(error);
        return;
      }
    }
    await reload();
  };

  return {
    overrides: query.data ?? (query.error ? [] : null),
    busy: save.busy,
    errors: save.errors,
    add,
    remove,
  };
}
