// What the shop sells parts for: the model-year range, the makes (the allow-list, with the
// names vPIC gives them) and the vehicle types, and what vPIC files under them that is not a
// car or light truck (heavy trucks, bus chassis, bare chassis, replicas).

/** First model year derived. */
export const YEAR_FROM = 1990;
/** Last model year derived. */
export const YEAR_TO = 2027;
/** An open schema link starting this year or later marks its models as still built. */
export const CURRENT_SINCE = 2024;

/** Vehicle types kept: 2 Passenger Car, 3 Truck, 7 Multipurpose Passenger Vehicle (MPV). */
export const VEHICLE_TYPES = [2, 3, 7];

/**
 * Makes a US/Canadian aftermarket parts shop sells for (sold new in the US or Canada
 * 1990-2027, discontinued brands included): display name → vPIC Make.Name.
 * Scion is not a make in vPIC: its models are Toyota's, named "Scion xB" etc. (see SCION).
 */
export const MAKES: Record<string, string> = {
  Acura: 'Acura',
  'Alfa Romeo': 'Alfa Romeo',
  'Aston Martin': 'Aston Martin',
  Audi: 'Audi',
  Bentley: 'Bentley',
  BMW: 'BMW',
  Buick: 'Buick',
  Cadillac: 'Cadillac',
  Chevrolet: 'Chevrolet',
  Chrysler: 'Chrysler',
  Daewoo: 'Daewoo',
  Dodge: 'Dodge',
  Eagle: 'Eagle',
  Ferrari: 'Ferrari',
  Fiat: 'Fiat',
  Fisker: 'Fisker',
  Ford: 'Ford',
  Genesis: 'Genesis',
  Geo: 'Geo',
  GMC: 'GMC',
  Honda: 'Honda',
  Hummer: 'Hummer',
  Hyundai: 'Hyundai',
  Infiniti: 'Infiniti',
  Isuzu: 'Isuzu',
  Jaguar: 'Jaguar',
  Jeep: 'Jeep',
  Kia: 'Kia',
  Lamborghini: 'Lamborghini',
  'Land Rover': 'Land Rover',
  Lexus: 'Lexus',
  Lincoln: 'Lincoln',
  Lotus: 'Lotus',
  Lucid: 'Lucid',
  Maserati: 'Maserati',
  Mazda: 'Mazda',
  McLaren: 'McLaren',
  'Mercedes-Benz': 'Mercedes-Benz',
  Mercury: 'Mercury',
  Mini: 'MINI',
  Mitsubishi: 'Mitsubishi',
  Nissan: 'Nissan',
  Oldsmobile: 'Oldsmobile',
  Plymouth: 'Plymouth',
  Polestar: 'Polestar',
  Pontiac: 'Pontiac',
  Porsche: 'Porsche',
  Ram: 'Ram',
  Rivian: 'RIVIAN',
  'Rolls-Royce': 'Rolls-Royce',
  Saab: 'SAAB',
  Saturn: 'Saturn',
  Smart: 'smart',
  Subaru: 'Subaru',
  Suzuki: 'Suzuki',
  Tesla: 'Tesla',
  Toyota: 'Toyota',
  Volkswagen: 'Volkswagen',
  Volvo: 'Volvo',
};
/** Scion: a make of its own here, Toyota models named "Scion ..." in vPIC. */
export const SCION = { make: 'Scion', from: 'Toyota', prefix: /^Scion\s+/i };

/**
 * WMIs that vPIC files under a kept make but whose maker builds heavy trucks, buses or
 * replicas, not the make's cars (matched against Manufacturer.Name).
 */
export const NOT_THE_MAKES_CARS = new RegExp(
  '^(' +
    [
      'MERCEDES-BENZ TRUCK COMPANY',
      'VOLVO GROUP NORTH AMERICA',
      'VOLVO DO BRASIL',
      'TRANSPORTATION POWER',
      'GOLDEN AGE AUTO',
      'HOLMAN & MOODY',
      'BLUE DIAMOND TRUCK',
    ].join('|') +
    ')',
  'i',
);

/** vPIC model entries that are bare chassis, not a vehicle (chassis cabs and vans are kept). */
const NOT_A_VEHICLE =
  /^(chassis with powertrain|stripped chassis|incomplete|motor ?home chassis|rolling chassis|recreational vehicle)$/i;

/**
 * Heavy trucks and bus chassis (GVWR class 7-8) that vPIC files under a kept make without a
 * weight rating to tell them by: Ford's Louisville/Aeromax, Cargo and B-series bus lines,
 * Chevrolet/GMC's B7 bus chassis, Isuzu's H-Series, FTR/FVR and T7F/T8F.
 */
const HEAVY_MODELS: Record<string, RegExp> = {
  Ford: /^(A|AT|B|C|CF|CFT|CL|CLT|CT|FT|L|LA|LL|LLA|LLS|LN|LNT|LS|LT|LTA|LTL|LTLA|LTLS|LTS)-?\d{3,4}$/,
  Chevrolet: /^B7$/,
  GMC: /^B7$/,
  Isuzu: /^(H-Series|FTR\/FVR(\/EVR)?|T[78]F)$/,
};

/** Is this vPIC model name of a kept make a bare chassis or a known heavy truck (so left out)? */
export function notAVehicle(make: string, name: string): boolean {
  return NOT_A_VEHICLE.test(name) || HEAVY_MODELS[make]?.test(name) === true;
}

/** Trim values that name no trim. */
export const NO_TRIM = /^(n\/?a|none|unknown|null|-+)$/i;

/** Models whose every stated gross vehicle weight is Class 7 or 8 (over 26,000 lb) are heavy trucks. */
export const HEAVY_GVWR = /^Class [78]\b/;
