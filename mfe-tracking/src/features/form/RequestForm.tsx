// The new tracking request form (spec sections 2 and 5): carrier, project (when projects exist), code type
// (those the carrier supports), code value, container (only when the carrier needs it), client code, the
// contractual ETAs and the container filter tags. Checks locally first, then shows the server's field errors.
// As the number is typed, the carrier it names (GET carriers/detect/) is filled in when exactly one does and
// the user has not picked one by hand; when several or none do, the form says so and asks.
import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import {
  ApiError,
  trackingRequestsApi,
  type Carrier,
  type Project,
  type TrackingRequestRecord,
} from '@portal/shared-api';
import { Button, Select, TextInput } from '@portal/shared-ui';
import { TagInput } from '@portal/shared-ui/lists';
import { NS } from '../../i18n';
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
import { detectionHintOf, useCarrierDetection } from './use-carrier-detection';

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

/** The API's field errors of the form's fields, each as a list of messages. */
function serverErrorsOf(body: Record<string, unknown>): ServerErrors {
  const errors: ServerErrors = {};
  for (const field of SERVER_FIELDS) {
    const value = body[field];
    if (value !== undefined) errors[field] = (Array.isArray(value) ? value : [value]).map(String);
  }
  return errors;
}

/** The hint under the carrier: the detection's sentence (announced) and the carrier's data-quality note. */
function carrierHintOf(detectionHint: string | undefined, qualityNote: string | undefined): ReactNode {
  if (!detectionHint) return qualityNote;
  const status = <span role="status">{detectionHint}</span>;
  return qualityNote ? (
    <>
      {status} {qualityNote}
    </>
  ) : (
    status
  );
}

/** A field's messages: the local check's (once Save was pressed), then the server's not already said. */
function fieldErrors(
  t: TFunction,
  field: FormField,
  {
    local,
    checked,
    server,
    carrier,
    values,
  }: {
    local: ReturnType<typeof validateRequestForm>;
    checked: boolean;
    server: ServerErrors;
    carrier: Carrier | undefined;
    values: RequestFormValues;
  },
): string[] | undefined {
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
}

/**
 * Save: refused without write permission; with local problems, marks them and focuses the first; else creates
 * the request, and on a 400 hands the API's field errors to `onFieldErrors`.
 */
function useRequestSubmit({
  writable,
  valid,
  body,
  onRefused,
  onSaved,
  onFieldErrors,
}: {
  writable: boolean;
  valid: boolean;
  body: () => ReturnType<typeof toCreateBody>;
  onRefused: () => void;
  onSaved: (request: TrackingRequestRecord) => void;
  onFieldErrors: (errors: ServerErrors) => void;
}) {
  const [checked, setChecked] = useState(false);
  const [saving, setSaving] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!writable) {
      onRefused();
      return;
    }
    setChecked(true);
    if (!valid) {
      const first = document.querySelector<HTMLElement>('.trk-form [aria-invalid="true"]');
      first?.focus();
      return;
    }
    setSaving(true);
    try {
      const created = await trackingRequestsApi.create(body());
      notifyRequestSaved();
      onSaved(created);
    } catch (error) {
      if (error instanceof ApiError && error.status === 403) {
        onRefused();
        return;
      }
      if (error instanceof ApiError && error.body && typeof error.body === 'object') {
        onFieldErrors(serverErrorsOf(error.body as Record<string, unknown>));
      }
      notifyRequestError(error);
    } finally {
      setSaving(false);
    }
  };
  return { submit, saving, checked };
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
  const [server, setServer] = useState<ServerErrors>({});

  const carrier = carriers.find((c) => String(c.id) === values.carrier_id);
  const codeTypes = supportedCodeTypes(carrier);
  const needsContainer = containerRequired(carrier, values.code_type);
  const local = validateRequestForm(values, carrier);
  const { submit, saving, checked } = useRequestSubmit({
    writable,
    valid: Object.keys(local).length === 0,
    body: () => toCreateBody(values, carrier),
    onRefused,
    onSaved,
    onFieldErrors: setServer,
  });
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

  const detectionHint = detectionHintOf(t, { pickedByHand, detection, prefix, detected });
  const carrierHint = carrierHintOf(detectionHint, carrier?.ctt_quality?.note || undefined);

  const errorOf = (field: FormField) => fieldErrors(t, field, { local, checked, server, carrier, values });

  const fields: FieldsProps = { values, writable, set, errorOf };
  return (
    <form className="trk-form" noValidate onSubmit={(event) => void submit(event)}>
      <ReferenceFields
        {...fields}
        carriers={carriers}
        projects={projects}
        codeTypes={codeTypes}
        needsContainer={needsContainer}
        carrierHint={carrierHint}
        onPickCarrier={(value) => {
          setPickedByHand(value !== '');
          set('carrier_id', value);
        }}
      />
      <DetailFields {...fields} serverFilterErrors={server.container_filter} />
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

/** What every group of fields gets from the form. */
interface FieldsProps {
  values: RequestFormValues;
  writable: boolean;
  set: <K extends FormField>(field: K, value: RequestFormValues[K]) => void;
  errorOf: (field: FormField) => string[] | undefined;
}

/** What is tracked: carrier (with the detection's hint), project, code type, number and container. */
function ReferenceFields({
  values,
  writable,
  set,
  errorOf,
  carriers,
  projects,
  codeTypes,
  needsContainer,
  carrierHint,
  onPickCarrier,
}: FieldsProps & {
  carriers: Carrier[];
  projects: Project[];
  codeTypes: ReturnType<typeof supportedCodeTypes>;
  needsContainer: boolean;
  carrierHint: ReactNode;
  onPickCarrier: (value: string) => void;
}) {
  const { t } = useTranslation(NS);
  return (
    <>
      <Select
        disabled={!writable}
        id="tr-carrier"
        label={<Required>{t('form.carrier')}</Required>}
        placeholder={t('form.carrierPlaceholder')}
        value={values.carrier_id}
        options={carriers.map((c) => ({ value: String(c.id), label: c.official_name }))}
        onChange={onPickCarrier}
        error={errorOf('carrier_id')}
        hint={carrierHint}
      />
      <ProjectSelect projects={projects} values={values} writable={writable} set={set} errorOf={errorOf} />
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
    </>
  );
}

/** The request's own details: client code, contractual ETAs and the container filter. */
function DetailFields({
  values,
  writable,
  set,
  errorOf,
  serverFilterErrors,
}: FieldsProps & { serverFilterErrors: string[] | undefined }) {
  const { t } = useTranslation(NS);
  return (
    <>
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
            error={serverFilterErrors}
          />
        </div>
      )}
    </>
  );
}

/** The project, offered only when the company has projects. */
function ProjectSelect({ projects, values, writable, set, errorOf }: FieldsProps & { projects: Project[] }) {
  const { t } = useTranslation(NS);
  if (projects.length === 0) return null;
  return (
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
  );
}
