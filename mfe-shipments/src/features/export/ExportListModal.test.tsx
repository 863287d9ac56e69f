// The Export List modal against the list it was opened from: every filter the list applied is shown and sent
// (carrier, project, status, dates, day ranges, order), the spec's other filters can be set, dates are typed as
// yyyy-MM-dd whatever the browser's language, a server complaint about the name goes once the name changes, and
// deleting says 'Sucessfully deleted'.
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import i18next from 'i18next';
import { ApiError, trackingLookupsApi, type Carrier } from '@portal/shared-api';
import { createQueryClient, QueryProvider } from '@portal/shared-api/queries';
import { initI18n, notifySuccess } from '@portal/shared-ui';
import { testProject } from '@portal/shared-ui/testing';
import '../../i18n';
import { exportApi, type ExportTemplate } from './export-api';
import { ExportListModal } from './ExportListModal';

jest.mock('@portal/shared-ui', () => ({
  ...jest.requireActual('@portal/shared-ui'),
  notifySuccess: jest.fn(),
  notifyError: jest.fn(),
}));

const CARRIERS = [
  { id: 3, short_name: 'Maersk', official_name: 'Maersk A/S' },
  { id: 5, short_name: 'MSC', official_name: 'Mediterranean Shipping Company' },
] as unknown as Carrier[];
const FIELDS = {
  count: 2,
  sections: [
    {
      key: 'identity',
      label: { en: 'Identity', es: 'Identidad' },
      fields: [
        { key: 'id', label: { en: 'Shipment id', es: 'Id del envío' }, type: 'integer' },
        { key: 'container_number', label: { en: 'Container', es: 'Contenedor' }, type: 'string' },
      ],
    },
  ],
};
const SAVED: ExportTemplate = {
  id: 7,
  user: 1,
  name: 'Maersk weekly',
  description: '',
  send_email: 'weekly',
  columns: ['id'],
  filters: { carrier: ['3'] },
  created_at: '2026-11-20T10:00:00Z',
  modified_at: '2026-11-20T10:00:00Z',
};

/** What the list page hands over: its applied query (page included, as the list has it). */
const LIST_QUERY = {
  carrier: '3',
  project: '4',
  status: ['ongoing'],
  health: 'delayed',
  pol_loc: 'ESVLC',
  ata_after: '2026-01-01',
  pod_arrival_before: '2026-03-01',
  dta_min: '-2',
  ordering: '-eta',
  page: 2,
};

let download: jest.SpyInstance;
let create: jest.SpyInstance;

beforeAll(async () => {
  await initI18n(i18next);
  await act(() => i18next.changeLanguage('en'));
});

beforeEach(() => {
  jest.spyOn(trackingLookupsApi, 'carriers').mockResolvedValue(CARRIERS);
  jest.spyOn(trackingLookupsApi, 'projects').mockResolvedValue([testProject(4, 'Reefers')]);
  jest.spyOn(exportApi, 'fields').mockResolvedValue(FIELDS as never);
  jest.spyOn(exportApi, 'templates').mockResolvedValue([SAVED]);
  download = jest.spyOn(exportApi, 'download').mockResolvedValue(undefined);
  create = jest.spyOn(exportApi, 'create').mockResolvedValue(SAVED);
  (notifySuccess as jest.Mock).mockClear();
});
afterEach(() => jest.restoreAllMocks());

async function openModal(listFilters: Record<string, unknown> = LIST_QUERY) {
  render(
    <QueryProvider client={createQueryClient()}>
      <ExportListModal open onClose={() => undefined} listFilters={listFilters} />
    </QueryProvider>,
  );
  // the carriers, the projects and the columns have arrived
  await screen.findByRole('option', { name: 'Maersk' });
  await screen.findByRole('option', { name: 'Reefers' });
  await screen.findByTestId('export-section-identity');
}

const chooseColumn = () => {
  fireEvent.click(within(screen.getByTestId('export-section-identity')).getByText('Shipment id'));
};

