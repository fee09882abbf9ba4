import { describe, expect, it } from 'vitest';
import { clickToCallEvent, clickToTextEvent, TEXT_EVENTS_SCRIPT } from './page-events.ts';

const ITEM = {
  item_id: 'VIN1',
  item_number: 'BGC-1',
  item_price: 9999,
  item_condition: 'new',
  item_year: '2025',
  item_make: 'denago',
  item_model: 'ev city',
  item_color: 'white',
  item_type: 'golf cart',
  item_fuel_type: 'electric',
};

describe('the Text links’ event', () => {
  it('is the click-to-call event with the text channel', () => {
    expect(clickToTextEvent('item', '+16095550142', ITEM)).toEqual({ ...clickToCallEvent('item', '+16095550142', ITEM), comm_type: 'text' });
  });

  it('the inline script pushes it with the number of the link tapped, and nothing for other links', () => {
    const listeners: ((event: unknown) => void)[] = [];
    const base = clickToTextEvent('contact', '');
    const fakeWindow: { asc_datalayer?: { events: unknown[] }; dataLayer?: unknown[] } = {};
    const document = {
      currentScript: { dataset: { event: JSON.stringify(base) } },
      addEventListener: (type: string, listener: (event: unknown) => void, options: { capture: boolean }) => {
        expect([type, options.capture]).toEqual(['click', true]);
        listeners.push(listener);
      },
    };
    class Element {
      constructor(private readonly href: string) {}
      closest(selector: string) {
        return selector === 'a[href^="sms:"]' && this.href.startsWith('sms:') ? this : null;
      }
      getAttribute() {
        return this.href;
      }
    }
    new Function('document', 'window', 'Element', TEXT_EVENTS_SCRIPT)(document, fakeWindow, Element);
    const [listener] = listeners;
    listener?.({ target: new Element('tel:+16095550142') });
    expect(fakeWindow.asc_datalayer).toBeUndefined();
    listener?.({ target: new Element('sms:+16095550177?&body=Hi') });
    const expected = { ...base, comm_phone_number: '+16095550177' };
    expect(fakeWindow.asc_datalayer?.events).toEqual([expected]);
    expect(fakeWindow.dataLayer).toEqual([expected]);
  });
});
