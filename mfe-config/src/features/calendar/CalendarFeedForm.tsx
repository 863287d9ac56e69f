// The create form of a calendar feed (name, scope, its project or saved filter, language) and the new feed's
// address, shown once to copy.
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Select, TextInput } from '@portal/shared-ui';
import { NS } from '../../i18n';
import { useClipboard } from '../../lib/use-clipboard';
import { useSave } from '../../lib/use-save';
import { calendarApi, type CalendarFeedLang, type CalendarFeedScope } from './api';
import { feedCreateBody, feedLangOf, scopesFor } from './calendar-rules';
import { useFeedTargets, useReloadFeeds } from './use-calendar-feeds';

const LANGS: readonly CalendarFeedLang[] = ['es', 'en'];

export function CalendarFeedForm() {
  const { t, i18n } = useTranslation(NS);
  const reload = useReloadFeeds();
  const [name, setName] = useState('');
  const [scope, setScope] = useState<CalendarFeedScope>('all');
  const [project, setProject] = useState('');
  const [template, setTemplate] = useState('');
  const [lang, setLang] = useState<CalendarFeedLang | ''>('');
  const { busy, errors, run } = useSave();
  const [created, setCreated] = useState<string | null>(null);
  const clipboard = useClipboard();
  const { savedFilters } = useFeedTargets();
  const feedLang = feedLangOf(lang, i18n.language);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      const feed = await calendarApi.create(feedCreateBody(name, scope, feedLang, project, template));
      setCreated(feed.url);
      clipboard.reset();
      setName('');
      await reload();
    });
  };

  return (
    <>
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
          options={scopesFor(savedFilters.length).map((s) => ({
            value: s,
            label: t(`calendar.scopes.${s}`),
          }))}
          onChange={(v) => setScope(v as CalendarFeedScope)}
          error={errors.scope}
        />
        <ScopeTargetSelect
          scope={scope}
          project={project}
          setProject={setProject}
          template={template}
          setTemplate={setTemplate}
          errors={errors}
        />
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
        <CreatedFeed
          url={created}
          copied={clipboard.copied}
          onCopy={() => void clipboard.copy(created)}
          onDone={() => setCreated(null)}
        />
      )}
    </>
  );
}

/** The saved filter to follow, or the project (disabled unless the scope is a project). */
function ScopeTargetSelect({
  scope,
  project,
  setProject,
  template,
  setTemplate,
  errors,
}: {
  scope: CalendarFeedScope;
  project: string;
  setProject: (v: string) => void;
  template: string;
  setTemplate: (v: string) => void;
  errors: Record<string, string[]>;
}) {
  const { t } = useTranslation(NS);
  const { projects, savedFilters } = useFeedTargets();
  if (scope === 'template')
    return (
      <Select
        id="cal-template"
        label={t('calendar.template')}
        value={template}
        placeholder={t('calendar.choose')}
        options={savedFilters.map((f) => ({ value: String(f.id), label: f.name }))}
        onChange={setTemplate}
        error={errors.template}
      />
    );
  return (
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
  );
}

function CreatedFeed({
  url,
  copied,
  onCopy,
  onDone,
}: {
  url: string;
  copied: boolean;
  onCopy: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation(NS);
  // without a clipboard (an insecure page, a refused permission) the address stays selectable in its field
  return (
    <div className="cal-created" role="status" data-testid="cal-created">
      <strong>{t('calendar.createdTitle')}</strong>
      <span className="cfg-muted cal-created__text">{t('calendar.createdText')}</span>
      <input
        readOnly
        value={url}
        aria-label={t('calendar.url')}
        onFocus={(e) => e.target.select()}
        data-testid="cal-url"
      />
      <Button variant="secondary" size="sm" onClick={onCopy} data-testid="cal-copy">
        {copied ? t('calendar.copied') : t('calendar.copy')}
      </Button>
      <Button variant="link" size="sm" onClick={onDone}>
        {t('calendar.done')}
      </Button>
    </div>
  );
}
