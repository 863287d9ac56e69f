import { startRemotesConfigRequest } from './remotes/remotes-request';

// Where the remotes live is asked for at once: a remote page needs it before anything of the remote can load.
startRemotesConfigRequest();

// Async boundary: the shared singletons (react, i18next, shared-ui, ...) are negotiated before bootstrap runs.
// Nothing waits for it: a failed load shows in the console as an uncaught rejection.
void import('./bootstrap');
