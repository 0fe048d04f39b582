/**
 * The error envelope and the error catalogue. Every error the API answers is `{ code, error, message }`:
 * `code` is the spec's numeric code where the catalogue names one, `error` a stable name the web
 * translates by, `message` in the request's language.
 */
import { z } from 'zod';
import type { Locale } from './tenant-file';
import { MenuDraftConflict } from './staff-menu';

export const ErrorEnvelope = z
  .object({
    code: z.number().int().describe('Numeric code of the error catalogue (spec accounts-and-suites.md section 8)'),
    error: z.string().describe('Stable SCREAMING_SNAKE name'),
    message: z.string().describe('Localised message for a person'),
    details: z
      .array(z.object({ path: z.string(), message: z.string() }))
      .optional()
      .describe('Which fields broke which rule, for validation errors'),
    invalid_items: z
      .array(
        z.object({
          orderId: z.number().int(),
          code: z.number().int(),
          error: z.string(),
          /** The line's item in both languages, where the server names it (GET /api/orders/another-round/:id); null: no longer on any menu. */
          name: z.object({ 'en-CA': z.string(), 'fr-CA': z.string() }).nullable().optional(),
        }),
      )
      .optional()
      .describe('Cart lines that are stale, sold out, unavailable or invalid'),
    items: z.array(z.unknown()).optional().describe('The cart as the server prices it now (fresh data)'),
    costs: z.unknown().optional().describe('Fresh costs of the cart, when they could be computed'),
    remaining: z.number().int().optional().describe('TAB_LIMIT_EXCEEDED: cents left on the suite tab'),
    down: z.array(z.string()).optional().describe('SERVICE_UNAVAILABLE from /api/health: the dependencies that do not answer'),
    draft_conflict: MenuDraftConflict.optional().describe(
      'MENU_DRAFT_CHANGED: the draft now, who saved it when, and what changed since the base',
    ),
  })
  .meta({ id: 'ErrorEnvelope' });
export type ErrorEnvelope = z.infer<typeof ErrorEnvelope>;

interface CatalogueEntry {
  code: number;
  status: number;
  en: string;
  fr: string;
}

