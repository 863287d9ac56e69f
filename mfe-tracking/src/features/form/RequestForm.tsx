// The new tracking request form (spec sections 2 and 5): carrier, project (when projects exist), code type
// (those the carrier supports), code value, container (only when the carrier needs it), client code, the
// contractual ETAs and the container filter tags. Checks locally first, then shows the server's field errors.
// As the number is typed, the carrier it names (GET carriers/detect/) is filled in when exactly one does and
// the user has not picked one by hand; when several or none do, the form says so and asks.
import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ApiError,
  trackingRequestsApi,
  type Carrier,
  type Project,
  type TrackingRequestRecord,
} from '@portal/shared-api';
import { useQuery } from '@portal/shared-api/queries';
import { Button, Select, TextInput } from '@portal/shared-ui';
import { TagInput } from '@portal/shared-ui/lists';
import { NS } from '../../i18n';
import { trackingApi } from '../../lib/api';
import {
  containerRequired,
  EMPTY_FORM,
  showsContainerFilter,
  supportedCodeTypes,
  toCreateBody,
  validateRequestForm,
  type FormField,
  type RequestFormValues,
} from '../../lib/form-rules';
import { notifyRequestError, notifyRequestSaved } from '../../lib/notices';

export interface RequestFormProps {
  carriers: Carrier[];
  projects: Project[];
  /** false: Save is refused and `onRefused` called (no write permission). */
  writable: boolean;
  onRefused: () => void;
  onSaved: (request: TrackingRequestRecord) => void;
  onBack: () => void;
}

type ServerErrors = Partial<Record<FormField, string[]>>;

const SERVER_FIELDS: readonly FormField[] = [
  'carrier_id',
  'project_id',
  'code_type',
  'code_value',
  'container',
  'client_code',
  'contractual_eta_pod',
  'contractual_eta_dlv',
  'container_filter',
];

/** How long typing must pause before the number is looked up. */
const DETECT_DELAY_MS = 400;
const NUMBER_MAX = 35;
const KIND_OF_CODE_TYPE = { c_id: 'container', b_id: 'booking', m_bl: 'bl' } as const;

/** The number as the detection reads it. */
const detectionNumber = (value: string) => value.trim().toUpperCase().replace(/\s+/g, '');

/** `value`, once it has not changed for `ms`. */
function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/**
 * The carrier detection of the typed number: asked once typing pauses and the number starts with four letters,
 * unless `off`. The kind is the code type's, or before one is chosen, a container when the number is shaped
 * like one (four letters, then digits), else a booking / B/L. Answers depend on the prefix only, so they are
 * cached by prefix.
 */
function useCarrierDetection(value: string, codeType: RequestFormValues['code_type'], off: boolean) {
  const typed = useDebounced(detectionNumber(value), DETECT_DELAY_MS);
  const prefix = /^[A-Z]{4}/.test(typed) && typed.length <= NUMBER_MAX ? typed.slice(0, 4) : null;
  const kind = codeType ? KIND_OF_CODE_TYPE[codeType] : /^[A-Z]{4}\d/.test(typed) ? 'container' : 'bl';
  const enabled = !off && prefix !== null;
  const query = useQuery({
    queryKey: ['tracking', 'carrier-detection', kind === 'container' ? 'container' : 'reference', prefix],
    queryFn: () => trackingApi.detectCarrier(typed, kind),
    enabled,
    staleTime: 5 * 60_000,
  });
  return { prefix, detection: enabled ? query.data : undefined };
}

function Required({ children }: { children: ReactNode }) {
  return (
    <>
      {children}
      <span className="trk-required" aria-hidden="true">
        *
      </span>
    </>
  );
}

