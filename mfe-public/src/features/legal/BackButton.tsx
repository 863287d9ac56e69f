// Back on the legal pages: one step back in the portal's history, or to / when this page was the first one
// (react-router keeps the index of the entry in history.state.idx).
import { useTranslation } from 'react-i18next';
import { useNavigate } from '@portal/shared-ui/router';
import { Button } from '@portal/shared-ui';
import { NS } from '../../i18n';

export function hasPreviousEntry(state: unknown = globalThis.history?.state): boolean {
  const idx = (state as { idx?: unknown } | null)?.idx;
  return typeof idx === 'number' && idx > 0;
}

export function BackButton() {
  const { t } = useTranslation(NS);
  const navigate = useNavigate();
  return (
    <div className="pub-back">
      <Button
        variant="secondary"
        onClick={() => void (hasPreviousEntry() ? navigate(-1) : navigate('/'))}
        data-testid="legal-back"
      >
        {t('legal.back')}
      </Button>
    </div>
  );
}