/** One entry per error name: the catalogue code, the HTTP status, and the message in both languages. */
export const ERRORS = {
  VALIDATION_FAILED: {
    code: 400,
    status: 400,
    en: 'Some of the information sent is not valid.',
    fr: 'Certaines informations envoyées ne sont pas valides.',
  },
  MALFORMED_JSON: {
    code: 400,
    status: 400,
    en: 'The request body is not valid JSON.',
    fr: 'Le corps de la requête n’est pas un JSON valide.',
  },
  UNSUPPORTED_MEDIA_TYPE: { code: 400, status: 415, en: 'Send the request body as JSON.', fr: 'Envoyez le corps de la requête en JSON.' },
  PAYLOAD_TOO_LARGE: { code: 413, status: 413, en: 'The request is too large.', fr: 'La requête est trop volumineuse.' },
  RESTAURANT_REQUIRED: {
    code: 400,
    status: 400,
    en: 'Say which restaurant this request is for.',
    fr: 'Indiquez le restaurant visé par cette requête.',
  },
  RESTAURANT_NOT_FOUND: { code: 404, status: 404, en: 'We could not find this restaurant.', fr: 'Nous n’avons pas trouvé ce restaurant.' },
  NOT_FOUND: {
    code: 404,
    status: 404,
    en: 'We could not find what you asked for.',
    fr: 'Nous n’avons pas trouvé ce que vous avez demandé.',
  },
  METHOD_NOT_ALLOWED: { code: 405, status: 405, en: 'This method is not allowed here.', fr: 'Cette méthode n’est pas permise ici.' },
  TOO_MANY_REQUESTS: {
    code: 429,
    status: 429,
    en: 'Too many attempts. Please wait a moment and try again.',
    fr: 'Trop de tentatives. Veuillez patienter un moment et réessayer.',
  },
  CROSS_SITE_REQUEST: {
    code: 403,
    status: 403,
    en: 'This request came from another site and was refused. Go back to the restaurant’s page and try again.',
    fr: 'Cette demande venait d’un autre site et a été refusée. Revenez à la page du restaurant et réessayez.',
  },
  SESSION_EXPIRED: {
    code: 201,
    status: 401,
    en: 'Your session has expired. Please log in again.',
    fr: 'Votre session a expiré. Veuillez vous reconnecter.',
  },
  TRANSACTION_FAILED: { code: 410, status: 402, en: 'The payment could not be completed.', fr: 'Le paiement n’a pas pu être effectué.' },
  ASAP_PAUSED: {
    code: 418,
    status: 409,
    en: 'This restaurant has paused orders for as soon as possible. Please choose a later pickup time.',
    fr: 'Ce restaurant a suspendu les commandes dès que possible. Veuillez choisir une heure de cueillette plus tard.',
  },
  PAYMENT_PROCESSOR_UNAVAILABLE: {
    code: 1803,
    status: 503,
    en: 'We could not reach the payment service, so nothing was charged. Please try again in a moment.',
    fr: 'Nous n’avons pas pu joindre le service de paiement : rien n’a été débité. Veuillez réessayer dans un moment.',
  },
  ITEM_SOLD_OUT: { code: 415, status: 409, en: 'An item in your cart is sold out.', fr: 'Un article de votre panier est épuisé.' },
  ORDERS_PAUSED: {
    code: 419,
    status: 409,
    en: 'This restaurant is not taking orders right now.',
    fr: 'Ce restaurant ne prend pas de commandes pour le moment.',
  },
  RESTAURANT_CLOSED: {
    code: 417,
    status: 409,
    en: 'This restaurant is closed right now. Please order when it opens.',
    fr: 'Ce restaurant est fermé en ce moment. Veuillez commander à son ouverture.',
  },
  ITEM_STOCK_SHORT: {
    code: 427,
    status: 409,
    en: 'Fewer are left of an item in your cart than you asked for. Lower its quantity and try again.',
    fr: 'Il en reste moins d’un article de votre panier que la quantité demandée. Réduisez-la et réessayez.',
  },
  ITEM_UNAVAILABLE: {
    code: 426,
    status: 409,
    en: 'An item in your cart is no longer available.',
    fr: 'Un article de votre panier n’est plus offert.',
  },
  ITEM_PRICE_CHANGED: {
    code: 428,
    status: 409,
    en: 'A price in your cart has changed. Please review your order.',
    fr: 'Un prix de votre panier a changé. Veuillez revoir votre commande.',
  },
  INVALID_OPTIONS: {
    code: 400,
    status: 400,
    en: 'Some choices for an item are missing or not allowed.',
    fr: 'Certains choix pour un article manquent ou ne sont pas permis.',
  },
  INVALID_QUANTITY: {
    code: 400,
    status: 400,
    en: 'The quantity of an item is not valid.',
    fr: 'La quantité d’un article n’est pas valide.',
  },
  MAX_ITEMS_PER_CART: {
    code: 400,
    status: 409,
    en: 'Your cart has reached the maximum number of items.',
    fr: 'Votre panier a atteint le nombre maximal d’articles.',
  },
  MAX_MEALS_PER_CART: {
    code: 400,
    status: 409,
    en: 'Your cart has reached the maximum number of meals.',
    fr: 'Votre panier a atteint le nombre maximal de repas.',
  },
  MIN_MEALS_PER_CART: {
    code: 400,
    status: 409,
    en: 'Add more meals to reach the minimum for this order.',
    fr: 'Ajoutez des repas pour atteindre le minimum de cette commande.',
  },
  GENERIC_CATERING_LOGIN_REQUIRED: {
    code: 401,
    status: 401,
    en: 'Please log in to place this catering order.',
    fr: 'Veuillez vous connecter pour passer cette commande de traiteur.',
  },
  PICKUP_NOT_OFFERED: {
    code: 400,
    status: 400,
    en: 'Pickup is not offered for this catering order: please choose delivery or a location.',
    fr: 'La cueillette n’est pas offerte pour cette commande de traiteur : veuillez choisir la livraison ou un emplacement.',
  },
  TABLE_LOCATION_NOT_OFFERED: {
    code: 400,
    status: 400,
    en: 'Please choose a location from the list.',
    fr: 'Veuillez choisir un emplacement de la liste.',
  },
  BELOW_CATERING_MINIMUM: {
    code: 400,
    status: 409,
    en: 'This catering order is below the minimum amount.',
    fr: 'Cette commande de traiteur est sous le montant minimum.',
  },
  DISCOUNT_CODE_NOT_FOUND: { code: 404, status: 404, en: 'This promo code does not exist.', fr: 'Ce code promotionnel n’existe pas.' },
  DISCOUNT_CODE_NOT_STARTED: {
    code: 2301,
    status: 422,
    en: 'This promo code is not valid yet.',
    fr: 'Ce code promotionnel n’est pas encore valide.',
  },
  DISCOUNT_CODE_EXPIRED: { code: 2302, status: 422, en: 'This promo code has expired.', fr: 'Ce code promotionnel est expiré.' },
  DISCOUNT_CODE_USED_UP: {
    code: 2303,
    status: 422,
    en: 'This promo code has been used up.',
    fr: 'Ce code promotionnel a atteint sa limite d’utilisation.',
  },
  NO_DATE_RANGE: {
    code: 400,
    status: 400,
    en: 'Choose the dates to show: a start date and an end date on or after it.',
    fr: 'Choisissez les dates à afficher : une date de début et une date de fin égale ou postérieure.',
  },
  MARKETPLACE_CHECKOUT_REQUIRED: {
    code: 400,
    status: 400,
    en: 'This cart has items from several vendors: place it with the marketplace checkout, which makes one order per vendor.',
    fr: 'Ce panier contient des articles de plusieurs comptoirs : passez-le par la caisse du marché, qui crée une commande par comptoir.',
  },
  SALES_DATE_OUT_OF_RANGE: {
    code: 400,
    status: 400,
    en: 'Choose a day between January 1, 2000 and today.',
    fr: 'Choisissez une journée entre le 1er janvier 2000 et aujourd’hui.',
  },
  SALES_RANGE_REVERSED: {
    code: 400,
    status: 400,
    en: 'The end of the period comes before its start: choose an end on or after the start.',
    fr: 'La fin de la période précède son début : choisissez une fin égale ou postérieure au début.',
  },
  DATE_RANGE_TOO_LONG: {
    code: 400,
    status: 400,
    en: 'Choose at most 62 days at a time.',
    fr: 'Choisissez au plus 62 jours à la fois.',
  },
  NOT_A_SCHOOL: {
    code: 404,
    status: 404,
    en: 'This restaurant does not serve school meals.',
    fr: 'Ce restaurant ne sert pas de repas scolaires.',
  },
  // K-12 school meals (packages/contracts/src/school.ts).
  NOT_A_SCHOOL_DAY: {
    code: 400,
    status: 400,
    en: 'Meals cannot be ordered for this date: it is not a school day open for ordering.',
    fr: 'On ne peut pas commander de repas pour cette date : ce n’est pas un jour d’école ouvert aux commandes.',
  },
  ITEM_NOT_ON_DAY_MENU: {
    code: 426,
    status: 400,
    en: 'This meal is not on the menu for that school day.',
    fr: 'Ce repas n’est pas au menu de ce jour d’école.',
  },
  K12_DUPLICATE_DAY: {
    code: 400,
    status: 400,
    en: 'Each child can have only one cart per school day.',
    fr: 'Chaque enfant ne peut avoir qu’un panier par jour d’école.',
  },
  K12_LOGIN_REQUIRED: {
    code: 401,
    status: 401,
    en: 'Please log in to order school meals.',
    fr: 'Veuillez vous connecter pour commander des repas scolaires.',
  },
  K12_STUDENT_REQUIRED: {
    code: 400,
    status: 400,
    en: 'Tell us which child each meal is for: name, school, grade, classroom and teacher.',
    fr: 'Indiquez pour quel enfant est chaque repas : nom, école, année, classe et enseignant.',
  },
  STUDENT_NOT_FOUND: {
    code: 404,
    status: 404,
    en: 'We could not find this student on your account.',
    fr: 'Nous n’avons pas trouvé cet élève dans votre compte.',
  },
  K12_DATE_PAST_CUTOFF: {
    code: 409,
    status: 409,
    en: 'Ordering has closed for some of the days in your cart. They were removed: please check your cart and order again.',
    fr: 'Les commandes sont fermées pour certains jours de votre panier. Ils ont été retirés : vérifiez votre panier et commandez de nouveau.',
  },
  SEARCH_PLACE_REQUIRED: {
    code: 400,
    status: 400,
    en: 'Choose a place from the list, or use your location.',
    fr: 'Choisissez un lieu dans la liste ou utilisez votre position.',
  },
  CHAIN_NOT_FOUND: { code: 404, status: 404, en: 'We could not find these locations.', fr: 'Nous n’avons pas trouvé ces établissements.' },
  // One answer for a number that does not exist and a card with nothing left: a guess learns nothing.
  GIFT_CARD_NOT_FOUND: {
    code: 404,
    status: 404,
    en: 'This gift card number has no funds to use. Check the number and try again.',
    fr: 'Ce numéro de carte-cadeau n’a aucun fonds à utiliser. Vérifiez le numéro et réessayez.',
  },
  MEMBER_NOT_FOUND: { code: 2202, status: 404, en: 'We could not find this membership.', fr: 'Nous n’avons pas trouvé cette adhésion.' },
  MAINTENANCE: {
    code: 503,
    status: 503,
    en: 'We are making improvements. Ordering is back in a few minutes.',
    fr: 'Nous apportons des améliorations. Les commandes reprennent dans quelques minutes.',
  },
  SERVICE_UNAVAILABLE: {
    code: 503,
    status: 503,
    en: 'The service is unavailable. Please try again shortly.',
    fr: 'Le service est indisponible. Veuillez réessayer sous peu.',
  },
  INTERNAL: {
    code: 500,
    status: 500,
    en: 'Something went wrong on our side. Please try again.',
    fr: 'Un problème est survenu de notre côté. Veuillez réessayer.',
  },
  // Checkout and order placement.
  IDEMPOTENCY_KEY_REQUIRED: {
    code: 400,
    status: 400,
    en: 'This order request is missing its Idempotency-Key header (8 to 100 characters).',
    fr: 'Il manque l’en-tête Idempotency-Key (8 à 100 caractères) à cette demande de commande.',
  },
  IDEMPOTENCY_KEY_REUSED: {
    code: 409,
    status: 409,
    en: 'This order key was already used for a different order. Please refresh and try again.',
    fr: 'Cette clé de commande a déjà servi pour une autre commande. Veuillez actualiser et réessayer.',
  },
  TIMESLOT_FULL: {
    code: 424,
    status: 409,
    en: 'This pickup time is now full. Please choose another time.',
    fr: 'Cette heure de cueillette est maintenant complète. Veuillez choisir une autre heure.',
  },
  TIMESLOT_UNAVAILABLE: {
    code: 416,
    status: 409,
    en: 'This pickup time is no longer available. Please choose another time.',
    fr: 'Cette heure de cueillette n’est plus offerte. Veuillez choisir une autre heure.',
  },
  ASAP_UNAVAILABLE: {
    code: 417,
    status: 409,
    en: 'We cannot prepare this order as soon as possible right now. Please choose a pickup time.',
    fr: 'Nous ne pouvons pas préparer cette commande dès que possible en ce moment. Veuillez choisir une heure de cueillette.',
  },
  DELIVERY_OUTSIDE_RADIUS: {
    code: 422,
    status: 422,
    en: 'This address is outside our delivery area.',
    fr: 'Cette adresse est hors de notre zone de livraison.',
  },
  DELIVERY_ADDRESS_INVALID: {
    code: 400,
    status: 400,
    en: 'Please choose a precise, valid delivery address.',
    fr: 'Veuillez choisir une adresse de livraison précise et valide.',
  },
  QUESTION_REQUIRED: {
    code: 400,
    status: 400,
    en: 'Please answer the required questions.',
    fr: 'Veuillez répondre aux questions obligatoires.',
  },
  PAYMENT_METHOD_REQUIRED: {
    code: 400,
    status: 400,
    en: 'Please choose a payment method.',
    fr: 'Veuillez choisir un mode de paiement.',
  },
  PAYMENT_METHOD_UNAVAILABLE: {
    code: 400,
    status: 400,
    en: 'This payment method is not available here.',
    fr: 'Ce mode de paiement n’est pas offert ici.',
  },
  PAYMENT_REFERENCE_REQUIRED: {
    code: 400,
    status: 400,
    en: 'Please enter the reference for this payment method.',
    fr: 'Veuillez entrer la référence de ce mode de paiement.',
  },
  CARD_TOKEN_INVALID: {
    code: 410,
    status: 422,
    en: 'Your card details have expired. Please enter your card again.',
    fr: 'Les informations de votre carte ont expiré. Veuillez entrer votre carte de nouveau.',
  },
  CARD_DECLINED: {
    code: 200,
    status: 402,
    en: 'Your card was declined. Please use another card.',
    fr: 'Votre carte a été refusée. Veuillez utiliser une autre carte.',
  },
  CARD_INSUFFICIENT_FUNDS: {
    code: 200,
    status: 402,
    en: 'Your card was declined for insufficient funds. Please use another card.',
    fr: 'Votre carte a été refusée pour fonds insuffisants. Veuillez utiliser une autre carte.',
  },
  CARD_BRAND_UNSUPPORTED: {
    code: 410,
    status: 422,
    en: 'This card type is not accepted. We accept Visa, Mastercard and American Express.',
    fr: 'Ce type de carte n’est pas accepté. Nous acceptons Visa, Mastercard et American Express.',
  },
  APPLE_PAY_UNSUPPORTED: {
    code: 1805,
    status: 422,
    en: 'Apple Pay is not supported at this location.',
    fr: 'Apple Pay n’est pas pris en charge à cet établissement.',
  },
  CREDITS_CHANGED: {
    code: 409,
    status: 409,
    en: 'Your account credits have changed. Please review your order.',
    fr: 'Vos crédits ont changé. Veuillez revoir votre commande.',
  },
  GIFT_CARD_BALANCE_CHANGED: {
    code: 409,
    status: 409,
    en: 'Your gift card balance has changed. Please review your order.',
    fr: 'Le solde de votre carte-cadeau a changé. Veuillez revoir votre commande.',
  },
  // Gift cards issued from the staff console (decision 0112).
  GIFT_CARD_AMOUNT_INVALID: {
    code: 400,
    status: 400,
    en: 'Enter an amount from $0.01 to $1,000.00.',
    fr: 'Entrez un montant de 0,01 $ à 1 000,00 $.',
  },
  GIFT_CARD_KEY_REUSED: {
    code: 409,
    status: 409,
    en: 'This gift card request was already used for a different card. Refresh and try again.',
    fr: 'Cette demande de carte-cadeau a déjà servi pour une autre carte. Actualisez et réessayez.',
  },
  ORDER_NOT_FOUND: { code: 404, status: 404, en: 'We could not find this order.', fr: 'Nous n’avons pas trouvé cette commande.' },
  // Staff order screens.
  STAFF_ONLY: {
    code: 403,
    status: 403,
    en: 'Only this restaurant’s staff can do this.',
    fr: 'Seul le personnel de ce restaurant peut faire ceci.',
  },
  ORDER_STATUS_CHANGE_NOT_ALLOWED: {
    code: 409,
    status: 409,
    en: 'This order cannot move to that status from its current one. Refresh to see its latest status.',
    fr: 'Cette commande ne peut pas passer à ce statut depuis son statut actuel. Actualisez pour voir son dernier statut.',
  },
  ORDER_STATUS_REASON_REQUIRED: {
    code: 400,
    status: 400,
    en: 'Say why, in a few words: cancelling or refunding an order needs a reason.',
    fr: 'Dites pourquoi, en quelques mots : annuler ou rembourser une commande demande une raison.',
  },
  // Kitchen stations (POST /api/staff/orders/:id/stations/:station/bump, .../recall; decision 0107).
  STATION_NOT_FOUND: {
    code: 404,
    status: 404,
    en: 'This order has nothing to make at that station.',
    fr: 'Cette commande n’a rien à préparer à ce poste.',
  },
  STATION_ORDER_NOT_IN_KITCHEN: {
    code: 409,
    status: 409,
    en: 'Only an order in the kitchen is bumped at a station, and only one in the kitchen or ready is recalled. Refresh to see its latest status.',
    fr: 'Seule une commande en cuisine peut être envoyée à un poste, et seule une commande en cuisine ou prête peut y être rappelée. Actualisez pour voir son dernier statut.',
  },
  // Partial refunds (POST /api/staff/orders/:id/refunds; decision 0103).
  REFUND_ROLE_NOT_ALLOWED: {
    code: 403,
    status: 403,
    en: 'Only the restaurant’s owners and managers can refund.',
    fr: 'Seuls les propriétaires et les gérants du restaurant peuvent rembourser.',
  },
  REFUND_REASON_INVALID: {
    code: 400,
    status: 400,
    en: 'Say why in a few words (up to 200 characters, on one line): a refund needs a reason.',
    fr: 'Dites pourquoi en quelques mots (200 caractères au plus, sur une ligne) : un remboursement demande une raison.',
  },
  REFUND_CHOICE_INVALID: {
    code: 400,
    status: 400,
    en: 'Choose either items to refund or an amount, not both.',
    fr: 'Choisissez soit des articles à rembourser, soit un montant, pas les deux.',
  },
  REFUND_LINE_INVALID: {
    code: 400,
    status: 400,
    en: 'These items are not on this order, or were chosen twice. Refresh and choose again.',
    fr: 'Ces articles ne sont pas dans cette commande, ou ont été choisis deux fois. Actualisez et choisissez de nouveau.',
  },
  REFUND_QUANTITY_EXCEEDED: {
    code: 409,
    status: 409,
    en: 'More of this item than is left to refund was chosen: part of it was refunded already.',
    fr: 'Vous avez choisi plus de cet article qu’il n’en reste à rembourser : une partie a déjà été remboursée.',
  },
  REFUND_EXCEEDS_CHARGE: {
    code: 409,
    status: 409,
    en: 'This refund would give back more than is left of the card’s charge.',
    fr: 'Ce remboursement rendrait plus que ce qui reste du montant porté à la carte.',
  },
  REFUND_NOT_POSSIBLE: {
    code: 409,
    status: 409,
    en: 'This order has no card charge to refund (not charged yet, paid another way, cancelled or refunded).',
    fr: 'Cette commande n’a aucun montant porté à une carte à rembourser (pas encore débité, payé autrement, annulée ou remboursée).',
  },
  REFUND_KEY_REUSED: {
    code: 409,
    status: 409,
    en: 'This refund key was already used for a different refund. Refresh and try again.',
    fr: 'Cette clé de remboursement a déjà servi pour un autre remboursement. Actualisez et réessayez.',
  },
  REFUND_FAILED: {
    code: 402,
    status: 402,
    en: 'The payment processor did not make the refund. Nothing was given back; try again.',
    fr: 'Le processeur de paiement n’a pas fait le remboursement. Rien n’a été rendu. Réessayez.',
  },
  MENU_ENTRY_NOT_FOUND: {
    code: 404,
    status: 404,
    en: 'This item or section is not on the menu.',
    fr: 'Cet article ou cette section n’est pas au menu.',
  },
  // A role that does not open a staff area or may not make a team change (domain/staff-roles.ts):
  // worded for every area it refuses (team, sales, gift cards, availability), not the team alone.
  STAFF_ROLE_NOT_ALLOWED: {
    code: 403,
    status: 403,
    en: 'Your role on the team does not allow this.',
    fr: 'Votre rôle dans l’équipe ne permet pas de faire ceci.',
  },
  // A change to the menus or settings (a draft's save, publish or restore, a photo, a tenant file's
  // import) by a role that only reads them: the kitchen (apps/api/src/routes/staff/staff-caller.ts).
  MENU_CHANGE_NOT_ALLOWED: {
    code: 403,
    status: 403,
    en: 'Your role can read the menu but not change it.',
    fr: 'Votre rôle permet de consulter le menu, pas de le modifier.',
  },
  // The staff console's tenant file import (apps/api/src/use-cases/menus/tenant-file-io.ts); `details` name each path and rule.
  TENANT_FILE_INVALID: {
    code: 400,
    status: 400,
    en: 'This file cannot be imported, and nothing was changed. Each problem is listed with where it is in the file.',
    fr: 'Ce fichier ne peut pas être importé, et rien n’a été changé. Chaque problème est indiqué avec son emplacement dans le fichier.',
  },
  // The menu editor's drafts (apps/api/src/use-cases/menus/menu-drafts.ts); `draft_conflict` names who changed what.
  MENU_DRAFT_CHANGED: {
    code: 409,
    status: 409,
    en: 'Someone else saved the draft after you opened it, so your changes were not saved. Look at what they changed, then save again.',
    fr: 'Quelqu’un d’autre a enregistré le brouillon après que vous l’avez ouvert : vos changements n’ont pas été enregistrés. Voyez ce qui a changé, puis enregistrez de nouveau.',
  },
  // Standing weekly orders (docs/decisions/0122-standing-order-patterns-per-rotation-week.md, amended).
  STANDING_ORDER_CHANGED: {
    code: 409,
    status: 409,
    en: 'This standing order was changed in another window. It has been reloaded: check it and save again.',
    fr: 'Cette commande hebdomadaire a été modifiée dans une autre fenêtre. Elle a été rechargée : vérifiez-la et enregistrez de nouveau.',
  },
  STANDING_DAY_TOO_MANY_MEALS: {
    code: 400,
    status: 409,
    en: 'That day would have more meals than the school allows for one child. Lower the quantity or remove a meal, then save again.',
    fr: 'Ce jour-là aurait plus de repas que l’école n’en permet pour un enfant. Réduisez la quantité ou retirez un repas, puis enregistrez de nouveau.',
  },
  // Menu photos (issue 32 item 3; docs/decisions/0102-menu-images-in-the-database.md).
  IMAGE_NOT_AN_IMAGE: {
    code: 400,
    status: 400,
    en: 'This file is not a photo we can use. Choose a JPEG, PNG or WebP image.',
    fr: 'Ce fichier n’est pas une photo utilisable. Choisissez une image JPEG, PNG ou WebP.',
  },
  IMAGE_TOO_LARGE: {
    code: 413,
    status: 413,
    en: 'This photo is too large. Choose one of at most 8 MB and 40 megapixels.',
    fr: 'Cette photo est trop volumineuse. Choisissez-en une d’au plus 8 Mo et 40 mégapixels.',
  },
  IMAGE_NOT_FOUND: { code: 404, status: 404, en: 'We could not find this photo.', fr: 'Nous n’avons pas trouvé cette photo.' },
  MENU_DRAFT_NOT_FOUND: {
    code: 404,
    status: 404,
    en: 'There is no draft to publish: save your changes as a draft first.',
    fr: 'Il n’y a aucun brouillon à publier : enregistrez d’abord vos changements comme brouillon.',
  },
  MENU_VERSION_NOT_FOUND: {
    code: 404,
    status: 404,
    en: 'This published version is not in the menu’s history.',
    fr: 'Cette version publiée ne figure pas dans l’historique du menu.',
  },
  STAFF_LAST_OWNER: {
    code: 409,
    status: 409,
    en: 'A restaurant needs an owner: make someone else an owner first.',
    fr: 'Un restaurant doit avoir un propriétaire : nommez d’abord quelqu’un d’autre propriétaire.',
  },
  STAFF_MEMBER_NOT_FOUND: {
    code: 404,
    status: 404,
    en: 'This person is not on the team.',
    fr: 'Cette personne ne fait pas partie de l’équipe.',
  },
  STAFF_ALREADY_MEMBER: {
    code: 409,
    status: 409,
    en: 'This person is already on the team.',
    fr: 'Cette personne fait déjà partie de l’équipe.',
  },
  STAFF_INVITATION_INVALID: {
    code: 400,
    status: 400,
    en: 'This invitation is invalid, expired or already used. Ask for a new one.',
    fr: 'Cette invitation est invalide, expirée ou déjà utilisée. Demandez-en une nouvelle.',
  },
  // A restaurant's webhook endpoints (contracts/staff-webhooks.ts).
  WEBHOOK_ENDPOINT_NOT_FOUND: {
    code: 404,
    status: 404,
    en: 'This webhook endpoint does not exist.',
    fr: 'Ce point de terminaison de webhook n’existe pas.',
  },
  WEBHOOK_ENDPOINT_LIMIT: {
    code: 409,
    status: 409,
    en: 'A restaurant can have at most 10 webhook endpoints: remove one first.',
    fr: 'Un restaurant peut avoir au plus 10 points de terminaison de webhook : supprimez-en un d’abord.',
  },
  // A restaurant's kitchen printer (contracts/staff-printer.ts).
  KITCHEN_PRINTER_NOT_SET: {
    code: 409,
    status: 409,
    en: 'No kitchen printer is set up for this restaurant.',
    fr: 'Aucune imprimante de cuisine n’est configurée pour ce restaurant.',
  },
  ANOTHER_ROUND_UNAVAILABLE: {
    code: 409,
    status: 409,
    en: 'Another round is not available for this order.',
    fr: 'Une autre tournée n’est pas offerte pour cette commande.',
  },
  SUB_OPTION_GROUP_NOT_FOUND: {
    code: 404,
    status: 409,
    en: 'A choice in your previous order is no longer offered (sub option group not found).',
    fr: 'Un choix de votre commande précédente n’est plus offert (sous-groupe d’options introuvable).',
  },
  OPTION_NOT_FOUND: {
    code: 404,
    status: 409,
    en: 'An option in your previous order is no longer offered (option not found).',
    fr: 'Une option de votre commande précédente n’est plus offerte (option introuvable).',
  },
  // Accounts and sessions.
  INVALID_CREDENTIALS: {
    code: 401,
    status: 401,
    en: 'The e-mail or password is incorrect.',
    fr: 'Le courriel ou le mot de passe est incorrect.',
  },
  // Deleting one's own account (use-cases/accounts/account-privacy.ts).
  ACCOUNT_DELETE_NOT_CONFIRMED: {
    code: 403,
    status: 403,
    en: 'Your account was not deleted: the password (or, without one, the e-mail) you typed does not match.',
    fr: 'Votre compte n’a pas été supprimé : le mot de passe (ou, sans mot de passe, le courriel) saisi ne correspond pas.',
  },
  ACCOUNT_LAST_OWNER: {
    code: 409,
    status: 409,
    en: 'You are the last owner of a restaurant’s team: make someone else an owner first, then delete your account.',
    fr: 'Vous êtes le dernier propriétaire de l’équipe d’un restaurant : nommez d’abord quelqu’un d’autre propriétaire, puis supprimez votre compte.',
  },
  EMAIL_TAKEN: {
    code: 409,
    status: 409,
    en: 'An account already uses this e-mail. Please log in or reset your password.',
    fr: 'Un compte utilise déjà ce courriel. Veuillez vous connecter ou réinitialiser votre mot de passe.',
  },
  RESET_LINK_INVALID: {
    code: 400,
    status: 400,
    en: 'This password reset link is invalid, expired or already used. Please ask for a new one.',
    fr: 'Ce lien de réinitialisation est invalide, expiré ou déjà utilisé. Veuillez en demander un nouveau.',
  },
  SCHEDULED_ORDER_NOT_CANCELLABLE: {
    code: 443,
    status: 409,
    en: 'This order can no longer be cancelled.',
    fr: 'Cette commande ne peut plus être annulée.',
  },
  SUBSIDY_CODE_NOT_FOUND: {
    code: 404,
    status: 404,
    en: 'This subsidy code is not valid here.',
    fr: 'Ce code de subvention n’est pas valide ici.',
  },
  // A code only counts for signed-in users (pricing.md 2.3); said to a guest whatever the code.
  SUBSIDY_CODE_SIGN_IN_REQUIRED: {
    code: 400,
    status: 400,
    en: 'A subsidy code counts only for a signed-in account. Please log in to use yours.',
    fr: 'Un code de subvention ne s’applique qu’à un compte connecté. Veuillez vous connecter pour utiliser le vôtre.',
  },
  // Social sign-in.
  SOCIAL_PROVIDER_UNAVAILABLE: {
    code: 404,
    status: 404,
    en: 'Signing in with this provider is not offered here. Please use your e-mail and password.',
    fr: 'La connexion avec ce fournisseur n’est pas offerte ici. Veuillez utiliser votre courriel et votre mot de passe.',
  },
  SOCIAL_TOKEN_INVALID: {
    code: 401,
    status: 401,
    en: 'We could not confirm your sign-in with this provider. Please try again.',
    fr: 'Nous n’avons pas pu confirmer votre connexion avec ce fournisseur. Veuillez réessayer.',
  },
  SOCIAL_EMAIL_UNVERIFIED: {
    code: 2101,
    status: 422,
    en: 'This provider did not confirm your e-mail address. Please confirm it with the provider, or sign up with your e-mail and a password.',
    fr: 'Ce fournisseur n’a pas confirmé votre adresse courriel. Veuillez la confirmer auprès du fournisseur, ou inscrivez-vous avec votre courriel et un mot de passe.',
  },
  // Social sign-in by the authorization-code flow (docs/decisions/0117-social-sign-in-code-flow.md).
  SOCIAL_EMAIL_TAKEN: {
    code: 2102,
    status: 409,
    en: 'An account already uses this e-mail address. Please sign in with your e-mail and password instead.',
    fr: 'Un compte utilise déjà cette adresse courriel. Veuillez plutôt vous connecter avec votre courriel et votre mot de passe.',
  },
  SOCIAL_PROVIDER_FAILED: {
    code: 2103,
    status: 502,
    en: 'The sign-in provider did not answer as expected. Please try again in a moment, or use your e-mail and password.',
    fr: 'Le fournisseur de connexion n’a pas répondu comme prévu. Veuillez réessayer dans un moment, ou utiliser votre courriel et votre mot de passe.',
  },
  SOCIAL_SIGN_IN_EXPIRED: {
    code: 2104,
    status: 400,
    en: 'This sign-in did not start here or took too long. Please try again.',
    fr: 'Cette connexion n’a pas commencé ici ou a pris trop de temps. Veuillez réessayer.',
  },
  SOCIAL_SIGN_IN_CANCELLED: {
    code: 2105,
    status: 400,
    en: 'Signing in with the provider was cancelled or refused. You can try again or use your e-mail and password.',
    fr: 'La connexion avec le fournisseur a été annulée ou refusée. Vous pouvez réessayer ou utiliser votre courriel et votre mot de passe.',
  },
  // Linking a provider from the profile (docs/decisions/0124-social-link-and-form-post.md).
  SOCIAL_IDENTITY_LINKED_ELSEWHERE: {
    code: 2106,
    status: 409,
    en: 'This provider account is already connected to another account here. Sign in with it to use that account, or disconnect it there first.',
    fr: 'Ce compte du fournisseur est déjà connecté à un autre compte ici. Connectez-vous avec lui pour utiliser ce compte, ou dissociez-le d’abord de celui-ci.',
  },
  SOCIAL_LAST_SIGN_IN_METHOD: {
    code: 2107,
    status: 409,
    en: 'This is the only way you can sign in to this account. Set a password (Forgot password on the sign-in screen) or connect another provider first.',
    fr: 'C’est la seule façon de vous connecter à ce compte. Définissez d’abord un mot de passe (Mot de passe oublié à l’écran de connexion) ou connectez un autre fournisseur.',
  },
  SOCIAL_LINK_SIGNED_OUT: {
    code: 2108,
    status: 400,
    en: 'You were signed out before the provider answered, so nothing was connected. Please sign in and try again.',
    fr: 'Vous avez été déconnecté avant la réponse du fournisseur : rien n’a été connecté. Veuillez vous connecter et réessayer.',
  },
  // Saved cards (docs/decisions/0011-saved-cards.md).
  PAYMENT_METHOD_NOT_FOUND: {
    code: 404,
    status: 404,
    en: 'We could not find this saved card. Please choose another card or enter a new one.',
    fr: 'Nous n’avons pas trouvé cette carte enregistrée. Veuillez choisir une autre carte ou en entrer une nouvelle.',
  },
  PAYMENT_METHOD_SAVE_FAILED: {
    code: 1806,
    status: 422,
    en: 'We could not save this payment method. Please check the card or use another one.',
    fr: 'Nous n’avons pas pu enregistrer ce mode de paiement. Veuillez vérifier la carte ou en utiliser une autre.',
  },
  PAYMENT_METHOD_UNSUPPORTED: {
    code: 1807,
    status: 422,
    en: 'This saved card is not supported by this restaurant’s payment processor. Please try again or add the card again.',
    fr: 'Cette carte enregistrée n’est pas prise en charge par le processeur de paiement de ce restaurant. Veuillez réessayer ou ajouter la carte de nouveau.',
  },
  // Event suites (contracts/suites.ts; spec accounts-and-suites.md section 8).
  EVENT_SUITE_NOT_FOUND: {
    code: 404,
    status: 404,
    en: 'No event suite found.',
    fr: 'Aucune loge d’événement trouvée.',
  },
  NOT_ASSIGNED_TO_SUITE: {
    code: 403,
    status: 403,
    en: 'User not assigned to this suite.',
    fr: 'Utilisateur non assigné à cette loge.',
  },
  NOT_A_SUITE_OPERATOR: {
    code: 403,
    status: 403,
    en: 'User is not a suite operator.',
    fr: 'L’utilisateur n’est pas un opérateur de loge.',
  },
  NO_EVENT_SUITE: {
    code: 400,
    status: 400,
    en: 'Error: no event suite. Choose an event suite first.',
    fr: 'Erreur : aucune loge d’événement. Choisissez d’abord une loge d’événement.',
  },
  PRE_ORDER_REQUIRES_SAVED_CARD: {
    code: 402,
    status: 402,
    en: 'Pre-ordering requires a saved payment method. Please add a card to your account first.',
    fr: 'La précommande exige un mode de paiement enregistré. Veuillez d’abord ajouter une carte à votre compte.',
  },
  PRE_ORDER_LOCKED: {
    code: 409,
    status: 409,
    en: 'Pre-orders for this event are locked: it can no longer be placed or changed.',
    fr: 'Les précommandes de cet événement sont verrouillées : elles ne peuvent plus être passées ni modifiées.',
  },
  SUITE_DELIVERY_TIME_INVALID: {
    code: 400,
    status: 400,
    en: 'Choose when the food is delivered to the suite: before the event, at its start, at half-time, or a time during the event.',
    fr: 'Choisissez quand livrer à la loge : avant l’événement, au début, à la mi-temps ou à une heure pendant l’événement.',
  },
  SUITE_MENU_NOT_OFFERED: {
    code: 426,
    status: 422,
    en: 'An item in the cart is not on this event’s suite menus.',
    fr: 'Un article du panier n’est pas offert dans les menus des loges de cet événement.',
  },
  PAYMENT_PREFERENCE_LOCKED: {
    code: 409,
    status: 409,
    en: 'The event-day payment preference was already submitted and cannot be changed.',
    fr: 'Le mode de paiement du jour de l’événement a déjà été soumis et ne peut plus être modifié.',
  },
  TAB_LIMIT_BELOW_SPENT: {
    code: 409,
    status: 409,
    en: 'The tab limit cannot be lower than what the suite’s orders already total.',
    fr: 'La limite de l’ardoise ne peut pas être inférieure au total des commandes de la loge.',
  },
  LOGIN_AS_FORBIDDEN: {
    code: 403,
    status: 403,
    en: 'An operator ordering for a suite cannot change the owner’s account, e-mail, password or saved cards.',
    fr: 'Un opérateur qui commande pour une loge ne peut pas modifier le compte, le courriel, le mot de passe ni les cartes du propriétaire.',
  },
  EVENT_DAY_ONLY: {
    code: 409,
    status: 409,
    en: 'Event-day ordering is open only on the day of the event, until it ends.',
    fr: 'Les commandes du jour de l’événement ne sont possibles que le jour même, jusqu’à la fin de l’événement.',
  },
  TAB_CLOSED: {
    code: 409,
    status: 409,
    en: 'This suite’s tab is closed: the event is over.',
    fr: 'L’ardoise de cette loge est fermée : l’événement est terminé.',
  },
  OPERATOR_TOKEN_REQUIRED: {
    code: 403,
    status: 403,
    en: 'An order placed for a suite must carry the operator’s sign-in. Log in as the operator again.',
    fr: 'Une commande passée pour une loge doit porter la connexion de l’opérateur. Reconnectez-vous comme opérateur.',
  },
  TAB_NOT_CLOSABLE: {
    code: 409,
    status: 409,
    en: 'A suite’s tab can be closed from the day of its event on.',
    fr: 'L’ardoise d’une loge peut être fermée à partir du jour de son événement.',
  },
  TAB_LIMIT_EXCEEDED: {
    code: 409,
    status: 409,
    en: 'This order would go over the suite’s tab limit.',
    fr: 'Cette commande dépasserait la limite de l’ardoise de la loge.',
  },
  NOT_A_MARKETPLACE: {
    code: 404,
    status: 404,
    en: 'This restaurant is not a marketplace with several vendors.',
    fr: 'Ce restaurant n’est pas un marché regroupant plusieurs comptoirs.',
  },
  VENDOR_PAUSED: {
    code: 419,
    status: 409,
    en: 'A vendor in your cart is not taking orders right now. Remove its items to order from the others.',
    fr: 'Un comptoir de votre panier ne prend pas de commandes pour le moment. Retirez ses articles pour commander chez les autres.',
  },
  VENDOR_CLOSED: {
    code: 417,
    status: 409,
    en: 'A vendor in your cart is closed at this time. Remove its items or choose another time.',
    fr: 'Un comptoir de votre panier est fermé à cette heure. Retirez ses articles ou choisissez une autre heure.',
  },
} as const satisfies Record<string, CatalogueEntry>;

export type ErrorName = keyof typeof ERRORS;

export function errorMessage(name: ErrorName, locale: Locale): string {
  const entry = ERRORS[name];
  return locale === 'fr-CA' ? entry.fr : entry.en;
}
