import type { Locale, ShopConfigFile, StaffRoleName, Text } from '@festival/contract';
import { shopNameIn } from '../../lib/reader';
import type { StaffLinkPurpose } from '../../db/schema';
import { shopLink } from '../accounts/accounts.mail';
import { composeMail, keepOwnDirection } from '../mail/compose';
import type { OutgoingMail } from '../mail/outbox';
import { translatorFor } from '../../lib/language';
import { staffMailTexts as texts } from './staff.mail.messages';

/** `languages`: the shop's, the first its default (the language of the links an admin sends). */
export type StaffMailConfig = Pick<ShopConfigFile, 'name' | 'publicBaseUrl'> & Partial<Pick<ShopConfigFile, 'brand' | 'languages'>>;

/** How long each link works (decision 0062): an invitation a week, the others a day. */
export const STAFF_LINK_MS: Record<StaffLinkPurpose, number> = {
  invitation: 7 * 24 * 60 * 60_000,
  'password-reset': 24 * 60 * 60_000,
  'second-factor': 24 * 60 * 60_000,
};

/**
 * A link's address: the back office's link page, the token after the `#`, so it is never sent to
 * the server with the page or kept in its logs; the page posts it.
 */
export const staffLinkUrl = (config: Pick<ShopConfigFile, 'publicBaseUrl'>, token: string) => shopLink(config, `/staff/link#${token}`);

/** One mail per link purpose: never a password, a link that works once. `language`: the member's reader language (the shop's default: an admin sends these). */
export async function staffLinkMail(config: StaffMailConfig, language: Locale, purpose: StaffLinkPurpose, member: { email: string; name: string; role: StaffRoleName }, token: string): Promise<OutgoingMail> {
  const say = (text: Text) => translatorFor(language).format(text);
  const url = staffLinkUrl(config, token);
  const shop = keepOwnDirection(language, shopNameIn(config, language));
  const content =
    purpose === 'invitation'
      ? {
          subject: say(texts.invitation.subject({ shop: shopNameIn(config, language) })),
          paragraphs: [say(texts.invitation.invited({ shop, role: member.role })), say(texts.invitation.choosePassword)],
          action: { label: say(texts.invitation.button), url },
          after: [...(member.role === 'gate' ? [] : [say(texts.invitation.secondFactor)]), say(texts.invitation.validity)],
        }
      : purpose === 'password-reset'
        ? {
            subject: say(texts.passwordReset.subject({ shop: shopNameIn(config, language) })),
            paragraphs: [say(texts.passwordReset.text)],
            action: { label: say(texts.passwordReset.button), url },
            after: [say(texts.passwordReset.validity)],
          }
        : {
            subject: say(texts.secondFactor.subject({ shop: shopNameIn(config, language) })),
            paragraphs: [say(texts.secondFactor.reset), say(texts.secondFactor.howTo)],
            action: { label: say(texts.secondFactor.button), url },
            after: [say(texts.secondFactor.validity)],
          };
  return {
    holdsSecret: true,
    to: member.email,
    subject: content.subject,
    ...(await composeMail({ language, shopName: shopNameIn(config, language), greeting: say(texts.greeting({ name: keepOwnDirection(language, member.name) })), paragraphs: content.paragraphs, action: content.action, after: content.after }, config)),
  };
}

/** A member's password was changed (by themselves or with a link): they hear of it, in case it was not them. `language`: the language of the member's request that changed it. */
export async function staffPasswordChangedMail(config: StaffMailConfig, language: Locale, member: { email: string; name: string }): Promise<OutgoingMail> {
  const say = (text: Text) => translatorFor(language).format(text);
  return {
    to: member.email,
    subject: say(texts.passwordChanged.subject({ shop: shopNameIn(config, language) })),
    ...(await composeMail(
      {
        language,
        shopName: shopNameIn(config, language),
        greeting: say(texts.greeting({ name: keepOwnDirection(language, member.name) })),
        paragraphs: [say(texts.passwordChanged.text)],
        action: { label: say(texts.passwordChanged.button), url: shopLink(config, '/staff/') },
        after: [say(texts.passwordChanged.notYou)],
      },
      config,
    )),
  };
}
