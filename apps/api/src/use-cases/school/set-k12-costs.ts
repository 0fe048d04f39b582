/** POST /orders/set-k12-costs: a school cart priced day by day (school-checkout.ts), dropped dates and meal limits reported. */
import type { SetK12CostsResponse } from '@servery/contracts/school';
import { priceSchoolCheckout, schoolCostsResponse, type SchoolCheckoutOptions } from './school-checkout';

export async function setK12Costs(options: SchoolCheckoutOptions): Promise<SetK12CostsResponse> {
  return schoolCostsResponse(await priceSchoolCheckout(options), options.locale);
}
