import { callerQuery } from "./model/callerFunctions";
import { menuNameOf, walletCentsOf } from "./model/users";

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
    };
  },
});
