// Chooses a user of the caller's company (the only users GET users answers) to add to a list.
import { useId, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import type { UserSummary } from '@portal/shared-api';
import { NS } from '../../i18n';
import { candidatesFor, displayName, exactMatch } from './user-match';

export interface UserPickerProps {
  users: UserSummary[];
  exclude: number[];
  onPick: (user: UserSummary) => void;
  label: string;
  testId: string;
  disabled?: boolean;
}

/** Focuses the list's choice at an index (kept within the list). */
function focusOption(list: RefObject<HTMLUListElement | null>, index: number) {
  const buttons = list.current?.querySelectorAll<HTMLButtonElement>('button');
  buttons?.[Math.max(0, Math.min(index, buttons.length - 1))]?.focus();
}

export function UserPicker({ users, exclude, onPick, label, testId, disabled }: UserPickerProps) {
  const { t } = useTranslation(NS);
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const listId = useId();
  const list = useRef<HTMLUListElement>(null);
  const candidates = candidatesFor(users, exclude, text);
  const matches = candidates.slice(0, 50);

  const pick = (user: UserSummary) => {
    onPick(user);
    setText('');
    setOpen(false);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Escape') setOpen(false);
    if (e.key === 'ArrowDown' && matches.length > 0) {
      e.preventDefault();
      setOpen(true);
      // the list renders on this same event when it was closed: focus its first choice once it is there
      requestAnimationFrame(() => focusOption(list, 0));
    }
    if (e.key === 'Enter') {
      // Enter never does nothing: the one match or the exact one is added, else the choices are shown
      e.preventDefault();
      const chosen = matches.length === 1 ? matches[0] : exactMatch(candidates, text);
      if (chosen) pick(chosen);
      else {
        setOpen(true);
        if (matches.length > 0) requestAnimationFrame(() => focusOption(list, 0));
      }
    }
  };

  return (
    <div
      className="cfg-picker"
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget)) setOpen(false);
      }}
    >
      <input
        className="pui-input"
        aria-label={label}
        placeholder={t('groups.searchUsers')}
        value={text}
        disabled={disabled}
        role="combobox"
        aria-expanded={open}
        aria-controls={listId}
        autoComplete="off"
        data-testid={testId}
        onFocus={() => setOpen(true)}
        onChange={(e) => {
          setText(e.target.value);
          setOpen(true);
        }}
        onKeyDown={onKeyDown}
      />
      {open && (
        <UserOptions
          id={listId}
          list={list}
          label={label}
          matches={matches}
          onPick={pick}
          onClose={() => setOpen(false)}
        />
      )}
    </div>
  );
}

/** The choices: arrows move between them (up from the first goes back to the field), Escape closes. */
function UserOptions({
  id,
  list,
  label,
  matches,
  onPick,
  onClose,
}: {
  id: string;
  list: RefObject<HTMLUListElement | null>;
  label: string;
  matches: UserSummary[];
  onPick: (user: UserSummary) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation(NS);
  const onKeyDown = (e: KeyboardEvent<HTMLUListElement>) => {
    const buttons = [...(list.current?.querySelectorAll<HTMLButtonElement>('button') ?? [])];
    const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      focusOption(list, at + 1);
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      if (at <= 0) e.currentTarget.parentElement?.querySelector('input')?.focus();
      else focusOption(list, at - 1);
    } else if (e.key === 'Escape') {
      onClose();
      e.currentTarget.parentElement?.querySelector('input')?.focus();
    }
  };
  return (
    <ul id={id} ref={list} role="listbox" aria-label={label} onKeyDown={onKeyDown}>
      {matches.length === 0 ? (
        <li className="cfg-muted" style={{ padding: '6px 10px' }}>
          {t('groups.noUsers')}
        </li>
      ) : (
        matches.map((u) => (
          <li key={u.id} role="option" aria-selected={false}>
            <button type="button" onClick={() => onPick(u)}>
              {displayName(u)}
              {u.email && (
                <>
                  {' '}
                  <small>{u.email}</small>
                </>
              )}
            </button>
          </li>
        ))
      )}
    </ul>
  );
}
