// Public API of the derivation engine: pure functions from a shipment's carrier events to its
// shipments-table columns, milestone date changes, alert causes and POD arrival prediction.
export type {
  AlertCause,
  AlertOptions,
  DeriveContext,
  DeriveEvent,
  DeriveLocation,
  DeriveVessel,
  DerivedColumns,
  DerivedLeg,
  DerivedShipment,
  MilestoneChange,
  PodArrivalPrediction,
  PodTimeOfArrivalWarning,
  RoutePort,
  StatusText,
  VesselFix,
} from './types';
export { ALERT, STATUS } from './types';
export { deriveShipment, locodesOf, vesselsOf } from './derive';
export { detectAlerts } from './alerts';
export { milestoneChanges, HISTORY_COLUMNS } from './changes';
export { POD_BAND_NOMINAL_COVERAGE, predictPodArrival, podTimeOfArrivalWarning } from './predict';
export type { PredictionInput, WarningInput } from './predict';
