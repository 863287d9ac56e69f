import { act, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { initI18n } from '../app/i18n-setup';
import './i18n';
import { shipmentStatusKey, useShipmentStatusText } from './shipment-status';

function Status({ text }: { text: string }) {
  const statusText = useShipmentStatusText();
  return <span data-testid="status">{statusText(text)}</span>;
}

beforeAll(async () => {
  await initI18n(i18next);
});

describe('shipment status texts', () => {
  it('maps the API texts of spec section 4 to keys, unknown ones to null', () => {
    expect(shipmentStatusKey('delivered; returning container')).toBe(
      'shipmentStatus.delivered_returning_container',
    );
    expect(shipmentStatusKey('In transshipment')).toBe('shipmentStatus.in_transshipment');
    expect(shipmentStatusKey('something new')).toBeNull();
    expect(shipmentStatusKey(null)).toBeNull();
  });

  it('shows the status in the chosen language', async () => {
    await act(() => i18next.changeLanguage('es'));
    render(<Status text="delivered; returning container" />);
    expect(screen.getByTestId('status')).toHaveTextContent('Entregado; devolviendo el contenedor');
    await act(() => i18next.changeLanguage('en'));
    expect(screen.getByTestId('status')).toHaveTextContent('Delivered; returning container');
  });
});
