import { drawsWithWebGl, isSoftwareRenderer } from './webgl-support';

describe('the WebGL choice of the single markers', () => {
  it.each([
    ['ANGLE (Google, Vulkan 1.3.0 (SwiftShader Device (Subzero)), SwiftShader driver)', true],
    ['llvmpipe (LLVM 15.0.7, 256 bits)', true],
    ['Microsoft Basic Render Driver', true],
    ['ANGLE (NVIDIA, NVIDIA GeForce RTX 3060 Direct3D11 vs_5_0 ps_5_0, D3D11)', false],
    ['Apple M1', false],
  ])('%s draws on the CPU: %s', (renderer, software) => {
    expect(isSoftwareRenderer(renderer)).toBe(software);
  });

  it('uses the canvas where there is no WebGL (jsdom), and when it is forced', () => {
    expect(drawsWithWebGl()).toBe(false);
    localStorage.setItem('portal.mapRenderer', 'canvas');
    expect(drawsWithWebGl()).toBe(false);
    localStorage.removeItem('portal.mapRenderer');
  });
});
