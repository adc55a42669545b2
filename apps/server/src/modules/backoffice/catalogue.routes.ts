import { CATALOGUE_IMAGE_BODY_LIMIT, CATALOGUE_UPLOAD_BODY_LIMIT } from '@festival/contract';
import type { FastifyInstance } from 'fastify';
import { registerGuardedStaffRoute, type StaffGuard } from '../../http/api-route';
import { actorOf, type StaffMemberView } from '../staff/staff-accounts';
import type { CatalogueAdmin } from './catalogue.service';

/** The catalogue (issue 22 point 6, decision 0047): admins only. */
export function registerCatalogueRoutes(app: FastifyInstance, deps: { catalogue: CatalogueAdmin; guard: StaffGuard<StaffMemberView> }): void {
  const { catalogue, guard } = deps;
  registerGuardedStaffRoute(app, 'catalogue-overview', guard, async () => catalogue.overview());
  registerGuardedStaffRoute(app, 'catalogue-change-item', guard, async (input, member) => catalogue.changeItem(actorOf(member), input));
  registerGuardedStaffRoute(app, 'catalogue-add-variant', guard, async (input, member) => catalogue.addVariant(actorOf(member), input));
  registerGuardedStaffRoute(app, 'catalogue-change-event', guard, async (input, member) => catalogue.changeEvent(actorOf(member), input));
  registerGuardedStaffRoute(app, 'catalogue-create-event', guard, async (input, member) => catalogue.createEvent(actorOf(member), input));
  registerGuardedStaffRoute(app, 'catalogue-archive-event', guard, async (input, member) => catalogue.archiveEvent(actorOf(member), input));
  registerGuardedStaffRoute(app, 'catalogue-change-seats', guard, async (input, member) => catalogue.changeSeats(actorOf(member), input));
  registerGuardedStaffRoute(app, 'catalogue-create-item', guard, async (input, member) => catalogue.createItem(actorOf(member), input));
  registerGuardedStaffRoute(app, 'catalogue-archive-item', guard, async (input, member) => catalogue.archiveItem(actorOf(member), input));
  registerGuardedStaffRoute(app, 'catalogue-add-departure', guard, async (input, member) => catalogue.addDeparture(actorOf(member), input));
  registerGuardedStaffRoute(app, 'catalogue-departure-active', guard, async (input, member) => catalogue.setDepartureActive(actorOf(member), input));
  registerGuardedStaffRoute(app, 'catalogue-hand-back', guard, async (input, member) => catalogue.handBack(actorOf(member), input));
  registerGuardedStaffRoute(app, 'catalogue-upload', guard, async (input, member) => catalogue.upload(actorOf(member), input), { bodyLimit: CATALOGUE_UPLOAD_BODY_LIMIT });
  registerGuardedStaffRoute(app, 'catalogue-download', guard, async () => catalogue.download());
  registerGuardedStaffRoute(app, 'catalogue-image-upload', guard, async (input, member) => catalogue.uploadImage(actorOf(member), input), { bodyLimit: CATALOGUE_IMAGE_BODY_LIMIT });
}
