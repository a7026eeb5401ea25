import * as z from 'zod';
import { MAX_GARAGE_VEHICLES } from '../garage-rules.ts';

/** The member's garage calls (§7), shared: the Worker validates with them, the browser takes their types. */

const ID_MESSAGE = 'must be a positive whole number';
const idField = z
  .number({ error: ID_MESSAGE })
  .int(ID_MESSAGE)
  .positive(ID_MESSAGE)
  .max(Number.MAX_SAFE_INTEGER, ID_MESSAGE);
const level = z.object({ id: idField }, { error: 'must be an attribute with an id' });
/** A vehicle as §3 shapes it (the vehicle or its flat form), or only its deepest node id. */
const vehicleFields = {
  attributeValueId: idField.optional(),
  year: level.optional(),
  make: level.optional(),
  model: level.optional(),
  trim: level.nullable().optional(),
  engine: level.nullable().optional(),
};
export const vehicleBody = z.object({ ...vehicleFields, isDefault: z.boolean().optional() });
/** A saved vehicle made the default and/or changed to another vehicle. */
export const garageEditBody = z.object({ id: idField, ...vehicleFields, isDefault: z.boolean().optional() });
export const garageIdQuery = z.object({
  id: z.coerce
    .number({ error: ID_MESSAGE })
    .int(ID_MESSAGE)
    .positive(ID_MESSAGE)
    .max(Number.MAX_SAFE_INTEGER, ID_MESSAGE),
});
/** A visitor's local garage, newest first, merged into the member's on sign-in. */
export const garagePushBody = z.object({
  vehicles: z.array(vehicleBody).max(MAX_GARAGE_VEHICLES, `can hold at most ${MAX_GARAGE_VEHICLES} vehicles`),
});

const attributeSchema = z.object({ id: z.number().int(), value: z.string(), text: z.string() });
export const savedVehicleSchema = z.object({
  id: z.number().int(),
  isDefault: z.boolean(),
  attributeValueId: z.number().int(),
  year: attributeSchema,
  make: attributeSchema,
  model: attributeSchema,
  trim: attributeSchema.nullable(),
  engine: attributeSchema.nullable(),
  /** The id it was saved on, on the answer where the vehicle base's move of that id reached it. */
  movedFrom: z.number().int().optional(),
});
export const idAnswer = z.object({ id: z.number().int() });

export type GarageVehicleBody = z.input<typeof vehicleBody>;
export type GarageEditBody = z.input<typeof garageEditBody>;
export type GarageIdQuery = z.input<typeof garageIdQuery>;
export type GaragePushBody = z.input<typeof garagePushBody>;
export type ServerGarageVehicle = z.infer<typeof savedVehicleSchema>;
export type GarageIdAnswer = z.infer<typeof idAnswer>;
