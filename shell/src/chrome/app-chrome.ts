// The chrome of the authenticated area, in its own chunk: the login and public pages do not load it.
export { SideNav } from './SideNav';
export { TitleBar } from './TitleBar';
