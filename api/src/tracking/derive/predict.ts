// Prediction of the vessel arrival at POD (last position, remaining sea distance, recent speed,
// blended with the carrier's estimate) and the POD time-of-arrival warning against the contractual ETA.
import { distanceNm, remainingAlongRoute, round, seaRoute, type LngLat } from './geo';
import type { PodArrivalPrediction, PodTimeOfArrivalWarning, VesselFix } from './types';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

export interface PredictionInput {
  now: Date;
  /** Positions of the vessel sailing to the POD, oldest first (at least one). */
  fixes: readonly VesselFix[];
  /** POD coordinates. */
  pod: { lng: number; lat: number };
  /** Sea route to the POD ([lng, lat] points); computed with searoute-js from the last fix when absent. */
  route?: ReadonlyArray<[number, number]>;
  /** The carrier's latest estimate of the vessel arrival at POD. */
  carrierEstimate: Date | null;
  /** Speed (knots) when the fixes cannot give one (a single fix, or a vessel not moving). */
  fallbackSpeedKn?: number;
  method?: PodArrivalPrediction['method'];
}

/** Speeds below this are a vessel at anchor or drifting: not a sailing speed. */
const MIN_SPEED_KN = 4;
const MAX_SPEED_KN = 26;
/** A carrier estimate due within this is taken as it is (see predictPodArrival)... */
const CARRIER_TRUSTED_WITHIN_MS = 1.5 * DAY;
/** ...and the model's share grows to its full weight over this much more. */
const CARRIER_BLEND_RAMP_MS = 0.5 * DAY;
/**
 * The prediction band (lower..upper) is a central 95 % prediction interval of the vessel arrival at
 * POD: the actual arrival is meant to fall below `lower` in 2.5 % of cases and above `upper` in
 * 2.5 %. Its half-width around the model is POD_BAND_Z standard deviations of the model's error
 * (MODEL_SD_*, calibrated on the simulated journeys of bench/journeys.bench.ts, which prints the
 * measured coverage against this nominal, target ± 5 points); with a carrier estimate the band also
 * spans the estimate (± half that) and 10 % of the model/estimate gap on each side. On the
 * simulated journeys every miss is a late arrival (a hidden delay only delays): the width is
 * calibrated on the total coverage, the split of the misses is printed by the bench.
 */
export const POD_BAND_NOMINAL_COVERAGE = 0.95;
/** Two-sided standard-normal quantile of POD_BAND_NOMINAL_COVERAGE (z of 97.5 %). */
const POD_BAND_Z = 1.96;
/**
 * Standard deviation of the model's error: this share of the remaining sailing time with an
 * observed speed (MODEL_SD_SHARE), with the fallback speed (MODEL_SD_SHARE_DR), at least
 * MODEL_SD_FLOOR_MS. Calibrated so the band's coverage is its nominal one: before, the band was
 * ±10 % / ±15 % / at least ±6 h with no nominal and covered 97.7 % (mean width 161 h) over 2,000
 * journeys; now 95.3 % (mean width 112 h), the predicted time unchanged.
 */
const MODEL_SD_SHARE = 0.0325;
const MODEL_SD_SHARE_DR = 0.049;
const MODEL_SD_FLOOR_MS = 1.95 * HOUR;
/** Only fixes of the last two days count for the "recent" speed. */
const SPEED_WINDOW_MS = 2 * DAY;

/** Average speed over the fixes of the last SPEED_WINDOW_MS before the last fix, or null. */
function recentSpeedKn(fixes: readonly VesselFix[]): number | null {
  if (fixes.length < 2) return null;
  const last = fixes[fixes.length - 1].at.getTime();
  let miles = 0;
  let ms = 0;
  for (let i = fixes.length - 1; i > 0; i--) {
    const a = fixes[i - 1];
    const b = fixes[i];
    if (last - a.at.getTime() > SPEED_WINDOW_MS && ms > 0) break;
    miles += distanceNm([a.lng, a.lat], [b.lng, b.lat]);
    ms += b.at.getTime() - a.at.getTime();
  }
  if (ms <= 0) return null;
  const speed = miles / (ms / HOUR);
  return speed >= MIN_SPEED_KN ? Math.min(speed, MAX_SPEED_KN) : null;
}

/**
 * Predicted vessel arrival at POD. The model: remaining distance along the sea route from the last
 * fix, at the recent speed (or the fallback speed), from the time of the last fix. Uncertainty grows
 * with the remaining sailing time: the band is a central 95 % interval (POD_BAND_NOMINAL_COVERAGE),
 * ±1.96 standard deviations of the model's error (±6.4 % of the sailing time, at least ±3.8 h;
 * ±9.6 % when the speed is not observed).
 * When the carrier has an estimate, the prediction is the average of the model and the estimate,
 * weighted 60/40 towards the model when the speed is observed (40/60 otherwise) while the arrival
 * (the later of model and estimate) is 2 days ahead or more, the model's share falling linearly to
 * nothing at 1.5 days ahead or less; the bounds widen to cover both. Returns null without a fix.
 */
