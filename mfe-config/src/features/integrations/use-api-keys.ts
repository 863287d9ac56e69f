// The state of the API keys card besides the create form: the list, a key chosen for a confirmed action (revoke,
// take over) and the change dialog of a key's limit and expiry.
import { useState } from 'react';
import { notifySuccess } from '@portal/shared-ui';
import { queryKeys, useQueryClient } from '@portal/shared-api/queries';
import { notifyFailure } from '../../lib/notices';
import { useSave } from '../../lib/use-save';
import { integrationsApi, type ApiKey } from './api';
import { keyUpdateBody } from './api-key-rules';
import { dayOf, localizeFieldErrors } from './format';
import { useCompanyList } from './use-company-list';

/** After a write: the list is asked for again (the new key's last use, a revoked key's date). */
export function useReloadKeys() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: queryKeys.config.apiKeys });
}

export function useApiKeyList() {
  return useCompanyList(queryKeys.config.apiKeys, integrationsApi.keys);
}

/** A key waiting for the user's confirmation of one action; on success the notice is shown and the dialog closes. */
export function useKeyAction(call: (id: number) => Promise<unknown>, notice: string) {
  const reload = useReloadKeys();
  const [target, setTarget] = useState<ApiKey | null>(null);
  const confirm = async () => {
    if (!target) return;
    try {
      await call(target.id);
      notifySuccess(notice);
      setTarget(null);
      await reload();
    } catch (error) {
      notifyFailure(error);
    }
  };
  return { target, setTarget, confirm };
}

/** The change dialog: opened with the key's current values, saved with only what the user changed. */
export function useKeyEdit() {
  const reload = useReloadKeys();
  const [editing, setEditing] = useState<ApiKey | null>(null);
  const [limit, setLimit] = useState('');
  const [expires, setExpires] = useState('');
  const [valid, setValid] = useState(true);
  const save = useSave({ localize: localizeFieldErrors });

  const open = (k: ApiKey) => {
    setEditing(k);
    setLimit(String(k.rate_limit_per_minute));
    setExpires(dayOf(k.expires_at));
    save.setErrors({});
  };
  const submit = () => {
    if (!editing) return;
    const id = editing.id;
    const body = keyUpdateBody(editing, limit, expires);
    void save
      .run(async () => {
        await integrationsApi.updateKey(id, body);
        await reload();
      })
      .then((saved) => saved && setEditing(null));
  };
  const close = () => setEditing(null);

  return { editing, limit, setLimit, expires, setExpires, valid, setValid, save, open, submit, close };
}

export type KeyEdit = ReturnType<typeof useKeyEdit>;
