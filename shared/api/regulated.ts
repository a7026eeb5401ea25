import * as z from 'zod';
import { CURRENCIES } from '../markets.ts';
import { EMISSIONS_KINDS, EMISSIONS_STATUSES, PROP65_KINDS } from '../regulated-parts.ts';
import { HAZMAT_CLASSES, SIZE_CLASSES } from '../shipping-limits.ts';

/** What the cart and checkout answers say of parts the law treats differently (issue 40), documented once. */

/** An emissions part's kind, legal status and CARB EO number; null for other parts. */
export const emissionsSchema = z
  .object({ kind: z.enum(EMISSIONS_KINDS), status: z.enum(EMISSIONS_STATUSES), eo: z.string().nullable() })
  .nullable();

/** The Prop 65 listing a shopper shipping to California is warned of; null for everyone else. */
export const prop65Schema = z.object({ kind: z.enum(PROP65_KINDS), chemicals: z.array(z.string()) }).nullable();

/** How the carriers treat the part (issue 40 item 4): its hazardous-materials and size classes. */
export const hazmatSchema = z.enum(HAZMAT_CLASSES).nullable();
export const sizeClassSchema = z.enum(SIZE_CLASSES).nullable();

/** How the part limits the shipping options where the order is going, and why, naming it; null when it does not. */
export const shipLimitSchema = z
  .object({ kind: z.enum(['GROUND_ONLY', 'NO_ROUTE', 'OVERSIZE', 'FREIGHT_ONLY']), message: z.string() })
  .nullable();

/** Why the part cannot be shipped to the address's state, naming it, and the 50-state parts that fit instead. */
export const shipRefusalSchema = z
  .object({
    message: z.string(),
    state: z.string(),
    vehicleName: z.string().nullable(),
    alternatives: z.array(
      z.object({
        itemId: z.number(),
        title: z.string(),
        urlHandle: z.string().nullable(),
        price: z.number().nullable(),
        currency: z.enum(CURRENCIES),
      }),
    ),
  })
  .nullable();
