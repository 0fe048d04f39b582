/** A restaurant's gift card by its number, if it has funds (POST /orders/get-gift-card). */
import type { Kysely } from 'kysely';
import { findGiftCard } from '../db/tenders-repository';
import type { Restaurant } from '../db/restaurants-repository';
import type { Database } from '../db/schema';
import { AppError } from '../lib/app-error';

export async function usableGiftCard(db: Kysely<Database>, restaurant: Restaurant, giftCardNumber: string) {
  const card = await findGiftCard(db, restaurant.id, giftCardNumber);
  if (!card) throw new AppError('GIFT_CARD_NOT_FOUND');
  if (card.balance <= 0) throw new AppError('GIFT_CARD_NO_FUNDS');
  return card;
}
