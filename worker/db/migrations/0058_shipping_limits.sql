-- Shipping limits per part (issue 40, item 4). The rules that read these columns live once in
-- shared/shipping-limits.ts.
--
-- hazmat_class: the hazardous-materials class the carriers treat the part as (NULL: not hazardous):
-- LEAD_ACID_BATTERY (UN2794, class 8), AEROSOL (UN1950, class 2.1, limited quantity), FLAMMABLE_LIQUID
-- (UN1993, class 3: fuel additives, some cleaners), AIRBAG_INFLATOR (UN3268, class 9). A hazardous part
-- ships by ground only, and not at all where no ground route reaches.
-- size_class: OVERSIZE (a parcel carriers bill as oversize: a freight surcharge per unit) or FREIGHT (too
-- big for parcel carriers: only the freight option is offered); NULL for an ordinary parcel.
ALTER TABLE item ADD COLUMN hazmat_class TEXT
  CHECK (hazmat_class IN ('LEAD_ACID_BATTERY', 'AEROSOL', 'FLAMMABLE_LIQUID', 'AIRBAG_INFLATOR'));
ALTER TABLE item ADD COLUMN size_class TEXT CHECK (size_class IN ('OVERSIZE', 'FREIGHT'));
