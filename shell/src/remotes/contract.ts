// What the shell expects from the remotes: the shared contract of shared-ui/build/remotes.json, the single
// source of federation names, ports and exposed modules.
import contract from '@portal/shared-ui/build/remotes.json';

export type RemoteContract = typeof contract;
export type RemoteName = keyof RemoteContract;

export const REMOTE_CONTRACT: RemoteContract = contract;
export const REMOTE_NAMES = Object.keys(contract) as RemoteName[];

export function isRemoteName(value: unknown): value is RemoteName {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(contract, value);
}

/** True when the contract says `remote` exposes `./<module>`. */
export function exposesModule(remote: RemoteName, module: string): boolean {
  return (contract[remote].exposes as readonly string[]).includes(`./${module}`);
}
