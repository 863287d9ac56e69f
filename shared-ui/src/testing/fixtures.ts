// Data the remotes' tests build their screens from (tests only).
import type { Project } from '@portal/shared-api';

/** A project of the caller's company, as GET projects/ lists it. */
export function testProject(id: number, name: string): Project {
  return {
    id,
    name,
    subscribers: [],
    created_at: '2026-01-01T00:00:00Z',
    modified_at: '2026-01-01T00:00:00Z',
  };
}