describe('Export List modal and the list it was opened from', () => {
  it('shows every filter the list applied, the carrier and the status included', async () => {
    await openModal();
    expect(screen.getByLabelText('Carrier')).toHaveValue('3');
    expect(screen.getByLabelText('Project')).toHaveValue('4');
    expect(screen.getByRole('button', { name: 'On going' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Later than expected' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(screen.getByTestId('export-pol_loc')).toHaveValue('ESVLC');
    expect(screen.getByTestId('export-ata_after')).toHaveValue('2026-01-01');
    expect(screen.getByTestId('export-pod_arrival_before')).toHaveValue('2026-03-01');
    expect(screen.getByTestId('export-dta_min')).toHaveValue('-2');
    expect(screen.getByTestId('export-dates')).toHaveAttribute('open');
    expect(screen.getByTestId('export-other-filters')).toHaveTextContent('Order: -eta');
  });

  it('exports with exactly the list’s filters (and saves them in a template)', async () => {
    await openModal();
    chooseColumn();
    fireEvent.click(screen.getByTestId('export-submit'));
    await waitFor(() => expect(download).toHaveBeenCalledTimes(1));
    const expected = {
      carrier: ['3'],
      project: ['4'],
      status: ['ongoing'],
      health: ['delayed'],
      pol_loc: 'ESVLC',
      ata_after: '2026-01-01',
      pod_arrival_before: '2026-03-01',
      dta_min: '-2',
      ordering: ['-eta'],
    };
    expect(download.mock.calls[0][0]).toEqual(expected);
    expect(download.mock.calls[0][1]).toEqual(['id']);

    fireEvent.change(screen.getByTestId('export-name'), { target: { value: 'Maersk weekly' } });
    fireEvent.click(screen.getByTestId('export-save-new'));
    await waitFor(() => expect(create).toHaveBeenCalledTimes(1));
    expect(create.mock.calls[0][0].filters).toEqual(expected);
  });

  it('sets the spec’s other filters: a carrier, relative days, dta, order_dta; a filter can be removed', async () => {
    await openModal({});
    chooseColumn();
    fireEvent.change(screen.getByLabelText('Carrier'), { target: { value: '5' } });
    fireEvent.click(screen.getByText('Day ranges'));
    fireEvent.change(screen.getByTestId('export-dta'), { target: { value: '3' } });
    fireEvent.click(screen.getByLabelText('Sort by days to arrival first'));
    fireEvent.change(screen.getByTestId('export-etd_rel_min'), { target: { value: '-7' } });
    fireEvent.change(screen.getByTestId('export-atd_before'), { target: { value: '2026-02-01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Archived' }));
    fireEvent.click(screen.getByTestId('export-submit'));
    await waitFor(() => expect(download).toHaveBeenCalledTimes(1));
    expect(download.mock.calls[0][0]).toEqual({
      carrier: ['5'],
      dta: '3',
      order_dta: 'true',
      etd_rel_min: '-7',
      atd_before: '2026-02-01',
      status: ['archived'],
    });
  });

  it('removes an applied filter that has no field of its own', async () => {
    await openModal({ ordering: '-eta', carrier: '3' });
    chooseColumn();
    fireEvent.click(screen.getByRole('button', { name: 'Remove: Order: -eta' }));
    fireEvent.click(screen.getByTestId('export-submit'));
    await waitFor(() => expect(download).toHaveBeenCalledTimes(1));
    expect(download.mock.calls[0][0]).toEqual({ carrier: ['3'] });
  });

  it('takes dates as yyyy-MM-dd text whatever the browser’s language, and refuses others', async () => {
    await openModal({});
    chooseColumn();
    const eta = screen.getByTestId('export-eta_after');
    expect(eta).toHaveAttribute('type', 'text');
    expect(eta).toHaveAttribute('placeholder', 'YYYY-MM-DD');
    fireEvent.change(eta, { target: { value: '02/01/2026' } });
    fireEvent.change(screen.getByTestId('export-eta_rel_max'), { target: { value: '2.5' } });
    fireEvent.click(screen.getByTestId('export-submit'));
    expect(await screen.findByText('Invalid date')).toBeInTheDocument();
    expect(screen.getByText('Numbers only (a minus sign is allowed).')).toBeInTheDocument();
    expect(screen.getByTestId('export-eta_rel_max')).toHaveValue('2.5');
    expect(download).not.toHaveBeenCalled();
  });

  it('shows the server’s complaint about the name until the name changes', async () => {
    create.mockRejectedValue(new ApiError(400, { name: ['A template with this name already exists.'] }));
    await openModal({});
    chooseColumn();
    fireEvent.change(screen.getByTestId('export-name'), { target: { value: 'Maersk weekly' } });
    fireEvent.click(screen.getByTestId('export-save-new'));
    expect(await screen.findByText('A template with this name already exists.')).toBeInTheDocument();
    fireEvent.change(screen.getByTestId('export-name'), { target: { value: 'Maersk weekly 2' } });
    expect(screen.queryByText('A template with this name already exists.')).not.toBeInTheDocument();
  });

  it('says Sucessfully deleted after deleting a template', async () => {
    jest.spyOn(window, 'confirm').mockReturnValue(true);
    const remove = jest.spyOn(exportApi, 'remove').mockResolvedValue(null);
    await openModal({});
    fireEvent.change(screen.getByLabelText('Templates'), { target: { value: '7' } });
    fireEvent.click(screen.getByTestId('export-delete'));
    await waitFor(() => expect(remove).toHaveBeenCalledWith(7));
    await waitFor(() => expect(notifySuccess).toHaveBeenCalledWith('Sucessfully deleted'));
  });

  it.each([
    ['en', 'Send now', 'Sent'],
    ['es', 'Enviar ahora', 'Enviado'],
  ])('(%s) "%s" mails a saved template at once and says "%s"', async (lang, label, notice) => {
    await act(() => i18next.changeLanguage(lang));
    const sendNow = jest.spyOn(exportApi, 'sendNow').mockResolvedValue({ status: 'sent' });
    try {
      await openModal({});
      const button = screen.getByTestId('export-send-now');
      expect(button).toHaveTextContent(label);
      // only a saved template can be sent
      expect(button).toBeDisabled();
      fireEvent.change(
        screen.getByTestId('export-name').closest('.shp-export-meta')!.querySelector('select')!,
        {
          target: { value: '7' },
        },
      );
      expect(button).toBeEnabled();
      fireEvent.click(button);
      await waitFor(() => expect(sendNow).toHaveBeenCalledWith(7));
      await waitFor(() => expect(notifySuccess).toHaveBeenCalledWith(notice));
    } finally {
      await act(() => i18next.changeLanguage('en'));
    }
  });
});
