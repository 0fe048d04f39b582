/** The part of the `zipcodes` package (no published types) that ports/geocoder.ts uses. */
declare module 'zipcodes' {
  interface ZipcodeEntry {
    zip: string;
    latitude: number;
    longitude: number;
    city: string;
    state: string;
    country: string;
  }
  const zipcodes: { lookup(code: string): ZipcodeEntry | undefined };
  export default zipcodes;
}
