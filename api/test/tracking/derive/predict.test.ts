// predictPodArrival (bounds around the truth in a simple case) and podTimeOfArrivalWarning risk levels.
import {
  podTimeOfArrivalWarning,
  predictPodArrival,
  type PodArrivalPrediction,
} from '../../../src/tracking/derive';
import { alongRoute, routeLengthNm, type LngLat } from '../../../src/tracking/derive/geo';
import { port, seaRoute } from '../../../src/tracking/simulator/journey';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describe('predictPodArrival', () => {
  const from = port('CNSHA');
  const to = port('NLRTM');
  const route: LngLat[] = [[from.lng, from.lat], ...seaRoute(from, to).route, [to.lng, to.lat]];
  const length = routeLengthNm(route);
  const departure = Date.parse('2025-03-01T00:00:00Z');
  const speed = 16;
  const truth = departure + (length / speed) * HOUR;
  const fixesUntil = (now: number) => {
    const fixes = [];
    for (let t = departure; t <= now; t += 6 * HOUR) {
      const [lng, lat] = alongRoute(route, ((t - departure) / HOUR) * speed).point;
      fixes.push({ lng, lat, at: new Date(t) });
    }
    return fixes;
  };

  it('brackets the true arrival of a vessel at constant speed, with or without a carrier estimate', () => {
    for (const share of [0.2, 0.5, 0.9]) {
      const now = departure + (truth - departure) * share;
      for (const estimate of [null, new Date(truth + DAY), new Date(truth - DAY)]) {
        const p = predictPodArrival({
          now: new Date(now),
          fixes: fixesUntil(now),
          pod: { lng: to.lng, lat: to.lat },
          route,
          carrierEstimate: estimate,
        }) as PodArrivalPrediction;
        expect(p.method).toBe('fixes');
        expect(p.speed_kn).toBeCloseTo(speed, 0);
        expect(Date.parse(p.lower)).toBeLessThanOrEqual(truth);
        expect(Date.parse(p.upper)).toBeGreaterThanOrEqual(truth);
        expect(Date.parse(p.lower)).toBeLessThanOrEqual(Date.parse(p.predicted));
        expect(Date.parse(p.predicted)).toBeLessThanOrEqual(Date.parse(p.upper));
        // Without an estimate the model alone is within an hour of the truth.
        if (!estimate) expect(Math.abs(Date.parse(p.predicted) - truth)).toBeLessThan(HOUR);
        else
          expect(Math.abs(Date.parse(p.carrier_estimate as string) - estimate.getTime())).toBeLessThan(1000);
      }
    }
  });

  it("takes the carrier's estimate as it is once the arrival is 1.5 days away, and blends it further out", () => {
    const predict = (now: number, estimate: number) =>
      predictPodArrival({
        now: new Date(now),
        fixes: fixesUntil(now),
        pod: { lng: to.lng, lat: to.lat },
        route,
        carrierEstimate: new Date(estimate),
      }) as PodArrivalPrediction;
    const second = (ms: number) => Math.round(ms / 1000) * 1000;
    // A day before the (model's) arrival, a carrier estimate 6 h later than the model: taken as it is.
    const near = predict(truth - DAY, truth + 6 * HOUR);
    expect(Date.parse(near.predicted)).toBe(second(truth + 6 * HOUR));
    // Five days out: 60 % model (observed speed), 40 % estimate.
    const far = predict(truth - 5 * DAY, truth + 10 * HOUR);
    expect(Math.abs(Date.parse(far.predicted) - (truth + 4 * HOUR))).toBeLessThan(HOUR);
    // The estimate (the later one) 1.75 days out, half-way down the ramp: 30 % model.
    const ramp = predict(truth + 10 * HOUR - 1.75 * DAY, truth + 10 * HOUR);
    expect(Math.abs(Date.parse(ramp.predicted) - (truth + 7 * HOUR))).toBeLessThan(HOUR);
    // A stale early estimate of a vessel the model sees 3 days out is not taken as it is.
    const stale = predict(truth - 3 * DAY, truth - 2 * DAY);
    expect(Math.abs(Date.parse(stale.predicted) - (truth - 0.8 * DAY))).toBeLessThan(HOUR);
  });

  it('narrows as the vessel gets closer', () => {
    const width = (share: number) => {
      const now = departure + (truth - departure) * share;
      const p = predictPodArrival({
        now: new Date(now),
        fixes: fixesUntil(now),
        pod: { lng: to.lng, lat: to.lat },
        route,
        carrierEstimate: null,
      }) as PodArrivalPrediction;
      return Date.parse(p.upper) - Date.parse(p.lower);
    };
    expect(width(0.9)).toBeLessThan(width(0.2));
  });

  it('falls back to the given speed with a single fix, and needs at least one fix', () => {
    const p = predictPodArrival({
      now: new Date(departure),
      fixes: [{ lng: from.lng, lat: from.lat, at: new Date(departure) }],
      pod: { lng: to.lng, lat: to.lat },
      route,
      carrierEstimate: null,
      fallbackSpeedKn: 16,
    }) as PodArrivalPrediction;
    expect(p.method).toBe('dead_reckoning');
    expect(Math.abs(Date.parse(p.predicted) - truth)).toBeLessThan(HOUR);
    expect(
      predictPodArrival({
        now: new Date(departure),
        fixes: [],
        pod: { lng: 0, lat: 0 },
        carrierEstimate: null,
      }),
    ).toBeNull();
  });
});

