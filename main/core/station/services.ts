import type { GroupCommitter } from '../foundations/db/group-commit';
import type { Db } from '../foundations/db/open';
import type { StationEvents } from '../foundations/events';
import { SecretThrottle } from '../foundations/secret-throttle';
import { createDocumentsCapability, type DocumentThreads } from '../features/documents';
import type { StationHooks } from '../features/hooks';
import { createLinksCapability } from '../features/links';
import { createOrdersService } from '../features/orders/service';
import { createPasskeys } from '../features/people/passkeys';
import { createPeople } from '../features/people/people';
import { sessionPolicy } from '../features/sessions/session-routes';
import { createAdminSessions } from '../features/sessions/sessions';
import { createInvitationsService } from '../features/teams/invitations';
import { createMerchantsService } from '../features/teams/merchants';
import type { Platform } from './platform';

/** The station's services over its one database, each built once, in the order they need each other. */
export function createServices(db: Db, writer: GroupCommitter, hooks: StationHooks, events: StationEvents, platform: Platform, threads?: DocumentThreads) {
  const invitations = createInvitationsService({ db, mailer: platform.mailer, linkBaseUrl: platform.linkBaseUrl });
  const adminSessions = createAdminSessions(db, () => sessionPolicy(platform.settings), events);
  // One throttle for every check of a secret at the station (docs/api/dashboard.md, Who may try what, how often).
  const secretThrottle = new SecretThrottle();
  return {
    secretThrottle,
    settings: platform.settings,
    mailer: platform.mailer,
    invitations,
    merchants: createMerchantsService(db, hooks, invitations),
    orders: createOrdersService({ db, writer, hooks, events, carrierPdfs: platform.carrierPdfs, labelPages: platform.labelPages }),
    adminSessions,
    people: createPeople({ db, sessions: adminSessions, invitations, mailer: platform.mailer, linkBaseUrl: platform.linkBaseUrl, throttle: secretThrottle, events }),
    passkeys: createPasskeys({ db, sessions: adminSessions, throttle: secretThrottle }),
    ...createDocumentsCapability(db, platform.pdfRenderer, { events, threaded: threads, labelPages: platform.labelPages }),
    ...createLinksCapability(db, platform.sandbox),
  };
}

export type Services = ReturnType<typeof createServices>;
