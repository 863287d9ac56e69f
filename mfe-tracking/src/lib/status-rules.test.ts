import { isEditable, isInlineEditable, offeredActions } from './status-rules';

const flags = (status: string, archivable = true, cancellable = true) => ({
  status,
  archivable,
  cancellable,
});
const offered = (status: string, place: 'list' | 'detail') => {
  const a = offeredActions(flags(status), place);
  return [a.retry.offered && 'retry', a.archive.offered && 'archive', a.cancel.offered && 'cancel'].filter(
    Boolean,
  );
};

describe('Retry, Archive and Cancel (spec section 4)', () => {
  it('offers Retry only for invalid requests', () => {
    expect(offered('invalid', 'list')).toEqual(['retry']);
    expect(offered('invalid', 'detail')).toEqual(['retry']);
  });

  it('offers Archive and Cancel for ongoing ones; new ones only on the detail page', () => {
    expect(offered('ongoing', 'list')).toEqual(['archive', 'cancel']);
    expect(offered('ongoing', 'detail')).toEqual(['archive', 'cancel']);
    expect(offered('new', 'list')).toEqual([]);
    expect(offered('new', 'detail')).toEqual(['archive', 'cancel']);
  });

  it('offers nothing for finished or pending requests', () => {
    for (const status of ['archived', 'cancelled', 'pending_archiving', 'pending_cancelling']) {
      expect(offered(status, 'list')).toEqual([]);
      expect(offered(status, 'detail')).toEqual([]);
    }
  });

  it('enables each only when its flag is true', () => {
    const a = offeredActions(flags('ongoing', false, true), 'list');
    expect(a.archive).toEqual({ offered: true, enabled: false });
    expect(a.cancel).toEqual({ offered: true, enabled: true });
    const b = offeredActions(flags('ongoing', true, false), 'detail');
    expect(b.archive.enabled).toBe(true);
    expect(b.cancel.enabled).toBe(false);
  });

  it('lets the detail page be changed only while the status is new', () => {
    expect(isEditable('new')).toBe(true);
    for (const status of ['invalid', 'ongoing', 'archived', 'cancelled'])
      expect(isEditable(status)).toBe(false);
  });

  it('offers the list inline client code / project only where the API takes the change', () => {
    for (const status of ['invalid', 'new', 'ongoing']) expect(isInlineEditable(status)).toBe(true);
    for (const status of ['cancelled', 'archived', 'pending_archiving', 'pending_cancelling'])
      expect(isInlineEditable(status)).toBe(false);
  });
});