describe('podTimeOfArrivalWarning', () => {
  const now = new Date('2025-03-10T00:00:00Z');
  const contractual = new Date('2025-04-01T00:00:00Z');
  const prediction = (predicted: string, upper: string): PodArrivalPrediction => ({
    created: now.toISOString(),
    predicted,
    lower: predicted,
    upper,
    distance_nm: 1000,
    speed_kn: 15,
    method: 'fixes',
    model: predicted,
    carrier_estimate: null,
  });

  it('is unknown without a contractual ETA or without any arrival estimate', () => {
    const noContract = podTimeOfArrivalWarning({
      contractualEtaPod: null,
      prediction: null,
      eta: now,
      ata: null,
      now,
    });
    expect(noContract).toMatchObject({ risk: -1, risk_description: 'unknown' });
    const noEstimate = podTimeOfArrivalWarning({
      contractualEtaPod: contractual,
      prediction: null,
      eta: null,
      ata: null,
      now,
    });
    expect(noEstimate.risk).toBe(-1);
    expect(noEstimate.predicted_time_of_arrival).toBeNull();
  });

  it('is good, low risk or high risk from the prediction and its upper bound', () => {
    const good = podTimeOfArrivalWarning({
      contractualEtaPod: contractual,
      prediction: prediction('2025-03-25T00:00:00.000Z', '2025-03-28T00:00:00.000Z'),
      eta: null,
      ata: null,
      now,
    });
    expect(good).toMatchObject({
      risk: 0,
      risk_description: 'good',
      predicted_time_of_arrival: '2025-03-25T00:00:00.000Z',
    });
    const low = podTimeOfArrivalWarning({
      contractualEtaPod: contractual,
      prediction: prediction('2025-03-30T00:00:00.000Z', '2025-04-03T00:00:00.000Z'),
      eta: null,
      ata: null,
      now,
    });
    expect(low).toMatchObject({ risk: 1, risk_description: 'low risk warning' });
    expect(low.conclusion).toContain('up to 2 days after the contractual ETA 2025-04-01');
    const high = podTimeOfArrivalWarning({
      contractualEtaPod: contractual,
      prediction: prediction('2025-04-03T12:00:00.000Z', '2025-04-05T00:00:00.000Z'),
      eta: null,
      ata: null,
      now,
    });
    expect(high).toMatchObject({ risk: 2, risk_description: 'high risk warning' });
    expect(high.conclusion).toBe(
      'Predicted arrival 2025-04-03 is 2.5 days after the contractual ETA 2025-04-01.',
    );
  });

  it('uses the carrier ETA without a prediction, and the actual arrival once arrived', () => {
    const eta = podTimeOfArrivalWarning({
      contractualEtaPod: contractual,
      prediction: null,
      eta: new Date('2025-04-02T00:00:00Z'),
      ata: null,
      now,
    });
    expect(eta.risk).toBe(2);
    expect(eta.conclusion).toMatch(/^Carrier ETA/);
    const arrived = podTimeOfArrivalWarning({
      contractualEtaPod: contractual,
      prediction: prediction('2025-04-03T00:00:00.000Z', '2025-04-05T00:00:00.000Z'),
      eta: null,
      ata: new Date('2025-03-31T00:00:00Z'),
      now,
    });
    expect(arrived.risk).toBe(0);
  });

  it('keeps created, and modified while nothing changes', () => {
    const first = podTimeOfArrivalWarning({
      contractualEtaPod: contractual,
      prediction: null,
      eta: now,
      ata: null,
      now,
    });
    const later = new Date(now.getTime() + DAY);
    const same = podTimeOfArrivalWarning({
      contractualEtaPod: contractual,
      prediction: null,
      eta: now,
      ata: null,
      now: later,
      previous: first,
    });
    expect(same.created).toBe(first.created);
    expect(same.modified).toBe(first.modified);
    const changed = podTimeOfArrivalWarning({
      contractualEtaPod: contractual,
      prediction: null,
      eta: new Date('2025-04-05T00:00:00Z'),
      ata: null,
      now: later,
      previous: first,
    });
    expect(changed.created).toBe(first.created);
    expect(changed.modified).toBe(later.toISOString());
    expect(changed.risk).toBe(2);
  });
});
