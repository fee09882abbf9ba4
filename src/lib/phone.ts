/** A number as the data writes it (E.164, "+16095550142") or as a visitor typed it ("(609) 555-0142"): its digits and a leading +, a ten-digit number taken as +1. */
function dialable(phone: string): string {
  const digits = phone.replace(/[^\d+]/g, '');
  return digits.length === 10 ? `+1${digits}` : digits;
}

/**
 * The tel: link of a phone number. For the pages' call links and the inbox's; a module of its
 * own, so the inbox's script takes it without the islands' shared formatting script.
 */
export function telHref(phone: string): string {
  return `tel:${dialable(phone)}`;
}

/**
 * The sms: link of a phone number, with a message to start from (docs/product.md §Text us).
 * The body is written `?&body=`: RFC 5724's `?body=`, which Android's messaging apps read, with
 * the `&` Messages on iOS (8 and later) looks for before `body=`; each reads the other's
 * separator as an empty parameter. The text is percent-encoded (encodeURIComponent: a space is
 * %20, never "+", which Messages would show as a plus; a line break %0A).
 */
export function smsHref(phone: string, body?: string): string {
  return `sms:${dialable(phone)}${body ? `?&body=${encodeURIComponent(body)}` : ''}`;
}
