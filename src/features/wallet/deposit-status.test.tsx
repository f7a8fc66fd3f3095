import { render, screen, waitFor } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { api } from "@convex/_generated/api";
import { fakeId, resetConvexFake, setMutation } from "../../test/convex-fake";
import { DepositStatus } from "./deposit-status";

vi.mock("convex/react", async () => (await import("../../test/convex-fake")).convexReactFake);

const deposit = {
  _id: fakeId("deposits", "d1"),
  amountCents: 2_000,
  status: "pending" as const,
  qrCode: "00020101",
  expiresAt: Date.now() - 1_000,
  createdAt: Date.now() - 3_600_000,
  verifiedAfterExpiry: false,
};

describe("a charge at its expiry", () => {
  beforeEach(() => resetConvexFake());

  it("reads the payment at the provider (Verificando pagamento…) before it may say Expirado", async () => {
    const verify = setMutation(api.deposits.verifyAtExpiry, () => null);
    const { rerender } = render(<DepositStatus deposit={deposit} />);
    expect(screen.getByRole("status")).toHaveTextContent("Verificando pagamento…");
    expect(screen.queryByText("Expirado")).toBeNull();
    await waitFor(() => expect(verify).toHaveBeenCalledWith({ depositId: "d1" }));
    // The late webhook's payment was found: confirmed, never Expirado.
    rerender(<DepositStatus deposit={{ ...deposit, status: "paid" }} />);
    expect(screen.getByRole("status")).toHaveTextContent("Pagamento confirmado");
  });

  it("says Expirado once the provider was asked and the charge is still unpaid", () => {
    setMutation(api.deposits.verifyAtExpiry, () => null);
    render(<DepositStatus deposit={{ ...deposit, verifiedAfterExpiry: true }} />);
    expect(screen.getByRole("status")).toHaveTextContent("Expirado");
  });
});
