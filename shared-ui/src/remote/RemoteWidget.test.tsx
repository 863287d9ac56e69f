import { act, fireEvent, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { initI18n } from '../app/i18n-setup';
import { RemoteWidget } from './RemoteWidget';
import { setRemoteLoader } from './remote-loader';

function Hello({ name }: { name: string }) {
  return <p>Hello {name}</p>;
}

beforeAll(async () => {
  await initI18n(i18next);
  await i18next.changeLanguage('en');
});
afterEach(() => setRemoteLoader(null));

it('renders the loaded widget with its props', async () => {
  setRemoteLoader({ load: () => Promise.resolve({ default: Hello }) });
  render(<RemoteWidget id="mfe_x/Hello" props={{ name: 'map' }} area="Map" />);
  expect(await screen.findByText('Hello map')).toBeInTheDocument();
});

it('shows a fallback when the remote cannot load, and Retry loads again', async () => {
  let fail = true;
  const reset = jest.fn();
  setRemoteLoader({
    load: () => (fail ? Promise.reject(new Error('down')) : Promise.resolve({ default: Hello })),
    reset,
  });
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  render(<RemoteWidget id="mfe_x/Hello" props={{ name: 'again' }} area="Route map" />);
  expect(await screen.findByTestId('remote-widget-fallback')).toHaveTextContent('Route map');
  fail = false;
  act(() => {
    fireEvent.click(screen.getByTestId('remote-widget-retry'));
  });
  expect(reset).toHaveBeenCalledWith('mfe_x');
  expect(await screen.findByText('Hello again')).toBeInTheDocument();
});

it('shows the fallback when no loader is registered', async () => {
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  render(<RemoteWidget id="mfe_x/Hello" props={{ name: 'x' }} area="Map" />);
  expect(await screen.findByTestId('remote-widget-fallback')).toBeInTheDocument();
});
