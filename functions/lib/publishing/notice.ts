import type { PublishingSettings } from '../../../data/schemas/publishing.ts';
import type { OutgoingEmail } from '../mail/mailer.ts';
import { DEPLOY_CREDITS, PLAN_CREDITS } from './plan.ts';

/**
 * The one e-mail a month that tells the dealer the month's deploys are spent: what waits, that
 * the site stays online, and how to publish by hand (docs/editors.md §Publishing).
 */
export function budgetNotice(
  input: { to: string; month: string; spent: number; budget: number; waiting: string; siteName: string },
  settings: Pick<PublishingSettings, 'plan'>,
): OutgoingEmail {
  const plan = settings.plan[0]!.toUpperCase() + settings.plan.slice(1);
  const text = [
    `This month's ${input.budget} deploys of the website are spent (${input.spent} so far in ${input.month}).`,
    '',
    `What waits: ${input.waiting}`,
    '',
    'The site stays online as it is: nothing is lost, and nothing else is published by itself until',
    'the first of next month, when saved changes go out again at your publishing times.',
    '',
    'To publish now by hand: in the admin, choose "Publish Changes" (or in Netlify: Deploys →',
    `Trigger deploy → Deploy site). Each deploy costs ${DEPLOY_CREDITS} of the ${PLAN_CREDITS[settings.plan]} credits a month of`,
    `Netlify's ${plan} plan; when the credits run out Netlify pauses the site until next month,`,
    'so publish by hand only what cannot wait.',
    '',
    'The budget is "deployBudget" in data/publishing.json (admin: Settings and page texts → Publishing).',
  ].join('\n');
  return {
    to: [input.to],
    subject: `${input.siteName}: this month's website deploys are spent`,
    text,
    idempotencyKey: `deploy-budget-${input.month}`,
  };
}
