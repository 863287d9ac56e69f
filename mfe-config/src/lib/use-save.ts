// The save of a form on the config pages: busy while it runs, 'Sucessfully saved' when done, and a refusal shown
// under the fields it concerns. One place for what every form of these pages did by hand.
import { useCallback, useState } from 'react';
import { fieldErrorsOf, notifyFailure, notifySaved } from './notices';

type FieldErrors = Record<string, string[]>;

export interface SaveOptions {
  /**
   * Puts the server's field messages in the user's language. With it, a refusal with field messages is shown
   * under the fields only (the integrations page); without it, the notice also lists them (spec section 8).
   */
  localize?: (errors: FieldErrors) => FieldErrors;
}

export interface Save {
  busy: boolean;
  errors: FieldErrors;
  setErrors: (errors: FieldErrors) => void;
  /** Runs one write; resolves to whether it was saved (a failure has been told by then). */
  run: (write: () => Promise<void>) => Promise<boolean>;
}

export function useSave({ localize }: SaveOptions = {}): Save {
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});

  const run = useCallback(
    async (write: () => Promise<void>) => {
      setBusy(true);
      setErrors({});
      try {
        await write();
        notifySaved();
        return true;
      } catch (error) {
        const fields = fieldErrorsOf(error);
        if (!localize) {
          setErrors(fields);
          notifyFailure(error);
        } else if (Object.keys(fields).length) setErrors(localize(fields));
        else notifyFailure(error);
        return false;
      } finally {
        setBusy(false);
      }
    },
    [localize],
  );

  return { busy, errors, setErrors, run };
}
