import { EVENT_OWNER, type AscEvent, type AscItem, type AscPageType } from './asc.ts';

/**
 * The page's own analytics events (docs/product.md §Analytics): page views, calls and calls to
 * action. Only src/scripts/asc-page.ts uses them.
 */

export function pageviewEvents(pageType: AscPageType, items: readonly AscItem[]): AscEvent[] {
  const base = { event_owner: EVENT_OWNER, page_type: pageType };
  const events: AscEvent[] = [{ event: 'asc_pageview', ...base, ...(pageType === 'item' && items[0] ? items[0] : {}) }];
  if (pageType === 'item' && items[0]) events.push({ event: 'asc_item_pageview', ...base, ...items[0] });
  if (pageType === 'itemlist') events.push({ event: 'asc_itemlist_pageview', ...base, item_results: items.length, items: [...items] });
  return events;
}

export function clickToCallEvent(pageType: AscPageType, phone: string, item?: AscItem): AscEvent {
  return {
    event: 'asc_click_to_call',
    event_owner: EVENT_OWNER,
    page_type: pageType,
    comm_type: 'voice',
    comm_phone_number: phone.replace(/[^\d+]/g, ''),
    department: 'sales',
    ...(item ?? {}),
  };
}

export function ctaEvent(pageType: AscPageType, cta: { text: string; url: string; newTab: boolean }, item?: AscItem): AscEvent {
  return {
    event: 'asc_cta_interaction',
    event_owner: EVENT_OWNER,
    page_type: pageType,
    element_text: cta.text.replace(/\s+/g, ' ').trim().slice(0, 100),
    element_type: 'body',
    element_subtype: 'cta_button',
    event_action: 'click',
    event_action_result: cta.newTab ? 'open' : 'redirect',
    link_url: cta.url,
    ...(item ?? {}),
  };
}

/**
 * A tap on a "Text" link (docs/product.md §Text us): the ASC's click-to-call event with the
 * text channel, `comm_type: "text"` (docs/decisions/text-us.md), so the dealer's reports count
 * calls and texts as the same kind of contact, told apart by their channel.
 */
export function clickToTextEvent(pageType: AscPageType, phone: string, item?: AscItem): AscEvent {
  return { ...clickToCallEvent(pageType, phone, item), comm_type: 'text' };
}

/**
 * The listener of the "Text" links, as an inline script the layout prints only when a store takes
 * texts, so the pages of a dealer without them keep their scripts byte for byte
 * (docs/decisions/text-us.md). Plain JavaScript: it reads the page's event (clickToTextEvent,
 * without the number) from its own data-event and adds the number of the link tapped.
 */
export const TEXT_EVENTS_SCRIPT = `(()=>{const base=JSON.parse(document.currentScript.dataset.event);document.addEventListener('click',(event)=>{const link=event.target instanceof Element&&event.target.closest('a[href^="sms:"]');if(!link)return;const e={...base,comm_phone_number:link.getAttribute('href').slice(4).split('?')[0]};(window.asc_datalayer??={events:[]}).events.push(e);(window.dataLayer??=[]).push({...e})},{capture:true})})()`;
