// Public API of `@portal/shared-ui/router`: the one way the portal's apps use react-router.
//
// Module Federation shares a module whole (it cannot know which exports a remote will use), and react-router 7 is
// one 60 KB (gzipped) module with server rendering, data routers and cookies that we never use. Sharing this facade
// instead lets webpack tree-shake react-router down to what is listed here, while the facade itself is still one
// singleton, so the shell's router context reaches every remote's routes and links (docs/adr/0002).
// Import routing from here only; the lint rule `no-restricted-imports` refuses react-router and react-router-dom
// everywhere else.
export {
  BrowserRouter,
  MemoryRouter,
  Routes,
  Route,
  Link,
  NavLink,
  Navigate,
  Outlet,
  useNavigate,
  useLocation,
  useParams,
  useSearchParams,
  useMatch,
  useHref,
  matchPath,
  generatePath,
  createSearchParams,
} from 'react-router';
export { hasPortalHistory, useBack } from './use-back';
export type {
  Location,
  NavigateFunction,
  NavigateOptions,
  To,
  LinkProps,
  NavLinkProps,
  SetURLSearchParams,
  URLSearchParamsInit,
  Params,
  PathMatch,
} from 'react-router';
