module.exports = { ...require('../jest.preset.cjs'), displayName: 'mfe-shipments' };
