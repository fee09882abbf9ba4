/**
 * The tel: link of a phone number, as the data writes it (E.164, "+16095550142") or as a visitor
 * typed it ("(609) 555-0142"): its digits and a leading +, a ten-digit number taken as +1. For
 * the pages' call links and the inbox's; a module of its own, so the inbox's script takes it
 * without the islands' shared formatting script.
 */
export function telHref(phone: string): string {
  const digits = phone.replace(/[^\d+]/g, '');
  return `tel:${digits.length === 10 ? `+1${digits}` : digits}`;
}
