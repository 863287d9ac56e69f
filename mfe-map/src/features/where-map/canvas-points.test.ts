import type { FrameState } from 'ol/Map';
import { closerFrame } from './canvas-points';

describe('the canvas markers warm-up frame', () => {
  it('is the view zoomed in around the same centre', () => {
    const frame = {
      size: [200, 100],
      extent: [0, 0, 2000, 1000],
      // 10 map units a pixel, y up
      coordinateToPixelTransform: [0.1, 0, 0, -0.1, 0, 100],
    } as unknown as FrameState;
    const closer = closerFrame(frame, 4)!;
    expect(closer.extent).toEqual([750, 375, 1250, 625]);
    const [a, b, c, d, e, f] = closer.coordinateToPixelTransform;
    const toPixel = (x: number, y: number) => [a * x + c * y + e, b * x + d * y + f];
    // the centre stays in the middle of the screen, the extent's corners reach the screen's
    expect(toPixel(1000, 500)).toEqual([100, 50]);
    expect(toPixel(750, 625)).toEqual([0, 0]);
    expect(toPixel(1250, 375)).toEqual([200, 100]);
  });

  it('is none without an extent', () => {
    expect(
      closerFrame({ size: [1, 1], coordinateToPixelTransform: [1, 0, 0, 1, 0, 0] } as never, 4),
    ).toBeNull();
  });
});
