// Text typed in a filter field, kept as a draft until the typing pauses (the debounce), then handed on.
import { useCallback, useEffect, useRef, useState } from 'react';

const without = (drafts: Record<string, string>, key: string) => {
  if (!(key in drafts)) return drafts;
  const next = { ...drafts };
  delete next[key];
  return next;
};

export function useTextDrafts(debounceMs: number) {
  const [drafts, setDrafts] = useState<Record<string, string>>({});
  const timers = useRef(new Map<string, ReturnType<typeof setTimeout>>());

  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const timer of pending.values()) clearTimeout(timer);
      pending.clear();
    };
  }, []);

  const stopTimer = (key: string) => {
    const timer = timers.current.get(key);
    if (timer) clearTimeout(timer);
    timers.current.delete(key);
  };

  /** Keeps the text as the key's draft; once typing pauses, `apply` gets it trimmed and the draft goes. */
  const type = useCallback(
    (key: string, value: string, apply: (trimmed: string) => void) => {
      setDrafts((prev) => ({ ...prev, [key]: value }));
      stopTimer(key);
      timers.current.set(
        key,
        setTimeout(() => {
          timers.current.delete(key);
          apply(value.trim());
          setDrafts((prev) => without(prev, key));
        }, debounceMs),
      );
    },
    [debounceMs],
  );

  /** Forgets the key's draft (a value set otherwise replaces it). */
  const drop = useCallback((key: string) => {
    stopTimer(key);
    setDrafts((prev) => without(prev, key));
  }, []);

  /** Forgets every draft. */
  const clear = useCallback(() => {
    for (const timer of timers.current.values()) clearTimeout(timer);
    timers.current.clear();
    setDrafts({});
  }, []);

  return { drafts, type, drop, clear };
}
