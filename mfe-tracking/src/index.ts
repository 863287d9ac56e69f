// Async boundary: shared singletons are negotiated before anything else loads.
void import('./bootstrap');
