// The user's calendar feeds: create one (all the company's shipments, one project, or a saved filter when the
// user has some), copy its address (shown once: only a fingerprint of its secret is kept), list and revoke,
// with how to subscribe from Outlook and Google Calendar.
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { referenceQueries, useQuery, useQueryClient } from '@portal/shared-api/queries';
import { Button, Modal, Select, TextInput, formatTimestamp, notifySuccess } from '@portal/shared-ui';
import { NS } from '../../i18n';
import { notifyFailure, useFailureNotice } from '../../lib/notices';
import { useSave } from '../../lib/use-save';
import { calendarApi, type CalendarFeed, type CalendarFeedLang, type CalendarFeedScope } from './api';
import { ensureCalendarStyles } from './styles';

const FEEDS_KEY = ['config', 'calendar-feeds'] as const;
const SAVED_FILTERS_KEY = ['config', 'calendar-saved-filters'] as const;
const LANGS: readonly CalendarFeedLang[] = ['es', 'en'];

export function CalendarFeedsCard() {
  ensureCalendarStyles();
  const { t, i18n } = useTranslation(NS);
  const client = useQueryClient();
  const feedsQuery = useQuery({ queryKey: FEEDS_KEY, queryFn: calendarApi.feeds });
  useFailureNotice(feedsQuery.error);
  const projects = useQuery(referenceQueries.projects()).data ?? [];
  // saved filters are optional: without any (or without access to them) the choice is not offered
  const savedFilters =
    useQuery({ queryKey: SAVED_FILTERS_KEY, queryFn: calendarApi.savedFilters, retry: false }).data ?? [];

  const [name, setName] = useState('');
  const [scope, setScope] = useState<CalendarFeedScope>('all');
  const [project, setProject] = useState('');
  const [template, setTemplate] = useState('');
  const [lang, setLang] = useState<CalendarFeedLang | ''>('');
  const { busy, errors, run } = useSave();
  const [created, setCreated] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);
  const [revoking, setRevoking] = useState<CalendarFeed | null>(null);

  const feedLang: CalendarFeedLang = lang || (i18n.language?.startsWith('en') ? 'en' : 'es');
  const scopes: CalendarFeedScope[] =
    savedFilters.length > 0 ? ['all', 'project', 'template'] : ['all', 'project'];
  const reload = () => client.invalidateQueries({ queryKey: FEEDS_KEY });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      const feed = await calendarApi.create({
        name,
        scope,
        lang: feedLang,
        ...(scope === 'project' ? { project: project ? Number(project) : null } : {}),
        ...(scope === 'template' ? { template: template ? Number(template) : null } : {}),
      });
      setCreated(feed.url);
      setCopied(false);
      setName('');
      await reload();
    });
  };

  const copy = async () => {
    if (!created) return;
    try {
      await navigator.clipboard.writeText(created);
      setCopied(true);
    } catch {
      // no clipboard (an insecure page, a refused permission): the address stays selectable in its field
      setCopied(false);
    }
  };

  const revoke = async () => {
    if (!revoking) return;
    try {
      await calendarApi.revoke(revoking.id);
      notifySuccess(t('calendar.revokedNotice'));
      setRevoking(null);
      await reload();
    } catch (error) {
      notifyFailure(error);
    }
  };

  const scopeText = (f: CalendarFeed) =>
    f.scope === 'project'
      ? `${t('calendar.project')}: ${f.project_name ?? ''}`
      : f.scope === 'template'
        ? `${t('calendar.template')}: ${f.template_name ?? ''}`
        : t('calendar.scopes.all');
  const feeds = feedsQuery.data ?? (feedsQuery.error ? [] : null);

  return (
    <section className="cfg-card" aria-labelledby="cal-title" data-testid="cal-feeds">
      <h2 id="cal-title">{t('calendar.title')}</h2>
      <p className="cfg-muted">{t('calendar.intro')}</p>
      <form className="cal-form" onSubmit={submit} noValidate>
        <TextInput
          label={t('calendar.name')}
          placeholder={t('calendar.namePlaceholder')}
          value={name}
          maxLength={100}
          onChange={(e) => setName(e.target.value)}
          error={errors.name}
          data-testid="cal-name"
        />
        <Select
          id="cal-scope"
          label={t('calendar.scope')}
          value={scope}
          options={scopes.map((s) => ({ value: s, label: t(`calendar.scopes.${s}`) }))}
          onChange={(v) => setScope(v as CalendarFeedScope)}
          error={errors.scope}
        />
        {scope === 'template' ? (
          <Select
            id="cal-template"
            label={t('calendar.template')}
            value={template}
            placeholder={t('calendar.choose')}
            options={savedFilters.map((f) => ({ value: String(f.id), label: f.name }))}
            onChange={setTemplate}
            error={errors.template}
          />
        ) : (
          <Select
            id="cal-project"
            label={t('calendar.project')}
            value={scope === 'project' ? project : ''}
            placeholder={scope === 'project' ? t('calendar.choose') : '—'}
            disabled={scope !== 'project'}
            options={projects.map((p) => ({ value: String(p.id), label: p.name }))}
            onChange={setProject}
            error={errors.project}
          />
        )}
        <Select
          id="cal-lang"
          label={t('calendar.lang')}
          value={feedLang}
          options={LANGS.map((l) => ({ value: l, label: t(`calendar.langs.${l}`) }))}
          onChange={(v) => setLang(v as CalendarFeedLang)}
          error={errors.lang}
        />
        <Button type="submit" busy={busy} data-testid="cal-create">
          {t('calendar.create')}
        </Button>
      </form>
      {errors.non_field_errors && <p className="cfg-error">{errors.non_field_errors.join(' ')}</p>}
      {created && (
        <div className="cal-created" role="status" data-testid="cal-created">
          <strong>{t('calendar.createdTitle')}</strong>
          <span className="cfg-muted cal-created__text">{t('calendar.createdText')}</span>
          <input
            readOnly
            value={created}
            aria-label={t('calendar.url')}
            onFocus={(e) => e.target.select()}
            data-testid="cal-url"
          />
          <Button variant="secondary" size="sm" onClick={() => void copy()} data-testid="cal-copy">
            {copied ? t('calendar.copied') : t('calendar.copy')}
          </Button>
          <Button variant="link" size="sm" onClick={() => setCreated(null)}>
            {t('calendar.done')}
          </Button>
        </div>
      )}
      <h3>{t('calendar.listTitle')}</h3>
      {feeds && feeds.length === 0 && <p className="cfg-muted">{t('calendar.empty')}</p>}
      {feeds && feeds.length > 0 && (
        <ul className="cal-list" data-testid="cal-list">
          {feeds.map((f) => (
            <li
              key={f.id}
              className={`cal-feed${f.revoked_at ? ' cal-feed--revoked' : ''}`}
              data-testid={`cal-feed-${f.id}`}
              data-status={f.status}
            >
              <div className="cal-feed__main">
                <strong>{f.name}</strong>
                <span className="cal-feed__meta">
                  {scopeText(f)} · {t(`calendar.langs.${f.lang}`)}
                </span>
                <span className="cal-feed__meta">
                  {t('calendar.created', { date: formatTimestamp(f.created_at) })} ·{' '}
                  {f.revoked_at
                    ? t('calendar.revokedOn', { date: formatTimestamp(f.revoked_at) })
                    : f.last_used_at
                      ? t('calendar.lastUsed', { date: formatTimestamp(f.last_used_at) })
                      : t('calendar.neverUsed')}
                </span>
              </div>
              {!f.revoked_at && (
                <Button
                  variant="secondary"
                  size="sm"
                  onClick={() => setRevoking(f)}
                  data-testid={`cal-revoke-${f.id}`}
                >
                  {t('calendar.revoke')}
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      <details className="cal-help" data-testid="cal-help">
        <summary>{t('calendar.helpTitle')}</summary>
        <p>{t('calendar.helpOutlook')}</p>
        <p>{t('calendar.helpGoogle')}</p>
        <p className="cfg-muted">{t('calendar.helpNote')}</p>
      </details>
      <Modal
        open={revoking !== null}
        title={t('calendar.revokeTitle')}
        onClose={() => setRevoking(null)}
        size="sm"
        footer={
          <>
            <Button variant="secondary" onClick={() => setRevoking(null)}>
              {t('calendar.cancel')}
            </Button>
            <Button variant="danger" onClick={() => void revoke()} data-testid="cal-revoke-confirm">
              {t('calendar.revoke')}
            </Button>
          </>
        }
      >
        <p>{t('calendar.revokeText', { name: revoking?.name ?? '' })}</p>
      </Modal>
    </section>
  );
}
