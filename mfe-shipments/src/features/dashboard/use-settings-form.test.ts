import { act, renderHook } from '@testing-library/react';
import { sessionStore, type User } from '@portal/shared-api';
import { useSettingsForm } from './use-settings-form';

const user = {
  id: 1,
  username: 'demo',
  userprofile: { id: 1, role: 1, days_of_delay: 3, days_in_advance: -2, attention_required_event_codes: [7] },
} as unknown as User;

beforeAll(() => sessionStore.getState().setUser(user));

describe('useSettingsForm', () => {
  it('fills the values from the profile in the update that opens it', () => {
    const { result } = renderHook(() => useSettingsForm('delayed'));
    act(() => result.current.openChange(true));
    expect(result.current.open).toBe(true);
    expect(result.current.delay.value).toBe('3');
    expect(result.current.advance.value).toBe('-2');
    expect(result.current.codes.chosen).toEqual([7]);
    expect(result.current.patch()).toEqual({ days_of_delay: 3, days_in_advance: -2 });
  });

  it('keeps what is typed until the popover opens again', () => {
    const { result } = renderHook(() => useSettingsForm('delayed'));
    act(() => result.current.openChange(true));
    act(() => result.current.delay.set('9'));
    act(() => result.current.openChange(false));
    expect(result.current.delay.value).toBe('9');
    act(() => result.current.openChange(true));
    expect(result.current.delay.value).toBe('3');
  });

  it('is invalid on the out-of-date tab while a day count is missing or half typed', () => {
    const { result } = renderHook(() => useSettingsForm('delayed'));
    act(() => result.current.openChange(true));
    act(() => result.current.delay.set(''));
    expect(result.current.invalid).toBe(true);
    act(() => result.current.delay.set('2'));
    act(() => result.current.advance.setTyped(false));
    expect(result.current.invalid).toBe(true);
    act(() => result.current.advance.setTyped(true));
    act(() => result.current.advance.set('5'));
    expect(result.current.invalid).toBe(false);
    expect(result.current.patch()).toEqual({ days_of_delay: 2, days_in_advance: -5 });
  });

  it('saves the chosen event codes on the attention-required tab', () => {
    const { result } = renderHook(() => useSettingsForm('alerted'));
    act(() => result.current.openChange(true));
    act(() => result.current.codes.toggle(9, true));
    act(() => result.current.codes.toggle(7, false));
    expect(result.current.invalid).toBe(false);
    expect(result.current.patch()).toEqual({ attention_required_event_codes: [9] });
  });
});
