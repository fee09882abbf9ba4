import { describe, expect, it } from 'vitest';
import json from '../../../data/replies.json';
import { schema } from '../../../data/schemas/replies.ts';
import { DataFileError, parseDataFile } from '../data-file.ts';
import { replies } from '../data/replies.ts';
import { fillTemplate, mailtoHref, replyLinks, type ReplyLead } from './replies.ts';

const ANN: ReplyLead = {
  firstName: 'Ann',
  lastName: 'Lee',
  phone: '(609) 555-0101',
  email: 'ann+carts@example.com',
  unit: { name: '2024 Denago EV Rover 6 & Co', stockNumber: 'BGC-26099' },
  dealer: 'Burlington Golf Carts',
  store: { name: 'Mount Holly showroom', phone: '(609) 555-0142' },
};

const TEMPLATES = {
  aboutAUnit: {
    text: 'Hi {firstName}, the {unit} ({stockNumber}) at {store}?',
    emailSubject: 'The {unit}',
    emailBody: 'Hi {firstName},\n\n{dealer}\n{storePhone}',
  },
  general: { text: 'Hi {firstName} {lastName}, {dealer} here.', emailSubject: 'Your message to {dealer}', emailBody: 'Hi {firstName},\nThanks.' },
};

const query = (href: string) => new URLSearchParams(href.slice(href.indexOf('?') + 1));

describe('reply links', () => {
  it('a lead about a unit: call, a text and an e-mail naming the unit, to the visitor', () => {
    const links = replyLinks(TEMPLATES, ANN);
    expect(links.call).toBe('tel:+16095550101');
    expect(links.text.startsWith('sms:+16095550101?&body=')).toBe(true);
    expect(query(links.text).get('body')).toBe('Hi Ann, the 2024 Denago EV Rover 6 & Co (BGC-26099) at Mount Holly showroom?');
    expect(links.email.startsWith('mailto:ann%2Bcarts@example.com?subject=')).toBe(true);
    expect(query(links.email).get('subject')).toBe('The 2024 Denago EV Rover 6 & Co');
    expect(query(links.email).get('body')).toBe('Hi Ann,\r\n\r\nBurlington Golf Carts\r\n(609) 555-0142');
  });

  it('a lead about no unit takes the general templates', () => {
    const links = replyLinks(TEMPLATES, { ...ANN, unit: null });
    expect(query(links.text).get('body')).toBe('Hi Ann Lee, Burlington Golf Carts here.');
    expect(query(links.email).get('subject')).toBe('Your message to Burlington Golf Carts');
  });

  it('encodes what would end a body or start a parameter, and never writes a space as +', () => {
    const links = replyLinks(TEMPLATES, { ...ANN, firstName: 'A&b=c #1 100%?' });
    for (const href of [links.text, links.email]) {
      const rest = href.slice(href.indexOf('?') + 1);
      expect(
        rest
          .split('&')
          .filter(Boolean)
          .map((part) => part.split('=')[0]),
      ).toEqual(href.startsWith('sms:') ? ['body'] : ['subject', 'body']);
      expect(rest).not.toMatch(/[ #+]/);
    }
    expect(query(links.text).get('body')).toContain('Hi A&b=c #1 100%?, the');
    expect(mailtoHref('a@b.test', 'x y', 'z')).toBe('mailto:a@b.test?subject=x%20y&body=z');
  });

  it('fills only the names it is given', () => expect(fillTemplate('{firstName} {unit}', { firstName: 'Ann' })).toBe('Ann {unit}'));
});

describe('the templates file', () => {
  const broken = (mutate: (file: typeof json) => void) => {
    const file = structuredClone(json);
    mutate(file);
    try {
      parseDataFile('replies.json', schema, file);
    } catch (error) {
      expect(error).toBeInstanceOf(DataFileError);
      return (error as Error).message;
    }
    throw new Error('the file was accepted');
  };

  it('the shipped templates read, and name the unit in a lead about one', () => {
    expect(query(replyLinks(replies, ANN).text).get('body')).toContain('2024 Denago EV Rover 6 & Co');
    expect(query(replyLinks(replies, ANN).email).get('subject')).toContain('2024 Denago EV Rover 6 & Co');
  });

  it('refuses a placeholder the inbox cannot fill, naming it and the ones it can', () => {
    const message = broken((file) => (file.general.text = 'Hi {first_name}, {dealer} here'));
    expect(message).toContain('general.text: names {first_name}, which the inbox cannot fill');
    expect(message).toContain('{firstName}');
  });

  it('refuses the unit in a template for leads without one, and a stray brace', () => {
    expect(broken((file) => (file.general.emailSubject = 'About the {unit}'))).toContain('general.emailSubject: names {unit}');
    expect(broken((file) => (file.aboutAUnit.text = 'Hi {firstName, about {unit}'))).toContain('aboutAUnit.text');
    expect(broken((file) => (file.aboutAUnit.emailBody = 'Hi {firstName} }'))).toContain('opens or closes no placeholder');
  });
});
