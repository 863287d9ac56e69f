// Chooses a user of the caller's company (the only users GET users answers) to add to a list.
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { UserSummary } from '@portal/shared-api';
import { NS } from '../../i18n';

export const displayName = (u: UserSummary) => {
  const full = `${u.first_name} ${u.last_name}`.trim();
  return full ? `${full} (${u.username})` : u.username;
};

export interface UserPickerProps {
  users: UserSummary[];
  exclude: number[];
  onPick: (user: UserSummary) => void;
  label: string;
  testId: string;
  disabled?: boolean;
}

/** The user whose username, e-mail, full name or shown name is exactly the typed text (any case), if one is. */
function exactMatch(users: UserSummary[], text: string): UserSummary | undefined {
  const needle = text.trim().toLowerCase();
  if (needle === '') return undefined;
  const exact = users.filter((u) =>
    [u.username, u.email, `${u.first_name} ${u.last_name}`.trim(), displayName(u)].some(
      (s) => s.toLowerCase() === needle,
    ),
  );
  return exact.length === 1 ? exact[0] : undefined;
}

export function UserPicker({ users, exclude, onPick, label, testId, disabled }: UserPickerProps) {
  const { t } = useTranslation(NS);
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const listId = useId();
  const list = useRef<HTMLUListElement>(null);
  const needle = text.trim().toLowerCase();
  const candidates = users
    .filter((u) => !exclude.includes(u.id))
    .filter(
      (u) =>
        needle === '' ||
        [u.username, u.first_name, u.last_name, u.email, `${u.first_name} ${u.last_name}`].some((s) =>
          s.toLowerCase().includes(needle),
        ),
    );
  const matches = candidates.slice(0, 50);

  const pick = (user: UserSummary) => {
    onPick(user);
    setText('');
    setOpen(false);
  };

  const focusOption = (index: number) => {
    const buttons = list.current?.querySelectorAll<HTMLButtonElement>('button');
    buttons?.[Math.max(0, Math.min(index, buttons.length - 1))]?.focus();
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
        onKeyDown={(e) => {
          if (e.key === 'Escape') setOpen(false);
          if (e.key === 'ArrowDown' && matches.length > 0) {
            e.preventDefault();
            setOpen(true);
            // the list renders on this same event when it was closed: focus its first choice once it is there
            requestAnimationFrame(() => focusOption(0));
          }
          if (e.key === 'Enter') {
            // Enter never does nothing: the one match or the exact one is added, else the choices are shown
            e.preventDefault();
            const chosen = matches.length === 1 ? matches[0] : exactMatch(candidates, text);
            if (chosen) pick(chosen);
            else {
              setOpen(true);
              if (matches.length > 0) requestAnimationFrame(() => focusOption(0));
            }
          }
        }}
      />
      {open && (
        <ul
          id={listId}
          ref={list}
          role="listbox"
          aria-label={label}
          onKeyDown={(e) => {
            const buttons = [...(list.current?.querySelectorAll<HTMLButtonElement>('button') ?? [])];
            const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
            if (e.key === 'ArrowDown') {
              e.preventDefault();
              focusOption(at + 1);
            } else if (e.key === 'ArrowUp') {
              e.preventDefault();
              if (at <= 0) e.currentTarget.parentElement?.querySelector('input')?.focus();
              else focusOption(at - 1);
            } else if (e.key === 'Escape') {
              setOpen(false);
              e.currentTarget.parentElement?.querySelector('input')?.focus();
            }
          }}
        >
          {matches.length === 0 ? (
            <li className="cfg-muted" style={{ padding: '6px 10px' }}>
              {t('groups.noUsers')}
            </li>
          ) : (
            matches.map((u) => (
              <li key={u.id} role="option" aria-selected={false}>
                <button type="button" onClick={() => pick(u)}>
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
      )}
    </div>
  );
}
