/**
 * The catalog editor's regulated fields (issue 40): a product's emissions kind, legal status and CARB
 * EO number, its Prop 65 listing, and how the carriers treat it (hazardous-materials and size class).
 * Read by shared/regulated-fields.ts (the CSV import reads the same way); written with the product's
 * version guard and the audit entry in one batch.
 */
import type { AuditedChange } from '../platform/audit.ts';
import { unitOfWork } from '../platform/unit-of-work.ts';
import { catalogChanged } from '../platform/recent-reads.ts';
import {
  type RegulatedField,
  type RegulatedValues,
  readRegulated,
  regulatedText,
} from '../../shared/regulated-fields.ts';
import { catalogAdminRepository } from './admin-repository.ts';
import { regulatedAdminRepository } from './admin-regulated-repository.ts';
import { CATALOG_EDIT_MSG, type EditResult } from './admin-edit.ts';

/** A product's regulated fields as the editor shows them, or null when there is no such product. */
export async function regulatedForEdit(db: D1Database, id: number): Promise<Record<RegulatedField, string> | null> {
  const row = await regulatedAdminRepository(db).regulated(id);
  return row ? regulatedText(row) : null;
}

/** Changes a product's regulated fields when its version is still the form's; bad values are refused with why. */
export async function editRegulated(
  db: D1Database,
  id: number,
  form: Partial<Record<RegulatedField, string>> & { version: number },
  audit: AuditedChange,
): Promise<EditResult<RegulatedField>> {
  const repository = regulatedAdminRepository(db);
  const current = await repository.regulated(id);
  if (!current) return { ok: false, problem: 'not-found', message: CATALOG_EDIT_MSG.notFound };
  const read = readRegulated(form);
  if ('errors' in read) return { ok: false, problem: 'invalid', errors: read.errors };
  const { version: _version, ...before } = current;
  const after: RegulatedValues = read.values;
  const versionNow = async () => (await repository.regulated(id))?.version;
  const work = unitOfWork(db)
    .guard('version', [catalogAdminRepository(db).itemGuard(id, form.version)], async () => {
      return (await versionNow()) === form.version;
    })
    .add(repository.writeRegulated(id, after))
    .audit(audit({ before, after }));
  if (!(await work.commit()).ok) return { ok: false, problem: 'conflict', message: CATALOG_EDIT_MSG.productConflict };
  catalogChanged();
  return { ok: true };
}
