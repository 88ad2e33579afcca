import type { RouteAddress } from './client';
import type { ToggleContracts } from './toggle-contracts';

type Addresses<Contracts extends ToggleContracts> = {
  [Method in keyof ToggleContracts]: RouteAddress<Contracts[Method]>;
};

/**
 * The addresses of a toggle route's three contracts (see toggleContracts: PUT on, DELETE off,
 * POST the form), for buttons on pages that must not bundle the contracts' zod; the path must be
 * the contracts' own (`toggleAddresses<typeof followContracts>('/api/courses/[id]/follow')`).
 */
export function toggleAddresses<const Contracts extends ToggleContracts>(
  path: Contracts['PUT']['path'],
): Addresses<Contracts> {
  return {
    PUT: { method: 'PUT', path },
    DELETE: { method: 'DELETE', path },
    POST: { method: 'POST', path },
  } as Addresses<Contracts>;
}
