// What the Export List modal's buttons do: download the file (with the bytes received so far), save the
// template (or save it as a new one), delete it, and send a scheduled one now. Each says how it went.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, errorToNotificationBody } from '@portal/shared-api';
import { DURATIONS, notifyError, notifySuccess } from '@portal/shared-ui';
import { exportApi, type Lang } from './export-api';
import { emptyForm, formOfTemplate, templateBody } from './export-form';
import { EXPORT_NS } from './i18n';
import type { FormPurpose, useExportForm } from './use-export-form';

const NO_COLUMNS_MS = 4000;

export type ExportBusy = 'export' | 'save' | 'send' | null;

interface Options {
  state: ReturnType<typeof useExportForm>;
  listFilters: Record<string, unknown>;
  lang: Lang;
  /** Asks for the templates again after a write. */
  reloadTemplates: () => Promise<unknown>;
}

/** The button at work (null: none), and a way to run a button's work with the modal busy. */
function useBusy() {
  const [busy, setBusy] = useState<ExportBusy>(null);
  const run = async (
    kind: Exclude<ExportBusy, null>,
    work: () => Promise<void>,
    onError: (e: unknown) => void,
  ) => {
    setBusy(kind);
    try {
      await work();
    } catch (error) {
      onError(error);
    } finally {
      setBusy(null);
    }
  };
  return { busy, run };
}

export function useExportActions({ state, listFilters, lang, reloadTemplates }: Options) {
  const { t } = useTranslation(EXPORT_NS);
  const { form, resetTo } = state;
  const { busy, run } = useBusy();
  /** Bytes of the file received so far while it downloads (null before the first bytes). */
  const [received, setReceived] = useState<number | null>(null);
  const fail = (error: unknown) => notifyError(t('errors.title'), errorToNotificationBody(error));
  /** A failed download or save stays as long as a tracking request's errors. */
  const failLong = (error: unknown) =>
    notifyError(t('errors.title'), errorToNotificationBody(error), DURATIONS.trackingRequest);

  const validate = (purpose: FormPurpose): boolean => {
    const found = state.check(purpose);
    if (found.columns) notifyError(t('errors.title'), t('errors.noColumns'), NO_COLUMNS_MS);
    return Object.keys(found).length === 0;
  };

  const doExport = async () => {
    if (!validate('export')) return;
    await run(
      'export',
      async () => {
        setReceived(null);
        await exportApi.download(
          form.filters,
          form.columns,
          form.name.trim() || 'shipments',
          lang,
          setReceived,
        );
        notifySuccess(t('downloaded'));
      },
      failLong,
    );
  };

  const save = async (asNew: boolean) => {
    if (!validate('save')) return;
    await run(
      'save',
      async () => {
        const body = templateBody(form);
        const saved =
          form.templateId && !asNew
            ? await exportApi.update(form.templateId, body)
            : await exportApi.create(body);
        await reloadTemplates();
        resetTo(formOfTemplate(saved));
        notifySuccess(t('notifications.success', { ns: 'common' }));
      },
      (error) => {
        state.setNameErrors(error instanceof ApiError ? error.fieldErrors('name') : []);
        failLong(error);
      },
    );
  };

  const remove = async () => {
    // An unsaved template: deleting only resets the form (spec section 2).
    if (!form.templateId) {
      resetTo(emptyForm(listFilters));
      return;
    }
    if (!window.confirm(t('confirmDelete', { name: form.name }))) return;
    try {
      await exportApi.remove(form.templateId);
      await reloadTemplates();
      resetTo(emptyForm(listFilters));
      notifySuccess(t('notifications.deleted', { ns: 'common' }));
    } catch (error) {
      fail(error);
    }
  };

  const sendNow = async () => {
    const id = form.templateId;
    if (!id) return;
    await run(
      'send',
      async () => {
        await exportApi.sendNow(id);
        notifySuccess(t('sent'));
      },
      fail,
    );
  };

  return { busy, received, doExport, save, remove, sendNow };
}
