/** Every feature's handlers. The type makes a contract endpoint without a handler a compile error. */
import type { AllHandlers } from "../http/handler.js";
import { adminHandlers } from "./admin/routes.js";
import { auditHandlers } from "./audit/routes.js";
import { emailPasswordHandlers } from "./email-password/routes.js";
import { healthHandlers } from "./health/routes.js";
import { sessionHandlers } from "./session/routes.js";

export const handlers: AllHandlers = {
  ...healthHandlers,
  ...emailPasswordHandlers,
  ...sessionHandlers,
  ...adminHandlers,
  ...auditHandlers,
};
