// Public API of @portal/shared-ui (consumed as TypeScript source; a federation singleton).

// Design tokens and global CSS
export { tokens } from './styles/tokens';
export type { Tokens } from './styles/tokens';
export { GlobalStyles } from './styles/GlobalStyles';
export { injectGlobalStyles, injectStyleSheet } from './styles/inject-global-styles';
export { globalCss } from './styles/global-css';

// Controls
export { Button } from './components/button/Button';
export type { ButtonProps } from './components/button/Button';
export { TextInput } from './components/text-input/TextInput';
export type { TextInputProps } from './components/text-input/TextInput';
export { checkInteger, NumberInput } from './components/number-input/NumberInput';
export type { IntegerCheck, NumberInputProps } from './components/number-input/NumberInput';
export { DateInput } from './components/date-input/DateInput';
export type { DateInputProps } from './components/date-input/DateInput';
export { Checkbox } from './components/checkbox/Checkbox';
export type { CheckboxProps } from './components/checkbox/Checkbox';
export { Select } from './components/select/Select';
export type { SelectOption, SelectProps } from './components/select/Select';
export { ToggleButtons } from './components/toggle-buttons/ToggleButtons';
export type { ToggleButtonsProps, ToggleOption } from './components/toggle-buttons/ToggleButtons';

// Navigation and data
export { Tabs } from './components/tabs/Tabs';
export type { TabItem, TabRenderProps, TabsProps } from './components/tabs/Tabs';
export { Pager } from './components/pager/Pager';
export type { PagerProps } from './components/pager/Pager';
export { Table } from './components/table/Table';
export type { TableColumn, TableProps } from './components/table/Table';

// Overlays and feedback
export { Modal } from './components/modal/Modal';
export type { ModalProps } from './components/modal/Modal';
export { Popover } from './components/popover/Popover';
export type { PopoverProps } from './components/popover/Popover';
export { Spinner } from './components/spinner/Spinner';
export type { SpinnerProps } from './components/spinner/Spinner';
export { SpinnerPage } from './components/spinner/SpinnerPage';
export type { SpinnerPageProps } from './components/spinner/SpinnerPage';

// Notifications
export { useNotifications } from './components/notifications/use-notifications';
export type {
  Notification,
  NotificationField,
  NotificationInput,
  NotificationKind,
  NotificationsState,
} from './components/notifications/use-notifications';
export { notify, notifySuccess, notifyError } from './components/notifications/notify';
export { DURATIONS } from './components/notifications/durations';
export { Notifications } from './components/notifications/Notifications';

// Display formats (spec section 9)
export {
  cutLabel,
  dayDiff,
  formatDate,
  formatDecimal,
  formatNumber,
  formatTimestamp,
  LABEL_MAX,
  percentOf,
} from './formats/formats';

// i18n
export { commonResources, COMMON_NS } from './i18n/common-resources';
export { addResourceNamespace, registerNamespace } from './i18n/add-resource-namespace';
export type { NamespaceResources, Translation } from './i18n/add-resource-namespace';

// Hooks
export { useIsMobile } from './hooks/use-is-mobile';

// App-level helpers shared by the shell and remotes running alone
export {
  initI18n,
  setLanguage,
  storedLanguage,
  LANG_KEY,
  DEFAULT_LANGUAGE,
  SUPPORTED_LANGUAGES,
} from './app/i18n-setup';
export type { Language } from './app/i18n-setup';
export { globalSpinnerStore, useGlobalSpinner, usePageSpinner, withGlobalSpinner } from './app/spinner-store';
export { mountStandalone } from './app/mount-standalone';
export type { StandaloneOptions } from './app/mount-standalone';

// Modules of a remote mounted at run time: the shell's pages and the remotes' widgets (the shell registers the
// loader)
export {
  getRemoteLoader,
  isComponentModule,
  loadComponentModule,
  RemoteBoundary,
  RemoteLoaderContext,
  RemoteMount,
  RemoteShapeError,
  RemoteWidget,
  remoteOf,
  setRemoteLoader,
  useRemoteLoader,
} from './remote';
export type {
  ComponentModule,
  LngLat,
  RemoteBoundaryProps,
  RemoteLoader,
  RemoteMountProps,
  RemoteWidgetProps,
  RouteMapProps,
} from './remote';
