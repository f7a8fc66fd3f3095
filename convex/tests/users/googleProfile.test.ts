import { describe, expect, test } from "vitest";
import { googleProfile } from "../../model/users/googleProfile";

describe("the account kept for a Google sign-in", () => {
  test("stores the e-mail in lower case, as transfers and team invitations compare it", () => {
    expect(googleProfile({ sub: "1234", name: "Ana Souza", email: " Ana.Souza@Gmail.COM ", picture: "https://exemplo.com/a.png" })).toEqual(
      {
        id: "1234",
        name: "Ana Souza",
        email: "ana.souza@gmail.com",
        image: "https://exemplo.com/a.png",
      },
    );
  });

  test("keeps what Google leaves out as null", () => {
    expect(googleProfile({ sub: "1234" })).toEqual({ id: "1234", name: null, email: null, image: null });
  });
});
