// Public API of the derivation engine: pure functions from a shipment's carrier events to its
// shipments-table columns, milestone date changes, alert causes and POD arrival prediction.
export type {
  AlertCause,
  DeriveContext,
  DeriveEvent,
  DeriveLocation,
  DeriveVessel,
  PodArrivalPrediction,
  PodTimeOfArrivalWarning,
} from './types';
export { ALERT } from './types';
export { deriveShipment, locodesOf, vesselsOf } from './derive';
export { detectAlerts } from './alerts';
export { milestoneChanges } from './changes';
export { POD_BAND_NOMINAL_COVERAGE, predictPodArrival, podTimeOfArrivalWarning } from './predict';
