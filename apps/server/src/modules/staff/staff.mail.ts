import type { ShopConfigFile, StaffRoleName } from '@festival/contract';
import type { StaffLinkPurpose } from '../../db/schema';
import { shopLink } from '../accounts/accounts.mail';
import { composeMail } from '../mail/compose';
import type { OutgoingMail } from '../mail/outbox';

export type StaffMailConfig = Pick<ShopConfigFile, 'name' | 'publicBaseUrl'> & Partial<Pick<ShopConfigFile, 'brand'>>;

/** How long each link works (decision 0062): an invitation a week, the others a day. */
export const STAFF_LINK_MS: Record<StaffLinkPurpose, number> = {
  invitation: 7 * 24 * 60 * 60_000,
  'password-reset': 24 * 60 * 60_000,
  'second-factor': 24 * 60 * 60_000,
};

const roleWords: Record<StaffRoleName, string> = {
  admin: 'an admin (everything, staff included)',
  box_office: 'box office (selling at the desk and looking up orders)',
  customer_service: 'customer service (orders, tickets and refunds)',
  gate: 'gate crew (the scanner)',
};

/**
 * A link's address: the back office's link page, the token after the `#`, so it is never sent to
 * the server with the page or kept in its logs; the page posts it.
 */
export const staffLinkUrl = (config: Pick<ShopConfigFile, 'publicBaseUrl'>, token: string) => shopLink(config, `/staff/link#${token}`);

/** One mail per link purpose: never a password, a link that works once. */
export async function staffLinkMail(config: StaffMailConfig, purpose: StaffLinkPurpose, member: { email: string; name: string; role: StaffRoleName }, token: string): Promise<OutgoingMail> {
  const url = staffLinkUrl(config, token);
  const content =
    purpose === 'invitation'
      ? {
          subject: `Your invitation to the back office of ${config.name}`,
          paragraphs: [`You are invited to the back office of ${config.name} as ${roleWords[member.role]}.`, 'Choose your password with the button below; then sign in with this e-mail address and that password.'],
          action: { label: 'Choose your password', url },
          after: [
            ...(member.role === 'gate' ? [] : ['At your first sign-in you set up a second factor: an authenticator app on your phone that shows a new code every 30 seconds.']),
            'The link works once, for 7 days. If you did not expect this invitation, you can ignore this message.',
          ],
        }
      : purpose === 'password-reset'
        ? {
            subject: `Choose a new password for the back office of ${config.name}`,
            paragraphs: ['An admin of the shop sent you this link to choose a new password for your back-office account.'],
            action: { label: 'Choose a new password', url },
            after: ['The link works once, for 24 hours. Until you use it, your current password keeps working. If you did not expect this, tell an admin of the shop.'],
          }
        : {
            subject: `Set up your second factor again for ${config.name}`,
            paragraphs: [
              'An admin of the shop reset the second factor of your back-office account. Your old codes and recovery codes no longer work.',
              'To set up a new one, open the link below and enter your password; then scan the new QR code with your authenticator app. Your password alone does not set up a new second factor.',
            ],
            action: { label: 'Set up a new second factor', url },
            after: ['The link works once, for 24 hours. If you did not ask for this, tell an admin of the shop at once.'],
          };
  return {
    holdsSecret: true,
    to: member.email,
    subject: content.subject,
    ...(await composeMail({ shopName: config.name, greeting: `Hello ${member.name},`, paragraphs: content.paragraphs, action: content.action, after: content.after }, config)),
  };
}

/** A member's password was changed (by themselves or with a link): they hear of it, in case it was not them. */
export async function staffPasswordChangedMail(config: StaffMailConfig, member: { email: string; name: string }): Promise<OutgoingMail> {
  return {
    to: member.email,
    subject: `Your back-office password at ${config.name} was changed`,
    ...(await composeMail(
      {
        shopName: config.name,
        greeting: `Hello ${member.name},`,
        paragraphs: ['The password of your back-office account was just changed, and every other sign-in of yours was ended.'],
        action: { label: 'Sign in to the back office', url: shopLink(config, '/staff/') },
        after: ['If you did not make this change, tell an admin of the shop at once.'],
      },
      config,
    )),
  };
}
