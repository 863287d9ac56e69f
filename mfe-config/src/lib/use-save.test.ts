// The save every form of the config pages goes through: the spec's notices and the server's field messages.
import { act, renderHook } from '@testing-library/react';
import i18next from 'i18next';
import { ApiError } from '@portal/shared-api';
import { initI18n, useNotifications } from '@portal/shared-ui';
import { useSave } from './use-save';

const refusal = () => new ApiError(400, { name: ['This field may not be blank.'] });
const kinds = () => useNotifications.getState().items.map((n) => n.kind);

beforeAll(async () => {
  await initI18n(i18next);
});
beforeEach(() => useNotifications.getState().clear());

describe('useSave', () => {
  it('is busy while the write runs and says it was saved', async () => {
    const { result } = renderHook(() => useSave());
    let finish!: () => void;
    const write = new Promise<void>((resolve) => {
      finish = resolve;
    });
    let saved!: Promise<boolean>;
    act(() => {
      saved = result.current.run(() => write);
    });
    expect(result.current.busy).toBe(true);
    await act(async () => {
      finish();
      await saved;
    });
    await expect(saved).resolves.toBe(true);
    expect(result.current.busy).toBe(false);
    expect(kinds()).toEqual(['success']);
  });

  it('shows a refusal under its fields and in a notice', async () => {
    const { result } = renderHook(() => useSave());
    await act(async () => {
      await expect(result.current.run(() => Promise.reject(refusal()))).resolves.toBe(false);
    });
    expect(result.current.errors).toEqual({ name: ['This field may not be blank.'] });
    expect(kinds()).toEqual(['error']);
  });

  it('with localize, shows field messages under the fields only, in the user language', async () => {
    const { result } = renderHook(() =>
      useSave({ localize: (errors) => ({ name: errors.name.map((m) => `«${m}»`) }) }),
    );
    await act(async () => {
      await result.current.run(() => Promise.reject(refusal()));
    });
    expect(result.current.errors).toEqual({ name: ['«This field may not be blank.»'] });
    expect(kinds()).toEqual([]);
    await act(async () => {
      await result.current.run(() => Promise.reject(new ApiError(500, {})));
    });
    expect(result.current.errors).toEqual({});
    expect(kinds()).toEqual(['error']);
  });
});
