import * as z from 'zod';

/** The vehicle and fitment calls the browser makes (§3, §4, §7), shared with the Worker that validates them. */

/** An empty parameter (skuId=) counts as absent: the §5 rule decides what a missing id means. */
export const optionalId = z
  .string()
  .regex(/^\d{0,15}$/, 'must be a positive whole number')
  .transform((value) => (value === '' ? undefined : Number(value)))
  .optional();
const nodeIdList = z
  .string()
  .regex(/^(\d{1,15}(,\d{1,15}){0,4})?$/, 'must be up to five comma-joined vehicle node ids, year first')
  .transform((value) => (value === '' ? [] : value.split(',').map(Number)))
  .optional();
const nodeId = z.coerce
  .number()
  .int()
  .positive()
  .max(2 ** 31);
const attribute = z.object({ id: z.number().int(), value: z.string(), text: z.string() });

/** Whether a product fits the chosen vehicle: the status, and what is missing or noted. */
export const matchAnswer = z.object({
  carModelMatch: z.enum(['FIT', 'NOT_FIT', 'UNCERTAIN', 'EMPTY']),
  applies: z.boolean(),
  missingLevel: z.enum(['trim', 'engine']).optional(),
  notes: z.array(z.string()),
  positions: z.array(z.string()),
});
export const fitQuery = z.object({
  skuId: optionalId,
  itemId: optionalId,
  attributeValueIds: nodeIdList,
  carModelValue: z.string().max(200).optional(),
});
export const fitListQuery = z.object({
  itemIds: z
    .string()
    .regex(/^\d{1,15}(,\d{1,15}){0,99}$/, 'must be up to 100 comma-joined item ids')
    .transform((value) => [...new Set(value.split(',').map(Number))]),
  attributeValueIds: nodeIdList,
});
/** The fit of one product of a card list. */
export const cardFit = matchAnswer.extend({ itemId: z.number().int() });

export const vehicleOptionsQuery = z.object({
  attributeValueId: nodeId.optional(),
  level: z.coerce.number().int().min(0).max(5).default(0),
});
export const vehicleOption = z.object({
  id: z.number().int(),
  level: z.number().int(),
  value: z.string(),
  text: z.string(),
});
export const vinQuery = z.object({ vin: z.string().max(40) });
export const vinAnswer = z.object({
  vin: z.string(),
  year: attribute,
  make: attribute,
  model: attribute.nullable(),
  models: z.array(attribute),
});

export type FitQuery = z.input<typeof fitQuery>;
export type FitAnswer = z.infer<typeof matchAnswer>;
export type FitListQuery = z.input<typeof fitListQuery>;
export type CardFit = z.infer<typeof cardFit>;
export type VehicleOptionsQuery = z.input<typeof vehicleOptionsQuery>;
export type VehicleOption = z.infer<typeof vehicleOption>;
export type VinQuery = z.input<typeof vinQuery>;
export type VinAnswer = z.infer<typeof vinAnswer>;
