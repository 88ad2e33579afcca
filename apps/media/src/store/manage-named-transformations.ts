import { validateTransformation } from '../grammar/parse-delivery-path';
import { MediaError } from '../media-error';
import type { NamedTransformations } from './named-transformations';

/**
 * Cloudinary's Admin API on named transformations: what each call does and answers, the
 * answers shaped as Cloudinary's (`t_{name}`, `named`, `used`).
 */

function notDefined(name: string): MediaError {
  return new MediaError('not_found', `Transformation t_${name} not found`);
}

export async function listNamedTransformations(named: NamedTransformations) {
  const all = await named.list();
  return {
    transformations: all.map(({ name }) => ({ name: `t_${name}`, named: true, used: false })),
  };
}

export async function getNamedTransformation(named: NamedTransformations, name: string) {
  const transformation = await named.get(name);
  if (transformation === undefined) throw notDefined(name);
  return { name: `t_${name}`, named: true, used: false, transformation };
}

export async function createNamedTransformation(
  named: NamedTransformations,
  name: string,
  definition: string,
  maxTransformations: number,
) {
  if ((await named.get(name)) !== undefined) {
    throw new MediaError('conflict', `Named transformation t_${name} already exists`);
  }
  validateTransformation(definition, maxTransformations);
  await named.set(name, definition);
  return { message: 'created' };
}

export async function updateNamedTransformation(
  named: NamedTransformations,
  name: string,
  definition: string,
  maxTransformations: number,
) {
  if ((await named.get(name)) === undefined) throw notDefined(name);
  validateTransformation(definition, maxTransformations);
  await named.set(name, definition);
  return { message: 'updated' };
}

export async function deleteNamedTransformation(named: NamedTransformations, name: string) {
  if (!(await named.remove(name))) throw notDefined(name);
  return { message: 'deleted' };
}
