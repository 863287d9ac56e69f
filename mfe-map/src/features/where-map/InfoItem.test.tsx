import { act, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { initI18n } from '@portal/shared-ui';
import { MemoryRouter } from '@portal/shared-ui/router';
import '../../i18n';
import type { PointDetail } from '../../lib/map-api';
import { InfoItem } from './InfoItem';

const DETAIL = {
  id: 11,
  container_number: 'MSCU1234565',
  carrier: null,
  status_text: 'in POD terminal',
  pol: { name: 'Valencia', locode: 'ESVLC' },
  pod: null,
  eta: null,
  ata: null,
  health: 'attention',
  vessel: 'MAERSK ESSEN',
  next_port: 'SGSIN',
  free_time: null,
} as unknown as PointDetail;

beforeAll(async () => {
  await initI18n(i18next);
  await act(() => i18next.changeLanguage('en'));
});

const item = (vesselName?: string) =>
  render(
    <MemoryRouter>
      <ul>
        <InfoItem detail={DETAIL} vesselName={vesselName} />
      </ul>
    </MemoryRouter>,
  );

describe('a container of the info window', () => {
  it('links to its shipment and names what it does not know', () => {
    item();
    expect(screen.getByTestId('map-info-detail')).toHaveAttribute('href', '/shipments/11');
    expect(screen.getByTestId('map-info-item')).toHaveAttribute('data-id', '11');
    expect(screen.getByText(/Valencia \(ESVLC\) →/)).toBeInTheDocument();
    expect(screen.queryByTestId('map-info-free-time')).toBeNull();
  });

  it('names its vessel, unless it is the vessel clicked', () => {
    const own = item();
    expect(screen.getByText('MAERSK ESSEN → SGSIN')).toBeInTheDocument();
    own.unmount();
    item('MAERSK ESSEN');
    expect(screen.queryByText('MAERSK ESSEN → SGSIN')).toBeNull();
  });
});
