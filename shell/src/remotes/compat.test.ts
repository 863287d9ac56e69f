// The runtime's own semver check, the one the plugin uses.
import { satisfy } from '@module-federation/enhanced/runtime';
import { IncompatibleRemoteError, remoteCompatPlugin, singletonConflicts, type HostShared } from './compat';

const host: HostShared = {
  react: [{ version: '19.2.0', from: 'shell' }],
  'react-dom': [
    { version: '18.3.1', from: 'mfe_old' },
    { version: '19.2.0', from: 'shell' },
  ],
  '@portal/shared-ui': [{ version: '23.9.3', from: 'shell' }],
};

describe('singletonConflicts', () => {
  it('accepts a remote whose singletons the page satisfies (an older remote of the same majors)', () => {
    const shared = [
      { name: 'react', singleton: true, requiredVersion: '^19.0.0' },
      { name: 'react-dom', singleton: true, requiredVersion: '^19.1.0' },
      { name: '@portal/shared-ui', singleton: true, requiredVersion: '^23.8.0' },
    ];
    expect(singletonConflicts(shared, host, 'shell', satisfy)).toEqual([]);
  });

  it('names every singleton whose range the page cannot meet, reading the page’s own registration', () => {
    const shared = [
      { name: 'react', singleton: true, requiredVersion: '^20.0.0' },
      { name: 'react-dom', singleton: true, requiredVersion: '^20.0.0' },
      { name: '@portal/shared-ui', singleton: true, requiredVersion: '^24.0.0' },
    ];
    expect(singletonConflicts(shared, host, 'shell', satisfy)).toEqual([
      { name: 'react', required: '^20.0.0', provided: '19.2.0' },
      { name: 'react-dom', required: '^20.0.0', provided: '19.2.0' },
      { name: '@portal/shared-ui', required: '^24.0.0', provided: '23.9.3' },
    ]);
  });

  it('ignores non-singletons, missing ranges and modules the page does not share', () => {
    const shared = [
      { name: 'react', singleton: false, requiredVersion: '^20.0.0' },
      { name: 'react-dom', singleton: true, requiredVersion: false as const },
      { name: 'left-pad', singleton: true, requiredVersion: '^2.0.0' },
    ];
    expect(singletonConflicts(shared, host, 'shell', satisfy)).toEqual([]);
  });
});

describe('remoteCompatPlugin', () => {
  const hook = remoteCompatPlugin().loadRemoteSnapshot!;
  const args = (shared: unknown[], from: 'manifest' | 'global' = 'manifest') =>
    ({
      options: { name: 'shell', shared: host },
      moduleInfo: { name: 'mfe_bi', entry: '/remotes/mfe_bi/2/mf-manifest.json' },
      manifestJson: { shared, metaData: { buildInfo: { buildVersion: '2' } } },
      remoteSnapshot: {},
      from,
    }) as unknown as Parameters<typeof hook>[0];

  it('refuses a manifest that needs another React major', () => {
    const a = args([{ name: 'react', singleton: true, requiredVersion: '^20.0.0' }]);
    expect(() => hook(a)).toThrow(IncompatibleRemoteError);
    expect(() => hook(a)).toThrow(/mfe_bi.*react \^20\.0\.0 \(page has 19\.2\.0\)/);
  });

  it('passes a compatible manifest through unchanged', () => {
    const a = args([{ name: 'react', singleton: true, requiredVersion: '^19.0.0' }]);
    expect(hook(a)).toBe(a);
  });
});
