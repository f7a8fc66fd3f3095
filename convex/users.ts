import { TERMS_VERSION } from "./model/shared/terms";
import { callerQuery } from "./model/core/callerFunctions";
import { menuNameOf, walletCentsOf } from "./model/users/accounts";

/** The signed-in user with their wallet, or null when signed out. */
export const me = callerQuery({
  args: {},
  handler: async ({ user }) => {
    if (user === null) return null;
    return {
      _id: user._id,
      name: user.name ?? null,
      /** What the avatar menu shows as the name. */
      menuName: menuNameOf(user),
      email: user.email ?? null,
      image: user.image ?? null,
      walletCents: walletCentsOf(user),
      /** Present while the current `Termos de uso` are not accepted: the app asks first (src/features/my-data/terms-gate.tsx). */
      ...(user.termsVersion === TERMS_VERSION ? {} : { termsPending: true as const }),
    };
  },
});
