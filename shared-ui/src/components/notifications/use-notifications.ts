import { create } from 'zustand';
import { DURATIONS } from './durations';

export type NotificationKind = 'success' | 'error' | 'info' | 'warning';

/** One field of a validation error body: the field name and its messages (DRF `{field: [messages]}`). */
export type NotificationField = { label: string; messages: string[] };

export type Notification = {
  id: string;
  kind: NotificationKind;
  title: string;
  body?: string | NotificationField[];
  /** ms before it closes by itself; 0 or less (or Infinity) keeps it until closed. */
  duration: number;
};

export type NotificationInput = Omit<Notification, 'id' | 'duration'> & { duration?: number };

export type NotificationsState = {
  items: Notification[];
  /** Adds a notification and returns its id. Without `duration`: 3000 ms for errors, 2000 ms otherwise. */
  push: (notification: NotificationInput) => string;
  dismiss: (id: string) => void;
  clear: () => void;
};

const defaultDuration = (kind: NotificationKind): number =>
  kind === 'error' ? DURATIONS.error : DURATIONS.default;

let sequence = 0;
const nextId = () => `n${Date.now().toString(36)}-${(sequence++).toString(36)}`;

/**
 * The notification store. shared-ui is a federation singleton, so the shell and every remote push into
 * this one store and the shell's `<Notifications />` shows them all.
 */
export const useNotifications = create<NotificationsState>()((set) => ({
  items: [],
  push: (notification) => {
    const id = nextId();
    const item: Notification = {
      ...notification,
      id,
      duration: notification.duration ?? defaultDuration(notification.kind),
    };
    set((state) => ({ items: [...state.items, item] }));
    return id;
  },
  dismiss: (id) => set((state) => ({ items: state.items.filter((item) => item.id !== id) })),
  clear: () => set({ items: [] }),
}));
