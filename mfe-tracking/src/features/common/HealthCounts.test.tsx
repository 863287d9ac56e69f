// The request detail says the health counts in words ('1 On track'), the list shows dots with hidden words.
import { render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createTestI18n } from '@portal/shared-ui/testing';
import { NS, resources } from '../../i18n';
import { HealthCounts } from './HealthCounts';

function renderIn(lng: 'en' | 'es', withLabels: boolean) {
  const i18n = createTestI18n(lng);
  for (const l of ['en', 'es'] as const) i18n.addResourceBundle(l, NS, resources[l]);
  return render(
    <I18nextProvider i18n={i18n}>
      <HealthCounts counts={{ ontrack: 1, delayed: 0, alerted: 2 }} withLabels={withLabels} />
    </I18nextProvider>,
  );
}

describe('HealthCounts', () => {
  it.each([
    ['en', '1 On track', '2 '],
    ['es', '1 En plazo', '2 '],
  ] as const)('says each count in words on the detail (%s)', (lng, ontrack, alerted) => {
    const { container } = renderIn(lng, true);
    const labels = [...container.querySelectorAll('.trk-health__label')];
    expect(labels).toHaveLength(2);
    expect(container.querySelector('.trk-health--ontrack')).toHaveTextContent(ontrack);
    expect(container.querySelector('.trk-health--alerted')).toHaveTextContent(new RegExp(`^${alerted}\\S`));
    expect(screen.queryByText(/^ontrack$|^alerted$/)).toBeNull();
  });

  it('keeps the words for screen readers only in the list (dots)', () => {
    const { container } = renderIn('en', false);
    expect(container.querySelector('.trk-health__label')).toBeNull();
    expect(container.querySelector('.trk-health--ontrack .pui-visually-hidden')).toHaveTextContent(
      'On track',
    );
  });
});
