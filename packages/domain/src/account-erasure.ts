/**
 * What is kept of a person's orders when they delete their account (docs/decisions/0038-account-export-and-erasure.md).
 *
 * A restaurant must keep its receipts for its books and taxes: what was sold, when, for how much,
 * how it was paid (brand and last four) and where a school meal went (date, school, classroom). It has
 * no need for who bought it: the contact's name, e-mail and phone, the delivery address and its map
 * point, the diner's notes, an open tab's owner and a child's name are removed. A school order's
 * student reads "Deleted student"; a suite order keeps its suite but not the owner's account id.
 *
 * The function takes the order row's `data` JSON as parsed and answers a new object: the fields it
 * does not know are kept as they are, so a later field holding personal data must be added here.
 */

export const DELETED_STUDENT_FIRST_NAME = 'Deleted';
export const DELETED_STUDENT_LAST_NAME = 'student';

/** The delivery fields that place or name a person; the rest (type, school, classroom, seat, area) stay. */
const PERSONAL_DELIVERY_FIELDS = ['name', 'address', 'lat', 'lng', 'postalCode', 'student', 'location'] as const;

type Json = Record<string, unknown>;

function isRecord(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function scrubOrderData(data: Json): Json {
  const scrubbed: Json = { ...data };
  if (isRecord(data.contact)) scrubbed.contact = { ...data.contact, full_name: '', email: '', phone_number: '' };
  if (isRecord(data.delivery)) {
    const delivery: Json = { ...data.delivery };
    for (const field of PERSONAL_DELIVERY_FIELDS) delete delivery[field];
    scrubbed.delivery = delivery;
  }
  if ('notes' in data) scrubbed.notes = '';
  if ('tabOwner' in data) scrubbed.tabOwner = null;
  if (isRecord(data.school)) {
    const student = isRecord(data.school.student) ? data.school.student : {};
    scrubbed.school = {
      ...data.school,
      student: { ...student, id: null, firstName: DELETED_STUDENT_FIRST_NAME, lastName: DELETED_STUDENT_LAST_NAME },
    };
  }
  if (isRecord(data.suite)) scrubbed.suite = { ...data.suite, ownerUserId: null };
  return scrubbed;
}
