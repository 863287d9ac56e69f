// The problems loadConfig reports for an environment (it must throw a ConfigError).
import { ConfigError, loadConfig } from '../../src/config';

export function configProblems(env: NodeJS.ProcessEnv): string[] {
  try {
    loadConfig(env);
  } catch (err) {
    if (err instanceof ConfigError) return err.problems;
    throw err;
  }
  throw new Error('expected a ConfigError');
}
