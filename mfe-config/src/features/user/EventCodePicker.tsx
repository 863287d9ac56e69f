// The attention-required event codes, chosen from GET event-codes with their descriptions, grouped
// (portal alerts first, then vessel, container and document events).
import { useTranslation } from 'react-i18next';
import { Checkbox } from '@portal/shared-ui';
import { NS } from '../../i18n';
import type { EventCodeFull } from '../../lib/api';

const GROUPS = ['alert', 'transport', 'equipment', 'shipment'] as const;

export interface EventCodePickerProps {
  codes: EventCodeFull[];
  value: number[];
  onChange: (value: number[]) => void;
  error?: string[];
  testId: string;
}

export function EventCodePicker({ codes, value, onChange, error, testId }: EventCodePickerProps) {
  const { t, i18n } = useTranslation(NS);
  const spanish = i18n.language?.startsWith('es');
  const groupOf = (c: EventCodeFull) =>
    (GROUPS as readonly string[]).includes(c.category ?? '') ? c.category : 'other';
  const groups = [...GROUPS, 'other'].map((g) => ({ key: g, codes: codes.filter((c) => groupOf(c) === g) }));
  const toggle = (code: number, on: boolean) =>
    onChange(on ? [...value.filter((c) => c !== code), code] : value.filter((c) => c !== code));
  const describe = (c: EventCodeFull) =>
    (spanish && c.description_es ? c.description_es : c.description).replace(/\s*\{days\}\s*/g, ' N ');

  return (
    <div data-testid={testId}>
      <strong>{t('userConfig.codes')}</strong>
      <p className="cfg-muted">{t('userConfig.codesHelp')}</p>
      <details className="cfg-codes">
        <summary>{t('userConfig.codesChosen', { count: value.length })}</summary>
        {groups
          .filter((g) => g.codes.length > 0)
          .map((g) => (
            <fieldset key={g.key}>
              <legend>{t(`userConfig.codeGroups.${g.key}`)}</legend>
              <div className="cfg-codes__list">
                {g.codes.map((c) => (
                  <Checkbox
                    key={c.code}
                    checked={value.includes(c.code)}
                    onChange={(on) => toggle(c.code, on)}
                    label={describe(c)}
                    data-code={c.code}
                  />
                ))}
              </div>
            </fieldset>
          ))}
      </details>
      {error && error.length > 0 && (
        <ul className="cfg-error" role="alert">
          {error.map((m) => (
            <li key={m}>{m}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
