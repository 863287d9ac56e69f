// Async boundary: shared singletons are negotiated before anything else loads.
import('./bootstrap');
