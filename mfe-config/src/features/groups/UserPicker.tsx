// Chooses a user of the caller's company (the only users GET users answers) to add to a list.
import { useId, useState } from 'react';
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

export function UserPicker({ users, exclude, onPick, label, testId, disabled }: UserPickerProps) {
  const { t } = useTranslation(NS);
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const listId = useId();
  const needle = text.trim().toLowerCase();
  const matches = users
    .filter((u) => !exclude.includes(u.id))
    .filter(
      (u) =>
        needle === '' ||
        [u.username, u.first_name, u.last_name, u.email, `${u.first_name} ${u.last_name}`].some((s) =>
          s.toLowerCase().includes(needle),
        ),
    )
    .slice(0, 50);

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
          if (e.key === 'Enter' && matches.length === 1) {
            e.preventDefault();
            onPick(matches[0]);
            setText('');
            setOpen(false);
          }
        }}
      />
      {open && (
        <ul id={listId} role="listbox">
          {matches.length === 0 ? (
            <li className="cfg-muted" style={{ padding: '6px 10px' }}>
              {t('groups.noUsers')}
            </li>
          ) : (
            matches.map((u) => (
              <li key={u.id} role="option" aria-selected={false}>
                <button
                  type="button"
                  onClick={() => {
                    onPick(u);
                    setText('');
                    setOpen(false);
                  }}
                >
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
