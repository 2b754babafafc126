/** Every organization handler: organizations, members, invitations and teams. */
import { invitationRoutes } from "./invitation-routes.js";
import { memberRoutes } from "./member-routes.js";
import { organizationRoutes } from "./organization-routes.js";
import { teamRoutes } from "./team-routes.js";

export const organizationHandlers = { ...organizationRoutes, ...memberRoutes, ...invitationRoutes, ...teamRoutes };
