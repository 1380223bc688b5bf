import type { PortalUser } from '../../access/user';
import type { AppAbility } from '../../access/ability';

/** Per-request values set by the authentication middleware. */
export type AppEnv = {
  Variables: {
    user: PortalUser;
    ability: AppAbility;
  };
};
