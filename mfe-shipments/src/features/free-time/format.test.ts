import { daysLeftText, formatMoney, freeTimeTone } from './format';

describe('free-time formats', () => {
  test('the tone: over in red, near the last free day in amber, a stopped clock muted even when it ended over', () => {
    expect(freeTimeTone('over', -2)).toBe('danger');
    expect(freeTimeTone('running', 2)).toBe('warning');
    expect(freeTimeTone('running', 9)).toBe('ok');
    expect(freeTimeTone('closed', -3)).toBe('muted');
    expect(freeTimeTone('not_started', 5)).toBe('muted');
  });

  test('money in the language of the page; nothing without a currency', () => {
    expect(formatMoney(1230, 'EUR', 'es')).toBe('1230,00\u00a0€');
    expect(formatMoney(1230, 'EUR', 'en')).toBe('€1,230.00');
    expect(formatMoney(5, null, 'en')).toBe('');
  });

  test('days left in words', () => {
    const t = ((key: string, o?: { count?: number }) => `${key}:${o?.count ?? ''}`) as never;
    expect(daysLeftText(t, -2)).toBe('daysOver:2');
    expect(daysLeftText(t, 0)).toBe('lastDay:');
    expect(daysLeftText(t, 3)).toBe('daysLeft:3');
  });
});