export function predictPodArrival(input: PredictionInput): PodArrivalPrediction | null {
  const last = input.fixes[input.fixes.length - 1];
  if (!last) return null;
  const here: LngLat = [last.lng, last.lat];
  const pod: LngLat = [input.pod.lng, input.pod.lat];
  const route = input.route && input.route.length > 1 ? input.route : seaRoute(here, pod);
  const remaining = remainingAlongRoute(route, here);
  const observed = recentSpeedKn(input.fixes);
  const speed = observed ?? input.fallbackSpeedKn ?? 16;
  const sailingMs = (remaining / speed) * HOUR;
  const fromMs = Math.max(last.at.getTime(), 0);
  // A vessel whose last fix is old is at least as late as now.
  const model = Math.max(fromMs + sailingMs, input.now.getTime());
  const sigma =
    POD_BAND_Z * Math.max(MODEL_SD_FLOOR_MS, sailingMs * (observed ? MODEL_SD_SHARE : MODEL_SD_SHARE_DR));

  let predicted = model;
  let lower = model - sigma;
  let upper = model + sigma;
  const estimate = input.carrierEstimate?.getTime();
  if (estimate !== undefined && Number.isFinite(estimate)) {
    // The model's share: 60 % with an observed speed, 40 % without; shrinking to nothing once both
    // model and estimate put the arrival within CARRIER_TRUSTED_WITHIN_MS of now (a vessel that close
    // to port has its berth window and pilot booked: the carrier knows what the speed cannot tell;
    // the later of the two, so a stale early estimate of a delayed vessel does not take over).
    const ahead = Math.max(estimate, model) - input.now.getTime();
    const nearness = Math.min(1, Math.max(0, (ahead - CARRIER_TRUSTED_WITHIN_MS) / CARRIER_BLEND_RAMP_MS));
    const w = (observed ? 0.6 : 0.4) * nearness;
    predicted = w * model + (1 - w) * estimate;
    const gap = Math.abs(model - estimate);
    lower = Math.min(predicted - sigma, model - sigma, estimate - sigma / 2) - gap * 0.1;
    upper = Math.max(predicted + sigma, model + sigma, estimate + sigma / 2) + gap * 0.1;
  }
  lower = Math.max(lower, input.now.getTime());
  predicted = Math.max(predicted, lower);
  upper = Math.max(upper, predicted);
  const iso = (ms: number) => new Date(Math.round(ms / 1000) * 1000).toISOString();
  return {
    created: input.now.toISOString(),
    predicted: iso(predicted),
    lower: iso(lower),
    upper: iso(upper),
    distance_nm: round(remaining, 1),
    speed_kn: round(speed, 2),
    method: input.method ?? (observed ? 'fixes' : 'dead_reckoning'),
    model: iso(model),
    carrier_estimate: estimate !== undefined && Number.isFinite(estimate) ? iso(estimate) : null,
  };
}

export interface WarningInput {
  contractualEtaPod: Date | null;
  prediction: PodArrivalPrediction | null;
  /** Carrier ETA at POD (planned_last) and actual arrival. */
  eta: Date | null;
  ata: Date | null;
  now: Date;
  /** The warning stored before, to keep its `created` and `modified` when nothing changes. */
  previous?: PodTimeOfArrivalWarning | null;
}

const RISK_DESCRIPTION: Record<PodTimeOfArrivalWarning['risk'], string> = {
  0: 'good',
  1: 'low risk warning',
  2: 'high risk warning',
  [-1]: 'unknown',
};

const day = (d: Date) => d.toISOString().slice(0, 10);
const days = (ms: number) => Math.round((ms / DAY) * 10) / 10;

/**
 * POD time-of-arrival warning against contractual_eta_pod:
 * -1 unknown (no contractual ETA, or nothing to compare: no arrival, prediction or ETA);
 *  0 good (arrived on time, or even the upper bound / ETA is not after the contractual ETA);
 *  1 low risk (expected on time, but the upper bound of the prediction is after it);
 *  2 high risk (arrived late, or the expected arrival is after the contractual ETA).
 */
export function podTimeOfArrivalWarning(input: WarningInput): PodTimeOfArrivalWarning {
  const contractual = input.contractualEtaPod;
  const predicted = input.ata ?? (input.prediction ? new Date(input.prediction.predicted) : input.eta);
  const upper = input.ata ?? (input.prediction ? new Date(input.prediction.upper) : input.eta);
  let risk: PodTimeOfArrivalWarning['risk'];
  let verbose: string;
  let conclusion: string;
  if (!contractual) {
    risk = -1;
    verbose = 'There is no contractual ETA at POD to compare with.';
    conclusion = 'Unknown: no contractual ETA at POD.';
  } else if (!predicted || !upper) {
    risk = -1;
    verbose = 'There is neither an arrival, a prediction nor a carrier ETA at POD yet.';
    conclusion = 'Unknown: no arrival estimate yet.';
  } else {
    const late = predicted.getTime() - contractual.getTime();
    const worst = upper.getTime() - contractual.getTime();
    const what = input.ata ? 'Arrived' : input.prediction ? 'Predicted arrival' : 'Carrier ETA';
    if (late > 0) {
      risk = 2;
      conclusion = `${what} ${day(predicted)} is ${days(late)} days after the contractual ETA ${day(contractual)}.`;
    } else if (worst > 0) {
      risk = 1;
      conclusion = `${what} ${day(predicted)} is on time, but it may be up to ${days(worst)} days after the contractual ETA ${day(contractual)}.`;
    } else {
      risk = 0;
      conclusion = `${what} ${day(predicted)} is not after the contractual ETA ${day(contractual)}.`;
    }
    verbose =
      risk === 0
        ? 'The vessel arrives at POD by the contractual ETA.'
        : risk === 1
          ? 'The vessel is expected by the contractual ETA, with a risk of arriving later.'
          : 'The vessel arrives at POD after the contractual ETA.';
  }
  const now = input.now.toISOString();
  const ptoa = predicted ? predicted.toISOString() : null;
  const previous = input.previous;
  const same =
    previous &&
    previous.risk === risk &&
    previous.conclusion === conclusion &&
    previous.predicted_time_of_arrival === ptoa;
  return {
    risk,
    risk_description: RISK_DESCRIPTION[risk],
    risk_verbose: verbose,
    conclusion,
    predicted_time_of_arrival: ptoa,
    created: previous?.created ?? now,
    modified: same ? previous.modified : now,
  };
}
