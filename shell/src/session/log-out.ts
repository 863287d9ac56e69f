// Log Out from the user menu: clears the session and goes to /login (spec sections 2 and 4).
//
// Clearing the session re-renders the current page's guard synchronously (a store update), before the router
// applies the navigation (a transition); without this marker the guard would send the user to
// /login?redirect=<current page> instead of plain /login.
import { logout } from '@portal/shared-api';

let explicitLogout = false;

export function logOut(navigate: (to: string) => void): void {
  explicitLogout = true;
  logout();
  navigate('/login');
}

/** True between a Log Out and the login page showing (the guards then go to plain /login). */
export function isExplicitLogout(): boolean {
  return explicitLogout;
}

export function clearExplicitLogout(): void {
  explicitLogout = false;
}
