// Moved to the shared layer; this re-export lasts until order placement imports it from there.
export { mapWithConcurrency } from '../../shared/printio/concurrency';