export function RequestForm({ carriers, projects, writable, onRefused, onSaved, onBack }: RequestFormProps) {
  const { t } = useTranslation(NS);
  const [values, setValues] = useState<RequestFormValues>(EMPTY_FORM);
  const [checked, setChecked] = useState(false);
  const [server, setServer] = useState<ServerErrors>({});
  const [saving, setSaving] = useState(false);

  const carrier = carriers.find((c) => String(c.id) === values.carrier_id);
  const codeTypes = supportedCodeTypes(carrier);
  const needsContainer = containerRequired(carrier, values.code_type);
  const local = validateRequestForm(values, carrier);
  // A carrier picked in the list stops the filling until the list is set back to "Choose a carrier".
  const [pickedByHand, setPickedByHand] = useState(false);
  const { prefix, detection } = useCarrierDetection(
    values.code_value,
    values.code_type,
    !writable || pickedByHand,
  );
  const detected =
    detection?.match === 'exact' ? carriers.find((c) => c.id === detection.carriers[0]?.id) : undefined;

  const set = <K extends FormField>(field: K, value: RequestFormValues[K]) => {
    setValues((prev) => {
      const next = { ...prev, [field]: value };
      if (field === 'carrier_id') {
        // a code type the new carrier does not support is cleared
        const nextCarrier = carriers.find((c) => String(c.id) === value);
        if (next.code_type && !supportedCodeTypes(nextCarrier).includes(next.code_type)) next.code_type = '';
      }
      return next;
    });
    setServer((prev) => ({ ...prev, [field]: undefined }));
  };

  // Fill (or empty) the carrier from the detection while the user has not picked one: exactly one match fills
  // it; several, none, or no prefix any more leave it empty, and the hint below says why.
  useEffect(() => {
    if (pickedByHand || !writable) return;
    if (prefix !== null && detection === undefined) return; // still asking
    const next = detected ? String(detected.id) : '';
    if (next !== values.carrier_id) set('carrier_id', next);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `set` is a new function each render
  }, [pickedByHand, writable, prefix, detection, detected, values.carrier_id]);

  const detectionHint =
    pickedByHand || !detection || prefix === null
      ? undefined
      : detected
        ? t('form.carrierDetected', { name: detected.official_name })
        : detection.match === 'ambiguous'
          ? t('form.carrierAmbiguous')
          : t('form.carrierUnknown');
  const qualityNote = carrier?.ctt_quality?.note || undefined;
  const carrierHint =
    detectionHint && qualityNote ? (
      <>
        <span role="status">{detectionHint}</span> {qualityNote}
      </>
    ) : detectionHint ? (
      <span role="status">{detectionHint}</span>
    ) : (
      qualityNote
    );

  const errorOf = (field: FormField): string[] | undefined => {
    const messages: string[] = [];
    const key = local[field];
    if (checked && key) {
      messages.push(
        t(key, {
          carrier: carrier?.official_name ?? '',
          codeType: values.code_type ? t(`codeType.${values.code_type}`) : '',
        }),
      );
    }
    for (const message of server[field] ?? []) if (!messages.includes(message)) messages.push(message);
    return messages.length ? messages : undefined;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!writable) {
      onRefused();
      return;
    }
    setChecked(true);
    if (Object.keys(local).length > 0) {
      const first = document.querySelector<HTMLElement>('.trk-form [aria-invalid="true"]');
      first?.focus();
      return;
    }
    setSaving(true);
    try {
      const created = await trackingRequestsApi.create(toCreateBody(values, carrier));
      notifyRequestSaved();
      onSaved(created);
    } catch (error) {
      if (error instanceof ApiError && error.status === 403) {
        onRefused();
        return;
      }
      if (error instanceof ApiError && error.body && typeof error.body === 'object') {
        const body = error.body as Record<string, unknown>;
        const next: ServerErrors = {};
        for (const field of SERVER_FIELDS) {
          const value = body[field];
          if (value !== undefined) next[field] = (Array.isArray(value) ? value : [value]).map(String);
        }
        setServer(next);
      }
      notifyRequestError(error);
    } finally {
      setSaving(false);
    }
  };

  return (
    <form className="trk-form" noValidate onSubmit={(event) => void submit(event)}>
      <Select
        disabled={!writable}
        id="tr-carrier"
        label={<Required>{t('form.carrier')}</Required>}
        placeholder={t('form.carrierPlaceholder')}
        value={values.carrier_id}
        options={carriers.map((c) => ({ value: String(c.id), label: c.official_name }))}
        onChange={(value) => {
          setPickedByHand(value !== '');
          set('carrier_id', value);
        }}
        error={errorOf('carrier_id')}
        hint={carrierHint}
      />
      {projects.length > 0 && (
        <Select
          disabled={!writable}
          id="tr-project"
          label={t('form.project')}
          placeholder={t('form.noProject')}
          value={values.project_id}
          options={projects.map((p) => ({ value: String(p.id), label: p.name }))}
          onChange={(value) => set('project_id', value)}
          error={errorOf('project_id')}
        />
      )}
      <Select
        disabled={!writable}
        id="tr-code-type"
        label={<Required>{t('form.codeType')}</Required>}
        placeholder={t('form.codeTypePlaceholder')}
        value={values.code_type}
        options={codeTypes.map((key) => ({ value: key, label: t(`codeType.${key}`) }))}
        onChange={(value) => set('code_type', value as RequestFormValues['code_type'])}
        error={errorOf('code_type')}
      />
      <TextInput
        disabled={!writable}
        id="tr-code-value"
        label={<Required>{t('form.codeValue')}</Required>}
        hint={t('form.codeValueHint')}
        value={values.code_value}
        autoComplete="off"
        spellCheck={false}
        onChange={(event) => set('code_value', event.target.value)}
        error={errorOf('code_value')}
      />
      {needsContainer && (
        <TextInput
          disabled={!writable}
          id="tr-container"
          label={<Required>{t('form.container')}</Required>}
          hint={t('form.containerHint')}
          placeholder="ABCU1234565"
          value={values.container}
          autoComplete="off"
          spellCheck={false}
          onChange={(event) => set('container', event.target.value)}
          error={errorOf('container')}
        />
      )}
      <TextInput
        disabled={!writable}
        id="tr-client-code"
        label={t('form.clientCode')}
        value={values.client_code}
        maxLength={100}
        onChange={(event) => set('client_code', event.target.value)}
        error={errorOf('client_code')}
      />
      <TextInput
        disabled={!writable}
        id="tr-eta-pod"
        label={t('form.etaPod')}
        placeholder={t('form.dateHint')}
        inputMode="numeric"
        maxLength={10}
        value={values.contractual_eta_pod}
        onChange={(event) => set('contractual_eta_pod', event.target.value.trim())}
        error={errorOf('contractual_eta_pod')}
      />
      <TextInput
        disabled={!writable}
        id="tr-eta-dlv"
        label={t('form.etaDlv')}
        placeholder={t('form.dateHint')}
        inputMode="numeric"
        maxLength={10}
        value={values.contractual_eta_dlv}
        onChange={(event) => set('contractual_eta_dlv', event.target.value.trim())}
        error={errorOf('contractual_eta_dlv')}
      />
      {showsContainerFilter(values.code_type) && (
        <div className="trk-form__wide">
          <TagInput
            id="tr-container-filter"
            label={t('form.containerFilter')}
            hint={t('form.containerFilterHint')}
            value={values.container_filter}
            onChange={(tags) => set('container_filter', tags)}
            error={server.container_filter}
          />
        </div>
      )}
      <p className="trk-form__note">{t('form.requiredNote')}</p>
      <div className="trk-form__buttons">
        <Button type="submit" busy={saving}>
          {t('form.save')}
        </Button>
        <Button variant="secondary" onClick={onBack}>
          {t('form.back')}
        </Button>
      </div>
    </form>
  );
}
