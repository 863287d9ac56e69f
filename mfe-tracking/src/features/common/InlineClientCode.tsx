// The client code of a request, edited in place: saved on Enter or when the field is left (if it changed),
// Escape puts the saved value back.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { trackingRequestsApi } from '@portal/shared-api';
import { useMutation } from '@portal/shared-api/queries';
import { Spinner } from '@portal/shared-ui';
import { NS } from '../../i18n';
import { notifyRequestError, notifyRequestSaved } from '../../lib/notices';

export interface InlineClientCodeProps {
  requestId: number;
  value: string;
  onSaved: (value: string) => void;
  id?: string;
  /** A visible label (the detail page); the list uses an accessible name only. */
  label?: string;
}

export function InlineClientCode({ requestId, value, onSaved, id, label }: InlineClientCodeProps) {
  const { t } = useTranslation(NS);
  const [draft, setDraft] = useState(value);
  const mutation = useMutation({
    mutationFn: (clientCode: string) => trackingRequestsApi.setClientCode(requestId, clientCode),
  });
  const saving = mutation.isPending;
  useEffect(() => setDraft(value), [value]);

  const save = async () => {
    const next = draft.trim();
    if (next === value) {
      setDraft(value);
      return;
    }
    try {
      const answer = await mutation.mutateAsync(next);
      const saved = typeof answer?.client_code === 'string' ? answer.client_code : next;
      onSaved(saved);
      setDraft(saved);
      notifyRequestSaved();
    } catch (error) {
      notifyRequestError(error);
      setDraft(value);
    }
  };

  return (
    <span className="trk-inline">
      {label && (
        <label className="pui-visually-hidden" htmlFor={id}>
          {label}
        </label>
      )}
      <input
        id={id}
        className="pui-input"
        value={draft}
        maxLength={100}
        disabled={saving}
        aria-label={label ? undefined : t('inline.clientCode', { id: requestId })}
        onChange={(event) => setDraft(event.target.value)}
        onBlur={() => void save()}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            event.currentTarget.blur();
          } else if (event.key === 'Escape') {
            setDraft(value);
          }
        }}
      />
      {saving && <Spinner size="sm" label={t('inline.saving')} />}
    </span>
  );
}
