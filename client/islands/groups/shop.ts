// Islands of the browsing pages: product lists, the vehicle selector and garage, the home page's rows.
export { default as CardFitment } from '../CardFitment.tsx';
export { default as GarageList } from '../GarageList.tsx';
export { default as HomeAnnouncements } from '../HomeAnnouncements.tsx';
export { default as HomeProductRow } from '../HomeProductRow.tsx';
export { default as VehicleApply } from '../VehicleApply.tsx';
export { default as VehicleSelector } from '../VehicleSelector.tsx';
