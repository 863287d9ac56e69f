// The company's carrier prefixes: its own prefix → carrier mappings, which win over the portal's prefix table
// when a carrier is recognised from a container, booking or B/L number (e.g. a leased container prefix → the
// carrier the company ships them with). A manager lists them, adds one and deletes one after a confirmation;
// at the API's limit the form is closed and says why.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Modal } from '@portal/shared-ui';
import { NS } from '../../i18n';
import { MAX_OVERRIDES, type CarrierPrefixOverride } from './api';
import { OverrideForm } from './OverrideForm';
import { OverridesTable } from './OverridesTable';
import { ensureCarrierPrefixStyles } from './styles';
import { useCarrierPrefixes } from './use-carrier-prefixes';

export function CarrierPrefixesCard() {
  ensureCarrierPrefixStyles();
  const { t } = useTranslation(NS);
  const { overrides, busy, errors, add, remove } = useCarrierPrefixes();
  const [deleting, setDeleting] = useState<CarrierPrefixOverride | null>(null);
  const full = (overrides?.length ?? 0) >= MAX_OVERRIDES;

  const confirmDelete = async () => {
    if (!deleting) return;
    await remove(deleting);
    setDeleting(null);
  };

  return (
    <section className="cfg-card" aria-labelledby="cpo-title" data-testid="cpo-card">
      <h2 id="cpo-title">{t('carrierPrefixes.title')}</h2>
      <p className="cfg-muted">{t('carrierPrefixes.intro')}</p>
      <OverrideForm errors={errors} busy={busy} full={full} onAdd={add} />
      {errors.non_field_errors && (
        <p className="cfg-error" role="alert" data-testid="cpo-refused">
          {errors.non_field_errors.join(' ')}
        </p>
      )}
      {full && (
        <p className="cfg-note cpo-limit" role="status" data-testid="cpo-limit">
          {t('carrierPrefixes.limit', { max: MAX_OVERRIDES })}
        </p>
      )}
      {overrides && (
        <>
          <h3>{t('carrierPrefixes.listTitle', { count: overrides.length, max: MAX_OVERRIDES })}</h3>
          {overrides.length === 0 ? (
            <p className="cfg-muted" data-testid="cpo-empty">
              {t('carrierPrefixes.empty')}
            </p>
          ) : (
            <OverridesTable overrides={overrides} onDelete={setDeleting} />
          )}
        </>
      )}
      <Modal
        open={deleting !== null}
        size="sm"
        title={t('carrierPrefixes.confirmTitle', { prefix: deleting?.prefix ?? '' })}
        onClose={() => setDeleting(null)}
        footer={
          <>
            <Button variant="secondary" onClick={() => setDeleting(null)}>
              {t('carrierPrefixes.cancel')}
            </Button>
            <Button variant="danger" onClick={() => void confirmDelete()} data-testid="cpo-confirm-delete">
              {t('carrierPrefixes.remove')}
            </Button>
          </>
        }
      >
        {deleting && <p>{t(`carrierPrefixes.confirmText.${deleting.kind}`, { prefix: deleting.prefix })}</p>}
      </Modal>
    </section>
  );
}
