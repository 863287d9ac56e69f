// Jest for the design system: the shared front-end preset (jsdom, swc, TZ pinned, jest-dom).
module.exports = { ...require('../jest.preset.cjs'), displayName: 'shared-ui' };
