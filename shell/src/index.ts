// Async boundary: the shared singletons (react, i18next, shared-ui, ...) are negotiated before bootstrap runs.
import('./bootstrap');
