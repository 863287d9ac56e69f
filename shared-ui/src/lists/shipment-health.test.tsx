import { act, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { HEALTH_LABELS, HEALTH_VALUES } from '@portal/shared-api/domain';
import { initI18n } from '../app/i18n-setup';
import { useShipmentHealthText } from './shipment-health';

function Health({ value }: { value: string | null }) {
  const healthText = useShipmentHealthText();
  return <span data-testid="health">{healthText(value)}</span>;
}

beforeAll(async () => {
  await initI18n(i18next);
});

describe('shipment health texts', () => {
  it("says each health value in the spec's words in English, and in Spanish", async () => {
    await act(() => i18next.changeLanguage('en'));
    const { rerender } = render(<Health value="ontrack" />);
    for (const value of HEALTH_VALUES) {
      rerender(<Health value={value} />);
      expect(screen.getByTestId('health')).toHaveTextContent(HEALTH_LABELS[value]);
    }
    await act(() => i18next.changeLanguage('es'));
    rerender(<Health value="ontrack" />);
    expect(screen.getByTestId('health')).toHaveTextContent('En plazo');
    rerender(<Health value="delayed" />);
    expect(screen.getByTestId('health')).toHaveTextContent('Más tarde de lo previsto');
    rerender(<Health value="alerted" />);
    expect(screen.getByTestId('health')).toHaveTextContent('Requiere atención');
  });

  it('shows a value it does not know as sent, and nothing for none', async () => {
    await act(() => i18next.changeLanguage('en'));
    const { rerender } = render(<Health value="sideways" />);
    expect(screen.getByTestId('health')).toHaveTextContent('sideways');
    rerender(<Health value={null} />);
    expect(screen.getByTestId('health')).toBeEmptyDOMElement();
  });
});
