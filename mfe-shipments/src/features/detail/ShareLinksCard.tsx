// The detail's "Share tracking link" card (users with write permission): create a link for the customer with an
// expiry, copy it (its address is shown once: the API keeps only a fingerprint of the token), list the
// shipment's links and revoke one (it stops working at once).
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { canWrite, errorToNotificationBody, useSession } from '@portal/shared-api';
import { useMutation, useQuery, useQueryClient } from '@portal/shared-api/queries';
import { Button, formatTimestamp, notifyError, notifySuccess, Select } from '@portal/shared-ui';
import { SHARE_NS } from '../shared-tracking/i18n';
import { DEFAULT_EXPIRY, EXPIRY_CHOICES, shareLinksApi, type ShareLink } from '../shared-tracking/api';
import { ensureShareStyles } from '../shared-tracking/styles';

const linksKey = (shipment: number) => ['shipments', 'share-links', shipment] as const;

/** The page a customer opens: the portal's own address (the shell serves /t/<token>). */
const shareUrl = (token: string, origin = globalThis.location?.origin ?? '') => `${origin}/t/${token}`;

export function ShareLinksCard({ shipmentId }: { shipmentId: number }) {
  const writable = canWrite(useSession((s) => s.user));
  if (!writable) return null;
  return <ShareLinksPanel shipmentId={shipmentId} />;
}

function ShareLinksPanel({ shipmentId }: { shipmentId: number }) {
  ensureShareStyles();
  const { t } = useTranslation(SHARE_NS);
  const { t: tc } = useTranslation('common');
  const client = useQueryClient();
  const [days, setDays] = useState(String(DEFAULT_EXPIRY));
  const [created, setCreated] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<number | null>(null);
  const { data: links, error } = useQuery({
    queryKey: linksKey(shipmentId),
    queryFn: ({ signal }) => shareLinksApi.list(shipmentId, signal),
  });
  const refresh = () => client.invalidateQueries({ queryKey: linksKey(shipmentId) });
  const fail = (e: unknown) => notifyError(tc('errors.title'), errorToNotificationBody(e));

  const create = useMutation({
    mutationFn: () => shareLinksApi.create(shipmentId, Number(days)),
    onSuccess: (link) => {
      setCreated(shareUrl(link.token));
      void refresh();
    },
    onError: fail,
  });
  const revoke = useMutation({
    mutationFn: (id: number) => shareLinksApi.revoke(id),
    onSuccess: () => {
      setConfirming(null);
      notifySuccess(t('card.revoked'));
      void refresh();
    },
    onError: fail,
  });

  return (
    <section className="shp-panel shs-card" aria-labelledby="shs-card-title" data-testid="share-links-card">
      <h2 id="shs-card-title">{t('card.title')}</h2>
      <p className="shs-intro">{t('card.intro')}</p>
      <div className="shs-create">
        <Select
          label={t('card.expiry')}
          value={days}
          onChange={setDays}
          options={EXPIRY_CHOICES.map((n) => ({ value: String(n), label: t('card.days', { count: n }) }))}
          name="share-expiry"
        />
        <Button onClick={() => create.mutate()} busy={create.isPending} data-testid="share-create">
          {create.isPending ? t('card.creating') : t('card.create')}
        </Button>
      </div>
      {created && <CreatedLink url={created} />}
      <h3>{t('card.links')}</h3>
      {error ? (
        <p className="shp-muted">{t('card.loadError')}</p>
      ) : links && links.length === 0 ? (
        <p className="shp-muted" data-testid="share-none">
          {t('card.none')}
        </p>
      ) : (
        <ul className="shs-links" data-testid="share-links">
          {(links ?? []).map((link: ShareLink) => (
            <LinkRow
              key={link.id}
              link={link}
              confirming={confirming === link.id}
              busy={revoke.isPending}
              onAsk={() => setConfirming(link.id)}
              onCancel={() => setConfirming(null)}
              onRevoke={() => revoke.mutate(link.id)}
            />
          ))}
        </ul>
      )}
    </section>
  );
}

interface LinkRowProps {
  link: ShareLink;
  confirming: boolean;
  busy: boolean;
  onAsk: () => void;
  onCancel: () => void;
  onRevoke: () => void;
}

/** One link: its status, dates and creator, and Revoke (asked to confirm) while it is active. */
function LinkRow({ link, confirming, busy, onAsk, onCancel, onRevoke }: LinkRowProps) {
  const { t } = useTranslation(SHARE_NS);
  const { t: tc } = useTranslation('common');
  return (
    <li className={`shs-link shs-link--${link.status}`} data-testid="share-link-row">
      <span className={`shs-badge shs-badge--${link.status}`} data-testid="share-link-status">
        {t(`card.status.${link.status}`)}
      </span>
      <dl>
        <div>
          <dt>{t('card.createdAt')}</dt>
          <dd>{formatTimestamp(link.created_at)}</dd>
        </div>
        <div>
          <dt>{t('card.createdBy')}</dt>
          <dd>{link.created_by ?? '—'}</dd>
        </div>
        <div>
          <dt>{t('card.expiresAt')}</dt>
          <dd>{formatTimestamp(link.expires_at)}</dd>
        </div>
        <div>
          <dt>{t('card.lastUsed')}</dt>
          <dd>{link.last_used_at ? formatTimestamp(link.last_used_at) : t('card.never')}</dd>
        </div>
      </dl>
      {link.status === 'active' &&
        (confirming ? (
          <span className="shs-confirm">
            <span>{t('card.revokeConfirm')}</span>
            <Button
              variant="danger"
              size="sm"
              busy={busy}
              onClick={onRevoke}
              data-testid="share-revoke-confirm"
            >
              {t('card.revoke')}
            </Button>
            <Button variant="secondary" size="sm" onClick={onCancel}>
              {tc('actions.cancel')}
            </Button>
          </span>
        ) : (
          <Button variant="secondary" size="sm" onClick={onAsk} data-testid="share-revoke">
            {t('card.revoke')}
          </Button>
        ))}
    </li>
  );
}

/** The new link's address, shown once, with Copy (the clipboard, else the user copies it from the field). */
function CreatedLink({ url }: { url: string }) {
  const { t } = useTranslation(SHARE_NS);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      notifySuccess(t('card.copied'));
    } catch {
      notifyError(t('card.copyFailed'));
    }
  };
  return (
    <div className="shs-created" role="status" data-testid="share-created">
      <p>{t('card.created')}</p>
      <div className="shs-copy">
        <input
          readOnly
          value={url}
          aria-label={t('card.title')}
          onFocus={(e) => e.currentTarget.select()}
          data-testid="share-url"
        />
        <Button variant="secondary" onClick={() => void copy()} data-testid="share-copy">
          {t('card.copy')}
        </Button>
      </div>
    </div>
  );
}
