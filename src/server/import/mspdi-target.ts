/**
 * Where the tasks of an MS Project schedule go: the EAP (`eapOs`) of the site and area chosen on
 * upload (`?obra=&area=`), checked before the file is kept: a site the person may read, an area of
 * the EAP, and the right to create or change that EAP's items (else 403, nothing kept).
 */
import { subject } from '@casl/ability';
import type { EntitySchema } from '../../../schemas/kinds';
import type { Db } from '../db/connect';
import { ApiError } from '../http/errors';
import type { Actor } from '../crud/record-access';
import { BadFile } from './limits';
import { Resolver } from './references';
import type { ReadingAbout } from './sheet';

/** The entity an MS Project schedule is imported into. */
export const SCHEDULE_ENTITY = 'eapOs';

export async function scheduleTarget(
  db: Db,
  schema: EntitySchema,
  actor: Actor,
  query: { obra?: string; area?: string },
  schemaByName?: (name: string) => EntitySchema | undefined,
): Promise<ReadingAbout> {
  if (schema.name !== SCHEDULE_ENTITY)
    throw new BadFile('Um cronograma do MS Project (.xml) só pode ser importado na EAP. Abra a EAP e use "Importar planilha".');
  const obraField = schema.fields.find((f) => f.name === 'obra')!;
  const areaField = schema.fields.find((f) => f.name === 'area')!;
  const obraText = (query.obra ?? '').trim();
  if (!obraText) throw new ApiError(400, 'Escolha a obra do cronograma.', { obra: ['Informe a obra para onde vão as tarefas do cronograma.'] });
  const found = await new Resolver(actor, schemaByName).reference(db, obraField, obraText);
  if ('error' in found) throw new ApiError(400, found.error, { obra: [found.error] });
  const obra = String(found.value);
  const area = (query.area ?? String(areaField.default ?? '')).trim();
  const options = (areaField.options ?? []) as string[];
  if (!options.includes(area)) {
    const labels = options.map((o) => areaField.optionLabels?.[o] ?? o).join(', ');
    throw new ApiError(400, `Área inválida. Opções: ${labels}.`, { area: [`Use ${options.join(' ou ')}.`] });
  }
  const rec = subject(schema.subject, { obra, area }) as never;
  if (!actor.ability.can('create' as never, rec) && !actor.ability.can('update' as never, rec)) {
    throw new ApiError(403, 'Você não tem permissão para importar a EAP desta obra e área.');
  }
  return { obra, area };
}
