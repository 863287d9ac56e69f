// Async boundary: shared singletons are negotiated before anything else loads. Nothing waits for it: a failed
// load shows in the console as an uncaught rejection.
void import('./bootstrap');
